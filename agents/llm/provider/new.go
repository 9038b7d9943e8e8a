// Package provider holds lacy's model clients behind llm.Model: OpenAI
// chat completions (and every compatible server), Anthropic messages and
// Ollama's native /api/chat, over langchaingo and lacy's own protocol code
// (see package llm for the workarounds). Importing it registers the clients
// with llm.Register; only a program that talks to models itself imports it
// (lacy-full, through internal/app), so the interactive shell links no
// langchaingo.
package provider

import (
	"fmt"
	"strings"

	"github.com/lacy-sh/lacy/agents/llm"
)

func init() { llm.Register(newModel) }

// newModel is the constructor of the clients, for a Config New has
// completed and checked.
func newModel(cfg llm.Config) (llm.Model, error) {
	c := &client{cfg: cfg}
	switch cfg.Provider {
	case "openai", "":
		c.cfg.Provider = "openai"
		c.defaultURL(llm.DefaultOpenAIURL)
		return newOpenAI(c)
	case "googleai", "gemini":
		c.defaultURL(llm.DefaultGoogleURL)
		return newOpenAI(c)
	case "anthropic":
		c.defaultURL(llm.DefaultAnthropicURL)
		return newAnthropic(c)
	case "ollama":
		c.defaultURL(llm.DefaultOllamaURL)
		c.cfg.BaseURL = strings.TrimSuffix(c.cfg.BaseURL, "/v1")
		return newOllama(c)
	}
	return nil, fmt.Errorf("model %q: unknown provider %q (want openai, anthropic, ollama or googleai)", cfg.Name, cfg.Provider)
}
