package agents

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/internal/atomicfile"
)

// convFile is the JSON form of a saved conversation. The system prompt and
// the context are not in it; API keys never are.
type convFile struct {
	Version  int           `json:"version"`
	Agent    string        `json:"agent"`
	Saved    time.Time     `json:"saved"`
	Messages []llm.Message `json:"messages"`
}

// convPath is where an agent's conversation lives.
func convPath(dir, agent string) string {
	return filepath.Join(dir, url.PathEscape(agent)+".json")
}

// loadConversation reads an agent's saved conversation. A missing file is
// an empty conversation; a damaged one is moved aside (name.json.bad),
// logged, and the agent starts fresh.
func loadConversation(dir, agent string, log *zap.Logger) []llm.Message {
	if dir == "" {
		return nil
	}
	p := convPath(dir, agent)
	b, err := os.ReadFile(p)
	if err != nil {
		if !os.IsNotExist(err) {
			log.Warn("cannot read conversation", zap.String("path", p), zap.Error(err))
		}
		return nil
	}
	var f convFile
	if err := json.Unmarshal(b, &f); err != nil || f.Version != 1 {
		log.Warn("damaged conversation file moved aside; starting fresh", zap.String("path", p), zap.Error(err))
		os.Rename(p, p+".bad")
		return nil
	}
	return f.Messages
}

// saveConversation writes an agent's conversation atomically (a temporary
// file renamed over the old one), readable by the user only.
func saveConversation(dir, agent string, msgs []llm.Message) error {
	if dir == "" {
		return nil
	}
	b, err := json.MarshalIndent(convFile{Version: 1, Agent: agent, Saved: time.Now().UTC(), Messages: msgs}, "", " ")
	if err != nil {
		return err
	}
	return atomicfile.Write(dir, filepath.Base(convPath(dir, agent)), b)
}

// maxHistory bounds the messages of a conversation sent with a request;
// older ones stay on disk but are not sent.
const maxHistory = 60

// Bounds of what a request resends of the conversation: a long answer or
// tool result is cut (its head and tail kept), and the older messages
// beyond the byte budget are not sent but summarised in a line.
const (
	maxSentMessage = 24 << 10  // bytes of one earlier message
	maxSentHistory = 192 << 10 // bytes of the earlier messages together
	maxStored      = 256 << 10 // bytes of one message as stored
)

// window returns the tail of msgs that is sent: at most maxHistory
// messages and maxSentHistory bytes, starting at a user message; each
// earlier message is cut to maxSentMessage (the last one, the question or
// the latest tool results, is sent as it is, within MaxToolOutput). What
// is dropped is summarised at the start of the first message sent.
func window(msgs []llm.Message) []llm.Message {
	start := 0
	if len(msgs) > maxHistory {
		start = len(msgs) - maxHistory
	}
	w := make([]llm.Message, len(msgs)-start)
	copy(w, msgs[start:])
	total := 0
	cut := -1 // messages before this index are dropped
	for i := len(w) - 1; i >= 0; i-- {
		if i < len(w)-1 && len(w[i].Content) > maxSentMessage {
			w[i].Content = cutMiddle(w[i].Content, maxSentMessage)
		}
		total += len(w[i].Content)
		for _, tc := range w[i].ToolCalls {
			total += len(tc.Args)
		}
		if total > maxSentHistory && i < len(w)-1 {
			cut = i + 1
			break
		}
	}
	if cut < 0 {
		cut = 0
	}
	// Start at a user message, so no tool result is sent without its call.
	first := -1
	for i := cut; i < len(w); i++ {
		if w[i].Role == llm.User {
			first = i
			break
		}
	}
	if first < 0 {
		// No user message within the budget: keep the latest one.
		for i := len(w) - 1; i >= 0; i-- {
			if w[i].Role == llm.User {
				first = i
				break
			}
		}
	}
	if first < 0 {
		return w
	}
	dropped := start + first
	out := w[first:]
	if dropped > 0 {
		out[0].Content = summary(msgs[:dropped]) + "\n\n" + out[0].Content
	}
	return out
}

// summary is the line that stands for the messages not sent: how many,
// and the questions the user asked in them.
func summary(msgs []llm.Message) string {
	var qs []string
	size := 0
	for _, m := range msgs {
		size += len(m.Content)
		if m.Role == llm.User {
			q := firstLine(m.Content)
			if len(q) > 120 {
				q = q[:117] + "…"
			}
			qs = append(qs, q)
		}
	}
	if len(qs) > 8 {
		qs = append(qs[:3], append([]string{"…"}, qs[len(qs)-4:]...)...)
	}
	s := fmt.Sprintf("(Earlier in this conversation, not resent: %d messages, %d KB.", len(msgs), size>>10)
	if len(qs) > 0 {
		s += " The user asked: " + strings.Join(qs, " / ") + "."
	}
	return s + ")"
}

// cutMiddle keeps the head and the tail of s within n bytes.
func cutMiddle(s string, n int) string {
	half := n / 2
	return strings.ToValidUTF8(s[:half], "") + fmt.Sprintf("\n… [%d bytes of this earlier message are not resent] …\n", len(s)-2*half) + strings.ToValidUTF8(s[len(s)-half:], "")
}
