package lua

import (
	"slices"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/lacy-sh/lacy/spec"
)

// Events that lacy.on accepts.
const (
	EventStartup       = "startup"        // once, after the config files and ~/.lacyrc ran
	EventPrecmd        = "precmd"         // before each prompt
	EventPreexec       = "preexec"        // before a shell command runs
	EventCommandFailed = "command_failed" // after a shell command exits non-zero
	EventAgentReply    = "agent_reply"    // after an agent finished answering
)

var events = [...]string{EventStartup, EventPrecmd, EventPreexec, EventCommandFailed, EventAgentReply}

// The choices of keys, listed once in spec.
var (
	providers  = spec.Providers
	roles      = spec.Roles
	paramTypes = spec.ParamTypes
)

// validToolName is the function-name rule of the model APIs:
// 1 to 64 letters, digits, _ and -.
func validToolName(name string) bool {
	if len(name) == 0 || len(name) > 64 {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// newModule builds the table returned by require("lacy").
func (vm *VM) newModule() *lua.LTable {
	mod := vm.L.SetFuncs(vm.L.NewTable(), map[string]lua.LGFunction{
		"model":  vm.declaring(vm.luaModel),
		"agent":  vm.declaring(vm.luaAgent),
		"tool":   vm.declaring(vm.luaTool),
		"mcp":    vm.declaring(vm.luaMCP),
		"config": vm.declaring(vm.luaConfig),
		"prompt": vm.luaPrompt,
		"on":     vm.luaOn,
		"alias":  vm.declaring(vm.luaAlias),
		"rule":   vm.declaring(vm.luaRule),
	})
	mod.RawSetString("env", vm.newEnv())
	mod.RawSetString("complete", vm.L.NewFunction(vm.luaComplete)) // complete.go
	return mod
}

// declaring wraps a function that declares configuration so that what it
// declared is published (see publish), even when it raises half-way.
func (vm *VM) declaring(fn lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		defer vm.publish()
		return fn(L)
	}
}

// luaModel is lacy.model(name, {provider, model, base_url, api_key,
// temperature, max_tokens, timeout}).
func (vm *VM) luaModel(L *lua.LState) int {
	const fn = "lacy.model"
	name := argName(L, fn, 1, "name")
	f := argTable(L, fn, 2, false).only(&spec.ModelTable)
	if f.str("provider") == "" {
		raise(L, fn, `"provider" is required (one of %s)`, strings.Join(providers, ", "))
	}
	m := spec.Model{
		Name:        name,
		Provider:    f.oneOf("provider", providers...),
		Model:       f.required("model"),
		BaseURL:     f.str("base_url"),
		APIKey:      f.str("api_key"),
		Temperature: f.temperature(),
		Source:      where(L),
	}
	if n, ok := f.number("max_tokens"); ok {
		if n < 1 || n != float64(int(n)) {
			raise(L, fn, `"max_tokens" must be a positive integer, got %v`, n)
		}
		m.MaxTokens = int(n)
	}
	m.Timeout = f.duration("timeout")
	vm.cfg.Models = replace(vm.cfg.Models, m, func(x spec.Model) string { return x.Name })
	return 0
}

// duration reads a timeout given in seconds (a number) or as a Go duration
// string ("30s", "2m").
func (f fields) duration(key string) time.Duration {
	var d time.Duration
	switch v := f.get(key).(type) {
	case *lua.LNilType:
		return 0
	case lua.LNumber:
		d = time.Duration(float64(v) * float64(time.Second))
	case lua.LString:
		var err error
		if d, err = time.ParseDuration(string(v)); err != nil {
			raise(f.L, f.fn, `%q must be seconds or a duration like "30s", got %q`, key, string(v))
		}
	default:
		raise(f.L, f.fn, "%q must be a number of seconds, got %s", key, describe(v))
	}
	if d <= 0 {
		raise(f.L, f.fn, "%q must be positive", key)
	}
	return d
}

// luaAgent is lacy.agent(name, {model, system, tools, temperature, sandbox}).
func (vm *VM) luaAgent(L *lua.LState) int {
	const fn = "lacy.agent"
	name := argName(L, fn, 1, "name")
	f := argTable(L, fn, 2, true).only(&spec.AgentTable)
	a := spec.Agent{
		Name:        name,
		Model:       vm.modelRef(f, "model"),
		System:      f.str("system"),
		Temperature: f.temperature(),
		Source:      where(L),
		Sandbox:     f.sandbox(),
	}
	if tools, ok := f.list("tools"); ok {
		a.Tools = tools
		if a.Tools == nil {
			a.Tools = []string{} // an empty list means no tools, not the default set
		}
	}
	vm.cfg.Agents = replace(vm.cfg.Agents, a, func(x spec.Agent) string { return x.Name })
	return 0
}

// modelRef reads a field naming a model declared earlier with lacy.model.
func (vm *VM) modelRef(f fields, key string) string {
	name := f.str(key)
	if name == "" || slices.ContainsFunc(vm.cfg.Models, func(m spec.Model) bool { return m.Name == name }) {
		return name
	}
	known := make([]string, len(vm.cfg.Models))
	for i, m := range vm.cfg.Models {
		known[i] = m.Name
	}
	raise(f.L, f.fn, "%q: unknown model %q (declare it with lacy.model first; declared: %s)", key, name, strings.Join(known, ", "))
	return ""
}

// luaTool is lacy.tool(name, {description, parameters, run, confirm}).
func (vm *VM) luaTool(L *lua.LState) int {
	const fn = "lacy.tool"
	name := argName(L, fn, 1, "name")
	if !validToolName(name) {
		raise(L, fn, "name %q may only use letters, digits, _ and - (at most 64)", name)
	}
	f := argTable(L, fn, 2, false).only(&spec.ToolTable)
	run, ok := f.get("run").(*lua.LFunction)
	if !ok {
		raise(L, fn, `"run" must be a function, got %s`, describe(f.get("run")))
	}
	t := spec.Tool{
		Name:            name,
		Description:     f.required("description"),
		NeedsPermission: f.boolean("confirm"),
		Source:          where(L),
	}
	if p, ok := f.table("parameters"); ok {
		t.Params = params(p)
	}
	t.Run = vm.toolRunner(name, run)
	vm.cfg.Tools = replace(vm.cfg.Tools, t, func(x spec.Tool) string { return x.Name })
	return 0
}

// params reads parameters = { id = { type, description, required } },
// sorted by name.
func params(f fields) []spec.Param {
	var ps []spec.Param
	f.t.ForEach(func(k, v lua.LValue) {
		name, ok := k.(lua.LString)
		if !ok {
			raise(f.L, f.fn, "names must be strings, got %s", describe(k))
		}
		pt, ok := v.(*lua.LTable)
		if !ok {
			raise(f.L, f.fn, "%q must be a table like { type = \"string\" }, got %s", string(name), describe(v))
		}
		pf := fields{L: f.L, fn: f.fn + "." + string(name), t: pt}.only(&spec.ParamTable)
		p := spec.Param{
			Name:        string(name),
			Type:        pf.oneOf("type", paramTypes...),
			Description: pf.str("description"),
			Required:    pf.boolean("required"),
		}
		if p.Type == "" {
			p.Type = "string"
		}
		ps = append(ps, p)
	})
	slices.SortFunc(ps, func(a, b spec.Param) int { return strings.Compare(a.Name, b.Name) })
	return ps
}

// luaPrompt is lacy.prompt(fn): fn(ctx) returns the prompt string; nil
// removes the prompt function.
func (vm *VM) luaPrompt(L *lua.LState) int {
	switch v := L.Get(1).(type) {
	case *lua.LFunction:
		vm.setPrompt(v)
	case *lua.LNilType:
		vm.setPrompt(nil)
	default:
		raise(L, "lacy.prompt", "argument must be a function, got %s", describe(v))
	}
	return 0
}

// luaOn is lacy.on(event, fn).
func (vm *VM) luaOn(L *lua.LState) int {
	const fn = "lacy.on"
	event := argName(L, fn, 1, "event")
	if !slices.Contains(events[:], event) {
		raise(L, fn, "unknown event %q (events: %s)", event, strings.Join(events[:], ", "))
	}
	h, ok := L.Get(2).(*lua.LFunction)
	if !ok {
		raise(L, fn, "argument #2 must be a function, got %s", describe(L.Get(2)))
	}
	vm.setHandlers(event, append(vm.handlers[event], h))
	return 0
}

// luaAlias is lacy.alias(name, value).
func (vm *VM) luaAlias(L *lua.LState) int {
	const fn = "lacy.alias"
	name := argName(L, fn, 1, "name")
	if strings.ContainsAny(name, " \t\n=/$`'\"\\|&;<>()") {
		raise(L, fn, "invalid alias name %q", name)
	}
	value, ok := L.Get(2).(lua.LString)
	if !ok {
		raise(L, fn, "value for %q must be a string, got %s", name, describe(L.Get(2)))
	}
	if vm.cfg.Aliases == nil {
		vm.cfg.Aliases = map[string]string{}
	}
	if _, dup := vm.cfg.Aliases[name]; !dup {
		vm.cfg.AliasOrder = append(vm.cfg.AliasOrder, name)
	}
	vm.cfg.Aliases[name] = string(value)
	return 0
}

// replace puts x in list, in place of the entry with the same name.
func replace[T any](list []T, x T, name func(T) string) []T {
	for i := range list {
		if name(list[i]) == name(x) {
			list[i] = x
			return list
		}
	}
	return append(list, x)
}
