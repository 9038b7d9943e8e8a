package mcpserve

import (
	"context"
	"encoding/json"
	"iter"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lacy-sh/lacy/runtime/history"
	"github.com/lacy-sh/lacy/runtime/lastfail"
)

// session serves d in process and returns a connected client.
func session(t *testing.T, d Deps) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := New(d, "test").Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func callJSON(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any, out any) bool {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if !res.IsError && out != nil {
		if err := json.Unmarshal([]byte(text), out); err != nil {
			t.Fatalf("%v: %q", err, text)
		}
	}
	return res.IsError
}

func entries(es ...history.Entry) func(context.Context) (iter.Seq2[int, history.Entry], error) {
	return func(context.Context) (iter.Seq2[int, history.Entry], error) {
		return func(yield func(int, history.Entry) bool) {
			for i := len(es) - 1; i >= 0; i-- {
				if !yield(i, es[i]) {
					return
				}
			}
		}, nil
	}
}

func TestLastFailurePrefersTheNewer(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	saved := lastfail.Failure{Command: "make", Exit: 2, Cwd: "/w", Time: t0.Add(time.Minute), Tail: "boom"}
	for _, tc := range []struct {
		name  string
		hist  []history.Entry
		saved bool
		want  string
		tail  string
		found bool
	}{
		{"saved is newest", []history.Entry{{Command: "false", Exit: 1, Time: t0}, {Command: "make", Exit: 2, Time: t0.Add(50 * time.Second)}}, true, "make", "boom", true},
		{"a newer failure elsewhere", []history.Entry{{Command: "make", Exit: 2, Time: t0}, {Command: "cargo b", Exit: 101, Time: t0.Add(time.Hour)}}, true, "cargo b", "", true},
		{"history only", []history.Entry{{Command: "false", Exit: 1, Time: t0}, {Command: "ls", Exit: 0, Time: t0.Add(time.Hour)}}, false, "false", "", true},
		{"nothing failed", []history.Entry{{Command: "ls", Time: t0}}, false, "", "", false},
	} {
		d := Deps{History: entries(tc.hist...), LastFailure: func() (lastfail.Failure, bool) { return saved, tc.saved }}
		var got FailureOut
		callJSON(t, session(t, d), ToolLastFailure, nil, &got)
		if got.Found != tc.found || got.Command != tc.want || got.ErrorTail != tc.tail {
			t.Errorf("%s: %+v", tc.name, got)
		}
	}
}

func TestToolsOffered(t *testing.T) {
	d := Deps{History: entries(), Classify: func(string) (string, string, error) { return "shell", "x", nil }}
	cs := session(t, d)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s is not marked read-only", tool.Name)
		}
	}
	if strings.Join(names, " ") != "classify last_failure search_history" {
		t.Fatalf("tools %v", names)
	}
	if !callJSON(t, cs, ToolSearchHistory, map[string]any{"status": "sometimes"}, nil) {
		t.Fatal("a bad status was accepted")
	}
	if !callJSON(t, cs, ToolSearchHistory, map[string]any{"dir": "relative/dir"}, nil) {
		t.Fatal("a relative dir was accepted")
	}
	d.Run = func(ctx context.Context, cmd string) (string, bool) { return "ran " + cmd, false }
	res, _ = session(t, d).ListTools(context.Background(), nil)
	if len(res.Tools) != 4 || res.Tools[2].Name != ToolRun || res.Tools[2].Annotations.ReadOnlyHint {
		t.Fatalf("run_command not offered as a tool that acts: %+v", res.Tools)
	}
}
