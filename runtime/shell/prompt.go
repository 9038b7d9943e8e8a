package shell

import (
	"context"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/runtime/bashprompt"
)

// DefaultPS1 is bash's own default prompt, which an interactive session
// starts with so that `[ -z "$PS1" ] && return` in a copied rc goes on.
// While PS1 still holds it, lacy shows its own prompt.
const DefaultPS1 = `\s-\v\$ `

// DefaultPS2 is bash's default continuation prompt.
const DefaultPS2 = "> "

// promptState is what prompt rendering keeps between prompts.
type promptState struct {
	once       sync.Once
	user, host string
	tty        string
	out        string // the value the promptvalue builtin received
	cmdNum     int
	histNum    func() int
}

// SetHistoryCount tells the shell how many entries the history holds (for
// \! in prompts).
func (s *Shell) SetHistoryCount(f func() int) { s.prompt.histNum = f }

// initDefaultPrompts sets PS1, PS2 and PS4 as an interactive bash does. A
// PS1 inherited from the environment (exported by the shell lacy was started
// from) is dropped: lacy shows a PS1 only when the rc, a hook or the user
// sets one.
func (s *Shell) initDefaultPrompts() {
	for _, kv := range [][2]string{{"PS1", DefaultPS1}, {"PS2", DefaultPS2}, {"PS4", "+ "}} {
		src := kv[0] + "="
		if kv[0] == "PS1" {
			src = "unset PS1; PS1="
		} else if s.runner.Env.Get(kv[0]).IsSet() {
			continue
		}
		q, _ := syntax.Quote(kv[1], syntax.LangBash)
		if f, err := s.parser.Parse(strings.NewReader(src+q), ""); err == nil {
			for _, st := range f.Stmts {
				_ = s.runner.RunInternal(context.Background(), st)
			}
		}
	}
}

// PromptCommands lists the commands of PROMPT_COMMAND: its elements when it
// is an array (bash 5.1), else its value.
func (s *Shell) PromptCommands() []string {
	vr, ok := s.runner.Vars["PROMPT_COMMAND"]
	if !ok {
		vr = s.runner.Env.Get("PROMPT_COMMAND")
	}
	if !vr.IsSet() {
		return nil
	}
	switch vr.Kind {
	case expand.Indexed:
		return vr.List
	case expand.Associative:
		return nil
	}
	if vr.Str == "" {
		return nil
	}
	return []string{vr.Str}
}

// RunPromptCommand runs PROMPT_COMMAND before a prompt, as bash does: in the
// session (its hooks see and change the session's variables), with $? the
// last line's status, which it keeps for the next line.
func (s *Shell) RunPromptCommand(ctx context.Context) {
	cmds := s.PromptCommands()
	if len(cmds) == 0 {
		return
	}
	status := s.lastStatus
	for _, c := range cmds {
		if strings.TrimSpace(c) == "" {
			continue
		}
		s.setStatus(ctx, status)
		_, err := s.Run(ctx, c, "PROMPT_COMMAND")
		if s.exited || err == ErrInterrupted {
			break
		}
	}
	if !s.exited {
		s.setStatus(ctx, status)
	}
}

// statusStmt is `\x00lacy:status N`, which sets $? to N.
func statusStmt(n int) *syntax.Stmt {
	lit := func(v string) *syntax.Word { return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: v}}} }
	return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit(builtinPrefix + "status"), lit(strconv.Itoa(n))}}}
}

// setStatus makes $? (and LastStatus) n without running anything visible.
func (s *Shell) setStatus(ctx context.Context, n int) {
	_ = s.runner.RunInternal(ctx, statusStmt(n))
	s.lastStatus = n
}

// CustomPS1 reports whether PS1 was changed from bash's default (by the rc,
// a hook or the user): lacy then shows it rather than its own prompt.
func (s *Shell) CustomPS1() bool {
	v := s.Getenv("PS1")
	return v != "" && v != DefaultPS1
}

// ExpandPrompt renders a prompt string as bash renders PS0, PS1 and PS2:
// its escapes (see bashprompt), then its expansions ($VAR, $(cmd), $((…)))
// in the session, unless `shopt -u promptvars`. $? is kept. The result is
// split into the prompt line and what goes to the terminal before it (a
// window title, see bashprompt.Split).
func (s *Shell) ExpandPrompt(ctx context.Context, ps string) (prompt, before string) {
	if ps == "" {
		return "", ""
	}
	in := s.promptInfo()
	expandVars := s.shoptState("promptvars", true)
	in.ForExpand = expandVars
	decoded := bashprompt.Decode(ps, &in)
	if expandVars && strings.ContainsAny(decoded, "$`\\") {
		decoded = s.expandPromptWord(ctx, decoded)
	}
	return bashprompt.Split(decoded)
}

