package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"

	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/internal/realpath"
)

// ABI is the kernel's Landlock ABI version, 0 without Landlock.
// LACY_SANDBOX_ABI=0 in the environment pretends there is none (tests of
// the unsandboxed path).
func ABI() int { return abi.Get() }

var abi = lazy.Value[int]{New: func() int {
	if os.Getenv("LACY_SANDBOX_ABI") == "0" {
		return 0
	}
	v, err := ll.LandlockGetABIVersion()
	if err != nil {
		return 0
	}
	return v
}}

// Available reports whether commands can be sandboxed here.
func Available() bool { return ABI() >= 1 }

// Access rights.
const (
	readDir  = landlock.AccessFSSet(ll.AccessFSReadDir)
	readAll  = landlock.AccessFSSet(ll.AccessFSExecute | ll.AccessFSReadFile | ll.AccessFSReadDir)
	fileOnly = landlock.AccessFSSet(ll.AccessFSExecute | ll.AccessFSWriteFile | ll.AccessFSReadFile | ll.AccessFSTruncate | ll.AccessFSIoctlDev)
	rwAll    = landlock.AccessFSSet(1<<16 - 1) // every right of ABI 5-7, refer and ioctl on devices included
)

// grant is one path-beneath rule.
type grant struct {
	path   string
	access landlock.AccessFSSet
}

// Rules returns the Landlock rules of the policy. Landlock only grants, so
// a denied location below a granted directory is carved out: the
// directory itself gets listing only, and each of its entries the grant,
// except the denied ones (recursively, down to the denied path).
func (p Policy) Rules() []landlock.Rule {
	grants := []grant{{"/", readAll}}
	for _, w := range append([]string{p.Tree}, append(p.Write, devices...)...) {
		if w != "" {
			grants = append(grants, grant{w, rwAll})
		}
	}
	var out []grant
	for _, g := range grants {
		deny := p.ReadDeny
		if g.access != readAll {
			// A writable place holding a KeepOut one leaves it out.
			for _, k := range p.KeepOut {
				if k != g.path && within(g.path, k) {
					deny = append(slices.Clone(deny), k)
				}
			}
		}
		out = carve(out, g, realpath.Prefix(g.path), deny, 0)
	}
	rules := make([]landlock.Rule, 0, len(out))
	for _, g := range out {
		rules = append(rules, landlock.PathAccess(g.access, g.path).IgnoreIfMissing())
	}
	return rules
}

// carve adds g to out, minus the denied locations; r is where g.path
// leads after symlinks.
func carve(out []grant, g grant, r string, denied []string, depth int) []grant {
	fi, err := os.Stat(g.path) // rules follow symlinks: judge where it leads
	if err != nil || depth > 16 {
		return out
	}
	below := false
	for _, d := range denied {
		if within(d, g.path) || within(d, r) {
			return out // denied: no grant at all
		}
		if within(r, d) || within(g.path, d) {
			below = true
		}
	}
	if !fi.IsDir() {
		if !fi.Mode().IsRegular() && fi.Mode()&os.ModeCharDevice == 0 {
			return out // a pipe or socket (/dev/stdout): no rule applies to it
		}
		return append(out, grant{g.path, g.access & fileOnly})
	}
	if g.path == "/proc" && g.access == readAll {
		return carveProc(out)
	}
	if !below {
		return append(out, g)
	}
	out = append(out, grant{g.path, readDir})
	entries, err := os.ReadDir(g.path)
	if err != nil {
		return out
	}
	for _, e := range entries {
		child := filepath.Join(g.path, e.Name())
		cr := filepath.Join(r, e.Name()) // the directory is resolved: only a link entry moves
		if e.Type()&os.ModeSymlink != 0 {
			cr = realpath.Prefix(child)
		}
		out = carve(out, grant{child, g.access}, cr, denied, depth+1)
	}
	return out
}

// carveProc grants /proc except the directories of other processes: their
// environment (API keys) and memory stay unreadable. The program's own
// directory (the launcher's pid, kept by exec) and the system files
// (cpuinfo, meminfo, sys…) stay readable; the processes it starts later
// cannot read their own /proc/PID.
func carveProc(out []grant) []grant {
	out = append(out, grant{"/proc", readDir})
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return out
	}
	self := strconv.Itoa(os.Getpid())
	for _, e := range entries {
		name := e.Name()
		if isPID(name) && name != self || name == "self" || name == "thread-self" {
			continue // self links to our own pid, granted by number
		}
		p := filepath.Join("/proc", name)
		if e.IsDir() {
			out = append(out, grant{p, readAll})
		} else if e.Type().IsRegular() {
			out = append(out, grant{p, readAll & fileOnly})
		}
	}
	return out
}

func isPID(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Main is the launcher: args are POLICY -- PATH ARGV…. It restricts its
// own thread with the policy and execs PATH; it returns only on failure,
// with the exit status to use (126, as a shell for a program that cannot
// run). Without Landlock it refuses to run the program.
func Main(args []string) int {
	if len(args) < 4 || args[1] != "--" {
		fmt.Fprintln(os.Stderr, "lacy: "+Arg+": usage: POLICY -- PATH ARGV…")
		return 2
	}
	p, err := Decode(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "lacy: "+Arg+": bad policy:", err)
		return 2
	}
	path, argv := args[2], args[3:]
	runtime.LockOSThread() // never unlocked: the exec happens on this thread
	if err := p.restrictThread(); err != nil {
		fmt.Fprintln(os.Stderr, "lacy: sandbox:", err)
		return 126
	}
	err = syscall.Exec(path, argv, os.Environ())
	if errors.Is(err, syscall.ENOEXEC) {
		// A script without #!: a shell runs it, as bash would.
		err = syscall.Exec("/bin/sh", append([]string{"sh", path}, argv[1:]...), os.Environ())
	}
	fmt.Fprintf(os.Stderr, "lacy: %s: %v\n", argv[0], err)
	if errors.Is(err, syscall.ENOENT) {
		return 127
	}
	return 126
}

// restrictThread applies the policy to the calling (locked) thread.
func (p Policy) restrictThread() error {
	if p.Off {
		return nil
	}
	if !Available() {
		return errors.New("this kernel has no Landlock")
	}
	// The newest ABI go-landlock knows, downgraded to the kernel's: on ABI 9+
	// pathname Unix sockets (ssh-agent, docker, tmux) are out of reach too,
	// on ABI 10+ UDP as well.
	cfg := landlock.V11
	if p.Network {
		cfg.HandledAccessNet = 0
	}
	fd, flags, err := cfg.BestEffort().NewRulesetFD(p.Rules()...)
	if err != nil {
		return err
	}
	if fd < 0 {
		return nil
	}
	defer unix.Close(fd)
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("prctl(PR_SET_NO_NEW_PRIVS): %w", err)
	}
	return ll.LandlockRestrictSelf(fd, flags)
}
