package spec

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"
)

// The sections of lacy.config that are tables read from Go values (as
// package lua's ToGo converts them: map[string]any, []any, float64, bool,
// string). Each Parse function checks the keys against its Table, so an
// error names the section, the key and, for an unknown key, the known key
// most like it. A nil value gives the section's default.

// Translate is lacy.config{ translate = { … } }.
type Translate struct {
	// Alternatives is how many commands to ask for (1–5).
	Alternatives int
	// ExplainKey is the key that explains the buffer's command, in
	// readline's notation ("C-e"); "" turns it off.
	ExplainKey string
	// Prefix starts a request at the prompt ("?" unless configured).
	Prefix string
}

// DefaultAlternatives is how many commands the model is asked for.
const DefaultAlternatives = 3

// DefaultTranslate is the configuration without a translate table.
var DefaultTranslate = Translate{Alternatives: DefaultAlternatives, ExplainKey: "C-e", Prefix: "?"}

// Get returns *t, or DefaultTranslate when t is nil (not configured).
func (t *Translate) Get() Translate {
	if t == nil {
		return DefaultTranslate
	}
	return *t
}

// Terminal is lacy.config{ terminal = { marks = …, title = … } }.
type Terminal struct {
	// Marks turns every sequence on (OSC 133, OSC 7 and the title).
	Marks bool
	// Title sets the window title: the running command, the directory at
	// the prompt. It needs Marks.
	Title bool
}

// DefaultTerminal is the configuration without a terminal table: all on.
var DefaultTerminal = Terminal{Marks: true, Title: true}

// Get returns *t, or DefaultTerminal when t is nil (not configured).
func (t *Terminal) Get() Terminal {
	if t == nil {
		return DefaultTerminal
	}
	return *t
}

// Context is lacy.config{ context = { files, max_bytes, output } }.
// The zero value is the default: the project files are read.
type Context struct {
	// NoFiles turns the project files off (files = false).
	NoFiles bool
	// Names are more file names to read (files = { "CLAUDE.md" }), after
	// the default project files.
	Names []string
	// MaxBytes bounds the project files together; 0 means the default.
	MaxBytes int
	// Output gives the agent the last command's output tail (output =
	// true); off by default.
	Output bool
}

// Serve is lacy.config{ mcp_server = { run = … } }: what `lacy mcp`
// offers outside agents.
type Serve struct {
	// Run offers the tool that runs a command (off by default). Calls
	// follow the agents' rules with no one to ask: only pre-approved
	// commands run, never a destructive one.
	Run bool
}

// Git is lacy.config{ git = { timeout_ms = N } }. The zero value is the
// default.
type Git struct {
	// Timeout bounds one of lacy's own git reads; 0 means the default.
	Timeout time.Duration
}

// Predict is lacy.config{ predict = { budget = N, delay_ms = N } }.
type Predict struct {
	// Budget is how many model predictions a session may ask for; 0 turns
	// model prediction off.
	Budget int
	// Delay is the pause in typing before a request.
	Delay time.Duration
}

// Defaults of model prediction.
const (
	DefaultPredictBudget = 200
	DefaultPredictDelay  = 250 * time.Millisecond
)

// DefaultPredict is the configuration without a predict table.
var DefaultPredict = Predict{Budget: DefaultPredictBudget, Delay: DefaultPredictDelay}

// Get returns *p, or DefaultPredict when p is nil (not configured).
func (p *Predict) Get() Predict {
	if p == nil {
		return DefaultPredict
	}
	return *p
}

// section checks that v is a table whose keys t knows, and returns it with
// its keys sorted.
func section(name string, t *Table, v any) (map[string]any, []string, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, nil, fmt.Errorf("%s: want a table, got %s", name, goType(v))
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !t.Has(k) {
			return nil, nil, fmt.Errorf("%s: %s", name, t.Unknown(k))
		}
	}
	return m, keys, nil
}

// goType names a converted Lua value's type as Lua would.
func goType(v any) string {
	switch v.(type) {
	case nil:
		return "nil"
	case map[string]any, []any:
		return "table"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case string:
		return "string"
	}
	return fmt.Sprintf("%T", v)
}

// wholeNumber reads a non-negative whole number.
func wholeNumber(v any) (int, bool) {
	n, ok := v.(float64)
	if !ok || n < 0 || n != float64(int(n)) {
		return 0, false
	}
	return int(n), true
}

// ParseTranslate reads the translate table of lacy.config; nil gives
// DefaultTranslate. An error names the bad field ("translate:
// alternatives: …").
func ParseTranslate(v any) (Translate, error) {
	c := DefaultTranslate
	if v == nil {
		return c, nil
	}
	t, _, err := section("translate", &TranslateTable, v)
	if err != nil {
		return c, err
	}
	if x, ok := t["alternatives"]; ok {
		n, ok := wholeNumber(x)
		if !ok || n < 1 || n > 5 {
			return c, fmt.Errorf("translate: alternatives: want a whole number from 1 to 5, got %v", x)
		}
		c.Alternatives = n
	}
	if x, ok := t["explain_key"]; ok {
		s, ok := x.(string)
		if !ok {
			return c, fmt.Errorf("translate: explain_key: want a string such as \"C-e\", got %v", x)
		}
		c.ExplainKey = s
	}
	if x, ok := t["prefix"]; ok {
		s, _ := x.(string)
		if !ValidPrefix(s) {
			return c, fmt.Errorf("translate: prefix: want 1 to 3 punctuation characters other than ! @ # / (such as \"?\" or \";;\"), got %v", x)
		}
		c.Prefix = s
	}
	return c, nil
}

