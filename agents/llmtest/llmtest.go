// Package llmtest is a loopback chat server for tests. One server speaks
// the three wire protocols lacy uses, each on its real path:
//
//	OpenAI     POST /v1/chat/completions (any path ending in /chat/completions)
//	           SSE when the request says "stream": true, else JSON
//	Anthropic  POST /v1/messages, SSE or JSON
//	Ollama     POST /api/chat, NDJSON or JSON
//
// Tests queue scripted replies (text, streamed chunks with delays, tool
// calls, and failures: HTTP errors with Retry-After, malformed JSON, empty
// bodies, connections cut midway, slow answers) and read back every request
// in a protocol-neutral form, to assert the system prompt, the context sent
// and the absence of secrets.
package llmtest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Protocol names, as recorded in Request.Protocol.
const (
	OpenAI    = "openai"
	Anthropic = "anthropic"
	Ollama    = "ollama"
)

// ToolCall is a tool call in a reply or in a recorded request.
type ToolCall struct {
	ID   string
	Name string
	Args string // a JSON object
}

// Reply scripts one answer. The zero Reply is a complete answer with no
// content, which lacy reports as an empty reply.
type Reply struct {
	Text      string   // the answer, sent as one chunk unless Chunks is set
	Chunks    []string // the answer in streamed pieces
	ToolCalls []ToolCall

	FirstDelay time.Duration // wait before answering at all (a slow or hung server)
	Delay      time.Duration // wait before each text chunk after the first

	Status     int    // non-zero and not 200: an error answer in the protocol's shape
	Error      string // the error message for Status
	RetryAfter string // the Retry-After header sent with Status

	JSON      bool // answer with one JSON document even when streaming was asked
	Malformed bool // send a piece that is not valid JSON after the chunks
	Empty     bool // answer 200 with an empty body
	Cut       bool // drop the connection after the chunks, without the end marker

	// BeforeChunk, if set, is called just before streamed event i (counted
	// from 0, framing events included) is written and flushed; benchmarks
	// use it to timestamp the first byte.
	BeforeChunk func(i int)
}

// Message is one message of a recorded request, in a protocol-neutral form.
type Message struct {
	Role       string // "user", "assistant", "tool"
	Content    string
	ToolCalls  []ToolCall
	ToolCallID string // for role "tool"
}

// Request is a recorded request.
type Request struct {
	Protocol    string
	Path        string
	Header      http.Header
	Body        []byte // the raw JSON body
	Model       string
	Stream      bool
	System      string
	Messages    []Message
	Tools       []string // names of the tools offered
	Temperature *float64
	MaxTokens   int
}

// Server is the loopback server.
type Server struct {
	// URL is the server's root, e.g. http://127.0.0.1:41234.
	URL string
	// Default is the reply used when the queue is empty.
	Default Reply
	// Respond, if set, chooses the reply for requests when the queue is
	// empty, instead of Default.
	Respond func(Request) Reply

	srv     *httptest.Server
	mu      sync.Mutex
	queue   []Reply
	reqs    []Request
	arrived chan struct{}
}

// New starts a server that tb closes at cleanup.
func New(tb testing.TB) *Server {
	s := Start()
	tb.Cleanup(s.Close)
	return s
}

// Start starts a server; the caller must Close it.
func Start() *Server {
	s := &Server{Default: Reply{Text: "ok"}, arrived: make(chan struct{}, 64)}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	return s
}

// Close stops the server and drops its open connections.
func (s *Server) Close() {
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// BaseURL returns the base_url a model of the given protocol uses to reach
// this server: URL+"/v1" for OpenAI, URL for Anthropic and Ollama.
func (s *Server) BaseURL(protocol string) string {
	if protocol == OpenAI || protocol == "googleai" {
		return s.URL + "/v1"
	}
	return s.URL
}

// Push queues replies; each request takes the next one.
func (s *Server) Push(replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, replies...)
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// Last returns the last request received; it fails tb if there is none.
func (s *Server) Last(tb testing.TB) Request {
	tb.Helper()
	r := s.Requests()
	if len(r) == 0 {
		tb.Fatal("llmtest: no request received")
	}
	return r[len(r)-1]
}

// Arrived returns a channel that receives a value as each request arrives,
// before its reply starts (tests use it to cancel during a slow answer).
func (s *Server) Arrived() <-chan struct{} { return s.arrived }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	req := Request{Path: r.URL.Path, Header: r.Header.Clone(), Body: body}
	switch {
	case r.Method != http.MethodPost:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	case strings.HasSuffix(r.URL.Path, "/chat/completions"):
		req.Protocol = OpenAI
	case r.URL.Path == "/v1/messages":
		req.Protocol = Anthropic
	case r.URL.Path == "/api/chat":
		req.Protocol = Ollama
	default:
		http.Error(w, `{"error":"not found"}`, http.StatusNotFound)
		return
	}
	if err := decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"error":{"message":"llmtest: bad request body"}}`)
		return
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, req)
	var reply Reply
	switch {
	case len(s.queue) > 0:
		reply, s.queue = s.queue[0], s.queue[1:]
	case s.Respond != nil:
		reply = s.Respond(req)
	default:
		reply = s.Default
	}
	s.mu.Unlock()
	select {
	case s.arrived <- struct{}{}:
	default:
	}
	if !sleep(r, reply.FirstDelay) {
		return
	}
	writeReply(w, r, req, reply)
}

// sleep waits d unless the client goes away first.
func sleep(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	select {
	case <-time.After(d):
		return true
	case <-r.Context().Done():
		return false
	}
}

// chunks returns the reply's text pieces.
func (rep Reply) chunks() []string {
	if len(rep.Chunks) > 0 {
		return rep.Chunks
	}
	if rep.Text != "" {
		return []string{rep.Text}
	}
	return nil
}

// FullText returns the full text of the reply.
func (rep Reply) FullText() string { return strings.Join(rep.chunks(), "") }

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
