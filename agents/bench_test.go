package agents_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/agents/render"
)

// screen is the terminal of the benchmark: it notes when the first
// character of the answer reaches it.
type screen struct {
	clock *serverClock
	lag   time.Duration // from the server's write to the screen's
	seen  bool
}

func (s *screen) Write(p []byte) (int, error) {
	if !s.seen && strings.Contains(string(p), "Hello") {
		now := time.Now()
		s.seen = true
		s.clock.mu.Lock()
		s.lag = now.Sub(s.clock.sent)
		s.clock.mu.Unlock()
	}
	return len(p), nil
}

// serverClock holds when the server last wrote an event.
type serverClock struct {
	mu   sync.Mutex
	sent time.Time
}

// BenchmarkFirstToken measures lacy's own latency on an answer: from the
// moment the server writes the first chunk of text to the moment that text
// is written to the terminal renderer, through the HTTP client, the
// protocol parser, the agent loop and the renderer (spinner running). The
// metric is µs/first-token; the budget is 5 ms.
func BenchmarkFirstToken(b *testing.B) {
	for _, proto := range protocols {
		b.Run(proto, func(b *testing.B) {
			srv := llmtest.Start()
			defer srv.Close()
			clock := &serverClock{}
			srv.Respond = func(llmtest.Request) llmtest.Reply {
				return llmtest.Reply{Chunks: []string{"Hello", " world"}, Delay: time.Millisecond,
					BeforeChunk: func(int) { clock.mu.Lock(); clock.sent = time.Now(); clock.mu.Unlock() }}
			}
			m := agents.New(agents.Options{
				Models: []agents.ModelSpec{{Name: "m", Provider: proto, Model: "x", BaseURL: srv.BaseURL(proto), APIKey: "k"}},
				Roles:  map[string]string{"agent": "m"}, Getenv: func(string) string { return "" }, Environ: []string{},
			})
			var total time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s, _ := m.NewSession("")
				// The last event the server wrote before the text reached the
				// screen is the first text chunk: the next one waits 1 ms.
				scr := &screen{clock: clock}
				if _, err := s.Ask(context.Background(), "hi", agents.Context{}, render.NewTerminal(scr, 80, 24, true), nil); err != nil {
					b.Fatal(err)
				}
				total += scr.lag
			}
			b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs/first-token")
		})
	}
}
