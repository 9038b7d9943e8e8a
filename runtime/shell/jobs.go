package shell

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// fgJob groups the processes started by one statement into one process
// group. It travels in the context given to the runner, so that every
// element of a pipeline joins the same group.
//
// mvdan/sh starts the elements of a pipeline concurrently, each through the
// exec handler, so an earlier element may have exited before a later one
// starts. A process may only join a group that still has a member, so the
// group's existence is tracked exactly: live counts the members that are not
// yet reaped, and a member leaves (live--) under mu before its watcher reaps
// it. A process started while live > 0 therefore always finds its group (an
// exited but unreaped leader still holds it, as bash's leader holds it until
// the pipeline is placed). When every member is gone the group is gone, and
// the next process leads a new one, which becomes the job's group.
type fgJob struct {
	mu   sync.Mutex
	pgid int  // the group's id; valid while live > 0
	live int  // started members not yet reaped
	job  *Job // the job-table entry, once the statement has one
	bg   bool // started with & : never takes the terminal
	text string
	stmt *syntax.Stmt // the statement, for the job's text when it stops

	started chan struct{} // closed when the first process has started (bg only)
	once    sync.Once
}

type jobKey struct{}

func withJob(ctx context.Context, j *fgJob) context.Context {
	return context.WithValue(ctx, jobKey{}, j)
}

func jobFrom(ctx context.Context) *fgJob {
	j, _ := ctx.Value(jobKey{}).(*fgJob)
	return j
}

// JobState is the state of a job.
type JobState int

// Job states.
const (
	Running JobState = iota
	Stopped
	Done
)

func (s JobState) String() string {
	return [...]string{"Running", "Stopped", "Done"}[s]
}

// Job is an entry of the job table: a process group started by one
// statement, in the background or stopped with Ctrl-Z.
type Job struct {
	ID   int
	Pgid int
	Text string

	procs    []*proc
	bg       bool // runs a whole statement in a goroutine
	stmtDone bool // bg: the statement finished
	status   int
	modes    *unix.Termios // terminal modes saved when it stopped
	notified JobState      // last state reported to the user
	stmt     *syntax.Stmt
}

// proc is one process of a job, watched by its own goroutine.
type proc struct {
	cmd     *exec.Cmd
	pid     int
	state   JobState
	stopSig syscall.Signal
	err     error  // cmd.Wait's result once Done
	leave   func() // called once the process has exited, before it is reaped
}

// jobTable holds the session's jobs. One mutex and condition variable
// guard every job and process, so waiters can wait for any change.
type jobTable struct {
	mu   sync.Mutex
	cond *sync.Cond
	jobs []*Job
	next int
	cur  *Job // "%+", the current job

	warned bool // an attempt to leave was refused since the last stop (see WarnStoppedJobs)

	// finished keeps the status of background jobs reported Done, by
	// PGID, so that `wait $!` still answers after the report (bash's
	// remembered background PIDs). The oldest go first past maxFinished.
	finished     map[int]int
	finishedList []int
}

const maxFinished = 256

// forget drops a finished job from the table, remembering its status for
// wait; the caller holds t.mu.
func (t *jobTable) forget(j *Job) {
	if j.bg && j.Pgid > 0 {
		if t.finished == nil {
			t.finished = map[int]int{}
		}
		if _, ok := t.finished[j.Pgid]; !ok {
			t.finishedList = append(t.finishedList, j.Pgid)
		}
		t.finished[j.Pgid] = t.statusLocked(j)
		if len(t.finishedList) > maxFinished {
			delete(t.finished, t.finishedList[0])
			t.finishedList = t.finishedList[1:]
		}
	}
	t.remove(j)
}

func newJobTable() *jobTable {
	t := &jobTable{next: 1}
	t.cond = sync.NewCond(&t.mu)
	return t
}

// add registers a job; the caller holds t.mu.
func (t *jobTable) add(j *Job) {
	if len(t.jobs) == 0 {
		t.next = 1
	}
	j.ID = t.next
	t.next++
	t.jobs = append(t.jobs, j)
	t.cur = j
}

