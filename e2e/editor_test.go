package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// The prompt on the terminal's last row must not move up over the output
// above it when the first key is typed.
func TestOutputAtTheBottomRowSurvivesTyping(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("seq 1 40") // more than a screenful: the prompt is on the last row from now on
	tm.WaitText("\n40\nlacy ~ ▌")
	tm.Line("echo AAA")
	tm.WaitText("\nAAA\nlacy ~ ▌")
	tm.Line("echo BBB")
	tm.WaitText("\nBBB\nlacy ~ ▌")
	tm.Type("x")
	s := tm.WaitText("▌ x")
	for _, want := range []string{"\n40\n", "▌ echo AAA\nAAA\n", "▌ echo BBB\nBBB\nlacy ~ ▌ x"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lost %q:\n%s", want, s)
		}
	}
}

// An accepted line shows what ran, not the ghost text that was on it.
func TestAcceptedLineShowsWhatRan(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("echo after-top")
	tm.WaitText("\nafter-top\n")
	tm.Type("echo aft")
	tm.WaitCount("▌ echo after-top", 2) // the ghost text is shown
	tm.Type("\r")
	s := tm.WaitText("\naft\n")
	if strings.Count(s, "echo after-top") != 1 || !strings.Contains(s, "▌ echo aft\naft\n") {
		t.Fatalf("the accepted line should read `echo aft`:\n%s", s)
	}
}

// Ghost text is taken by →, Ctrl-F, End and Ctrl-E, and word by word by Alt-F
// and Alt-→ (fish's keys), whatever form the terminal sends them in.
func TestGhostTextAcceptKeys(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("echo after-top more words")
	tm.WaitText("\nafter-top more words\n")
	whole := map[string]string{"→": "\x1b[C", "Ctrl-F": "\x06", "Ctrl-E": "\x05", "End": "\x1b[F", "End (VT220)": "\x1b[4~", "End (SS3)": "\x1bOF"}
	n := 1
	for name, key := range whole {
		tm.Type("echo af" + key + "\r")
		n++
		if s := tm.WaitFor(name, 10*time.Second, func(s string) bool {
			return strings.Count(s, "\nafter-top more words\n") == n || strings.Contains(s, "\naf\n")
		}); strings.Count(s, "\nafter-top more words\n") != n {
			t.Fatalf("%s did not take the ghost text:\n%s", name, s)
		}
	}
	for i, key := range []string{"\x1bf", "\x1b[1;3C", "\x1b\x1b[C"} {
		tm.Type("echo af" + key + "\r")
		if s := tm.WaitCount("\nafter-top\n", i+1); strings.Contains(s, "\naf\n") {
			t.Fatalf("word accept %q ran `echo af`:\n%s", key, s)
		}
	}
}

// Tab completes variable names after $.
func TestTabCompletesVariables(t *testing.T) {
	tm, home := start(t, nil)
	tm.Type("echo $HOM\t")
	tm.WaitText("▌ echo $HOME")
	tm.Type("\r")
	tm.WaitText("\n" + home + "\n")
}

// Letters outside ASCII are inserted as typed (convert-meta would turn é
// into Meta-i and ß into Meta-_).
func TestAccentedLettersAreTyped(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line(`echo "Straße café ñandú Ärger ©"`)
	tm.WaitText("\nStraße café ñandú Ärger ©\n")
}

// !! and !$ expand as in bash when typed; the expanded line is shown.
func TestHistoryExpansion(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("echo one two")
	tm.WaitText("\none two\n")
	tm.Line("echo !$")
	tm.WaitText("\necho two\ntwo\n")
	tm.Line("!!")
	tm.WaitCount("\necho two\ntwo\n", 2)
	tm.Line(`echo '!!' \!!`)
	tm.WaitText("\n!! !!\n")
	tm.Line("!99")
	tm.WaitText("lacy: !99: event not found")
}

// A bracketed paste is one edit: its lines wait for Enter, and control
// bytes in it are text to drop, never keys (NUL is Ctrl+Space, the mode key).
func TestPasteWaitsForEnter(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Type("\x1b[200~echo pasted-one\recho pasted-two\x00\x1b[201~")
	tm.WaitText("echo pasted-two")
	if s := tm.Screen(); strings.Contains(s, "\npasted-one") {
		t.Fatalf("a pasted line ran before Enter:\n%s", s)
	}
	tm.Type("\r")
	tm.WaitText("\npasted-one\npasted-two\n")
	tm.Line("/mode")
	tm.WaitText("\nauto\n")
}

// A long paste arrives whole.
func TestLongPaste(t *testing.T) {
	tm, _ := start(t, nil)
	long := strings.Repeat("z", 10000)
	tm.Type("\x1b[200~printf %s " + long + " | wc -c\x1b[201~\r")
	tm.WaitText("\n10000\n")
}

// A resize at the prompt never erases the output above it, in a terminal
// that reflows wrapped lines (tmux) as in one that does not.
func TestResizeKeepsTheOutputAbove(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	home := t.TempDir()
	tm := ptytest.StartTmux(t, ptytest.Env(home), home, 80, 12, ptytest.Binary(t))
	tm.WaitText("▌")
	for i := 1; i <= 8; i++ { // the prompt reaches the bottom row
		tm.Line(fmt.Sprintf("echo line%d", i))
		tm.WaitText(fmt.Sprintf("\nline%d\n", i))
	}
	tm.Type("echo some typed words here that are long")
	tm.WaitText("that are long")
	typed := "long"
	for _, cols := range []int{40, 100, 20, 80} { // narrower (the line wraps), wider
		tm.Resize(cols, 12)
		// Two keys, each echoed before the next resize: the redraw the
		// resize itself asked for has happened by then too. (A frame drawn
		// for one width that reaches the terminal after the next resize
		// garbles any shell; a person does not type that fast.)
		for _, k := range []string{"a", "b"} {
			tm.Type(k)
			typed += k
			tm.WaitText(typed)
		}
	}
	s := tm.Screen()
	for _, want := range []string{"\nline7\n", "\nline8\n"} {
		if !strings.Contains(s, want) {
			t.Fatalf("a resize erased %q:\n%s", want, s)
		}
	}
}

