// Command devserver runs the loopback model server of agents/llmtest on a
// fixed port, for trying the agent by hand without a model:
//
//	go run ./internal/devserver -addr 127.0.0.1:11434
//
// It answers every protocol with a short Markdown reply that streams in.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:11434", "address to listen on")
	flag.Parse()
	srv := llmtest.Start()
	defer srv.Close()
	srv.Respond = func(r llmtest.Request) llmtest.Reply {
		last := ""
		if n := len(r.Messages); n > 0 {
			last = r.Messages[n-1].Content
		}
		return llmtest.Reply{Delay: 40 * time.Millisecond, Chunks: []string{
			"## Answer\n\n", "You asked: *", last, "*\n\n", "- first point\n", "- second point\n\n",
			"```bash\n", "ls -la | grep go\n", "```\n",
		}}
	}
	// Forward the fixed address to the test server.
	fmt.Fprintln(os.Stderr, "devserver: serving", *addr, "→", srv.URL)
	proxy := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, srv.URL+r.URL.Path, r.Body)
		req.Header = r.Header
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		buf := make([]byte, 4096)
		for {
			n, err := resp.Body.Read(buf)
			if n > 0 {
				_, _ = w.Write(buf[:n])
				if f, ok := w.(http.Flusher); ok {
					f.Flush()
				}
			}
			if err != nil {
				return
			}
		}
	})
	if err := http.ListenAndServe(*addr, proxy); err != nil {
		fmt.Fprintln(os.Stderr, "devserver:", err)
		os.Exit(1)
	}
}
