package complete

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/lacy-sh/lacy/internal/timelimit"
)

// BashCompletionScript is where Debian's bash-completion package keeps its
// main script.
const BashCompletionScript = "/usr/share/bash-completion/bash_completion"

// Timeouts of a completion request. Past DefaultTimeout Tab gives up and
// falls back to paths, but bash may finish in the background (its answer
// is dropped) so loaded specs stay warm; past HardTimeout it is killed and
// the next Tab starts a new one. A command's first Tab in a bash (loading
// its spec) and the bash's first request get FirstTimeout.
// They scale with LACY_TIME_SCALE (internal/timelimit), and are variables
// so that tests can change them.
var (
	DefaultTimeout = timelimit.Scale(250 * time.Millisecond)
	FirstTimeout   = timelimit.Scale(time.Second)
	HardTimeout    = timelimit.Scale(3 * time.Second)
)

// StartTimeout bounds loading bash-completion in a new coprocess (about
// 10 ms on an idle machine, seconds on a loaded one). A variable, so tests
// can change it.
func StartTimeout() time.Duration { return timelimit.Scale(10 * time.Second) }

//go:embed bridge.bash
var bridgeScript string

// ErrTimeout is returned when bash did not answer in time; the coprocess is
// killed and the next request starts a new one.
var ErrTimeout = errors.New("bash completion timed out")

// Bridge asks a long-lived bash, which has loaded bash-completion, what it
// would complete: subcommands, flags, git branches, make targets, ssh
// hosts… whatever the installed completion specs provide. The bash starts
// on the first request (7–12 ms) and keeps loaded specs between requests.
// A Bridge is safe for concurrent use; requests are served one at a time.
type Bridge struct {
	bash, script  string
	timeout, hard time.Duration

	mu      sync.Mutex
	proc    *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	sent    int // how many of the replayed lines this process has seen
	replay  []string
	started int              // processes started, for tests
	loaded  map[string]bool  // commands this process has answered for
	late    chan queryResult // the answer to a request that timed out, until drained
	lateAt  time.Time        // when that request was sent
}

type queryResult struct {
	r   Reply
	err error
}

// NewBridge returns a bridge to bash-completion, or nil when bash or the
// package is missing. bash and script may be empty for the defaults ("bash"
// from PATH and BashCompletionScript).
func NewBridge(bash, script string) *Bridge {
	if script == "" {
		script = BashCompletionScript
	}
	if bash == "" {
		bash = "bash"
	}
	path, err := exec.LookPath(bash)
	if err != nil {
		return nil
	}
	if _, err := os.Stat(script); err != nil {
		return nil
	}
	return &Bridge{bash: path, script: script, timeout: DefaultTimeout, hard: HardTimeout}
}

// SetTimeouts changes how long Tab waits (DefaultTimeout; a command's first
// Tab waits at least FirstTimeout) and when a request is killed
// (HardTimeout).
func (b *Bridge) SetTimeouts(wait, kill time.Duration) {
	b.mu.Lock()
	b.timeout, b.hard = wait, kill
	b.mu.Unlock()
}

// Replay sets bash source run before the next request, and again in every
// new coprocess: the user's `complete` lines (and the functions they name)
// from ~/.lacyrc. Lines already sent are not sent again.
func (b *Bridge) Replay(lines []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(lines) < b.sent {
		b.sent = 0 // a different list: send it all again
	}
	b.replay = append(b.replay[:0], lines...)
}

// Query is one request to the bridge, in bash's terms.
type Query struct {
	Words []string // COMP_WORDS: the command's words up to the cursor, as typed
	CWord int      // COMP_CWORD: the index of the word being completed
	Line  string   // COMP_LINE
	Point int      // COMP_POINT: the cursor, a byte offset in Line
	Dir   string   // the working directory
	Path  string   // PATH for the completion functions; "" keeps bash's
	// Stop, when it closes, ends the wait at once as a timeout does (the
	// user typed on: typing never waits for a completion). Not sent.
	Stop <-chan struct{}
}

// Reply is what bash answered.
type Reply struct {
	Values []string        // COMPREPLY, as the completion function left it
	Opts   map[string]bool // the spec's and compopt's options: filenames, nospace, default, dirnames…
	NoSpec bool            // no completion spec applies to the command
	// Func, when set, is the completion function that ran an interactive
	// program (InteractivePrograms): it needs the terminal, so it must run
	// in the session (Request.Interactive); Values are then empty.
	Func string
}