// expandPromptWord expands a decoded prompt in the session: a here-document
// body's expansions (no field splitting, no globbing, quotes kept).
func (s *Shell) expandPromptWord(ctx context.Context, decoded string) string {
	w, err := syntax.NewParser().Document(strings.NewReader(decoded))
	if err != nil {
		return decoded
	}
	status := s.lastStatus
	s.prompt.out = decoded
	call := &syntax.CallExpr{Args: []*syntax.Word{
		{Parts: []syntax.WordPart{&syntax.Lit{Value: builtinPrefix + "promptvalue"}}},
		{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: w.Parts}}},
	}}
	st := &syntax.Stmt{Cmd: call}
	if s.opts.Interactive && !s.nativeI {
		addInteractiveFlag(st)
	}
	_ = s.runner.RunInternal(ctx, st)
	s.setStatus(ctx, status)
	return s.prompt.out
}

// RenderPS0 expands PS0, which bash prints after reading a line and before
// running it.
func (s *Shell) RenderPS0(ctx context.Context) string {
	ps := s.Getenv("PS0")
	if ps == "" {
		return ""
	}
	p, before := s.ExpandPrompt(ctx, ps)
	return before + p
}

// LineRead counts a line read at the prompt (\# in prompts).
func (s *Shell) LineRead() { s.prompt.cmdNum++ }

// promptInfo gathers what the escapes read.
func (s *Shell) promptInfo() bashprompt.Info {
	p := &s.prompt
	p.once.Do(func() {
		if u, err := user.Current(); err == nil {
			p.user = u.Username
		}
		p.host, _ = os.Hostname()
		if s.opts.TTY != nil {
			if name, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(s.opts.TTY.Fd()))); err == nil {
				p.tty = filepath.Base(name)
			}
		}
	})
	in := bashprompt.Info{
		User: p.user, Host: p.host, Cwd: s.Dir(), Home: s.Getenv("HOME"), Now: time.Now(),
		Shell: filepath.Base(strings.TrimPrefix(s.opts.Name, "-")), TTY: p.tty,
		Root: os.Geteuid() == 0, CmdNum: p.cmdNum + 1,
	}
	if u := s.Getenv("USER"); u != "" {
		in.User = u
	}
	if n, err := strconv.Atoi(s.Getenv("PROMPT_DIRTRIM")); err == nil {
		in.DirTrim = n
	}
	if v := s.Getenv("BASH_VERSION"); v != "" {
		in.Release, _, _ = strings.Cut(v, "(")
		parts := strings.SplitN(in.Release, ".", 3)
		if len(parts) >= 2 {
			in.Version = parts[0] + "." + parts[1]
		}
	}
	if p.histNum != nil {
		in.HistNum = p.histNum() + 1
	}
	s.jobs.mu.Lock()
	in.Jobs = len(s.jobs.jobs)
	s.jobs.mu.Unlock()
	return in
}

// shoptState answers whether a shopt option is on, with def when the
// session never set it.
func (s *Shell) shoptState(name string, def bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if on, ok := s.shopts[name]; ok {
		return on
	}
	return def
}

// SetVars sets shell variables (not exported) in the session, keeping $?:
// READLINE_LINE and friends for bind -x.
func (s *Shell) SetVars(ctx context.Context, vars map[string]string) {
	call := &syntax.CallExpr{}
	for name, value := range vars {
		if !syntax.ValidName(name) {
			continue
		}
		call.Assigns = append(call.Assigns, &syntax.Assign{
			Name:  &syntax.Lit{Value: name},
			Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: value}}},
		})
	}
	if len(call.Assigns) == 0 {
		return
	}
	status := s.lastStatus
	_ = s.runner.RunInternal(ctx, &syntax.Stmt{Cmd: call})
	s.setStatus(ctx, status)
}

// RunKeepStatus runs src as Run does, then gives $? back the value it had:
// a key binding's command (bind -x) is not a command line.
func (s *Shell) RunKeepStatus(ctx context.Context, src, name string) (int, error) {
	status := s.lastStatus
	n, err := s.Run(ctx, src, name)
	if !s.exited {
		s.setStatus(ctx, status)
	}
	return n, err
}

// ExpandLine is readline's shell-expand-line as bash does it: every word of
// the line goes through the shell's expansions in the session ($VAR, $(…),
// `…`, $((…)), ~, quote removal; a word that splits is joined with spaces).
// fzf's key bindings use it to put a command's output in the line. A line
// that does not parse is given back as it is; $? is kept.
func (s *Shell) ExpandLine(ctx context.Context, line string) string {
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return line
	}
	var words []*syntax.Word
	syntax.Walk(f, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok {
			words = append(words, w)
			return false
		}
		return true
	})
	status := s.lastStatus
	defer s.setStatus(ctx, status)
	out := line
	for i := len(words) - 1; i >= 0; i-- {
		w := words[i]
		start, end := int(w.Pos().Offset()), int(w.End().Offset())
		if start < 0 || end > len(out) || start > end {
			continue
		}
		s.prompt.out = out[start:end]
		call := &syntax.CallExpr{Args: []*syntax.Word{
			{Parts: []syntax.WordPart{&syntax.Lit{Value: builtinPrefix + "wordvalue"}}}, w,
		}}
		_ = s.runner.RunInternal(ctx, &syntax.Stmt{Cmd: call})
		out = out[:start] + s.prompt.out + out[end:]
	}
	return out
}
