package agents

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
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

// window returns the tail of msgs that is sent: at most maxHistory
// messages, starting at a user message.
func window(msgs []llm.Message) []llm.Message {
	if len(msgs) <= maxHistory {
		return msgs
	}
	w := msgs[len(msgs)-maxHistory:]
	for i, m := range w {
		if m.Role == llm.User {
			return w[i:]
		}
	}
	return w
}
