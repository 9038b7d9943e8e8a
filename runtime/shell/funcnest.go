package shell

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// MaxFuncNest bounds how deeply shell functions may call each other, as
// bash's FUNCNEST and zsh's limit do: `f(){ f; }; f` stops with an error
// instead of growing until memory runs out.
const MaxFuncNest = 1000

// funcNestVar counts the nesting: each function body starts by declaring
// it local, one more than its caller's, so a return restores it.
const funcNestVar = "LACY_FUNCNEST"

// funcNestStatus keeps the caller's $? across the count, which the
// builtin gives back: a body still starts with the status before the call.
const funcNestStatus = "LACY_FUNCNEST_S"

// funcNestCall is the command each body runs after counting; callHandler
// sends it to lacy's builtin, which stops past the limit.
const funcNestCall = "__lacy_funcnest"

// errFuncNest stops the whole command line, as bash does.
var errFuncNest = errors.New("maximum function nesting level exceeded")

// limitNesting makes every function declared in f count its nesting and
// stop past MaxFuncNest.
func limitNesting(f *syntax.File) {
	syntax.Walk(f, func(n syntax.Node) bool {
		fd, ok := n.(*syntax.FuncDecl)
		if !ok || fd.Body == nil || guarded(fd.Body) {
			return true
		}
		guard := nestGuard(fd.Name.Value)
		if b, ok := fd.Body.Cmd.(*syntax.Block); ok && len(fd.Body.Redirs) == 0 && !fd.Body.Negated && !fd.Body.Background {
			b.Stmts = append(guard, b.Stmts...)
		} else {
			fd.Body = &syntax.Stmt{Position: fd.Body.Pos(), Cmd: &syntax.Block{Lbrace: fd.Body.Pos(), Stmts: append(guard, fd.Body), Rbrace: fd.Body.End()}}
		}
		return true
	})
}

// nestGuard is the statements a body starts with.
func nestGuard(name string) []*syntax.Stmt {
	q, err := syntax.Quote(name, syntax.LangBash)
	if err != nil {
		q = "f"
	}
	src := "local " + funcNestVar + "=$((" + funcNestVar + "+1)) " + funcNestStatus + "=$?; " + funcNestCall + " " + q
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		return nil
	}
	return f.Stmts
}

// guarded reports whether a body already starts with the guard.
func guarded(body *syntax.Stmt) bool {
	b, ok := body.Cmd.(*syntax.Block)
	if !ok || len(b.Stmts) == 0 {
		return false
	}
	d, ok := b.Stmts[0].Cmd.(*syntax.DeclClause)
	return ok && len(d.Args) > 0 && d.Args[0].Name != nil && d.Args[0].Name.Value == funcNestVar
}

// funcNest is the builtin each body runs after counting: past the limit,
// bash's message, then the command line stops; else it gives back the
// caller's $?.
func funcNest(hc interp.HandlerContext, shell string, args []string) error {
	depth, _ := strconv.Atoi(hc.Env.Get(funcNestVar).String())
	if depth > MaxFuncNest {
		name := "function"
		if len(args) > 0 {
			name = args[0]
		}
		fmt.Fprintf(hc.Stderr, "%s: %s: maximum function nesting level exceeded (%d)\n", shell, name, MaxFuncNest)
		return errFuncNest
	}
	if st, _ := strconv.Atoi(hc.Env.Get(funcNestStatus).String()); st != 0 {
		return interp.ExitStatus(st)
	}
	return nil
}
