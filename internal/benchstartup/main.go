// Command benchstartup measures lacy against bash, zsh and fish in the same
// run, on this machine (DESIGN §7). By default it prints the start-up table
// (`-c true`, first prompt and idle RSS, with an empty and a 200k-entry
// history; see table.go). With -all it then measures Enter to the next
// prompt, keystroke echo (with a 200k-entry history for lacy, and with a
// model prediction request in flight), a bracketed paste of 10k and 1M
// characters, and idle RSS.
// Interactive figures are taken in a pseudo-terminal: from the start of the
// process (or the key written) to the bytes appearing on the terminal.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/creack/pty"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

// keyDelay is how long after the prompt the key is typed.
var keyDelay = 20 * time.Millisecond

func main() {
	lacy := flag.String("lacy", "bin/lacy", "the lacy binary")
	runs := flag.Int("runs", 20, "runs per figure")
	rssRuns := flag.Int("rss-runs", 3, "runs per idle-RSS figure")
	idle := flag.Duration("idle", 2*time.Second, "how long after the first prompt idle RSS is read")
	all := flag.Bool("all", false, "after the table, the latency figures against bash")
	table := flag.Bool("table", true, "the start-up table (-table=false -all: the latency figures alone)")
	other := flag.String("compare", "", "another lacy binary (a build before a change) for one more row")
	otherEnv := flag.String("compare-env", "", "NAME=value pairs, space-separated, for the -compare row")
	trace := flag.Bool("trace", false, "instead of the table, each start-up phase's median (LACY_TRACE_STARTUP)")
	flag.DurationVar(&keyDelay, "key-delay", keyDelay, "pause between the prompt and the keystroke")
	asBuilt := flag.Bool("as-built", false, "run the binaries where they are, not copies as an install makes (see installed)")
	smaps := flag.Bool("smaps", false, "only what lacy's idle RSS is made of (smaps_rollup), this build and -compare's")
	flag.Parse()
	bin, _ := filepath.Abs(*lacy)
	if *other != "" {
		*other, _ = filepath.Abs(*other)
	}
	otherLabel := *other
	if !*asBuilt {
		root, err := os.MkdirTemp("", "lacy-bench-bin-")
		if err == nil {
			defer os.RemoveAll(root)
			bin = installed(bin, root)
			if *other != "" {
				*other = installed(*other, root)
			}
		}
	}
	if *smaps {
		printSmaps(slices.DeleteFunc([]string{bin, *other}, func(s string) bool { return s == "" }), *rssRuns, *idle)
		return
	}
	if *trace {
		printTrace(bin, *other, strings.Fields(*otherEnv), *runs)
		return
	}
	if *table {
		printTable(bin, *other, otherLabel, strings.Fields(*otherEnv), *runs, *rssRuns, *idle)
	}
	if *other != "" {
		compareLatency(bin, *other, otherLabel, strings.Fields(*otherEnv), *runs)
	}
	if *all {
		latency(bin, *runs)
	}
}

