package stdlib

import (
	"os"

	lua "github.com/yuin/gopher-lua"

	lacylua "github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/translate"
)

// translateFn is lacy.translate(text) → the best command and a table
// { candidates = {…}, problem = "…", destructive = bool, reason = "…" }:
// `? request` for scripts (docs/translate.md). It runs nothing.
func (l *lib) translateFn(L *lua.LState) int {
	const fn = "lacy.translate"
	text := checkString(L, fn, 1)
	cfg := lacylua.VMOf(L).Config().Translate.Get()
	path := route.NewPathIndex(os.Getenv("PATH"))
	tr := agentsetup.NewTranslator(l.backend(L), path.Has, cfg)
	wd, _ := os.Getwd()
	ctx := lacylua.Context(L)
	res, err := tr.Translate(ctx, text, translate.Gather(wd, text, path.Has, nil))
	if err != nil {
		if ctx.Err() != nil {
			L.RaiseError("%s: interrupted", fn)
		}
		L.RaiseError("%s: %v", fn, err)
	}
	best := res.Best()
	info := L.NewTable()
	cands := L.CreateTable(len(res.Candidates), 0)
	for _, c := range res.Candidates {
		cands.Append(lua.LString(c.Command))
	}
	info.RawSetString("candidates", cands)
	info.RawSetString("problem", lua.LString(best.Problem))
	info.RawSetString("destructive", lua.LBool(best.Destructive))
	info.RawSetString("reason", lua.LString(best.Reason))
	L.Push(lua.LString(best.Command))
	L.Push(info)
	return 2
}
