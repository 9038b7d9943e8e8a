package stdlib

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llmtest"
	lacylua "github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/stdlib/ai"
)

// testAgents is the agent stack of `lacy run`, closed when t ends.
func testAgents(t *testing.T) ai.Func {
	s := &agentsetup.Scripts{}
	t.Cleanup(s.Close)
	return s.For
}

// agentConfig declares a model on srv, an agent and a Lua tool.
func agentConfig(srv *llmtest.Server) string {
	return `local lacy = require("lacy")
lacy.model("fake", { provider = "openai", model = "fake-1", base_url = "` + srv.BaseURL(llmtest.OpenAI) + `", api_key = "k" })
lacy.config({ models = { agent = "fake" } })
lacy.tool("ticket", {
  description = "Look up a ticket",
  parameters = { id = { type = "string", required = true } },
  run = function(args)
    if args.id == "bad" then error("no such ticket") end
    return { id = args.id, state = "open", shell = lacy.sh("printf from-sh").stdout }
  end,
})
lacy.agent("reviewer", { model = "fake", system = "You review.", tools = { "ticket" } })
`
}

// agentEnv returns an env whose config points at a loopback model server.
func agentEnv(t *testing.T) (*env, *llmtest.Server) {
	t.Helper()
	srv := llmtest.New(t)
	e := newEnv(t, "", Deps{Agents: testAgents(t)})
	if _, errs := e.vm.LoadConfig(lacylua.Source{Name: "init.lua", Code: []byte(agentConfig(srv))}); len(errs) > 0 {
		t.Fatal(errs)
	}
	return e, srv
}

func TestAgentAsk(t *testing.T) {
	e, srv := agentEnv(t)
	srv.Push(llmtest.Reply{Chunks: []string{"Hello ", "there."}})
	if err := e.run(`print(lacy.agent.ask("hi?"))`); err != nil {
		t.Fatal(err)
	}
	if got := e.out.String(); got != "Hello there.\n" {
		t.Errorf("printed %q", got)
	}
	req := srv.Last(t)
	if n := len(req.Messages); n == 0 || req.Messages[n-1].Content != "hi?" || req.Model != "fake-1" {
		t.Errorf("request %+v", req)
	}
}

func TestAgentNamedAndStream(t *testing.T) {
	e, srv := agentEnv(t)
	srv.Push(llmtest.Reply{Chunks: []string{"a", "b"}})
	if err := e.run(`local s = lacy.agent.ask("x", { agent = "reviewer", stream = true }); print("[" .. s .. "]")`); err != nil {
		t.Fatal(err)
	}
	if got := e.out.String(); got != "ab\n[ab]\n" {
		t.Errorf("printed %q", got)
	}
	if req := srv.Last(t); !strings.HasPrefix(req.System, "You review.") {
		t.Errorf("system prompt %q", req.System)
	}
}

// TestAgentLuaTool checks that an agent can call a tool defined in Lua
// while the script waits in lacy.agent.ask, and that the tool's failures
// go back to the model.
func TestAgentLuaTool(t *testing.T) {
	e, srv := agentEnv(t)
	srv.Push(
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "ticket", Args: `{"id":"42"}`}}},
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c2", Name: "ticket", Args: `{"id":"bad"}`}}},
		llmtest.Reply{Text: "Ticket 42 is open."},
	)
	if err := e.run(`print(lacy.agent.ask("status of 42?", { agent = "reviewer" }))`); err != nil {
		t.Fatal(err)
	}
	if got := e.out.String(); got != "Ticket 42 is open.\n" {
		t.Errorf("printed %q", got)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests", len(reqs))
	}
	var results []string
	for _, m := range reqs[2].Messages {
		if m.Role == "tool" {
			results = append(results, m.Content)
		}
	}
	// Tool output reaches the model wrapped as untrusted data.
	if len(results) != 2 || !strings.Contains(results[0], "\n"+`{"id":"42","shell":"from-sh","state":"open"}`+"\n</tool-output") || !strings.Contains(results[1], "no such ticket") {
		t.Errorf("tool results %q", results)
	}
}

