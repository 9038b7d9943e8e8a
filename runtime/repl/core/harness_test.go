package core

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/history"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
	"github.com/lacy-sh/lacy/runtime/translate"
)

// TestMain gives the package one home: session state (the learned rules,
// conversations, the last failure) is per process, under $HOME.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "lacy-core-test-")
	if err != nil {
		panic(err)
	}
	for k, v := range map[string]string{
		"HOME": home, "XDG_STATE_HOME": filepath.Join(home, "state"), "XDG_CONFIG_HOME": filepath.Join(home, "config"),
		"NO_COLOR": "1", "TERM": "dumb",
	} {
		os.Setenv(k, v)
	}
	os.Unsetenv("OPENAI_API_KEY")
	os.Unsetenv("ANTHROPIC_API_KEY")
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}

// syncBuffer is a buffer the shell's programs may write concurrently.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// take returns what was written since the last take.
func (b *syncBuffer) take() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.b.String()
	b.b.Reset()
	return s
}

// session is a Core over in-memory streams, a real shell, Lua VM, router
// and history file, and a loopback model server.
type testSession struct {
	c           *Core
	out, errOut *syncBuffer
	srv         *llmtest.Server
	dir         string
}

// modelConfig declares the loopback server as every role's model.
func modelConfig(srv *llmtest.Server) string {
	return `
local lacy = require("lacy")
lacy.model("fake", { provider = "openai", model = "m1", base_url = "` + srv.BaseURL(llmtest.OpenAI) + `", api_key = "sk-test-123456" })
lacy.config({ models = { agent = "fake", translate = "fake" } })
`
}

// newSession builds a session with the Lua config extra (after the
// loopback model's), then runs rc in the shell, as ~/.lacyrc would.
func newSession(t *testing.T, extra, rc, stdin string) *testSession {
	t.Helper()
	t.Setenv("XDG_STATE_HOME", t.TempDir()) // conversations, the mode, the last failure: this session's
	srv := llmtest.New(t)
	s := &testSession{out: &syncBuffer{}, errOut: &syncBuffer{}, srv: srv, dir: t.TempDir()}
	ios := &iostreams.IO{In: strings.NewReader(stdin), Out: s.out, ErrOut: s.errOut}
	vm := lua.New(lua.Options{Print: s.out, ErrOut: s.errOut, Sandbox: true})
	t.Cleanup(vm.Close)
	cfg, errs := vm.LoadConfig(lua.Embedded(), lua.Source{Name: "test.lua", Code: []byte(modelConfig(srv) + extra)})
	if len(errs) > 0 {
		t.Fatalf("config: %v", errs)
	}
	sh, err := shell.New(shell.Options{
		Stdin: strings.NewReader(""), Stdout: s.out, Stderr: s.errOut, Dir: s.dir, Interactive: true,
		Env: []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TERM=dumb"},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sh.Close)
	set := session.Names(sh)
	router, err := session.NewClassifier(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	hist, err := history.Open(filepath.Join(s.dir, "history"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hist.Close() })
	<-hist.Loaded()
	s.c = &Core{IO: ios, Log: zap.NewNop(), Sh: sh, VM: vm, Cfg: cfg, Router: router, Names: set, Hist: hist}
	t.Cleanup(s.c.Close)
	if rc != "" {
		if _, err := sh.Run(context.Background(), rc, "rc"); err != nil {
			t.Fatalf("rc: %v", err)
		}
	}
	s.out.take()
	s.errOut.take()
	return s
}

// history returns the commands in the history file, oldest first.
func (s *testSession) history() []string {
	var cmds []string
	for _, e := range s.c.Hist.All() {
		cmds = append(cmds, e.Command)
	}
	return cmds
}

// fakeUI records what the core asks of the line editor.
type fakeUI struct {
	c          *Core
	deny       bool     // ConfirmLine refuses every line
	pick       bool     // OfferFix runs the best fix, as Enter on the fix line
	confirmed  []string // lines ConfirmLine saw
	translated []string // `? request`s
	offered    []Failure
	approvals  int
}

func (u *fakeUI) ConfirmLine(_ context.Context, line string) bool {
	u.confirmed = append(u.confirmed, line)
	return !u.deny
}

func (u *fakeUI) Translate(text string, _ translate.Context) int {
	u.translated = append(u.translated, text)
	return 0
}

func (u *fakeUI) OfferFix(ctx context.Context, f Failure) {
	u.offered = append(u.offered, f)
	if u.pick && len(f.Fixes) > 0 {
		u.c.RunPicked(ctx, f.Fixes[0].Command)
	}
}

func (u *fakeUI) Approver(context.CancelFunc) agents.Approver {
	u.approvals++
	return agents.NewPrompter(strings.NewReader("y\n"), u.c.IO.Out)
}