// remove drops a job; the caller holds t.mu.
func (t *jobTable) remove(j *Job) {
	t.jobs = slices.DeleteFunc(t.jobs, func(o *Job) bool { return o == j })
	if t.cur == j {
		t.cur = nil
		if n := len(t.jobs); n > 0 {
			t.cur = t.jobs[n-1]
		}
	}
}

// stateOf derives a job's state from its processes; the caller holds t.mu.
func (j *Job) stateOf() JobState {
	running := false
	for _, p := range j.procs {
		switch p.state {
		case Stopped:
			return Stopped
		case Running:
			running = true
		}
	}
	if running || (j.bg && !j.stmtDone) {
		return Running
	}
	return Done
}

// waitid flags and child codes (CLD_*), which x/sys/unix does not define.
const (
	cldStopped   = 5
	cldTrapped   = 4
	cldContinued = 6
)

// sigchldInfo is the SIGCHLD layout of siginfo_t on Linux.
type sigchldInfo struct {
	Signo, Errno, Code, _ int32
	Pid                   int32
	UID                   uint32
	Status                int32
	_                     [100]byte
}

// watch follows a process until it exits, recording stops and continues.
// It reaps the process through cmd.Wait, which also finishes its I/O; the
// exit is first seen with WNOWAIT, so p.leave runs while the process still
// holds its place in its process group.
func (t *jobTable) watch(p *proc) {
	for {
		var info sigchldInfo
		si := (*unix.Siginfo)(unsafe.Pointer(&info))
		err := unix.Waitid(unix.P_PID, p.pid, si, unix.WEXITED|unix.WSTOPPED|unix.WCONTINUED|unix.WNOWAIT, nil)
		if err == unix.EINTR {
			continue
		}
		if err == nil {
			switch info.Code {
			case cldStopped, cldTrapped:
				_ = unix.Waitid(unix.P_PID, p.pid, si, unix.WSTOPPED, nil)
				t.set(p, Stopped, syscall.Signal(info.Status))
				continue
			case cldContinued:
				_ = unix.Waitid(unix.P_PID, p.pid, si, unix.WCONTINUED, nil)
				t.set(p, Running, 0)
				continue
			}
		}
		if p.leave != nil {
			p.leave()
		}
		werr := p.cmd.Wait()
		t.mu.Lock()
		p.state, p.err = Done, werr
		t.cond.Broadcast()
		t.mu.Unlock()
		return
	}
}

func (t *jobTable) set(p *proc, st JobState, sig syscall.Signal) {
	t.mu.Lock()
	p.state, p.stopSig = st, sig
	if st == Stopped {
		t.warned = false
	}
	t.cond.Broadcast()
	t.mu.Unlock()
}

// hangUp sends SIGHUP (and SIGCONT to stopped ones) to every job, as an
// interactive bash does when it exits.
func (t *jobTable) hangUp() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, j := range t.jobs {
		if j.Pgid > 0 && j.stateOf() != Done {
			_ = syscall.Kill(-j.Pgid, syscall.SIGHUP)
			_ = syscall.Kill(-j.Pgid, syscall.SIGCONT)
		}
	}
}

// runJobControlled starts cmd in the statement's process group, gives it the
// terminal when it is in the foreground, and waits until it exits or stops.
func (s *Shell) runJobControlled(ctx context.Context, cmd *exec.Cmd, fj *fgJob) error {
	hc := interp.HandlerCtx(ctx)
	fj.mu.Lock()
	pgid := 0 // lead a new group: the first process, or every member is reaped
	if fj.live > 0 {
		pgid = fj.pgid
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pgid: pgid}
	if !fj.bg {
		cmd.SysProcAttr.Foreground = true
		cmd.SysProcAttr.Ctty = s.tty.fd
	}
	cmd, err := startCmd(cmd)
	if err != nil {
		fj.mu.Unlock()
		return s.startError(hc, cmd.Args, cmd.Path, err)
	}
	p := &proc{cmd: cmd, pid: cmd.Process.Pid, leave: func() {
		fj.mu.Lock()
		fj.live--
		fj.mu.Unlock()
	}}
	if pgid == 0 {
		fj.pgid = p.pid
	}
	fj.live++
	t := s.jobs
	t.mu.Lock()
	if fj.job == nil {
		fj.job = &Job{Text: fj.text, bg: fj.bg, stmt: fj.stmt}
		if fj.bg {
			t.add(fj.job)
		}
	}
	j := fj.job
	j.Pgid = fj.pgid
	j.procs = append(j.procs, p)
	t.mu.Unlock()
	fj.mu.Unlock()
	if fj.started != nil {
		fj.once.Do(func() { close(fj.started) })
	}
	go t.watch(p)

	stop := context.AfterFunc(ctx, func() { s.signalGroup(t.pgid(j), syscall.SIGINT) })
	defer stop()

	t.mu.Lock()
	for p.state == Running || (fj.bg && p.state == Stopped) {
		t.cond.Wait()
	}
	state := p.state
	if state == Stopped {
		s.stopForeground(j)
	}
	werr := p.err
	t.mu.Unlock()

	if state == Stopped {
		return interp.ExitStatus(128 + int(p.stopSig))
	}
	return s.exitError(ctx, werr)
}