// latency prints the figures after the first prompt against bash (and a
// second look at -c true, first prompt and RSS with bash's --norc prompt).
func latency(bin string, runsN int) {
	runs := &runsN
	home, _ := os.MkdirTemp("", "lacy-bench-")
	defer os.RemoveAll(home)
	writeHistory(home, 200_000)
	empty, _ := os.MkdirTemp("", "lacy-bench-empty-")
	defer os.RemoveAll(empty)

	env := append(os.Environ(), "HOME="+home, "XDG_STATE_HOME="+filepath.Join(home, "state"),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "INPUTRC=/dev/null", "TERM=xterm-256color")

	fmt.Println("figure                       bash        lacy       ratio / delta")
	b := median(*runs, func() time.Duration { return timeRun(env, "bash", "-c", "true") })
	l := median(*runs, func() time.Duration { return timeRun(env, bin, "-c", "true") })
	fmt.Printf("-c true                  %9s  %9s   %.2f×\n", b, l, float64(l)/float64(b))

	bashSh := shellSpec{argv: []string{"bash", "--norc", "--noprofile", "-i"}, env: append(slices.Clone(env), "PS1=READY> "), ready: "READY> "}
	lacySh := shellSpec{argv: []string{bin}, env: env, ready: "▌", editor: true}
	for _, fig := range []struct {
		name string
		f    func(shellSpec) (time.Duration, int)
	}{
		{"first prompt", firstPrompt},
		{"Enter → next prompt", enterToPrompt},
		{"keystroke echo", keystrokeEcho},
	} {
		bt := median(*runs, func() time.Duration { d, _ := fig.f(bashSh); return d })
		lt := median(*runs, func() time.Duration { d, _ := fig.f(lacySh); return d })
		fmt.Printf("%-22s   %9s  %9s   %+.2f ms\n", fig.name, bt.Round(10*time.Microsecond), lt.Round(10*time.Microsecond), float64(lt-bt)/1e6)
	}
	// Keystroke echo while the predict model is asked and never answers.
	srv := llmtest.Start()
	defer srv.Close()
	srv.Default = llmtest.Reply{FirstDelay: time.Hour}
	predHome, _ := os.MkdirTemp("", "lacy-bench-predict-")
	defer os.RemoveAll(predHome)
	writeHistory(predHome, 200_000)
	_ = os.WriteFile(filepath.Join(predHome, ".lacyrc.lua"), []byte(`local lacy = require("lacy")
lacy.model("hang", { provider = "openai", model = "m", base_url = "`+srv.BaseURL(llmtest.OpenAI)+`", api_key = "x" })
lacy.config({ models = { predict = "hang" } })
`), 0o600)
	predEnv := append(os.Environ(), "HOME="+predHome, "XDG_STATE_HOME="+filepath.Join(predHome, "state"),
		"XDG_CONFIG_HOME="+filepath.Join(predHome, "config"), "INPUTRC=/dev/null", "TERM=xterm-256color")
	lacyPred := shellSpec{argv: []string{bin}, env: predEnv, ready: "▌", editor: true}
	var lastByte atomic.Int64
	for range *runs + 1 {
		srv.Push(llmtest.Reply{Text: "true zzghost", BeforeChunk: func(int) { lastByte.Store(time.Now().UnixNano()) }})
	}
	gt := median(*runs, func() time.Duration { return modelGhost(lacyPred, &lastByte) })
	fmt.Printf("%-22s              %9s\n", "model: last byte → ghost", gt.Round(10*time.Microsecond))
	bt := median(*runs, func() time.Duration { d, _ := keystrokeEcho(bashSh); return d })
	lt := median(*runs, func() time.Duration { d, _ := keystrokeEchoPredicting(lacyPred, srv); return d })
	fmt.Printf("%-22s   %9s  %9s   %+.2f ms\n", "echo, model in flight", bt.Round(10*time.Microsecond), lt.Round(10*time.Microsecond), float64(lt-bt)/1e6)
	// Keystroke echo right after Tab, while a 250 ms completion runs (bash
	// waits for its completion function before it reads the key).
	slowHome, _ := os.MkdirTemp("", "lacy-bench-slowtab-")
	defer os.RemoveAll(slowHome)
	slowRC := "_slowtab() { sleep 0.25; COMPREPLY=(done); }\ncomplete -F _slowtab slowcmd\n"
	_ = os.WriteFile(filepath.Join(slowHome, ".lacyrc"), []byte(slowRC), 0o600)
	_ = os.WriteFile(filepath.Join(slowHome, ".bashrc"), []byte(slowRC), 0o600)
	slowEnv := append(os.Environ(), "HOME="+slowHome, "XDG_STATE_HOME="+filepath.Join(slowHome, "state"),
		"XDG_CONFIG_HOME="+filepath.Join(slowHome, "config"), "INPUTRC=/dev/null", "TERM=xterm-256color")
	bashSlow := shellSpec{argv: []string{"bash", "--rcfile", filepath.Join(slowHome, ".bashrc"), "--noprofile", "-i"}, env: append(slices.Clone(slowEnv), "PS1=READY> "), ready: "READY> "}
	lacySlow := shellSpec{argv: []string{bin}, env: slowEnv, ready: "▌", editor: true}
	bt = median(*runs, func() time.Duration { d, _ := keystrokeAfterSlowTab(bashSlow); return d })
	lt = median(*runs, func() time.Duration { d, _ := keystrokeAfterSlowTab(lacySlow); return d })
	fmt.Printf("%-22s   %9s  %9s   %+.2f ms\n", "echo, 250 ms Tab", bt.Round(10*time.Microsecond), lt.Round(10*time.Microsecond), float64(lt-bt)/1e6)
	for _, n := range []int{10_000, 1_000_000} {
		runs := max(1, *runs/10)
		bt := median(runs, func() time.Duration { d, _ := paste(bashSh, n); return d })
		lt := median(runs, func() time.Duration { d, _ := paste(lacySh, n); return d })
		fmt.Printf("paste %-7d chars       %9s  %9s   %.2f×\n", n, bt.Round(time.Millisecond), lt.Round(time.Millisecond), float64(lt)/float64(bt))
	}
	emptyEnv := append(os.Environ(), "HOME="+empty, "XDG_STATE_HOME="+filepath.Join(empty, "state"),
		"XDG_CONFIG_HOME="+filepath.Join(empty, "config"), "INPUTRC=/dev/null", "TERM=xterm-256color")
	lacyEmpty := shellSpec{argv: []string{bin}, env: emptyEnv, ready: "▌", editor: true}
	lt = median(*runs, func() time.Duration { d, _ := firstPrompt(lacyEmpty); return d })
	fmt.Printf("first prompt, no history            %9s\n", lt.Round(10*time.Microsecond))
	_, brss := idleRSS(bashSh)
	_, lrss := idleRSS(lacySh)
	_, erss := idleRSS(lacyEmpty)
	fmt.Printf("idle RSS                 %6.1f MB  %6.1f MB (200k history), %.1f MB (no history)\n", float64(brss)/1024, float64(lrss)/1024, float64(erss)/1024)
}

