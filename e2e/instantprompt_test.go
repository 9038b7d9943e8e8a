package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// bracketedPasteOn is what the line editor writes just before it draws the
// prompt itself: what comes before it is lacy's own early drawing.
const bracketedPasteOn = "\x1b[?2004h"

// instantHome is a home for the instant prompt's tests, holding files.
func instantHome(t *testing.T, files map[string]string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end")
	}
	home := homeWith(t, files, 0o644)
	return home
}

// promptEntries lists the instant prompt's cache entries in home.
func promptEntries(home string) []string {
	names, _ := filepath.Glob(filepath.Join(home, ".cache", "lacy", "prompt", "[0-9a-f]*"))
	return names
}

// startUntilPrompt starts lacy in dir and waits for its prompt.
func startUntilPrompt(t *testing.T, home, dir string, env ...string) *ptytest.Term {
	t.Helper()
	tm := ptytest.Start(t, ptytest.Env(home, env...), dir, ptytest.Binary(t))
	tm.WaitFor("the line editor's prompt", ptytest.WaitTimeout, func(string) bool {
		raw := tm.Raw()
		i := bytes.LastIndex(raw, []byte(bracketedPasteOn))
		return i >= 0 && bytes.Contains(raw[i:], []byte("▌"))
	})
	return tm
}

// firstSession starts lacy in dir, waits until it has stored its first
// prompt (when want), and leaves.
func firstSession(t *testing.T, home, dir string, want bool) {
	t.Helper()
	tm := startUntilPrompt(t, home, dir)
	if want {
		waitUntil(t, "the instant prompt's cache entry", func() bool { return len(promptEntries(home)) > 0 })
	}
	tm.Line("exit")
	tm.Wait(ptytest.WaitTimeout)
}

// waitUntil polls ok (a file another process writes) until it holds.
func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(ptytest.WaitTimeout)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond) // polls a file; orders nothing
	}
}

// drawnEarly is what lacy drew before the line editor's first draw.
func drawnEarly(tm *ptytest.Term) string {
	raw := tm.Raw()
	if i := bytes.Index(raw, []byte(bracketedPasteOn)); i >= 0 {
		raw = raw[:i]
	}
	return string(raw)
}

// promptLines counts the screen's lines that hold a prompt.
func promptLines(screen string) (n int) {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "▌") {
			n++
		}
	}
	return n
}

// The second start in the same home and directory draws the last
// session's prompt before the line editor is up, and the real prompt
// replaces it on the same line: the screen holds one prompt, on the first
// row, with the cursor after it.
func TestInstantPromptSecondStart(t *testing.T) {
	home := instantHome(t, nil)
	firstSession(t, home, home, true)
	entries := promptEntries(home)
	if len(entries) != 1 {
		t.Fatalf("cache entries: %v", entries)
	}
	if st, err := os.Stat(entries[0]); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("entry %s: %v %v", entries[0], st.Mode(), err)
	}
	tm := startUntilPrompt(t, home, home)
	if early := drawnEarly(tm); !strings.Contains(early, "lacy") || !strings.Contains(early, "▌") {
		t.Fatalf("no instant prompt before the line editor's draw: %q", early)
	}
	tm.Type("echo same-$((1+1))")
	screen := tm.WaitText("▌ echo same-$((1+1))")
	if n := promptLines(screen); n != 1 {
		t.Fatalf("%d prompt lines, want 1:\n%s", n, screen)
	}
	if first := strings.SplitN(screen, "\n", 2)[0]; !strings.HasPrefix(first, "lacy ~ ▌ echo same") {
		t.Fatalf("the prompt is not on the first row: %q\n%s", first, screen)
	}
	if _, y := tm.Cursor(); y != 0 {
		t.Fatalf("cursor on row %d, want 0:\n%s", y, screen)
	}
	tm.Line("")
	tm.WaitText("same-2")
}