// stopForeground files a foreground job that was stopped into the job
// table; the caller holds s.jobs.mu.
func (s *Shell) stopForeground(j *Job) {
	if !slices.Contains(s.jobs.jobs, j) {
		s.jobs.add(j)
	}
	if j.Text == "" && j.stmt != nil {
		j.Text = stmtText(j.stmt)
	}
	s.jobs.cur = j
	if j.modes == nil {
		j.modes = s.tty.modes()
	}
}

// pgid is j's process group, which changes when a statement's group died
// out before its next process started.
func (t *jobTable) pgid(j *Job) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return j.Pgid
}

func (s *Shell) signalGroup(pgid int, sig syscall.Signal) {
	if pgid > 0 {
		_ = syscall.Kill(-pgid, sig)
	}
}

// startBackground runs a `cmd &` statement as a job in its own process group.
func (s *Shell) startBackground(_ context.Context, st *syntax.Stmt) (int, error) {
	st2 := *st
	st2.Background = false
	fj := &fgJob{bg: true, text: stmtText(st) + " &", started: make(chan struct{})}
	r := s.runner.Subshell()
	t := s.jobs
	go func() {
		err := r.Run(withJob(context.Background(), fj), &st2)
		status, _ := statusOf(context.Background(), err)
		t.mu.Lock()
		if fj.job == nil { // a builtin-only job: nothing was started
			fj.job = &Job{Text: fj.text, bg: true}
		}
		fj.job.stmtDone, fj.job.status = true, status
		t.cond.Broadcast()
		t.mu.Unlock()
		fj.once.Do(func() { close(fj.started) })
	}()
	select {
	case <-fj.started:
	case <-time.After(bgStartWait()):
	}
	pgid := 0
	t.mu.Lock()
	if j := fj.job; j != nil && j.ID > 0 {
		fmt.Fprintf(s.opts.Stderr, "[%d] %d\n", j.ID, j.Pgid)
		pgid = j.Pgid
	}
	t.mu.Unlock()
	if pgid > 0 { // $!
		if f, err := syntax.NewParser().Parse(strings.NewReader(bgPIDVar+"="+strconv.Itoa(pgid)), ""); err == nil {
			_ = s.runner.RunInternal(context.Background(), f.Stmts[0])
		}
	}
	return 0, nil
}

// stmtText renders a statement for job listings.
func stmtText(st *syntax.Stmt) string {
	var b strings.Builder
	st2 := *st
	st2.Background = false
	_ = syntax.NewPrinter(syntax.SingleLine(true)).Print(&b, &st2)
	return strings.TrimSpace(b.String())
}

// JobNotifications returns the lines bash prints before a prompt about jobs
// that finished or stopped since the last call ("[1]+  Done    sleep 5"),
// and forgets finished jobs.
func (s *Shell) JobNotifications() []string {
	t := s.jobs
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	for _, j := range slices.Clone(t.jobs) {
		st := j.stateOf()
		if st == j.notified {
			continue
		}
		if st == Done || st == Stopped {
			out = append(out, t.format(j, st))
		}
		j.notified = st
		if st == Done {
			t.forget(j)
		}
	}
	return out
}

