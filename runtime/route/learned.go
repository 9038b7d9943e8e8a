package route

import "strings"

// Shape is the key under which a forced route is learned for a line (its
// text without the routing prefix): the first word, lower-cased and
// without surrounding punctuation; the first two words when the first is a
// conversational word, a request verb or an English function word ("why
// is", "show me", "what does"), which alone says little. "" for a line
// with no word.
func (c *Classifier) Shape(text string) string {
	first, rest := nextField(text)
	w := lower(trimPunct(first))
	if w == "" {
		return ""
	}
	if second, _ := nextField(rest); second != "" && c.agentish(w) {
		return w + " " + lower(trimPunct(second))
	}
	return w
}

// nextField returns the first blank-separated word of s and what follows
// it, without allocating.
func nextField(s string) (string, string) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !isSpace(s[j]) {
		j++
	}
	return s[i:j], s[j:]
}

// agentish reports a first word that starts requests: a conversational
// word, a request verb or an English function word.
func (c *Classifier) agentish(w string) bool {
	if c.lx.agent.has(w) || c.lx.agentAlone.has(w) || c.lx.verbs.has(w) {
		return true
	}
	_, ok := c.lx.english[w]
	return ok
}

// learned is rule "learned" for the trimmed line s = line[start:end] in
// auto mode: the route the user taught for its shape. A word that must
// never be trapped in the agent (exit, cd, clear: defaults/words/modeless.txt)
// is never taught away from the shell.
func (c *Classifier) learned(line, s string, start, end int) (Decision, bool) {
	if c.k.Learned == nil {
		return Decision{}, false
	}
	shape := c.Shape(s)
	r, ok := c.k.Learned(shape)
	if !ok || r != Shell && r != Agent {
		return Decision{}, false
	}
	first, _, _ := strings.Cut(shape, " ")
	if r == Agent && c.lx.modeless.has(first) {
		return Decision{}, false
	}
	return Decision{Route: r, Rule: RuleLearned, Text: s, Word: firstWordSpan(line, start, end)}, true
}