func TestAgentConversation(t *testing.T) {
	e, srv := agentEnv(t)
	srv.Push(llmtest.Reply{Text: "one"}, llmtest.Reply{Text: "two"}, llmtest.Reply{Text: "three"})
	err := e.run(`
local c = lacy.agent.conversation({ agent = "reviewer" })
print(c:send("first"), c:send("second"))
for _, m in ipairs(c:history()) do print(m.role, m.text) end
c:reset()
print(#c:history(), c:send("again"))`)
	if err != nil {
		t.Fatal(err)
	}
	want := "one\ttwo\nuser\tfirst\nassistant\tone\nuser\tsecond\nassistant\ttwo\n0\tthree\n"
	if got := e.out.String(); got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
	reqs := srv.Requests()
	if n := len(reqs[1].Messages); n != 3 || reqs[1].Messages[0].Content != "first" {
		t.Errorf("second request %+v", reqs[1].Messages)
	}
	if n := len(reqs[2].Messages); n != 1 {
		t.Errorf("after reset: %+v", reqs[2].Messages)
	}
}

func TestAgentErrors(t *testing.T) {
	e, srv := agentEnv(t)
	srv.Push(llmtest.Reply{Status: 500, Error: "overloaded"})
	for code, want := range map[string]string{ // the only request meets the 500
		`lacy.agent.ask("x")`:                       "test.lua:1: lacy.agent.ask: model \"fake\"",
		`lacy.agent.ask("x", { agent = "nobody" })`: `lacy.agent.ask: no agent named "nobody" (agents: default, reviewer)`,
		`lacy.agent.conversation({ agent = "x" })`:  `lacy.agent.conversation: no agent named "x"`,
		`lacy.agent.ask()`:                          "bad argument #1 to 'lacy.agent.ask' (string expected, got no value)",
		`lacy.agent.ask("x", { agnet = "a" })`:      "bad argument #2 to 'lacy.agent.ask' (unknown field 'agnet' (known: agent, stream))",
		`lacy.agent.conversation("reviewer")`:       "bad argument #1 to 'lacy.agent.conversation' (table expected, got string)",
		`lacy.agent.conversation().send("x")`:       "bad argument #1 to 'lacy.agent.conversation.send' (conversation expected, got string (call it as conv:send(...)))",
		`lacy.agent.conversation():send()`:          "bad argument #2 to 'lacy.agent.conversation.send' (string expected, got no value)",
		`lacy.agent(1)`:                             "lacy.agent: name must be a non-empty string, got number 1",
	} {
		err := e.run(code)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", code, err, want)
		}
	}
}

func TestAgentInterrupt(t *testing.T) {
	e, srv := agentEnv(t)
	srv.Push(llmtest.Reply{FirstDelay: 10 * time.Second, Text: "late"})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-srv.Arrived()
		cancel()
	}()
	start := time.Now()
	err := e.vm.Exec(ctx, lacylua.Source{Name: "t.lua", Code: []byte(`require("lacy").agent.ask("x")`)})
	var le *lacylua.Error
	if !errors.As(err, &le) || !strings.Contains(le.Message, "interrupted") {
		t.Fatalf("err = %v, want interrupted", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestAgentDeclaredInScript checks that models, tools and agents declared
// by the script itself are available to lacy.agent, also after a first
// question.
func TestAgentDeclaredInScript(t *testing.T) {
	srv := llmtest.New(t)
	e := newEnv(t, "", Deps{Agents: testAgents(t)})
	srv.Push(
		llmtest.Reply{Text: "first"},
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "double", Args: `{"n":21}`}}},
		llmtest.Reply{Text: "It is 42."},
	)
	err := e.run(`
lacy.model("m", { provider = "ollama", model = "tiny", base_url = "` + srv.BaseURL(llmtest.Ollama) + `" })
lacy.agent("plain", { model = "m", tools = {} })
print(lacy.agent.ask("hello", { agent = "plain" }))
lacy.tool("double", { description = "Doubles n", parameters = { n = { type = "number" } },
  run = function(args) return tostring(args.n * 2) end })
lacy.agent("math", { model = "m", tools = { "double" } })
print(lacy.agent.ask("double 21", { agent = "math" }))`)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.out.String(); got != "first\nIt is 42.\n" {
		t.Errorf("printed %q", got)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 || len(reqs[1].Tools) != 1 || reqs[1].Tools[0] != "double" {
		t.Fatalf("requests %+v", reqs)
	}
	last := reqs[2].Messages[len(reqs[2].Messages)-1]
	if last.Role != "tool" || !strings.Contains(last.Content, "\n42\n</tool-output") {
		t.Errorf("tool result %+v", last)
	}
}
