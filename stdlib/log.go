package stdlib

import (
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	lacylua "github.com/lacy-sh/lacy/lua"
)

// logModule builds lacy.log: debug, info, warn and error(message, fields),
// writing to lacy's log file through Deps.Logger (named "script"), never
// to the terminal. fields is a table whose values become structured
// fields.
func (l *lib) logModule(L *lua.LState) *lua.LTable {
	log := l.log.Named("script")
	level := func(name string, lvl zapcore.Level) lua.LGFunction {
		fn := "lacy.log." + name
		return func(L *lua.LState) int {
			msg := checkString(L, fn, 1)
			var fields *lua.LTable
			if L.Get(2) != lua.LNil {
				fields = checkTable(L, fn, 2)
			}
			ce := log.Check(lvl, msg)
			if ce == nil {
				return 0
			}
			zf := []zap.Field{zap.String("at", strings.TrimSuffix(L.Where(1), ":"))}
			if fields != nil {
				zf = append(zf, logFields(L, fn, fields)...)
			}
			ce.Write(zf...)
			return 0
		}
	}
	return module(L, map[string]lua.LGFunction{
		"debug": level("debug", zapcore.DebugLevel),
		"info":  level("info", zapcore.InfoLevel),
		"warn":  level("warn", zapcore.WarnLevel),
		"error": level("error", zapcore.ErrorLevel),
	})
}

// logFields converts a table of fields, sorted by name.
func logFields(L *lua.LState, fn string, t *lua.LTable) []zap.Field {
	var fs []zap.Field
	t.ForEach(func(k, v lua.LValue) {
		key, ok := k.(lua.LString)
		if !ok {
			argError(L, fn, 2, "field names must be strings, got %s", k.Type())
		}
		x, err := lacylua.ToGo(v)
		if err != nil {
			argError(L, fn, 2, "field '%s': %v", string(key), err)
		}
		fs = append(fs, zap.Any(string(key), x))
	})
	slices.SortFunc(fs, func(a, b zap.Field) int { return strings.Compare(a.Key, b.Key) })
	return fs
}