// ValidPrefix reports whether p can start a translate request: one to
// three punctuation characters, not starting with lacy's other prefixes
// (!, @, #, /) and not a shell operator on its own.
func ValidPrefix(p string) bool {
	if n := len(p); n == 0 || n > 3 || strings.ContainsAny(p[:1], "!@#/") {
		return false
	}
	for _, r := range p {
		if !unicode.IsPunct(r) && !unicode.IsSymbol(r) {
			return false
		}
	}
	switch p {
	case "|", "&", ";", "<", ">", "(", ")", "{", "}", "$", "`", "'", "\"", "\\", "~", "*", "[":
		return false
	}
	return true
}

// ParseTerminal reads the terminal table of lacy.config; nil gives
// DefaultTerminal.
func ParseTerminal(v any) (Terminal, error) {
	c := DefaultTerminal
	if v == nil {
		return c, nil
	}
	t, keys, err := section("terminal", &TerminalTable, v)
	if err != nil {
		return c, err
	}
	for _, key := range keys {
		b, ok := t[key].(bool)
		if !ok {
			return DefaultTerminal, fmt.Errorf("terminal: %s: want true or false, got %v", key, t[key])
		}
		switch key {
		case "marks":
			c.Marks = b
		case "title":
			c.Title = b
		}
	}
	return c, nil
}

// ParseContext reads the context table of lacy.config; nil gives the zero
// value.
func ParseContext(v any) (Context, error) {
	var c Context
	if v == nil {
		return c, nil
	}
	t, keys, err := section("context", &ContextTable, v)
	if err != nil {
		return c, err
	}
	for _, k := range keys {
		x := t[k]
		switch k {
		case "files":
			switch x := x.(type) {
			case bool:
				c.NoFiles = !x
			case []any:
				for _, n := range x {
					s, ok := n.(string)
					if !ok || s == "" || filepath.IsAbs(s) || strings.Contains(s, "..") {
						return Context{}, fmt.Errorf("context: files: want file names relative to each directory (such as \"CLAUDE.md\"), got %v", n)
					}
					c.Names = append(c.Names, s)
				}
			default:
				return Context{}, fmt.Errorf("context: files: want false or a list of names such as { \"CLAUDE.md\" }, got %v", x)
			}
		case "max_bytes":
			n, ok := wholeNumber(x)
			if !ok {
				return Context{}, fmt.Errorf("context: max_bytes: want a whole number of bytes, got %v", x)
			}
			c.MaxBytes = n
		case "output":
			b, ok := x.(bool)
			if !ok {
				return Context{}, fmt.Errorf("context: output: want true or false, got %v", x)
			}
			c.Output = b
		}
	}
	return c, nil
}

// ParseServe reads the mcp_server table of lacy.config; nil gives the zero
// value.
func ParseServe(v any) (Serve, error) {
	var c Serve
	if v == nil {
		return c, nil
	}
	t, _, err := section("mcp_server", &ServeTable, v)
	if err != nil {
		return c, err
	}
	if x, ok := t["run"]; ok {
		b, ok := x.(bool)
		if !ok {
			return Serve{}, fmt.Errorf("mcp_server: run: want true or false, got %v", x)
		}
		c.Run = b
	}
	return c, nil
}

// ParseGit reads the git table of lacy.config; nil gives the zero value.
func ParseGit(v any) (Git, error) {
	var c Git
	if v == nil {
		return c, nil
	}
	t, _, err := section("git", &GitTable, v)
	if err != nil {
		return c, err
	}
	if x, ok := t["timeout_ms"]; ok {
		n, ok := wholeNumber(x)
		if !ok || n == 0 {
			return Git{}, fmt.Errorf("git: timeout_ms: want a whole number of milliseconds of at least 1, got %v", x)
		}
		c.Timeout = time.Duration(n) * time.Millisecond
	}
	return c, nil
}

// ParsePredict reads the predict table of lacy.config; nil gives
// DefaultPredict, and a key left out keeps its default.
func ParsePredict(v any) (Predict, error) {
	c := DefaultPredict
	if v == nil {
		return c, nil
	}
	t, _, err := section("predict", &PredictTable, v)
	if err != nil {
		return c, err
	}
	if x, ok := t["budget"]; ok {
		n, ok := wholeNumber(x)
		if !ok {
			return DefaultPredict, fmt.Errorf("predict: budget: want a whole number of requests (0 turns model prediction off), got %v", x)
		}
		c.Budget = n
	}
	if x, ok := t["delay_ms"]; ok {
		n, ok := wholeNumber(x)
		if !ok {
			return DefaultPredict, fmt.Errorf("predict: delay_ms: want a whole number of milliseconds, got %v", x)
		}
		c.Delay = time.Duration(n) * time.Millisecond
	}
	return c, nil
}
