package llm_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/agents/llmtest"
)

// BenchmarkFirstToken measures the model layer's latency on an answer:
// from the server's write of the first text chunk to its arrival in
// OnText, through the transport and the protocol code, langchaingo's for
// turns without tools (and every Anthropic turn), lacy's own for OpenAI
// and Ollama turns with tools. The budget for lacy as a whole is 5 ms.
func BenchmarkFirstToken(b *testing.B) {
	for _, proto := range protocols {
		for _, tools := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/tools=%v", proto, tools), func(b *testing.B) {
				srv := llmtest.Start()
				defer srv.Close()
				var mu sync.Mutex
				var sent time.Time
				srv.Respond = func(llmtest.Request) llmtest.Reply {
					return llmtest.Reply{Chunks: []string{"Hello", " world"}, Delay: time.Millisecond,
						BeforeChunk: func(int) { mu.Lock(); sent = time.Now(); mu.Unlock() }}
				}
				m, err := llm.New(llm.Config{Name: "m", Provider: proto, Model: "x", BaseURL: srv.BaseURL(proto), APIKey: "k"})
				if err != nil {
					b.Fatal(err)
				}
				var total time.Duration
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					var lag time.Duration
					req := &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}}, OnText: func(string) {
						if lag == 0 {
							mu.Lock()
							lag = time.Since(sent)
							mu.Unlock()
						}
					}}
					if tools {
						req.Tools = []llm.ToolDef{{Name: "shell"}}
					}
					if _, err := m.Chat(context.Background(), req); err != nil {
						b.Fatal(err)
					}
					total += lag
				}
				b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs/first-token")
			})
		}
	}
}
