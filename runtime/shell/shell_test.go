package shell

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

func TestNeedsMore(t *testing.T) {
	tests := []struct {
		src  string
		more bool
	}{
		{"echo hi", false},
		{"", false},
		{"echo 'open", true},
		{`echo "open`, true},
		{"echo $(date", true},
		{"if true; then", true},
		{"if true; then echo x; fi", false},
		{"for i in 1 2; do", true},
		{"ls |", true},
		{"ls &&", true},
		{"ls ||", true},
		{"echo foo \\", true},
		{"(", true},
		{"cat <<EOF\nbody", true},
		{"cat <<EOF\nbody\nEOF", false},
		{"f() {", true},
		{"echo )", false}, // a syntax error, not incomplete: run it and show the error
		{"echo ${x", true},
		{"<<0&", true}, // an open heredoc; found by the fuzzer: mvdan/sh's iterator panicked when left early
		{"# just a comment", false},
	}
	for _, tt := range tests {
		if got := NeedsMore(tt.src); got != tt.more {
			t.Errorf("NeedsMore(%q) = %v, want %v", tt.src, got, tt.more)
		}
	}
}

func FuzzNeedsMore(f *testing.F) {
	for _, s := range []string{"echo hi", "if true; then", "echo 'x", "ls |", "a \\", "cat <<E\nx", "$((1+", "${x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		a, b := NeedsMore(src), NeedsMore(src)
		if a != b {
			t.Fatalf("not deterministic for %q", src)
		}
		// Whatever the parser calls incomplete needs more input.
		if _, err := syntax.NewParser().Parse(strings.NewReader(src), ""); err != nil && syntax.IsIncomplete(err) && !a {
			t.Fatalf("the parser says %q is incomplete, NeedsMore does not", src)
		}
	})
}

// run runs src in a fresh non-interactive shell and returns its status and
// output.
func run(t *testing.T, src string, opts ...func(*Options)) (int, string, string) {
	t.Helper()
	var out, errb lockedBuffer // the programs of a pipeline write at once
	o := Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: t.TempDir()}
	for _, f := range opts {
		f(&o)
	}
	sh, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	status, _ := sh.Run(context.Background(), src, "")
	return status, out.String(), errb.String()
}

