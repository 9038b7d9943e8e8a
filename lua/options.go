package lua

import (
	"slices"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/lacy-sh/lacy/spec"
)

// luaConfig is lacy.config{ … }, with the keys of spec.OptionsTable; later
// calls merge. A key lacy does not know, at the top or in a nested table,
// is refused as wezterm's strict config does, naming the file, the line
// and the key: `init.lua:12: lacy.config: unknown key "corect" (did you
// mean "correct"?)`. While the config loads it is reported and skipped,
// and the call's other keys still apply, so a typo costs one line, never
// the rest of the config; elsewhere (a script) it raises.
func (vm *VM) luaConfig(L *lua.LState) int {
	const fn = "lacy.config"
	f := vm.strict(argTable(L, fn, 1, false), &spec.OptionsTable)
	if s := f.oneOf("mode", spec.Modes...); s != "" {
		vm.cfg.Mode = s
	}
	if s := f.oneOf("log_level", spec.LogLevels...); s != "" {
		vm.cfg.LogLevel = s
	}
	if _, isNil := f.get("instant_prompt").(*lua.LNilType); !isNil {
		on := f.boolean("instant_prompt")
		vm.cfg.InstantPrompt = &on
	}
	if m, ok := f.table("models"); ok {
		m = m.only(&spec.RolesTable)
		for _, role := range roles {
			if name := vm.modelRef(m, role); name != "" {
				if vm.cfg.Roles == nil {
					vm.cfg.Roles = map[string]string{}
				}
				vm.cfg.Roles[role] = name
			}
		}
	}
	if w, ok := f.table("words"); ok {
		w = w.only(&spec.WordsTable)
		add := func(dst *[]string, key string) {
			if l, ok := w.list(key); ok {
				*dst = append(*dst, l...)
			}
		}
		add(&vm.cfg.Words.Agent, "agent")
		add(&vm.cfg.Words.Reserved, "reserved")
		add(&vm.cfg.Words.NL, "nl")
		add(&vm.cfg.Words.Shell, "shell")
	}
	if l, ok := f.list("approve"); ok {
		vm.cfg.Approve = append(vm.cfg.Approve, l...)
	}
	if c, ok := f.table("correct"); ok {
		c = c.only(&spec.CorrectTable)
		if _, isNil := c.get("enabled").(*lua.LNilType); !isNil {
			vm.cfg.Correct.Disabled = !c.boolean("enabled")
		}
		if _, isNil := c.get("auto_model").(*lua.LNilType); !isNil {
			vm.cfg.Correct.AutoModel = c.boolean("auto_model")
		}
	}
	if n, ok := f.number("max_tool_calls"); ok {
		if n < 1 || n != float64(int(n)) {
			raise(L, fn, `"max_tool_calls" must be a whole number of at least 1, got %v`, n)
		}
		vm.cfg.MaxToolCalls = int(n)
	}
	if l, ok := f.list("terminal_programs"); ok {
		vm.cfg.TerminalPrograms = l
	}
	if x, ok := section(f, "translate", spec.ParseTranslate); ok {
		vm.cfg.Translate = &x
	}
	if x, ok := section(f, "terminal", spec.ParseTerminal); ok {
		vm.cfg.Terminal = &x
	}
	if x, ok := section(f, "context", spec.ParseContext); ok {
		vm.cfg.Context = x
	}
	if x, ok := section(f, "mcp_server", spec.ParseServe); ok {
		vm.cfg.MCPServer = x
	}
	if x, ok := section(f, "git", spec.ParseGit); ok {
		vm.cfg.Git = x
	}
	if x, ok := section(f, "predict", spec.ParsePredict); ok {
		vm.cfg.Predict = &x
	}
	return 0
}

// section reads the table at key with parse, raising its error; ok is
// false when the key is absent.
func section[T any](f fields, key string, parse func(any) (T, error)) (T, bool) {
	var zero T
	v := f.get(key)
	if v == lua.LNil {
		return zero, false
	}
	x, err := ToGo(v)
	if err != nil {
		raise(f.L, f.fn, "%q: %v", key, err)
	}
	c, err := parse(x)
	if err != nil {
		raise(f.L, f.fn, "%v", err)
	}
	return c, true
}

// strict returns f over a copy of its table without the keys t does not
// list, nested tables included (a field whose type is another table's
// class), after refusing each of them (see refuse). Keys must be strings.
func (vm *VM) strict(f fields, t *spec.Table) fields {
	out := f.L.NewTable()
	var keys []string
	f.t.ForEach(func(k, _ lua.LValue) {
		s, ok := k.(lua.LString)
		if !ok {
			raise(f.L, f.fn, "field names must be strings, got %s", describe(k))
		}
		keys = append(keys, string(s))
	})
	slices.Sort(keys)
	for _, k := range keys {
		v := f.t.RawGetString(k)
		i := slices.IndexFunc(t.Fields, func(x spec.Field) bool { return x.Name == k })
		if i < 0 {
			vm.refuse(f.L, f.fn, t.Unknown(k))
			continue
		}
		if sub, ok := v.(*lua.LTable); ok {
			if nt := spec.TableOf(t.Fields[i].Type); nt != nil {
				v = vm.strict(fields{L: f.L, fn: f.fn + ": " + k, t: sub}, nt).t
			}
		}
		out.RawSetString(k, v)
	}
	return fields{L: f.L, fn: f.fn, t: out, known: t}
}

// refuse reports a key lacy does not know. While the config loads, it is
// kept as an *Error at the caller's file and line (LoadConfig reports it)
// and the key is skipped; elsewhere it raises.
func (vm *VM) refuse(L *lua.LState, fn, msg string) {
	if !vm.loading {
		raise(L, fn, "%s", msg)
	}
	file, line := splitWhere(where(L))
	vm.refused = append(vm.refused, &Error{File: file, Line: line, Message: fn + ": " + msg})
}

// splitWhere splits "file:line" as where gives it.
func splitWhere(w string) (string, int) {
	i := strings.LastIndexByte(w, ':')
	if i < 0 {
		return w, 0
	}
	n, err := strconv.Atoi(w[i+1:])
	if err != nil {
		return w, 0
	}
	return w[:i], n
}
