package agents

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"github.com/lacy-sh/lacy/runtime/gitinfo"
)

// Command is one recent command and how it ended.
type Command struct {
	Cmd  string
	Exit int
}

// Failure is a failed command whose line was rerouted to the agent.
type Failure struct {
	Cmd        string
	Exit       int
	StderrTail string
}

// Context is what the shell tells the model about where the user is. It is
// rendered into a small block sent with every request (in the system
// message, never stored in the conversation) and redacted first.
type Context struct {
	Cwd       string
	GitBranch string // "" outside a repository
	GitDirty  bool
	OS        string // e.g. "linux/amd64"; "" means this machine's
	Shell     string // e.g. "lacy (bash syntax)"
	Recent    []Command
	Failed    *Failure
	// Files are the project context files (AGENTS.md …); nil means not
	// collected yet: the manager reads them for Cwd (see ProjectFiles).
	Files []ContextFile
	// Output is the last command's output tail (stdout and stderr as the
	// terminal showed them), with lacy.config{ context = { output = true } }.
	Output *OutputTail
	// Input is extra text the user attached (lacy ask reads it from stdin);
	// it goes with the user's message, not here, but is carried in the same
	// value for convenience.
	Input string
}

// Bounds of the context block.
const (
	maxRecent     = 5
	maxCmdLen     = 200
	maxStderrTail = 2000
)

// Render returns the context block, or "" when there is nothing to say.
func (c Context) Render() string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	if c.Cwd != "" {
		line("cwd: %s", c.Cwd)
	}
	if c.GitBranch != "" {
		state := "clean"
		if c.GitDirty {
			state = "uncommitted changes"
		}
		line("git: branch %s, %s", c.GitBranch, state)
	}
	osName := c.OS
	if osName == "" {
		osName = runtime.GOOS + "/" + runtime.GOARCH
	}
	shell := c.Shell
	if shell == "" {
		shell = "lacy (bash syntax)"
	}
	line("os: %s; shell: %s", osName, shell)
	renderFiles(&b, c.Files)
	if recent := c.Recent; len(recent) > 0 {
		if len(recent) > maxRecent {
			recent = recent[len(recent)-maxRecent:]
		}
		line("recent commands (oldest first):")
		for _, r := range recent {
			line("  [exit %d] %s", r.Exit, clip(r.Cmd, maxCmdLen))
		}
	}
	if f := c.Failed; f != nil {
		line("the command that just failed: %s (exit %d)", clip(f.Cmd, maxCmdLen), f.Exit)
		if tail := strings.TrimSpace(f.StderrTail); tail != "" {
			if len(tail) > maxStderrTail {
				tail = "…" + tail[len(tail)-maxStderrTail:]
			}
			line("its stderr (last lines):")
			b.WriteString(indent(tail))
		}
	}
	renderOutput(&b, c.Output)
	return "<context>\n" + b.String() + "</context>"
}

// CollectContext fills the parts of a Context that lacy can learn on its
// own for dir: the directory, git branch and state (gitinfo.Default's time limit),
// OS and shell. The REPL adds recent commands and failures.
func CollectContext(ctx context.Context, dir string) Context {
	c := Context{Cwd: dir, OS: runtime.GOOS + "/" + runtime.GOARCH, Shell: "lacy (bash syntax)"}
	c.GitBranch, c.GitDirty = GitState(ctx, dir)
	return c
}

// GitState returns the branch checked out in dir and whether tracked
// files have changes; "" when dir is not in a repository or git is slow or
// absent. It reads through gitinfo.Default (optional locks off, never a
// SIGKILL); the REPL reads through its session's reader instead.
func GitState(ctx context.Context, dir string) (branch string, dirty bool) {
	st, _ := gitinfo.Default.State(ctx, dir)
	return st.Branch, st.Dirty
}

// clip shortens s to n bytes on one line.
func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ⏎ ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// indent prefixes every line of s with two spaces and ends it with a newline.
func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return ""
	}
	return "  " + strings.ReplaceAll(s, "\n", "\n  ") + "\n"
}

func trimLower(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