func TestStatusAndMessages(t *testing.T) {
	dir := t.TempDir()
	notExec := filepath.Join(dir, "notexec")
	if err := os.WriteFile(notExec, []byte("echo x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noShebang := filepath.Join(dir, "noshebang")
	if err := os.WriteFile(noShebang, []byte("echo from-script $1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, src  string
		status     int
		out, inErr string
	}{
		{"ok", "echo hi", 0, "hi\n", ""},
		{"last status", "true; false", 1, "", ""},
		{"exit", "exit 3; echo no", 3, "", ""},
		{"not found", "no-such-cmd-xyz", 127, "", "lacy: no-such-cmd-xyz: command not found"},
		{"missing path", "./nope", 127, "", "lacy: ./nope: No such file or directory"},
		{"not executable", notExec, 126, "", "Permission denied"},
		{"directory", dir, 126, "", "Is a directory"},
		{"syntax error", "echo 'open", 2, "", "syntax error"},
		{"killed child", "sh -c 'kill -KILL $$'", 137, "", ""},
		{"script without shebang", noShebang + " arg", 0, "from-script arg\n", ""},
		{"persisting state", "cd / && X=1; echo $PWD$X", 0, "/1\n", ""},
		{"umask", "umask 027; umask; umask -S", 0, "0027\nu=rwx,g=rx,o=\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "script without shebang" {
				t.Skip("needs the lacy binary as os.Executable; covered end to end")
			}
			status, out, errOut := run(t, tt.src)
			if status != tt.status {
				t.Errorf("status %d, want %d (stderr %q)", status, tt.status, errOut)
			}
			if out != tt.out {
				t.Errorf("stdout %q, want %q", out, tt.out)
			}
			if !strings.Contains(errOut, tt.inErr) {
				t.Errorf("stderr %q, want it to contain %q", errOut, tt.inErr)
			}
		})
	}
}

func TestFormatSyntaxError(t *testing.T) {
	_, err := syntax.NewParser().Parse(strings.NewReader("echo ok\nif then"), "script.sh")
	got := FormatSyntaxError("lacy", err)
	if !strings.HasPrefix(got, "lacy: script.sh: line 2: syntax error: ") {
		t.Fatalf("got %q", got)
	}
	_, err = syntax.NewParser().Parse(strings.NewReader("echo 'x"), "")
	if got := FormatSyntaxError("lacy", err); !strings.HasPrefix(got, "lacy: line 1: syntax error: ") {
		t.Fatalf("got %q", got)
	}
}

func TestCancelAbortsTheLine(t *testing.T) {
	var out bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	status, err := sh.Run(ctx, "sleep 5; echo after", "")
	if status != 130 || !errors.Is(err, ErrInterrupted) {
		t.Fatalf("status %d err %v, want 130 and ErrInterrupted", status, err)
	}
	if time.Since(start) > 3*time.Second || strings.Contains(out.String(), "after") {
		t.Fatalf("the line was not aborted: %q after %v", out.String(), time.Since(start))
	}
	// The session goes on after an interrupt.
	if sh.Exited() {
		t.Fatal("an interrupt ended the session")
	}
	if status, _ := sh.Run(context.Background(), "echo again", ""); status != 0 || !strings.Contains(out.String(), "again") {
		t.Fatalf("after the interrupt: %d %q", status, out.String())
	}
}

func TestAliasesFunctionsAndSubshell(t *testing.T) {
	var out bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := sh.SetAlias(ctx, "hi", "echo hello"); err != nil {
		t.Fatal(err)
	}
	_, _ = sh.Run(ctx, "alias ll='ls -l'; f() { echo f; }; unalias ll", "")
	if !sh.HasAlias("hi") || sh.HasAlias("ll") || !sh.HasFunction("f") {
		t.Fatalf("aliases %v functions %v", sh.Aliases(), sh.Functions())
	}
	_, _ = sh.Run(ctx, "hi", "")
	if out.String() != "hello\n" {
		t.Fatalf("alias ran as %q", out.String())
	}
	// A subshell sees the state but changes nothing in the parent.
	var sub bytes.Buffer
	c := sh.Subshell(&sub, &sub)
	_, _ = c.Run(ctx, "cd / && f && X=2", "")
	if sub.String() != "f\n" || sh.Dir() == "/" || sh.Getenv("X") == "2" {
		t.Fatalf("subshell: out %q, parent dir %q", sub.String(), sh.Dir())
	}
}

func TestDoneState(t *testing.T) {
	for status, want := range map[int]string{
		0: "Done", 2: "Exit 2", 128 + int(syscall.SIGTERM): "Terminated", 128 + int(syscall.SIGKILL): "Killed",
	} {
		if got := doneState(status); got != want {
			t.Errorf("doneState(%d) = %q, want %q", status, got, want)
		}
	}
}

func TestParseSignal(t *testing.T) {
	for in, want := range map[string]syscall.Signal{
		"9": syscall.SIGKILL, "KILL": syscall.SIGKILL, "SIGTERM": syscall.SIGTERM, "hup": syscall.SIGHUP, "0": 0, "bogus": -1, "-3": -1,
	} {
		if got := parseSignal(in); got != want {
			t.Errorf("parseSignal(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestTapTailAndSyncMark(t *testing.T) {
	var screen bytes.Buffer
	tap := &stderrTap{real: &screen, ring: make([]byte, 0, tailSize), synced: make(chan struct{}, 1)}
	tap.record(bytes.Repeat([]byte("a"), tailSize-2))
	tap.record([]byte("bcd"))
	if tail := tap.tail(); len(tail) != tailSize || !strings.HasSuffix(tail, "bcd") {
		t.Fatalf("tail of %d bytes ends %q", len(tail), tail[len(tail)-5:])
	}
	for _, tt := range []struct {
		data string
		want int
	}{
		{"abc", 0}, {"abc\x1b", 1}, {"abc\x1bPlacy", 6}, {syncMark, 0}, {"", 0},
	} {
		if got := partialSuffix([]byte(tt.data), syncMark); got != tt.want {
			t.Errorf("partialSuffix(%q) = %d, want %d", tt.data, got, tt.want)
		}
	}
}

func TestArgv0Interactive(t *testing.T) {
	var out bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	_, _ = sh.Run(context.Background(), "echo $0 ${0} ${#0}", "")
	if out.String() != "lacy lacy 4\n" {
		t.Fatalf("$0 = %q", out.String())
	}
}

// ProgramRuns knows a program of the session while it runs, and not after.
func TestProgramRuns(t *testing.T) {
	var out bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	if ProgramRuns("sleep") {
		t.Fatal("sleep runs before it started")
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = sh.Run(context.Background(), "sleep 0.3", "test")
	}()
	deadline := time.Now().Add(5 * time.Second)
	for !ProgramRuns("sleep") {
		if time.Now().After(deadline) {
			t.Fatal("ProgramRuns never saw sleep")
		}
		time.Sleep(time.Millisecond)
	}
	<-done
	if ProgramRuns("sleep") {
		t.Fatal("sleep still counted after it ended")
	}
}
