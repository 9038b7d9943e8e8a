package stdlib

import (
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

func TestLog(t *testing.T) {
	core, logs := observer.New(zapcore.InfoLevel)
	e := newEnv(t, "", Deps{Logger: zap.New(core)})
	err := e.run(`
lacy.log.debug("not shown")
lacy.log.info("started", { n = 3, name = "x", list = { 1, 2 } })
lacy.log.warn("careful")
lacy.log.error("failed", {})`)
	if err != nil {
		t.Fatal(err)
	}
	entries := logs.All()
	if len(entries) != 3 {
		t.Fatalf("got %d entries, want 3: %v", len(entries), entries)
	}
	first := entries[0]
	if first.Message != "started" || first.LoggerName != "script" || first.Level != zapcore.InfoLevel {
		t.Errorf("first entry %+v", first)
	}
	f := first.ContextMap()
	if f["at"] != "test.lua:3" || f["n"] != 3.0 || f["name"] != "x" {
		t.Errorf("fields %v", f)
	}
	if entries[1].Level != zapcore.WarnLevel || entries[2].Level != zapcore.ErrorLevel {
		t.Errorf("levels %v %v", entries[1].Level, entries[2].Level)
	}
	if e.out.Len() != 0 {
		t.Errorf("lacy.log printed %q", e.out.String())
	}

	for code, want := range map[string]string{
		`lacy.log.info()`:                    "bad argument #1 to 'lacy.log.info' (string expected, got no value)",
		`lacy.log.warn("m", "f")`:            "bad argument #2 to 'lacy.log.warn' (table expected, got string)",
		`lacy.log.error("m", { f = print })`: "bad argument #2 to 'lacy.log.error' (field 'f': cannot convert a function)",
	} {
		if err := e.run(code); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", code, err, want)
		}
	}
}
