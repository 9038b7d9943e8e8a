package core

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/runtime/translate"
)

// translatorState is the `? request` translator, built on first use.
type translatorState struct {
	once  sync.Once
	tr    *translate.Translator
	cfg   translate.Config
	built atomic.Bool
	funcs atomic.Pointer[map[string]bool] // the session's functions when the request started
}

// Translator returns the session's translator and its config
// (lacy.config{ translate = … }), building them the first time.
func (c *Core) Translator() (*translate.Translator, translate.Config) {
	t := &c.tr
	t.once.Do(func() {
		cfg := c.Cfg.Translate.Get() // a bad table was reported when the config loaded
		t.cfg = cfg
		// The check runs off the main goroutine while commands may run:
		// functions come from a snapshot taken when the request starts
		// (the interpreter's function table is not safe to read then);
		// aliases and the PATH index are safe to read.
		known := func(name string) bool {
			funcs := t.funcs.Load()
			return funcs != nil && (*funcs)[name] || c.Sh.HasAlias(name) || c.Names.OnPath(name)
		}
		t.tr = agentsetup.NewTranslator(c.Agents(), known, cfg)
		t.built.Store(true)
	})
	return t.tr, t.cfg
}

// TranslatorBuilt reports whether a `? request` (or an explanation) has
// built the translator yet.
func (c *Core) TranslatorBuilt() bool { return c.tr.built.Load() }

// runTranslate handles `? request`: with the line editor (UI.Translate)
// the request runs in the background and the command fills the next
// buffer; without one it waits and prints the command (translateNow).
func (c *Core) runTranslate(ctx context.Context, text string) int {
	text = strings.TrimSpace(text)
	if text == "" {
		c.Dim("? request: say what you want to do, e.g. ? find files bigger than 100mb")
		return 2
	}
	c.Translator()
	var recent []string
	for _, r := range c.recent {
		recent = append(recent, r.Cmd)
	}
	tc := translate.Gather(c.Sh.Dir(), text, c.Names.OnPath, recent)
	funcs := map[string]bool{}
	for _, f := range c.Sh.Functions() {
		funcs[f] = true
	}
	c.tr.funcs.Store(&funcs)
	if c.Plain || c.UI == nil {
		return c.translateNow(ctx, text, tc)
	}
	return c.UI.Translate(text, tc)
}

// translateNow is runTranslate without a line editor: it waits (Ctrl-C
// cancels) and prints the command to type.
func (c *Core) translateNow(ctx context.Context, text string, tc translate.Context) int {
	ctx, cancel := c.Interruptible(ctx)
	defer cancel()
	tr, _ := c.Translator()
	res, err := tr.Translate(ctx, text, tc)
	switch {
	case ctx.Err() != nil:
		c.Dim("(cancelled)")
		return 130
	case err != nil:
		fmt.Fprintf(c.IO.ErrOut, "lacy: ?: %s\n", strings.Join(strings.Fields(err.Error()), " "))
		return 1
	}
	best := res.Best()
	fmt.Fprintln(c.IO.Out, best.Command)
	if best.Destructive {
		c.Dim("⚠ destructive: " + best.Reason)
		if best.Blast != "" {
			c.Dim("⚠ " + best.Blast)
		}
	}
	if best.Problem != "" {
		c.Dim("⚠ " + best.Problem)
	}
	return 0
}
