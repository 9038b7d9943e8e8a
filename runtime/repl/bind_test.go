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
