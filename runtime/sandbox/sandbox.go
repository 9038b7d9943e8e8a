// Package sandbox confines the programs an agent runs with Landlock: they
// may write only in the working tree, the system temp dir and the paths the
// agent's config allows, may not read credential locations (~/.ssh, ~/.aws…)
// and may not use TCP unless allowed.
//
// Landlock restricts the calling thread and what it executes, so lacy does
// not restrict itself: it runs each program through a small launcher, its
// own binary started with the hidden first argument Arg, which builds the
// ruleset, restricts its one thread and execs the program (Main). The
// interpreter's own file opens (redirections, source) are checked against
// the same Policy in process (Policy.Check).
package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/realpath"
	"github.com/lacy-sh/lacy/spec"
)

// Arg is the hidden first argument that makes lacy-full the launcher.
const Arg = "__sandbox-exec"

// Policy is what a sandboxed program may do.
type Policy struct {
	// Off disables the sandbox (lacy.agent{ sandbox = false }); Why says
	// where it was turned off, for the question the user answers.
	Off bool
	Why string
	// Tree is the working tree: read and write.
	Tree string
	// Write lists more writable paths (config, defaults/sandbox/write.txt,
	// the temp dir). Missing ones are skipped.
	Write []string
	// ReadDeny lists paths that may be neither read nor written.
	ReadDeny []string
	// KeepOut lists paths inside the writable ones that stay read-only:
	// the home directory when the tree holds it (the tree is / or /home).
	KeepOut []string
	// Network allows TCP. Without it TCP connect and bind are refused
	// where the kernel's Landlock has network rules (ABI 4).
	Network bool
}

// Config is an agent's sandbox as declared in Lua: sandbox = { write = {…},
// read_deny = {…}, network = false }, or sandbox = false (Off). It is
// spec.Sandbox, so the configuration's types stay in a leaf package.
type Config = spec.Sandbox

// For returns the policy of a command run in the working tree tree under
// the given config: the defaults plus the config, ~ expanded, paths
// cleaned and made absolute, symlinks resolved. A tree that is the home
// directory is not writable, and one holding it (/, /home) is writable
// except the home directory: writing there would reach shell start-up
// files.
func For(tree string, c Config) Policy {
	home := Home()
	p := Policy{Off: c.Off, Network: c.Network}
	if c.Off {
		p.Why = "sandbox = false in this agent's config"
		return p
	}
	if tree = clean(tree, home); tree != "" && tree != home {
		p.Tree = tree
		if home != "" && within(tree, home) {
			p.KeepOut = []string{home}
		}
	}
	writes := append(lines("sandbox/write.txt"), os.TempDir())
	for _, w := range append(writes, c.Write...) {
		if w = clean(w, home); w != "" && !slices.Contains(p.Write, w) {
			p.Write = append(p.Write, w)
			if home != "" && w != home && within(w, home) && !slices.Contains(p.KeepOut, home) {
				// A writable place holding the home (a home in /tmp):
				// the home stays read-only all the same.
				p.KeepOut = append(p.KeepOut, home)
			}
		}
	}
	for _, d := range append(lines("sandbox/read-deny.txt"), c.ReadDeny...) {
		d = clean(d, home)
		if d == "" {
			continue
		}
		for _, v := range []string{d, realpath.Prefix(d)} {
			if !slices.Contains(p.ReadDeny, v) {
				p.ReadDeny = append(p.ReadDeny, v)
			}
		}
	}
	return p
}

// Home is the home directory ("" if unknown).
func Home() string {
	h, _ := os.UserHomeDir()
	return h
}

// lines reads an embedded list: one entry a line, # comments.
func lines(name string) []string {
	var out []string
	for _, l := range strings.Split(string(defaults.Read(name)), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// clean expands ~ and makes p absolute and clean ("" when it cannot be).
func clean(p, home string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home == "" {
			return ""
		}
		p = home + p[1:]
	}
	if !filepath.IsAbs(p) {
		return ""
	}
	return filepath.Clean(p)
}

// within reports whether p is root or below it.
func within(root, p string) bool {
	return p == root || strings.HasPrefix(p, strings.TrimSuffix(root, "/")+"/")
}

// Denied reports whether path (absolute, clean) or where its symlinks lead
// is in a read-deny location.
func (p Policy) Denied(path string) bool {
	r := realpath.Prefix(path)
	for _, d := range p.ReadDeny {
		if within(d, path) || within(d, r) {
			return true
		}
	}
	return false
}

// Writable reports whether a sandboxed program may write path (absolute,
// clean): below the tree or a write path, after symlinks, and not denied.
func (p Policy) Writable(path string) bool {
	if p.Denied(path) {
		return false
	}
	r := realpath.Prefix(path)
	for _, w := range append([]string{p.Tree}, append(p.Write, devices...)...) {
		if w != "" && within(w, path) && (within(w, r) || within(realpath.Prefix(w), r)) && !p.keptOut(w, path, r) {
			return true
		}
	}
	return false
}

// keptOut reports whether path (or r, where it leads) is in a KeepOut
// place that the writable place w holds: a home inside /tmp is not
// writable through /tmp, though a tree inside the home is.
func (p Policy) keptOut(w, path, r string) bool {
	for _, k := range p.KeepOut {
		if k != w && within(w, k) && (within(k, path) || within(k, r)) {
			return true
		}
	}
	return false
}

// devices may be written by any sandboxed program.
var devices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/tty", "/dev/pts", "/dev/ptmx", "/dev/shm",
	"/dev/stdout", "/dev/stderr", "/dev/fd", "/proc/self/fd"}