type shellSpec struct {
	argv  []string
	env   []string
	ready string
	dir   string // the working directory; empty: the harness's
	// plain: ready is looked for in the output with escape sequences
	// removed (a coloured prompt).
	plain bool
	// editor: lacy, whose line editor's draw (editorDraws) is "ready",
	// after the instant prompt.
	editor bool
}

// writeHistory fills lacy's history file with n entries.
func writeHistory(home string, n int) {
	dir := filepath.Join(home, "state", "lacy")
	_ = os.MkdirAll(dir, 0o700)
	f, err := os.Create(filepath.Join(dir, "history"))
	if err != nil {
		return
	}
	defer f.Close()
	cmds := []string{"git status", "ls -la", "cd src", "go test ./...", "make build", "vim main.go", "docker ps", "kubectl get pods -A"}
	var b bytes.Buffer
	now := time.Now().Add(-time.Duration(n) * time.Second)
	for i := range n {
		// runtime/history's format: unixms, duration ms, exit, session, cwd, command.
		fmt.Fprintf(&b, "%d\t12\t0\tbench\t/home/u\t%s %d\n", now.Add(time.Duration(i)*time.Second).UnixMilli(), cmds[i%len(cmds)], i%977)
	}
	_, _ = f.Write(b.Bytes())
}

func timeRun(env []string, argv ...string) time.Duration {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	start := time.Now()
	_ = cmd.Run()
	return time.Since(start)
}

