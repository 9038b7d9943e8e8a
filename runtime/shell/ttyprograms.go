package shell

import (
	"bufio"
	"bytes"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
)

// terminalPrograms is the set of programs that get the real terminal on
// stderr instead of the tap (defaults/shell/terminal-programs.txt).
var terminalPrograms = lazy.Value[map[string]bool]{New: func() map[string]bool {
	set := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(defaults.Read("shell/terminal-programs.txt")))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			set[line] = true
		}
	}
	return set
}}

// usesTerminal reports whether a program drives the terminal itself, so it
// must see the real terminal on every fd.
func (s *Shell) usesTerminal(path string) bool {
	name := filepath.Base(path)
	if terminalPrograms.Get()[name] {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.extraTerminal[name]
}

// AddTerminalPrograms adds names to the programs that get the real terminal
// on stderr (lacy.config{ terminal_programs = {...} }).
func (s *Shell) AddTerminalPrograms(names ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.extraTerminal == nil {
		s.extraTerminal = map[string]bool{}
	}
	for _, n := range names {
		s.extraTerminal[n] = true
	}
}

// pagerEnv points the pagers of tapped programs back at the real terminal:
// git, systemctl, psql … start a pager that would otherwise inherit the tap
// as its fd 2 (and, when stdout is tapped too, as its fd 1), and pagers
// read keys from there. The user's own pager settings are kept.
func pagerEnv(env []string, stdoutTapped bool) []string {
	redirect := "exec 2>/dev/tty"
	if stdoutTapped {
		redirect = "exec >/dev/tty 2>&1"
	}
	has := func(name string) (string, bool) {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, name+"="); ok {
				return v, true
			}
		}
		return "", false
	}
	pager, ok := has("PAGER")
	if !ok || pager == "" {
		pager = "less"
	}
	if _, ok := has("GIT_PAGER"); !ok {
		q, err := syntax.Quote(pager, syntax.LangPOSIX)
		if err != nil {
			q = "less"
		}
		env = append(env, `GIT_PAGER=p=$(git config --get core.pager 2>/dev/null) || p=`+q+`; `+redirect+`; eval "exec $p"`)
	}
	return append(env, "PAGER="+redirect+"; exec "+pager)
}
