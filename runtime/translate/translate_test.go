package translate

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/agents/llmtest"
)

// onPath is the PATH of the tests.
func onPath(name string) bool {
	switch name {
	case "find", "ls", "du", "sort", "rm", "git", "head", "xargs":
		return true
	}
	return false
}

func newTranslator(t *testing.T, srv *llmtest.Server) *Translator {
	t.Helper()
	m, err := llm.New(llm.Config{Name: "loop", Provider: "openai", Model: "m", BaseURL: srv.BaseURL(llmtest.OpenAI), Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return &Translator{
		Model:  func(context.Context) (llm.Model, string, error) { return m, "loop", nil },
		Known:  onPath,
		Redact: func(s string) string { return strings.ReplaceAll(s, "sk-secret", "[REDACTED]") },
		Cache:  NewCache(CacheEntries, CacheTTL),
	}
}

func TestTranslate(t *testing.T) {
	srv := llmtest.New(t)
	tr := newTranslator(t, srv)
	srv.Push(llmtest.Reply{Chunks: []string{"Here you go:\n```bash\nfind . -type f ", "-size +100M\ndu -ah . | sort -h\n```\n"}})
	c := Gather(t.TempDir(), "find files bigger than 100mb", onPath, []string{"git status", "export TOKEN=sk-secret"})
	res, err := tr.Translate(context.Background(), "find files bigger than 100mb", c)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Best().Command; got != "find . -type f -size +100M" {
		t.Errorf("best = %q", got)
	}
	if len(res.Candidates) != 2 || res.Retried || res.Cached {
		t.Errorf("result = %+v", res)
	}
	req := srv.Last(t)
	if !strings.Contains(req.System, "bash") || !strings.Contains(req.System, "git, find, xargs, sort, du") || !strings.Contains(req.System, "git status") {
		t.Errorf("system prompt lacks the context:\n%s", req.System)
	}
	if strings.Contains(req.System, "sk-secret") {
		t.Error("a secret reached the model")
	}
	if len(req.Messages) != 1 || req.Messages[0].Content != "find files bigger than 100mb" {
		t.Errorf("messages = %+v", req.Messages)
	}

	// Asking again (differently capitalised) does not call the model.
	n := len(srv.Requests())
	res, err = tr.Translate(context.Background(), "Find files  bigger than 100MB?", c)
	if err != nil || !res.Cached || res.Best().Command != "find . -type f -size +100M" {
		t.Errorf("second ask: %+v, %v", res, err)
	}
	if len(srv.Requests()) != n {
		t.Error("the cached request called the model")
	}
}

func TestTranslateRetriesAMissingProgram(t *testing.T) {
	srv := llmtest.New(t)
	tr := newTranslator(t, srv)
	srv.Push(llmtest.Reply{Text: "```bash\nfnd . -size +100M\n```"}, llmtest.Reply{Text: "```bash\nfind . -size +100M\n```"})
	res, err := tr.Translate(context.Background(), "big files", Context{Cwd: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Retried || res.Best().Command != "find . -size +100M" || res.Best().Problem != "" {
		t.Errorf("result = %+v", res)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	last := reqs[1].Messages[len(reqs[1].Messages)-1].Content
	if !strings.Contains(last, "`fnd`: not installed here") {
		t.Errorf("the retry does not say what was wrong: %q", last)
	}
}

func TestTranslateKeepsABadAnswerWithItsProblem(t *testing.T) {
	srv := llmtest.New(t)
	tr := newTranslator(t, srv)
	srv.Push(llmtest.Reply{Text: "`fnd .`"}, llmtest.Reply{Text: "`fdd .`"})
	res, err := tr.Translate(context.Background(), "files", Context{Cwd: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Best().Command != "fdd ." || res.Best().Problem != "`fdd`: not installed here" {
		t.Errorf("best = %+v", res.Best())
	}
	if tr.Cache.Len() != 0 {
		t.Error("a command that cannot run was cached")
	}
}

func TestTranslateMarksDestructive(t *testing.T) {
	srv := llmtest.New(t)
	tr := newTranslator(t, srv)
	srv.Push(llmtest.Reply{Text: "```bash\nrm -rf ./build\n```"})
	res, err := tr.Translate(context.Background(), "delete the build dir", Context{Cwd: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if b := res.Best(); !b.Destructive || b.Reason == "" || b.Problem != "" {
		t.Errorf("best = %+v", b)
	}
}

func TestTranslateNoCommand(t *testing.T) {
	srv := llmtest.New(t)
	tr := newTranslator(t, srv)
	srv.Push(llmtest.Reply{Text: "```\n```"}, llmtest.Reply{Text: "```bash\n# no idea\n```"})
	if _, err := tr.Translate(context.Background(), "x", Context{}); err != ErrNoCommand {
		t.Errorf("err = %v, want ErrNoCommand", err)
	}
}

func TestCacheExpiresAndEvicts(t *testing.T) {
	c := NewCache(2, time.Minute)
	now := time.Unix(0, 0)
	c.now = func() time.Time { return now }
	k := func(q string) cacheKey { return cacheKey{query: q} }
	c.put(k("a"), []Candidate{{Command: "a"}})
	c.put(k("b"), []Candidate{{Command: "b"}})
	c.get(k("a"))                              // a is now the most recent
	c.put(k("c"), []Candidate{{Command: "c"}}) // evicts b
	if _, ok := c.get(k("b")); ok {
		t.Error("b survived eviction")
	}
	if _, ok := c.get(k("a")); !ok {
		t.Error("a was evicted")
	}
	now = now.Add(2 * time.Minute)
	if _, ok := c.get(k("a")); ok {
		t.Error("a survived its TTL")
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{"Find  Large files?": "find large files", " list\tpods ": "list pods", "???": ""} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGatherProject(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"go.mod", "Makefile"} {
		if err := writeFile(dir, f); err != nil {
			t.Fatal(err)
		}
	}
	c := Gather(dir, "convert with ffmpeg", func(n string) bool { return n == "git" || n == "ffmpeg" }, nil)
	if c.Project != "Go module, make" {
		t.Errorf("project = %q", c.Project)
	}
	if strings.Join(c.Programs, ",") != "git,ffmpeg" {
		t.Errorf("programs = %q", c.Programs)
	}
}

func TestTranslateDropsProse(t *testing.T) {
	srv := llmtest.New(t)
	tr := newTranslator(t, srv)
	srv.Push(llmtest.Reply{Text: "I'm sorry, but I can't help with that."}, llmtest.Reply{Text: "I'm afraid I can't."})
	if _, err := tr.Translate(context.Background(), "x", Context{}); err != ErrNoCommand {
		t.Errorf("err = %v, want ErrNoCommand", err)
	}
	if last := srv.Last(t).Messages; !strings.Contains(last[len(last)-1].Content, "not a command line") {
		t.Errorf("the retry does not say why: %q", last[len(last)-1].Content)
	}
}
