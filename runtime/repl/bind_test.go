package repl

import "testing"

func TestSplitBindX(t *testing.T) {
	tests := []struct{ spec, seq, cmd string }{
		{`"\C-t": fzf-file-widget`, "\x14", "fzf-file-widget"},
		{`"\ec":"cd_widget"`, "\x1bc", "cd_widget"},
		{`"\C-x\C-r" echo "a b"`, "\x18\x12", `echo "a b"`},
		{`\C-g: f arg`, "\x07", "f arg"},
	}
	for _, tt := range tests {
		seq, cmd, ok := splitBindX(tt.spec)
		if !ok || seq != tt.seq || cmd != tt.cmd {
			t.Errorf("splitBindX(%q) = %q, %q, %v", tt.spec, seq, cmd, ok)
		}
	}
	if _, _, ok := splitBindX(`"\C-t fzf`); ok {
		t.Error("an unclosed sequence was accepted")
	}
}

func TestEscapeSeq(t *testing.T) {
	for seq, want := range map[string]string{"\x01": `\C-a`, "\x1b[1~": `\e[1~`, "\x7f": `\C-?`, `"`: `\"`} {
		if got := escapeSeq(seq); got != want {
			t.Errorf("escapeSeq(%q) = %q, want %q", seq, got, want)
		}
	}
}

func TestSplitMacro(t *testing.T) {
	tests := []struct{ line, seq, macro string }{
		{`"\C-r": "\C-e \C-u\C-y\ey\C-u"$(__fzf_history__)"\e\C-e\er"`, "\x12", `\C-e \C-u\C-y\ey\C-u"$(__fzf_history__)"\e\C-e\er`},
		{`"\ez": 'say "hi"'`, "\x1bz", `say "hi"`},
		{`"\C-o": beginning-of-line`, "", ""},
		{`set bell-style none`, "", ""},
	}
	for _, tt := range tests {
		seq, macro, ok := splitMacro(tt.line)
		if ok != (tt.seq != "") || seq != tt.seq || macro != tt.macro {
			t.Errorf("splitMacro(%q) = %q, %q, %v", tt.line, seq, macro, ok)
		}
	}
}
