package stdlib

import (
	lua "github.com/yuin/gopher-lua"

	lacylua "github.com/lacy-sh/lacy/lua"
)

// translateFn is lacy.translate(text) → the best command and a table
// { candidates = {…}, problem = "…", destructive = bool, reason = "…" }:
// `? request` for scripts (docs/translate.md). It runs nothing.
func (l *lib) translateFn(L *lua.LState) int {
	const fn = "lacy.translate"
	text := checkString(L, fn, 1)
	ctx := lacylua.Context(L)
	res, err := l.backend(L, fn).Translate(ctx, text)
	if err != nil {
		if ctx.Err() != nil {
			L.RaiseError("%s: interrupted", fn)
		}
		L.RaiseError("%s: %v", fn, err)
	}
	info := L.NewTable()
	cands := L.CreateTable(len(res.Candidates), 0)
	for _, c := range res.Candidates {
		cands.Append(lua.LString(c))
	}
	info.RawSetString("candidates", cands)
	info.RawSetString("problem", lua.LString(res.Problem))
	info.RawSetString("destructive", lua.LBool(res.Destructive))
	info.RawSetString("reason", lua.LString(res.Reason))
	L.Push(lua.LString(res.Command))
	L.Push(info)
	return 2
}
