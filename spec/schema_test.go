package spec

import (
	"strconv"
	"strings"
	"testing"
)

func TestSuggest(t *testing.T) {
	keys := OptionsTable.Keys()
	tests := []struct{ word, want string }{
		{"corect", "correct"},
		{"mdoe", "mode"},
		{"log_levle", "log_level"},
		{"Mode", "mode"},
		{"max_tools", "max_tool_calls"},
		{"termnial", "terminal"},
		{"zzz", ""},
		{"", ""},
		{strings.Repeat("a", 65), ""},
	}
	for _, tt := range tests {
		if got := Suggest(tt.word, keys); got != tt.want {
			t.Errorf("Suggest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

func TestUnknown(t *testing.T) {
	tests := []struct {
		t    *Table
		key  string
		want string
	}{
		{&OptionsTable, "corect", `unknown key "corect" (did you mean "correct"?)`},
		{&ServeTable, "shell", `unknown key "shell" (known: run)`},
	}
	for _, tt := range tests {
		if got := tt.t.Unknown(tt.key); got != tt.want {
			t.Errorf("%s.Unknown(%q) = %q, want %q", tt.t.Class, tt.key, got, tt.want)
		}
	}
}

// TestTables checks the tables are well formed: unique classes and keys,
// and a nested table's class is listed.
func TestTables(t *testing.T) {
	classes := map[string]bool{}
	for _, tb := range Tables {
		if classes[tb.Class] || !strings.HasPrefix(tb.Class, "lacy.") || tb.Where == "" {
			t.Errorf("table %q: duplicate class or no Where", tb.Class)
		}
		classes[tb.Class] = true
		keys := map[string]bool{}
		for _, f := range tb.Fields {
			if keys[f.Name] || f.Name == "" || f.Type == "" {
				t.Errorf("%s: bad or duplicate key %q", tb.Class, f.Name)
			}
			keys[f.Name] = true
		}
	}
	for _, f := range OptionsTable.Fields {
		if strings.HasPrefix(f.Type, "lacy.") && TableOf(f.Type) == nil {
			t.Errorf("lacy.config's %s: class %s is not in Tables", f.Name, f.Type)
		}
	}
}

func TestRender(t *testing.T) {
	got := ServeTable.Render()
	want := "---@class lacy.MCPServerOptions\n---@field run? boolean `lacy mcp` offers run_command (pre-approved commands only; docs/mcp.md)\n"
	if got != want {
		t.Errorf("Render:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(ModelTable.Render(), "---@field provider lacy.Provider\n") {
		t.Error("a required key is written without ?")
	}
}

func TestParseSections(t *testing.T) {
	tests := []struct {
		name    string
		parse   func(any) (any, error)
		in      any
		wantErr string
	}{
		{"git ok", wrap(ParseGit), map[string]any{"timeout_ms": 200.0}, ""},
		{"git zero", wrap(ParseGit), map[string]any{"timeout_ms": 0.0}, "git: timeout_ms: want a whole number of milliseconds of at least 1, got 0"},
		{"git not a table", wrap(ParseGit), "x", "git: want a table, got string"},
		{"predict typo", wrap(ParsePredict), map[string]any{"budgte": 1.0}, `predict: unknown key "budgte" (did you mean "budget"?)`},
		{"predict negative", wrap(ParsePredict), map[string]any{"delay_ms": -1.0}, "predict: delay_ms: want a whole number of milliseconds, got -1"},
		{"serve", wrap(ParseServe), map[string]any{"run": "yes"}, "mcp_server: run: want true or false, got yes"},
		{"context", wrap(ParseContext), map[string]any{"files": []any{"../x"}}, `context: files: want file names relative to each directory (such as "CLAUDE.md"), got ../x`},
		{"terminal", wrap(ParseTerminal), map[string]any{"marks": false}, ""},
		{"translate", wrap(ParseTranslate), map[string]any{"prefix": "!"}, `translate: prefix: want 1 to 3 punctuation characters other than ! @ # / (such as "?" or ";;"), got !`},
	}
	for _, tt := range tests {
		_, err := tt.parse(tt.in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.wantErr {
			t.Errorf("%s: error %q, want %q", tt.name, got, tt.wantErr)
		}
	}
}

func wrap[T any](f func(any) (T, error)) func(any) (any, error) {
	return func(v any) (any, error) { return f(v) }
}

// FuzzSuggest checks that any word gives a known key or nothing, and that
// Unknown always names the word.
func FuzzSuggest(f *testing.F) {
	for _, w := range []string{"corect", "mode", "", "ü", "log_levle"} {
		f.Add(w)
	}
	f.Fuzz(func(t *testing.T, w string) {
		s := Suggest(w, OptionsTable.Keys())
		if s != "" && !OptionsTable.Has(s) {
			t.Fatalf("Suggest(%q) = %q, not a key", w, s)
		}
		if msg := OptionsTable.Unknown(w); !strings.Contains(msg, strconv.Quote(w)) {
			t.Fatalf("Unknown(%q) = %q", w, msg)
		}
	})
}

func TestChoiceTypesListTheNames(t *testing.T) {
	for _, tc := range []struct {
		written string
		names   []string
	}{{paramTypeChoice, ParamTypes}, {modeChoice, Modes}, {logLevelChoice, LogLevels}} {
		if want := choice(tc.names); tc.written != want {
			t.Errorf("written %s, the names give %s", tc.written, want)
		}
	}
}
