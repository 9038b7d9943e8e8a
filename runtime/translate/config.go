package translate

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// Config is lacy.config{ translate = { … } }.
type Config struct {
	// Alternatives is how many commands to ask for (1–5).
	Alternatives int
	// ExplainKey is the key that explains the buffer's command, in
	// readline's notation ("C-e"); "" turns it off.
	ExplainKey string
	// Prefix starts a request at the prompt ("?" unless configured).
	Prefix string
}

// DefaultConfig is the configuration without a translate table.
var DefaultConfig = Config{Alternatives: DefaultAlternatives, ExplainKey: "C-e", Prefix: "?"}

// ParseConfig reads the translate table of lacy.config (as the Lua VM
// keeps it in Config.Extra["translate"]; nil gives DefaultConfig). An
// error names the bad field ("translate: alternatives: …"); the defaults
// stand for it.
func ParseConfig(v any) (Config, error) {
	c := DefaultConfig
	if v == nil {
		return c, nil
	}
	t, ok := v.(map[string]any)
	if !ok {
		return c, fmt.Errorf("translate: want a table, got %T", v)
	}
	var bad []string
	for k := range t {
		if k != "alternatives" && k != "explain_key" && k != "prefix" {
			bad = append(bad, k)
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		return c, fmt.Errorf("translate: unknown field %q (known: prefix, explain_key, alternatives)", bad[0])
	}
	if x, ok := t["alternatives"]; ok {
		n, ok := x.(float64)
		if !ok || n < 1 || n > 5 || n != float64(int(n)) {
			return c, fmt.Errorf("translate: alternatives: want a whole number from 1 to 5, got %v", x)
		}
		c.Alternatives = int(n)
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

// ValidPrefix reports whether p can start a request: one to three
// punctuation characters, not starting with lacy's other prefixes (!, @,
// #, /) and not a shell operator on its own.
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
