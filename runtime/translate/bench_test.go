package translate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/agents/llmtest"
)

// realPath indexes the programs on this machine's PATH, as the shell's
// index does.
func realPath() func(string) bool {
	names := map[string]bool{}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			names[e.Name()] = true
		}
	}
	return func(n string) bool { return names[n] }
}

// BenchmarkTranslateOverhead is lacy's own work between the model's last
// byte and the command in the buffer: extraction, the checks (parse,
// every command name) and the destructive-command judgement, for each
// reply of the realistic set. The budget is 5 ms per reply.
func BenchmarkTranslateOverhead(b *testing.B) {
	names, reply, _ := replies(b)
	known := realPath()
	tr := &Translator{Known: known}
	dir := b.TempDir()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, n := range names {
			if c := tr.judge(Extract(reply[n]), dir); len(c) == 0 {
				b.Fatalf("%s: no candidate", n)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(names)), "µs/reply")
}

// BenchmarkExtract measures extraction alone on a long reply with prose.
func BenchmarkExtract(b *testing.B) {
	r := strings.Repeat("Some prose about the command and why it works.\n", 50) + "```bash\nfind . -type f -size +100M\n```\n"
	for i := 0; i < b.N; i++ {
		Extract(r)
	}
}

// BenchmarkTranslateAfterLastByte measures, through a loopback model, the
// time from the model's last streamed event to Translate returning the
// checked command: the SSE decoding, extraction, checks and judgement.
func BenchmarkTranslateAfterLastByte(b *testing.B) {
	srv := llmtest.New(b)
	var mu sync.Mutex
	var last time.Time
	reply := "Here you go:\n```bash\nfind . -type f -size +100M\ndu -ah . | sort -rh | head\n```\nThe first lists files over 100 MB."
	srv.Respond = func(llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Chunks: strings.SplitAfter(reply, " "), BeforeChunk: func(int) {
			mu.Lock()
			last = time.Now()
			mu.Unlock()
		}}
	}
	m, err := llm.New(llm.Config{Name: "loop", Provider: "openai", Model: "m", BaseURL: srv.BaseURL(llmtest.OpenAI), Retries: -1})
	if err != nil {
		b.Fatal(err)
	}
	tr := &Translator{Model: func(context.Context) (llm.Model, string, error) { return m, "loop", nil }, Known: realPath()}
	c := Context{Cwd: b.TempDir()}
	var total time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := tr.Translate(context.Background(), "big files", c)
		done := time.Now()
		if err != nil || res.Best().Command != "find . -type f -size +100M" {
			b.Fatalf("%+v %v", res, err)
		}
		mu.Lock()
		total += done.Sub(last)
		mu.Unlock()
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs-after-last-byte")
}