// ErrDenied is returned by Check for what the sandbox refuses.
var ErrDenied = errors.New("denied by the agent sandbox")

// Check is the in-process form of the policy, for files the interpreter
// opens itself (redirections, source): a read of a denied location or a
// write outside the writable paths fails with ErrDenied.
func (p Policy) Check(path string, write bool) error {
	if p.Off {
		return nil
	}
	path = filepath.Clean(path)
	if p.Denied(path) || procOfProcess(path) || write && !p.Writable(path) {
		return fmt.Errorf("%s: %w", path, ErrDenied)
	}
	return nil
}

// procOfProcess reports whether path is in a process's /proc directory
// (its environment holds API keys): /proc/PID/…, /proc/self/…
func procOfProcess(path string) bool {
	rest, ok := strings.CutPrefix(path, "/proc/")
	if !ok {
		return false
	}
	first, _, _ := strings.Cut(rest, "/")
	if first == "self" || first == "thread-self" {
		return true
	}
	if first == "" {
		return false
	}
	for _, c := range first {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Describe says in one line what the sandbox allows, for the question a
// user answers: "sandbox: writes /src/x, /tmp, ~/.cache; no reads of ~/.ssh,
// ~/.aws…; no network".
func (p Policy) Describe() string {
	if p.Off {
		return "⚠ unsandboxed: " + p.Why
	}
	if !Available() {
		return "⚠ unsandboxed: this kernel has no Landlock, so nothing bounds what the command does beyond your answer"
	}
	home := Home()
	short := func(s string) string {
		if home != "" && within(home, s) {
			return "~" + strings.TrimPrefix(s, home)
		}
		return s
	}
	var w []string
	if p.Tree != "" {
		w = append(w, short(p.Tree))
	}
	for _, x := range p.Write {
		if _, err := os.Stat(x); err == nil {
			w = append(w, short(x))
		}
	}
	deny := "no reads of ~/.ssh, ~/.aws, ~/.gnupg, ~/.kube… (" + fmt.Sprint(len(p.ReadDeny)) + " places)"
	net := "no network"
	if p.Network {
		net = "network allowed"
	} else if ABI() < 4 {
		net = "network not restricted (Landlock ABI " + fmt.Sprint(ABI()) + " has no network rules)"
	}
	return "sandbox: writes only " + strings.Join(w, ", ") + "; " + deny + "; " + net
}

// Command returns the argv that runs path with args under the policy
// through launcher (lacy-full): launcher Arg POLICY -- path args[1:]…
// args[0] stays the program's own argv[0].
func (p Policy) Command(launcher, path string, args []string) []string {
	return append([]string{launcher, Arg, p.Encode(), "--", path}, args...)
}

// Encode writes the policy as one argument: key "value" pairs, values
// quoted as Go strings (nothing for the launcher to initialise or parse
// but the standard library's strconv).
func (p Policy) Encode() string {
	var b strings.Builder
	add := func(k, v string) { b.WriteString(k + " " + strconv.Quote(v) + " ") }
	if p.Off {
		add("off", "1")
	}
	if p.Network {
		add("net", "1")
	}
	add("tree", p.Tree)
	for _, w := range p.Write {
		add("write", w)
	}
	for _, d := range p.ReadDeny {
		add("deny", d)
	}
	for _, k := range p.KeepOut {
		add("keep", k)
	}
	return b.String()
}

// Decode reads what Encode wrote.
func Decode(s string) (Policy, error) {
	var p Policy
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		k, rest, ok := strings.Cut(s, " ")
		if !ok {
			return p, fmt.Errorf("bad policy near %q", s)
		}
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return p, fmt.Errorf("bad policy near %q", rest)
		}
		v, _ := strconv.Unquote(q)
		s = rest[len(q):]
		switch k {
		case "off":
			p.Off = v == "1"
		case "net":
			p.Network = v == "1"
		case "tree":
			p.Tree = v
		case "write":
			p.Write = append(p.Write, v)
		case "deny":
			p.ReadDeny = append(p.ReadDeny, v)
		case "keep":
			p.KeepOut = append(p.KeepOut, v)
		default:
			return p, fmt.Errorf("unknown policy field %q", k)
		}
	}
	return p, nil
}

// Launcher is the program that applies a policy: the lacy beside the
// running lacy-full, else the running binary, or what SetLauncher set
// (tests).
func Launcher() (string, error) {
	launcherMu.Lock()
	l := launcher
	launcherMu.Unlock()
	if l != "" {
		return l, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	// Both binaries launch; lacy (cmd/lacy, no model or MCP client)
	// starts in a few ms, lacy-full in about twenty, so lacy-full uses its
	// sibling.
	if filepath.Base(exe) == "lacy-full" {
		if lacy := filepath.Join(filepath.Dir(exe), "lacy"); isFile(lacy) {
			return lacy, nil
		}
	}
	return exe, nil
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

var (
	launcherMu sync.Mutex
	launcher   string
)

// SetLauncher sets the launcher binary ("" is the running executable).
func SetLauncher(path string) {
	launcherMu.Lock()
	launcher = path
	launcherMu.Unlock()
}

type ctxKey struct{}

// WithPolicy returns ctx carrying the policy of the command run with it.
func WithPolicy(ctx context.Context, p Policy) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// FromContext returns the policy WithPolicy put in ctx.
func FromContext(ctx context.Context) (Policy, bool) {
	p, ok := ctx.Value(ctxKey{}).(Policy)
	return p, ok
}
