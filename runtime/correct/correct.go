// Package correct turns a failed command into ranked fixes, offline: from
// the line as typed, its exit status, the tail of its output, the working
// directory and what the session knows (PATH names, builtins, functions,
// aliases, history, git state), it returns fixes, each with the rule that
// made it. It never forks, never touches the network and never re-runs
// the command: the answer comes in well under 5 ms.
//
// Most rules are data, in defaults/correct/rules.txt (see docs/correct.md
// for the format); the families that need the session's knowledge (a
// typo of a program name, a directory that does not exist) are Go. Lua
// rules (lacy.rule) are added with Corrector.Add.
package correct

import (
	"sort"
	"strings"
	"sync"
)

// Failure is what lacy knows of a command that failed.
type Failure struct {
	Line   string // the command line as typed
	Exit   int    // its exit status
	Output string // the tail of its stderr (and stdout when captured)
	Cwd    string // the directory it ran in
}

// Knowledge is what the session knows, all of it optional. None of it may
// block: the PATH index is in memory, history counts are precomputed.
type Knowledge struct {
	// Commands lists the names that can be run: PATH programs, builtins,
	// functions and aliases. Has answers membership; nil means Commands.
	Commands []string
	Has      func(name string) bool
	// Freq is how often a program name starts a line in the history.
	Freq func(name string) int
	// Branch is the current git branch ("" outside a repository or when
	// unknown); Branches lists the local branches when known.
	Branch   string
	Branches []string
	// Exists reports whether a path exists; Entries lists a directory's
	// subdirectories and Files all its entries. Nil means no filesystem
	// knowledge: the rules that need it stay quiet. They read, never run.
	Exists  func(path string) bool
	Entries func(dir string) []string
	Files   func(dir string) []string
	// Names lists the names of a kind ("branch", "tag", "remote",
	// "target", "script": see runtime/correct/project) that exist for a
	// command run in dir; nil means unknown.
	Names func(dir, kind string) []string
	// Options returns the options and subcommands prog (or its subcommand
	// sub) accepts, as far as known without running anything (the
	// completion bridge's candidates or its --help, learned earlier: see
	// runtime/correct/helpopts); ok is false when unknown. Missing is told
	// when a rule needed them and they were unknown, so the session can
	// learn them in the background for the next failure. Neither may block.
	Options func(prog, sub string) (opts, subs []string, ok bool)
	Missing func(prog, sub string)
}

func (k *Knowledge) has(name string) bool {
	if k.Has != nil {
		return k.Has(name)
	}
	for _, c := range k.Commands {
		if c == name {
			return true
		}
	}
	return false
}

// Fix is one proposed command and the rule that proposed it.
type Fix struct {
	Command string
	Rule    string
}

// Rule is one way of fixing a failure: Match says whether it applies,
// Fixes proposes commands (best first). Lower Priority runs first.
type Rule interface {
	Name() string
	Priority() int
	Fixes(f *Failure, l Line, k *Knowledge) []string
}

// Corrector holds the rules. It is safe for concurrent use.
type Corrector struct {
	mu    sync.RWMutex
	rules []Rule
}

// New returns a Corrector with the given rules.
func New(rules ...Rule) *Corrector {
	c := &Corrector{}
	c.Add(rules...)
	return c
}

// Add adds rules (a Lua rule replaces a rule of the same name).
func (c *Corrector) Add(rules ...Rule) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, r := range rules {
		replaced := false
		for i, old := range c.rules {
			if old.Name() == r.Name() {
				c.rules[i], replaced = r, true
			}
		}
		if !replaced {
			c.rules = append(c.rules, r)
		}
	}
	sort.SliceStable(c.rules, func(i, j int) bool { return c.rules[i].Priority() < c.rules[j].Priority() })
}

// Rules returns the names of the rules, in the order they run.
func (c *Corrector) Rules() []string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	names := make([]string, len(c.rules))
	for i, r := range c.rules {
		names[i] = r.Name()
	}
	return names
}

// MaxFixes bounds the fixes returned.
const MaxFixes = 5

// Fix returns the fixes for a failure, best first, without duplicates and
// never the line itself. A status of 0, or one from a signal (128+N:
// Ctrl-C and friends) gets none; 129 is let through, as git uses it for
// usage errors.
func (c *Corrector) Fix(f Failure, k Knowledge) []Fix {
	if f.Exit == 0 || f.Exit > 129 && f.Exit < 160 {
		return nil
	}
	line := strings.TrimSpace(f.Line)
	if line == "" {
		return nil
	}
	f.Line = line
	f.Output = plain(f.Output)
	l := Parse(line)
	c.mu.RLock()
	rules := c.rules
	c.mu.RUnlock()
	var out []Fix
	seen := map[string]bool{line: true}
	for _, r := range rules {
		for _, cmd := range r.Fixes(&f, l, &k) {
			cmd = strings.TrimSpace(cmd)
			if cmd == "" || seen[cmd] || !runnable(cmd, f.Output, l, &k) {
				continue
			}
			seen[cmd] = true
			out = append(out, Fix{Command: cmd, Rule: r.Name()})
			if len(out) == MaxFixes {
				return out
			}
		}
	}
	return out
}

var (
	defaultOnce sync.Once
	defaultC    *Corrector
	defaultErr  error
)

// Default returns a new Corrector with lacy's built-in rules: the data
// rules of defaults/correct and the Go ones. The parsed data is shared.
func Default() (*Corrector, error) {
	defaultOnce.Do(func() {
		var data []Rule
		data, defaultErr = loadDefaults()
		if defaultErr == nil {
			defaultC = New(append(data, goRules()...)...)
		}
	})
	if defaultErr != nil {
		return nil, defaultErr
	}
	c := &Corrector{rules: append([]Rule(nil), defaultC.rules...)}
	return c, nil
}

// plain removes terminal escape sequences (colours, cursor moves) and
// carriage returns from a program's output, so rules see its text.
func plain(s string) string {
	if !strings.ContainsAny(s, "\x1b\r") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\r':
			continue
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		case c == 0x1b && i+1 < len(s) && s[i+1] == ']': // OSC, ended by BEL or ESC \
			j := i + 2
			for j < len(s) && s[j] != 0x07 && !(s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\') {
				j++
			}
			if j < len(s) && s[j] == 0x1b {
				j++
			}
			i = j
			continue
		case c == 0x1b:
			i++ // a two-byte escape
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
