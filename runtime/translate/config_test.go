package translate

import "testing"

func TestParseConfig(t *testing.T) {
	tests := []struct {
		in   any
		want Config
		err  string
	}{
		{nil, DefaultConfig, ""},
		{map[string]any{"alternatives": 2.0, "explain_key": "M-e", "prefix": "?"}, Config{Alternatives: 2, ExplainKey: "M-e", Prefix: "?"}, ""},
		{map[string]any{"explain_key": ""}, Config{Alternatives: 3, ExplainKey: "", Prefix: "?"}, ""},
		{map[string]any{"alternatives": 0.0}, DefaultConfig, "translate: alternatives: want a whole number from 1 to 5, got 0"},
		{map[string]any{"alternatives": 2.5}, DefaultConfig, "translate: alternatives: want a whole number from 1 to 5, got 2.5"},
		{map[string]any{"prefix": ";;"}, Config{Alternatives: 3, ExplainKey: "C-e", Prefix: ";;"}, ""},
		{map[string]any{"prefix": "??"}, Config{Alternatives: 3, ExplainKey: "C-e", Prefix: "??"}, ""},
		{map[string]any{"prefix": "#"}, DefaultConfig, `translate: prefix: want 1 to 3 punctuation characters other than ! @ # / (such as "?" or ";;"), got #`},
		{map[string]any{"prefix": "|"}, DefaultConfig, `translate: prefix: want 1 to 3 punctuation characters other than ! @ # / (such as "?" or ";;"), got |`},
		{map[string]any{"prefix": "ask"}, DefaultConfig, `translate: prefix: want 1 to 3 punctuation characters other than ! @ # / (such as "?" or ";;"), got ask`},
		{map[string]any{"explain_key": 5.0}, DefaultConfig, `translate: explain_key: want a string such as "C-e", got 5`},
		{map[string]any{"keys": 1.0}, DefaultConfig, `translate: unknown key "keys" (known: alternatives, explain_key, prefix)`},
		{"?", DefaultConfig, "translate: want a table, got string"},
	}
	for _, tt := range tests {
		got, err := ParseConfig(tt.in)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if msg != tt.err || err == nil && got != tt.want {
			t.Errorf("ParseConfig(%v) = %+v, %q; want %+v, %q", tt.in, got, msg, tt.want, tt.err)
		}
	}
}

func TestGatherKeepsTheLastRecentCommands(t *testing.T) {
	c := Gather("", "x", nil, []string{"a", "b", "c", "d", "e", "f", "g"})
	if len(c.Recent) != maxRecent || c.Recent[0] != "c" || c.Recent[4] != "g" {
		t.Errorf("recent = %q", c.Recent)
	}
}