func median(n int, f func() time.Duration) time.Duration {
	ds := make([]time.Duration, 0, n)
	f() // warm caches
	for range n {
		ds = append(ds, f())
	}
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// session is a shell running in a pseudo-terminal.
type session struct {
	cmd  *exec.Cmd
	ptmx *os.File
	out  chan []byte
	buf  bytes.Buffer
}

func startShell(s shellSpec) (*session, time.Time) {
	cmd := exec.Command(s.argv[0], s.argv[1:]...)
	cmd.Env, cmd.Dir = s.env, s.dir
	start := time.Now()
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		panic(err)
	}
	ss := &session{cmd: cmd, ptmx: ptmx, out: make(chan []byte, 64)}
	go func() {
		for {
			b := make([]byte, 4096)
			n, err := ptmx.Read(b)
			if n > 0 {
				ss.out <- b[:n]
			}
			if err != nil {
				close(ss.out)
				return
			}
		}
	}()
	return ss, start
}

// waitFor reads until the output since the last call contains want, and
// answers cursor-position queries like a terminal.
func (s *session) waitFor(want string) time.Time {
	deadline := time.After(10 * time.Second)
	for {
		if i := strings.Index(s.buf.String(), want); i >= 0 {
			rest := s.buf.String()[i+len(want):]
			s.buf.Reset()
			s.buf.WriteString(rest)
			return time.Now()
		}
		select {
		case b, ok := <-s.out:
			if !ok {
				return time.Now()
			}
			if bytes.Contains(b, []byte("\x1b[6n")) {
				_, _ = s.ptmx.Write([]byte("\x1b[1;1R"))
			}
			s.buf.Write(b)
		case <-deadline:
			return time.Now()
		}
	}
}

// waitPrompt waits for the shell's first prompt; for lacy (sp.editor) the
// one its line editor draws, not the instant prompt before it.
func (s *session) waitPrompt(sp shellSpec) {
	if sp.editor {
		s.waitFor(editorDraws)
	}
	s.waitFor(sp.ready)
}

// discard drops what the shell wrote until now, read or not (the line
// editor's later redraws of the prompt), so that what is waited for next
// comes after the key the caller types.
func (s *session) discard() {
	for {
		select {
		case b, ok := <-s.out:
			if !ok {
				s.buf.Reset()
				return
			}
			if bytes.Contains(b, []byte("\x1b[6n")) {
				_, _ = s.ptmx.Write([]byte("\x1b[1;1R"))
			}
		default:
			s.buf.Reset()
			return
		}
	}
}

func (s *session) close() {
	_ = s.cmd.Process.Kill()
	_, _ = s.cmd.Process.Wait()
	s.ptmx.Close()
}

