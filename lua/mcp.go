package lua

import (
	"net/url"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/lacy-sh/lacy/spec"
)

// luaMCP is lacy.mcp(name, { command, args, env, cwd }) for a server
// speaking MCP on stdin and stdout, or lacy.mcp(name, { url, headers })
// for a streamable HTTP server. Nothing starts here: a server starts on
// the first request of an agent that lists it in its tools.
func (vm *VM) luaMCP(L *lua.LState) int {
	const fn = "lacy.mcp"
	name := argName(L, fn, 1, "name")
	if !validToolName(name) || strings.Contains(name, spec.MCPSep) {
		raise(L, fn, "name %q may only use letters, digits, - and single _ (at most 64)", name)
	}
	f := argTable(L, fn, 2, false).only(&spec.MCPTable)
	s := spec.MCP{
		Name:    name,
		Command: f.str("command"),
		Cwd:     f.str("cwd"),
		URL:     f.str("url"),
		Env:     stringMap(f, "env"),
		Headers: stringMap(f, "headers"),
		Source:  where(L),
		Sandbox: f.sandbox(),
		Timeout: f.duration("timeout"),
	}
	s.Args, _ = f.list("args")
	switch {
	case s.Command == "" && s.URL == "":
		raise(L, fn, `give "command" (a stdio server) or "url" (an HTTP server)`)
	case s.Command != "" && s.URL != "":
		raise(L, fn, `give "command" or "url", not both`)
	case s.URL != "":
		if s.Args != nil || s.Env != nil || s.Cwd != "" || f.get("sandbox") != lua.LNil {
			raise(L, fn, `"args", "env", "cwd" and "sandbox" are for a command, not a url`)
		}
		if u, err := url.Parse(s.URL); err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
			raise(L, fn, `"url" must be an http or https address, got %q`, s.URL)
		}
	case s.Headers != nil:
		raise(L, fn, `"headers" are for a url, not a command`)
	}
	vm.cfg.MCP = replace(vm.cfg.MCP, s, func(x spec.MCP) string { return x.Name })
	return 0
}

// stringMap reads an optional table of string keys and string values.
func stringMap(f fields, key string) map[string]string {
	t, ok := f.table(key)
	if !ok {
		return nil
	}
	m := map[string]string{}
	t.t.ForEach(func(k, v lua.LValue) {
		ks, ok := k.(lua.LString)
		if !ok {
			raise(f.L, f.fn, "%q: names must be strings, got %s", key, describe(k))
		}
		switch v := v.(type) {
		case lua.LString:
			m[string(ks)] = string(v)
		case lua.LNumber:
			m[string(ks)] = v.String()
		default:
			raise(f.L, f.fn, "%q: %s must be a string, got %s", key, string(ks), describe(v))
		}
	})
	return m
}