// Query asks bash for the completions of q.
func (b *Bridge) Query(q Query) (Reply, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	start := time.Now()
	wait := b.timeout
	if b.proc == nil || len(q.Words) > 0 && !b.loaded[q.Words[0]] {
		wait = max(wait, FirstTimeout)
	}
	deadline := start.Add(wait)
	if b.late != nil { // the previous request is still running: let it finish
		if err := b.drain(deadline, q.Stop); err != nil {
			return Reply{}, err
		}
	}
	if b.proc == nil {
		if err := b.start(); err != nil {
			return Reply{}, err
		}
	}
	src := ""
	if b.sent < len(b.replay) {
		src = strings.Join(b.replay[b.sent:], "\n")
	}
	var req strings.Builder
	field := func(s string) {
		req.WriteString(strings.ReplaceAll(s, "\x00", ""))
		req.WriteByte(0)
	}
	field(src)
	field(q.Dir)
	field(q.Path)
	field(strconv.Itoa(len(q.Words)))
	for _, w := range q.Words {
		field(w)
	}
	field(strconv.Itoa(q.CWord))
	field(q.Line)
	field(strconv.Itoa(q.Point))

	done := make(chan queryResult, 1)
	out := b.out
	go func() {
		r, err := readReply(out)
		done <- queryResult{r, err}
	}()
	if _, err := io.WriteString(b.in, req.String()); err != nil {
		b.stop()
		<-done
		return Reply{}, err
	}
	b.sent = len(b.replay)
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case res := <-done:
		if res.err != nil {
			b.stop()
			return Reply{}, res.err
		}
		if len(q.Words) > 0 {
			b.loaded[q.Words[0]] = true
		}
		return res.r, nil
	case <-timer.C:
		b.late, b.lateAt = done, start
		return Reply{}, ErrTimeout
	case <-q.Stop:
		select {
		case res := <-done: // bash answered too: the answer wins
			if res.err == nil {
				if len(q.Words) > 0 {
					b.loaded[q.Words[0]] = true
				}
				return res.r, nil
			}
			b.stop()
			return Reply{}, res.err
		default:
		}
		b.late, b.lateAt = done, start
		return Reply{}, ErrTimeout
	}
}

// drain waits until deadline for the answer to a request that timed out,
// and drops it. Past HardTimeout since that request, the process is
// killed. The caller holds b.mu.
func (b *Bridge) drain(deadline time.Time, stop <-chan struct{}) error {
	kill := b.lateAt.Add(b.hard)
	until := deadline
	if kill.Before(until) {
		until = kill
	}
	timer := time.NewTimer(time.Until(until))
	defer timer.Stop()
	select {
	case res := <-b.late:
		b.late = nil
		if res.err != nil {
			b.stop()
		}
		return nil
	case <-timer.C:
		if time.Now().Before(kill) {
			return ErrTimeout // still running: this Tab gives up too
		}
		b.stop() // hung: kill it; this request starts a new one
		return nil
	case <-stop:
		return ErrTimeout
	}
}

// readReply reads one reply: options, count, values.
func readReply(r *bufio.Reader) (Reply, error) {
	read := func() (string, error) {
		s, err := r.ReadString(0)
		if err != nil {
			return "", err
		}
		return s[:len(s)-1], nil
	}
	opts, err := read()
	if err != nil {
		return Reply{}, err
	}
	ns, err := read()
	if err != nil {
		return Reply{}, err
	}
	n, err := strconv.Atoi(ns)
	if err != nil || n < 0 {
		return Reply{}, fmt.Errorf("bash completion: bad reply %q", ns)
	}
	rep := Reply{Opts: map[string]bool{}}
	if strings.TrimSpace(opts) == "nospec" {
		rep.NoSpec = true
	}
	for _, o := range strings.Fields(opts) {
		if fn, ok := strings.CutPrefix(o, "fn="); ok {
			rep.Func = fn
			continue
		}
		rep.Opts[o] = true
	}
	rep.Values = make([]string, 0, min(n, 4096))
	for range n {
		v, err := read()
		if err != nil {
			return Reply{}, err
		}
		rep.Values = append(rep.Values, v)
	}
	return rep, nil
}

// start launches the coprocess and waits for it to load bash-completion.
// The caller holds b.mu.
func (b *Bridge) start() error {
	cmd := exec.Command(b.bash, "--norc", "--noprofile", "-i", "-c", bridgeScript, "lacy-complete", b.script, strings.Join(InteractivePrograms(), " "))
	// Its own session (so its own process group): Ctrl-C at the prompt must
	// not reach it, and a timeout kills the programs the completion
	// functions started too. Without a controlling terminal, bash -i (which
	// makes $- hold i, as completion scripts such as fzf's test) does not
	// try to take the terminal for job control.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	b.proc, b.in, b.out, b.sent = cmd, in, bufio.NewReader(out), 0
	b.loaded = map[string]bool{}
	b.started++
	ready := make(chan error, 1)
	go func() {
		s, err := b.out.ReadString(0)
		if err == nil && s != "ready\x00" {
			err = fmt.Errorf("bash completion: unexpected %q", s)
		}
		ready <- err
	}()
	select {
	case err = <-ready:
	case <-time.After(StartTimeout()): // loading bash-completion takes ~10 ms on an idle machine
		err = ErrTimeout
	}
	if err != nil {
		b.stop()
		if err == ErrTimeout {
			<-ready
		}
	}
	return err
}

// stop kills the coprocess and its process group. The caller holds b.mu.
func (b *Bridge) stop() {
	if b.proc == nil {
		return
	}
	_ = syscall.Kill(-b.proc.Process.Pid, syscall.SIGKILL)
	_ = b.in.Close()
	_ = b.proc.Wait()
	if b.late != nil {
		<-b.late // the kill ends its read
	}
	b.proc, b.in, b.out, b.late = nil, nil, nil, nil
}

// Close ends the coprocess.
func (b *Bridge) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.stop()
}