// A start in another directory, or after the config changed, does not
// draw the stored prompt: its key differs.
func TestInstantPromptMisses(t *testing.T) {
	home := instantHome(t, map[string]string{"sub/.keep": "", ".lacyrc.lua": `require("lacy").prompt(function() return "AAA> " end)` + "\n"})
	firstSession(t, home, home, true)

	tm := startUntilPrompt(t, home, filepath.Join(home, "sub"))
	if early := drawnEarly(tm); strings.Contains(early, "AAA") {
		t.Fatalf("another directory drew the stored prompt: %q", early)
	}
	tm.Line("exit")
	tm.Wait(ptytest.WaitTimeout)

	if err := os.WriteFile(filepath.Join(home, ".lacyrc.lua"), []byte(`require("lacy").prompt(function() return "BBBB> " end)`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tm = startUntilPrompt(t, home, home)
	if strings.Contains(string(tm.Raw()), "AAA") {
		t.Fatalf("a changed config drew the old prompt: %q", tm.Raw())
	}
	tm.WaitText("BBBB> ▌")
}

// A line typed at once after the instant prompt, before the line editor
// reads, runs once, and the screen shows it sanely. The terminal is still
// cooked then (the instant prompt changes no mode), so which screen comes
// depends on when Enter arrives: after the editor took the terminal, the
// line over the instant prompt, once; before, the terminal's echo of the
// line and the newline stays above the real prompt with the line, as it
// did before the prompt without an instant prompt — after the instant
// prompt when echoed before lacy went back to column 0 for the real
// prompt, at column 0 over it when after.
func TestInstantPromptTypeahead(t *testing.T) {
	home := instantHome(t, nil)
	firstSession(t, home, home, true)
	tm := ptytest.Start(t, ptytest.Env(home), home, ptytest.Binary(t))
	tm.WaitText("lacy ~")
	tm.Line("echo typed-$((2+3))")
	screen := tm.WaitFor("the next prompt", ptytest.WaitTimeout, func(s string) bool { return strings.HasSuffix(s, "typed-5\nlacy ~ ▌") })
	const line, out = "lacy ~ ▌ echo typed-$((2+3))\n", "typed-5\n"
	if screen != line+out+"lacy ~ ▌" && screen != line+line+out+"lacy ~ ▌" && screen != "echo typed-$((2+3))\n"+line+out+"lacy ~ ▌" {
		t.Fatalf("the typed line is not shown and run once:\n%s\nraw: %q", screen, tm.Raw())
	}
}

// lacy.config{ instant_prompt = false } deletes the cache and writes none;
// LACY_INSTANT_PROMPT=0 draws none for one session.
func TestInstantPromptOff(t *testing.T) {
	home := instantHome(t, nil)
	firstSession(t, home, home, true)

	tm := startUntilPrompt(t, home, home, "LACY_INSTANT_PROMPT=0")
	if early := drawnEarly(tm); strings.Contains(early, "▌") {
		t.Fatalf("LACY_INSTANT_PROMPT=0 drew the instant prompt: %q", early)
	}
	tm.Line("exit")
	tm.Wait(ptytest.WaitTimeout)

	if err := os.WriteFile(filepath.Join(home, ".lacyrc.lua"), []byte("require('lacy').config{ instant_prompt = false }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	firstSession(t, home, home, false)
	waitUntil(t, "the cache deleted", func() bool { return len(promptEntries(home)) == 0 })
	tm = startUntilPrompt(t, home, home)
	if early := drawnEarly(tm); strings.Contains(early, "▌") {
		t.Fatalf("instant_prompt = false drew the instant prompt: %q", early)
	}
	tm.Line("exit")
	tm.Wait(ptytest.WaitTimeout)
	if e := promptEntries(home); len(e) != 0 {
		t.Fatalf("instant_prompt = false wrote %v", e)
	}
}

// When the real prompt differs from the stored one (the branch changed),
// the real one replaces it on the same line, with nothing of the stored
// one left, and the entry is updated for the next start.
func TestInstantPromptReplacedWhenDifferent(t *testing.T) {
	home := instantHome(t, map[string]string{".git/HEAD": "ref: refs/heads/a-long-branch-name\n"})
	firstSession(t, home, home, true)
	if err := os.WriteFile(filepath.Join(home, ".git", "HEAD"), []byte("ref: refs/heads/b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tm := startUntilPrompt(t, home, home)
	if early := drawnEarly(tm); !strings.Contains(early, "a-long-branch-name") {
		t.Fatalf("the stored prompt was not drawn: %q", early)
	}
	screen := tm.WaitFor("the real prompt alone", ptytest.WaitTimeout, func(s string) bool {
		return s == "lacy ~ b ▌"
	})
	if n := promptLines(screen); n != 1 {
		t.Fatalf("%d prompt lines:\n%s", n, screen)
	}
	tm.Line("exit")
	tm.Wait(ptytest.WaitTimeout)
	tm = startUntilPrompt(t, home, home)
	if early := drawnEarly(tm); !strings.Contains(early, "\x1b[33mb\x1b[0m") || strings.Contains(early, "a-long") {
		t.Fatalf("the entry was not updated: %q", early)
	}
}

// A prompt of several lines cannot be redrawn in place: it is not stored.
func TestInstantPromptMultiLineNotStored(t *testing.T) {
	home := instantHome(t, map[string]string{".lacyrc.lua": `require("lacy").prompt(function() return "first line\nML> " end)` + "\n"})
	tm := startUntilPrompt(t, home, home)
	tm.WaitText("ML> ▌")
	tm.Line("exit")
	tm.Wait(ptytest.WaitTimeout) // the session waits for its entry's goroutine
	if e := promptEntries(home); len(e) != 0 {
		t.Fatalf("a two-line prompt was stored: %v", e)
	}
}

// lacy's own output before the real prompt (here a Lua print in the
// config) takes the instant prompt off its line first: the screen is the
// message and then the real prompt, as without an instant prompt.
func TestInstantPromptClearedByOutput(t *testing.T) {
	home := instantHome(t, map[string]string{".lacyrc.lua": `print("hello-from-config")` + "\n"})
	firstSession(t, home, home, true)
	tm := startUntilPrompt(t, home, home)
	if early := drawnEarly(tm); !strings.Contains(early, "▌") {
		t.Fatalf("no instant prompt: %q", early)
	}
	screen := tm.WaitFor("the message, then the prompt", ptytest.WaitTimeout, func(s string) bool {
		return strings.HasSuffix(s, "lacy ~ ▌")
	})
	if screen != "hello-from-config\nlacy ~ ▌" {
		t.Fatalf("screen:\n%s\nraw: %q", screen, tm.Raw())
	}
}