// The same in a terminal that does not reflow (xterm; vt10x behaves
// alike), narrower and wider. One resize a session: a frame lacy drew for the
// old width can reach a terminal that was resized since, in any shell.
func TestResizeKeepsTheOutputAboveInXterm(t *testing.T) {
	for _, cols := range []int{40, 160} {
		t.Run(strconv.Itoa(cols), func(t *testing.T) {
			tm, _ := start(t, nil, "XTERM_VERSION=XTerm(390)")
			for i := 1; i <= 30; i++ { // the prompt reaches the bottom row
				tm.Line(fmt.Sprintf("echo line%d", i))
				tm.WaitText(fmt.Sprintf("\nline%d\n", i))
			}
			typed := "echo " + strings.Repeat("words ", 20) + "end" // wraps at 100
			tm.Type(typed)
			tm.WaitText("words end")
			tm.Resize(cols, 30)
			tm.Type("X")
			s := tm.WaitText("endX")
			for _, want := range []string{"\nline29\n", "\nline30\n"} {
				if !strings.Contains(s, want) {
					t.Fatalf("a resize erased %q:\n%s", want, s)
				}
			}
		})
	}
}

// TERM=dumb (Emacs' M-x shell) gets plain text: no colour, no cursor
// movement, no clears; lines, continuations and Ctrl-C still work.
func TestDumbTerminalGetsPlainText(t *testing.T) {
	tm, _ := start(t, nil, "TERM=dumb")
	tm.Line("echo plain-$((1+1))")
	tm.WaitText("\nplain-2\n")
	tm.Line("if true; then")
	tm.WaitText("then\n>")
	tm.Line("echo inside")
	tm.Line("fi")
	tm.WaitText("inside\nlacy ~")
	tm.Type("half typed\x03")
	tm.WaitText("^C\nlacy ~ ▌") // a fresh prompt (the terminal echoes ^C)
	tm.Line("false")
	tm.WaitText("✗1 ▌")
	if raw := tm.Raw(); strings.ContainsRune(string(raw), '\x1b') {
		t.Fatalf("escape sequences on a dumb terminal: %q", raw)
	}
}

// NO_COLOR turns colour off but keeps the line editor.
func TestNoColor(t *testing.T) {
	tm, _ := start(t, nil, "NO_COLOR=1")
	tm.Line("echo no-colour")
	tm.WaitText("\nno-colour\n")
	if raw := string(tm.Raw()); strings.Contains(raw, "\x1b[3") || strings.Contains(raw, "\x1b[1m") {
		t.Fatalf("colour with NO_COLOR: %q", raw)
	}
}

// A key typed right after Ctrl-C (in the same read) belongs to the next
// line: Ctrl-C then "echo" must not run "cho".
func TestKeysRightAfterCtrlC(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Type("half typed\x03echo right-after\r")
	s := tm.WaitText("\nright-after\n")
	if strings.Contains(s, "not found") {
		t.Fatalf("a key after Ctrl-C was lost:\n%s", s)
	}
	tm.Type("\x07echo after-ctrl-g\r") // Ctrl-G aborts the same way
	tm.WaitText("\nafter-ctrl-g\n")
}

// Ctrl-X Ctrl-E opens $VISUAL, else $EDITOR, else vi — the session's
// variables, as bash reads them — and the edited text comes back into the
// line (issue 18, item 4).
func TestCtrlXCtrlEOpensVisualThenEditorThenVi(t *testing.T) {
	bin := t.TempDir()
	for name, text := range map[string]string{"vis": "by-visual", "ed": "by-editor", "vi": "by-vi"} {
		// The file is the last argument; the editor replaces the line.
		script := "#!/bin/sh\nfor f; do :; done\nprintf 'echo %s-%s\\n' \"$(cat \"$f\" | tr ' ' _)\" " + text + " > \"$f\"\n"
		if err := os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tm, _ := start(t, nil, "VISUAL="+filepath.Join(bin, "vis"), "EDITOR="+filepath.Join(bin, "ed"), "PATH="+bin+":"+os.Getenv("PATH"))
	tm.Type("echo one\x18\x05")
	tm.WaitText("▌ echo echo_one-by-visual")
	tm.Type("\r")
	tm.WaitText("\necho_one-by-visual\n")
	tm.Line("unset VISUAL")
	tm.Type("echo two\x18\x05")
	tm.WaitText("▌ echo echo_two-by-editor")
	tm.Type("\r")
	tm.WaitText("\necho_two-by-editor\n")
	tm.Line("unset EDITOR")
	tm.Type("echo three\x18\x05")
	tm.WaitText("▌ echo echo_three-by-vi")
	tm.Type("\r")
	tm.WaitText("\necho_three-by-vi\n")
	// A command with arguments runs through sh, as in git.
	tm.Line("VISUAL='" + filepath.Join(bin, "ed") + " -n'")
	tm.Type("echo four\x18\x05")
	tm.WaitText("▌ echo echo_four-by-editor")
}
