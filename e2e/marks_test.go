package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// osc is an OSC sequence as lacy writes it (BEL-terminated).
func osc(body string) string { return "\x1b]" + body + "\x07" }

// waitRaw waits until the raw terminal stream contains s.
func waitRaw(t *testing.T, tm interface{ Raw() []byte }, s string, screen func() string) {
	t.Helper()
	waitRawCount(t, tm, s, 1, screen)
}

// waitRawCount waits until the raw terminal stream contains s n times.
func waitRawCount(t *testing.T, tm interface{ Raw() []byte }, s string, n int, screen func() string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for bytes.Count(tm.Raw(), []byte(s)) < n {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %q in the raw stream; screen:\n%s", s, screen())
		}
		time.Sleep(10 * time.Millisecond) // polling, as ptytest's WaitText does
	}
}

// The check: the raw terminal stream carries OSC 133 A, B, C and
// D;status around every prompt and command with the right exit status,
// OSC 7 at every prompt, and the running command as the title; the marks
// take no room in the prompt (the cursor is where the typed text ends).
func TestTerminalMarks(t *testing.T) {
	tm, home := start(t, nil)
	host, _ := os.Hostname()
	waitRaw(t, tm, osc("133;A")+osc("7;file://"+host+home), tm.Screen)
	waitRaw(t, tm, osc("133;B"), tm.Screen)

	// Each line is typed once the prompt after the previous one started.
	tm.Line("true")
	waitRawCount(t, tm, osc("133;A"), 2, tm.Screen)
	tm.Line("mkdir -p sub && cd sub && (exit 3)")
	waitRawCount(t, tm, osc("133;A"), 3, tm.Screen)
	waitRaw(t, tm, osc("7;file://"+host+filepath.Join(home, "sub")), tm.Screen)
	tm.Line("")
	waitRawCount(t, tm, osc("133;A"), 4, tm.Screen)
	tm.Line("echo marker-out")
	waitRawCount(t, tm, osc("133;A"), 5, tm.Screen)
	tm.WaitText("marker-out")

	raw := string(tm.Raw())
	// Every command: C, then its title, its output, then D with its status.
	for _, want := range []string{
		osc("133;C") + osc("2;true"),
		osc("133;C") + osc("2;mkdir -p sub && cd sub && (exit 3)"),
		osc("133;D"), // the empty line: an end without a status
		osc("133;C") + osc("2;echo marker-out") + "marker-out",
	} {
		if !strings.Contains(raw, want) {
			t.Errorf("raw stream lacks %q", want)
		}
	}
	i := strings.Index(raw, osc("2;echo marker-out"))
	if j := strings.Index(raw[i:], osc("133;D;0")); j < 0 || !strings.Contains(raw[i:i+j], "marker-out") {
		t.Errorf("D;0 does not follow echo's output: %q", raw[i:])
	}
	// Every prompt: A at its start, B at its end, once each per prompt.
	a, b, c, d := strings.Count(raw, osc("133;A")), strings.Count(raw, osc("133;B")), strings.Count(raw, osc("133;C")), strings.Count(raw, "\x1b]133;D")
	if a != 5 || b < a || c != 3 || d != 4 {
		t.Errorf("A×%d B×%d C×%d D×%d for 4 lines (one empty)", a, b, c, d)
	}

	// Zero width: the cursor follows the typed text exactly.
	tm.Type("echo abc")
	// The line editor draws, then places the cursor: wait for it to settle
	// where the text ends (it would be 1 column off per mark if they took
	// room).
	tm.WaitFor("the cursor after the typed text", 10*time.Second, func(screen string) bool {
		lines := strings.Split(screen, "\n")
		x, y := tm.Cursor()
		return y < len(lines) && strings.HasSuffix(lines[y], "echo abc") && x == len([]rune(lines[y]))
	})
}

// marks = false, and a dumb terminal, write none of them.
func TestTerminalMarksOff(t *testing.T) {
	for name, setup := range map[string]struct {
		files map[string]string
		env   []string
	}{
		"config": {files: map[string]string{".lacyrc.lua": `require("lacy").config{ terminal = { marks = false } }`}},
		"dumb":   {env: []string{"TERM=dumb"}},
	} {
		t.Run(name, func(t *testing.T) {
			tm, _ := start(t, setup.files, setup.env...)
			tm.Line("echo done-$((2+2))")
			tm.WaitText("done-4")
			tm.Line("echo again-$((2+3))")
			tm.WaitText("again-5")
			raw := string(tm.Raw())
			for _, seq := range []string{"\x1b]133;", "\x1b]7;", "\x1b]2;"} {
				if strings.Contains(raw, seq) {
					t.Errorf("%q written", seq)
				}
			}
		})
	}
}