// format renders a job as `jobs` lists it; the caller holds t.mu.
func (t *jobTable) format(j *Job, st JobState) string {
	mark := " "
	if j == t.cur {
		mark = "+"
	}
	state := st.String()
	if st == Done {
		state = doneState(t.statusLocked(j))
	}
	if st == Stopped {
		for _, p := range j.procs {
			if p.state == Stopped {
				switch p.stopSig {
				case syscall.SIGTTIN:
					state = "Stopped (tty input)"
				case syscall.SIGTTOU:
					state = "Stopped (tty output)"
				}
			}
		}
	}
	return fmt.Sprintf("[%d]%s  %-24s%s", j.ID, mark, state, j.Text)
}

// formatLong renders a job as `jobs -l` does: its process ID after the
// mark ("[1]+  4242 Running   sleep 100 &"), and a line with the ID of
// each further process of a pipeline.
func (t *jobTable) formatLong(j *Job, st JobState) string {
	short := t.format(j, st) // "[1]+  Running …"
	head, rest, _ := strings.Cut(short, "  ")
	pids := []int{j.Pgid}
	for i, p := range j.procs {
		if i == 0 && p.pid == j.Pgid || p.pid == 0 {
			continue
		}
		pids = append(pids, p.pid)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %d %s", head, pids[0], rest)
	for _, pid := range pids[1:] {
		fmt.Fprintf(&b, "\n%s%d", strings.Repeat(" ", len(head)+2), pid)
	}
	return b.String()
}

// cleanExit reports whether every process of the statement exited normally
// (not stopped or killed by a signal): the terminal modes it left are then
// kept, as bash keeps the effect of `stty`.
func (s *Shell) cleanExit(fj *fgJob) bool {
	fj.mu.Lock()
	j := fj.job
	fj.mu.Unlock()
	if j == nil {
		return true
	}
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	for _, p := range j.procs {
		if p.state != Done {
			return false
		}
		if ee, ok := p.err.(*exec.ExitError); ok {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				return false
			}
		}
	}
	return true
}

// statusLocked is the exit status of a finished job: the statement's for a
// background job, else its last process's. The caller holds t.mu.
func (t *jobTable) statusLocked(j *Job) int {
	if j.bg {
		return j.status
	}
	if len(j.procs) == 0 {
		return 0
	}
	ee, ok := j.procs[len(j.procs)-1].err.(*exec.ExitError)
	if !ok {
		return 0
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ee.ExitCode()
}

// doneState words a finished job's status as bash does: "Done",
// "Exit 2", "Terminated", "Killed".
func doneState(status int) string {
	switch {
	case status == 0:
		return "Done"
	case status > 128 && status < 128+65:
		name := syscall.Signal(status - 128).String()
		if name != "" && !strings.HasPrefix(name, "signal ") {
			return strings.ToUpper(name[:1]) + name[1:]
		}
	}
	return fmt.Sprintf("Exit %d", status)
}

// StoppedJobs is the number of jobs stopped with Ctrl-Z (or a signal).
func (s *Shell) StoppedJobs() int {
	t := s.jobs
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, j := range t.jobs {
		if j.stateOf() == Stopped {
			n++
		}
	}
	return n
}

// WarnStoppedJobs is bash's guard against leaving stopped jobs behind: the
// first attempt to leave the session (exit, logout, Ctrl-D) while jobs are
// stopped prints a warning to w naming how to insist (again: "exit",
// "Ctrl-D") and returns true; the next attempt returns false, and the
// session may end (Close hangs the jobs up). A job stopping again re-arms
// the warning.
func (s *Shell) WarnStoppedJobs(w io.Writer, again string) bool {
	t := s.jobs
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.warned || !slices.ContainsFunc(t.jobs, func(j *Job) bool { return j.stateOf() == Stopped }) {
		return false
	}
	t.warned = true
	fmt.Fprintf(w, "%s: there are stopped jobs (%s again to exit and hang them up)\n", s.opts.Name, again)
	return true
}

// isExit reports whether st is a plain `exit` or `logout` command, which
// WarnStoppedJobs may hold back.
func isExit(st *syntax.Stmt) bool {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || st.Negated || st.Background {
		return false
	}
	name := call.Args[0].Lit()
	return name == "exit" || name == "logout"
}