// exit ends the shell as a user does (exit at the prompt), so that what it
// does on the way out is done: lacy's instant-prompt entry, written just
// after the first prompt, is complete (a kill a millisecond after the
// prompt could cut it, which no terminal does). Past 5 s it is killed.
func (s *session) exit() {
	_, _ = s.ptmx.Write([]byte("exit\r"))
	done := make(chan struct{})
	go func() {
		for range s.out { // drain, so the shell never blocks writing
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	s.close()
}

func firstPrompt(sp shellSpec) (time.Duration, int) {
	s, start := startShell(sp)
	defer s.close()
	if sp.plain {
		return s.waitForPlain(sp.ready).Sub(start), 0
	}
	return s.waitFor(sp.ready).Sub(start), 0
}

// csi matches the terminal escape sequences a prompt may be coloured with.
var csi = regexp.MustCompile(`\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>])`)

// waitForPlain is waitFor with escape sequences removed from the output
// before it is searched.
func (s *session) waitForPlain(want string) time.Time {
	deadline := time.After(10 * time.Second)
	var raw bytes.Buffer
	for {
		if strings.Contains(csi.ReplaceAllString(raw.String(), ""), want) {
			return time.Now()
		}
		select {
		case b, ok := <-s.out:
			if !ok {
				return time.Now()
			}
			if bytes.Contains(b, []byte("\x1b[6n")) {
				_, _ = s.ptmx.Write([]byte("\x1b[1;1R"))
			}
			raw.Write(b)
		case <-deadline:
			fmt.Fprintf(os.Stderr, "benchstartup: %s: no prompt %q in 10 s; the output was %q\n", s.cmd.Path, want, raw.String())
			return time.Now()
		}
	}
}

// editorDraws is the sequence lacy's line editor writes just before it
// draws the prompt itself (bracketed paste on): what comes before it is
// lacy's own early drawing, the instant prompt.
const editorDraws = "\x1b[?2004h"

// firstAndReady starts the shell and returns when its first prompt was
// seen (want, escape sequences removed) and when it was ready: for lacy
// (sp.editor), want drawn after the line editor's own draw began, so the
// editor reads keys; for the others the first prompt.
func firstAndReady(sp shellSpec) (first, ready time.Duration) {
	s, start := startShell(sp)
	f, r := s.waitFirstAndReady(sp.ready, sp.editor)
	if sp.editor {
		s.exit()
	} else {
		s.close()
	}
	return f.Sub(start), r.Sub(start)
}

// waitFirstAndReady is waitForPlain for both moments firstAndReady
// returns.
func (s *session) waitFirstAndReady(want string, editor bool) (first, ready time.Time) {
	deadline := time.After(10 * time.Second)
	var raw bytes.Buffer
	for {
		now := time.Now()
		if first.IsZero() && strings.Contains(csi.ReplaceAllString(raw.String(), ""), want) {
			first = now
		}
		if !first.IsZero() && !editor {
			return first, first
		}
		if i := strings.LastIndex(raw.String(), editorDraws); editor && i >= 0 && strings.Contains(csi.ReplaceAllString(raw.String()[i:], ""), want) {
			return first, now
		}
		select {
		case b, ok := <-s.out:
			if !ok {
				return first, time.Now()
			}
			if bytes.Contains(b, []byte("\x1b[6n")) {
				_, _ = s.ptmx.Write([]byte("\x1b[1;1R"))
			}
			raw.Write(b)
		case <-deadline:
			fmt.Fprintf(os.Stderr, "benchstartup: %s: no prompt %q in 10 s; the output was %q\n", s.cmd.Path, want, raw.String())
			if first.IsZero() {
				first = time.Now()
			}
			return first, time.Now()
		}
	}
}

func enterToPrompt(sp shellSpec) (time.Duration, int) {
	s, _ := startShell(sp)
	defer s.close()
	s.waitPrompt(sp)
	time.Sleep(keyDelay)
	s.discard()
	t0 := time.Now()
	_, _ = s.ptmx.Write([]byte("true\r"))
	return s.waitFor(sp.ready).Sub(t0), 0
}

func keystrokeEcho(sp shellSpec) (time.Duration, int) {
	s, _ := startShell(sp)
	defer s.close()
	s.waitPrompt(sp)
	time.Sleep(keyDelay)
	s.discard()
	t0 := time.Now()
	_, _ = s.ptmx.Write([]byte("q"))
	return s.waitFor("q").Sub(t0), 0
}

// keystrokeAfterSlowTab presses Tab on a command whose completion takes
// 250 ms, then times the echo of the next key.
func keystrokeAfterSlowTab(sp shellSpec) (time.Duration, int) {
	s, _ := startShell(sp)
	defer s.close()
	s.waitPrompt(sp)
	time.Sleep(keyDelay)
	_, _ = s.ptmx.Write([]byte("slowcmd \t"))
	time.Sleep(20 * time.Millisecond) // the completion is running
	s.discard()
	t0 := time.Now()
	_, _ = s.ptmx.Write([]byte("q"))
	return s.waitFor("q").Sub(t0), 0
}

// keystrokeEchoPredicting types a line history knows nothing about, waits
// for lacy's prediction request to reach the (hanging) model server, then
// times the echo of one more key.
func keystrokeEchoPredicting(sp shellSpec, srv *llmtest.Server) (time.Duration, int) {
	s, _ := startShell(sp)
	defer s.close()
	s.waitPrompt(sp)
	time.Sleep(keyDelay)
	_, _ = s.ptmx.Write([]byte("zq"))
	s.waitFor("zq")
	select {
	case <-srv.Arrived():
	case <-time.After(5 * time.Second):
	}
	s.discard()
	t0 := time.Now()
	_, _ = s.ptmx.Write([]byte("x"))
	return s.waitFor("x").Sub(t0), 0
}

// modelGhost types a line history knows nothing about and times the model
// path: from the server's last byte (lastByte, set by the server) to the
// predicted line drawn as ghost text.
func modelGhost(sp shellSpec, lastByte *atomic.Int64) time.Duration {
	s, _ := startShell(sp)
	defer s.close()
	s.waitPrompt(sp)
	time.Sleep(keyDelay)
	_, _ = s.ptmx.Write([]byte("tru"))
	at := s.waitFor("zzghost")
	return at.Sub(time.Unix(0, lastByte.Load()))
}

// paste pastes (bracketed) a command line of about n characters and Enter,
// and times it until the command's output and the next prompt.
func paste(sp shellSpec, n int) (time.Duration, int) {
	s, _ := startShell(sp)
	defer s.close()
	s.waitPrompt(sp)
	time.Sleep(time.Second) // steady state: lacy's history and PATH index have loaded
	s.discard()
	line := "printf %s " + strings.Repeat("x", n) + " | wc -c"
	t0 := time.Now()
	go func() { _, _ = s.ptmx.Write([]byte("\x1b[200~" + line + "\x1b[201~\r")) }()
	s.waitFor(strconv.Itoa(n) + "\r\n") // wc -c's answer
	return s.waitFor(sp.ready).Sub(t0), 0
}

// idleRSS starts the shell, waits for its prompt and a moment, and reads
// VmRSS in kB.
func idleRSS(sp shellSpec) (time.Duration, int) {
	return idleRSSAfter(sp, 2*time.Second)
}

// idleRSSAfter is idleRSS read idle after the prompt.
func idleRSSAfter(sp shellSpec, idle time.Duration) (time.Duration, int) {
	s, _ := startShell(sp)
	defer s.close()
	if sp.plain {
		s.waitForPlain(sp.ready)
	} else {
		s.waitFor(sp.ready)
	}
	time.Sleep(idle) // idle: the history has loaded and its garbage is returned
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.Fields(rest)[0])
			return 0, kb
		}
	}
	return 0, 0
}

