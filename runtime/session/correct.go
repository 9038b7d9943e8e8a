package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/complete"
	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/correct/helpopts"
	"github.com/lacy-sh/lacy/runtime/correct/project"
)

// OptionsCache is the process's knowledge of programs' options and
// subcommands, per program version ($XDG_CACHE_HOME/lacy/options.json).
func OptionsCache() *helpopts.Cache { return optionsCache.Get() }

var optionsCache = lazy.Value[*helpopts.Cache]{New: func() *helpopts.Cache {
	c := helpopts.Open(helpopts.DefaultFile())
	c.Complete = bridgeCandidates
	return c
}}

// bridgeTimeout bounds one question to bash-completion while options are
// learned (off the prompt's path).
const bridgeTimeout = 3 * time.Second

// bridgeCandidates asks a bash-completion bridge of its own (not the
// prompt's, whose Tab must never wait behind it) for the completions of
// words; nil without bash-completion or on a timeout.
func bridgeCandidates(ctx context.Context, words []string) []string {
	b := complete.NewBridge("", "")
	if b == nil {
		return nil
	}
	defer b.Close()
	b.SetTimeouts(bridgeTimeout, bridgeTimeout)
	line := strings.Join(words, " ")
	dir, _ := os.Getwd()
	stop := make(chan struct{})
	var once sync.Once
	end := func() { once.Do(func() { close(stop) }) }
	defer context.AfterFunc(ctx, end)()
	defer end()
	rep, err := b.Query(complete.Query{Words: words, CWord: len(words) - 1, Line: line, Point: len(line), Dir: dir, Stop: stop})
	if err != nil || rep.NoSpec {
		return nil
	}
	if words[len(words)-1] != "" {
		return rep.Values
	}
	var out []string
	for _, v := range rep.Values {
		v = strings.TrimSpace(v)
		if _, err := os.Lstat(filepath.Join(dir, v)); err != nil {
			out = append(out, v) // a file name is no subcommand
		}
	}
	return out
}

// LearnOptions learns prog's (sub's) options in the background (at most
// one learning at a time per program, once per version) and returns at
// once: the next failure of prog finds them.
func LearnOptions(prog, sub string, timeout time.Duration) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		_ = OptionsCache().Learn(ctx, prog, sub)
	}()
}

// NewCorrector returns lacy's correction rules with the config's Lua rules
// (lacy.rule) in front of the built-in ones. A Lua rule that fails is
// passed to report (nil: ignored) and gives no fix.
func NewCorrector(cfg lua.Config, report func(error)) (*correct.Corrector, error) {
	c, err := correct.Default()
	if err != nil {
		return nil, err
	}
	for _, r := range cfg.Rules {
		c.Add(luaRule{spec: r, report: report})
	}
	if s, _ := Learned(); s != nil {
		c.Add(LearnedRule{Store: s}) // the user's own corrections come first
	}
	return c, nil
}

// luaRule adapts a lacy.rule to correct.Rule.
type luaRule struct {
	spec   lua.RuleSpec
	report func(error)
}

func (r luaRule) Name() string  { return r.spec.Name }
func (r luaRule) Priority() int { return 0 } // the user's rules first

func (r luaRule) Fixes(f *correct.Failure, _ correct.Line, _ *correct.Knowledge) []string {
	out, err := r.spec.Fixes(context.Background(), lua.RuleFailure{Command: f.Line, Exit: f.Exit, Output: f.Output, Cwd: f.Cwd})
	if err != nil && r.report != nil {
		r.report(err)
	}
	return out
}

// CorrectKnowledge is what the corrector may use: the runnable names
// (PATH programs, builtins, functions, aliases), how often each starts a
// history line (nil: unknown) and the filesystem, read but never run.
func CorrectKnowledge(names []string, freq func(string) int) correct.Knowledge {
	opts := OptionsCache()
	return correct.Knowledge{
		Commands: names,
		Freq:     freq,
		Names:    project.Names,
		Options:  opts.Lookup,
		Exists: func(p string) bool {
			_, err := os.Lstat(p)
			return err == nil
		},
		Entries: func(dir string) []string { return entries(dir, true) },
		Files:   func(dir string) []string { return entries(dir, false) },
	}
}

// entries lists a directory's entries (only its subdirectories, with
// dirs), at most 5,000.
func entries(dir string, dirs bool) []string {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	ents, _ := f.ReadDir(5000)
	var out []string
	for _, e := range ents {
		if !dirs || e.IsDir() || e.Type()&os.ModeSymlink != 0 && isDir(filepath.Join(dir, e.Name())) {
			out = append(out, e.Name())
		}
	}
	return out
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