// compareLatency times Enter → next prompt and the first keystroke's echo
// of two lacy builds interleaved, with a 200k-entry history.
func compareLatency(bin, other, otherLabel string, otherEnv []string, runs int) {
	home, _ := os.MkdirTemp("", "lacy-bench-cmp-")
	defer os.RemoveAll(home)
	writeHistory(home, 200_000)
	env := append(os.Environ(), "HOME="+home, "XDG_STATE_HOME="+filepath.Join(home, "state"),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "INPUTRC=/dev/null", "TERM=xterm-256color")
	cases := []tableCase{
		{shell: tableShell{name: "lacy"}, spec: shellSpec{argv: []string{bin}, env: env, ready: "▌", editor: true}},
		{shell: tableShell{name: "lacy, " + strings.Join(append(otherEnv, otherLabel), " ")}, spec: shellSpec{argv: []string{other}, env: append(slices.Clone(env), otherEnv...), ready: "▌", editor: true}},
	}
	fmt.Printf("\nmedians of %d runs, interleaved, 200k history, the key typed %s after the prompt\n\n| build | Enter → next prompt | keystroke echo |\n|---|---|---|\n", runs, keyDelay)
	enter := interleave(runs, cases, func(c tableCase) time.Duration { d, _ := enterToPrompt(c.spec); return d })
	echo := interleave(runs, cases, func(c tableCase) time.Duration { d, _ := keystrokeEcho(c.spec); return d })
	for i, c := range cases {
		fmt.Printf("| %s | %s | %s |\n", c.shell.name, medianOf(enter[i]).Round(10*time.Microsecond), medianOf(echo[i]).Round(10*time.Microsecond))
	}
}

func medianOf(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
