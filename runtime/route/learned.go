package route

import "strings"

// Shape is the key under which a route forced to r is learned for a line
// (its text without the routing prefix). A line forced to the agent is
// known by its first two words ("make sure", "git why"), so that teaching
// lacy a question that starts with a command never takes the command
// itself from the shell; a line forced to the shell by its first word,
// or its first two when the first is a conversational word, a request
// verb or an English function word ("why is", "show me"), which alone
// says little. Words are lower-cased, without surrounding punctuation. ""
// for a line with no word.
func (c *Classifier) Shape(text string, r Route) string {
	one, two := c.shapes(text)
	if r == Agent && two != "" || one == "" {
		return two
	}
	if c.agentish(one) && two != "" {
		return two
	}
	return one
}

// shapes returns the first word's and the first two words' keys. When
// the line already has them in key form ("make sure the…"), the keys are
// slices of it: no allocation on each keystroke.
func (c *Classifier) shapes(text string) (one, two string) {
	first, rest := nextField(text)
	one = lower(trimPunct(first))
	if one == "" {
		return "", ""
	}
	second, _ := nextField(rest)
	sk := lower(trimPunct(second))
	if sk == "" {
		return one, ""
	}
	i := strings.Index(text, first)
	if one == first && sk == second && i >= 0 && len(text) > i+len(first)+len(second) &&
		text[i+len(first)] == ' ' && text[i+len(first)+1:i+len(first)+1+len(second)] == second {
		return one, text[i : i+len(first)+1+len(second)]
	}
	return one, one + " " + sk
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
// auto mode: the route the user taught for its shape, the two-word shape
// first (it is the more specific). A word that must never be trapped in
// the agent (exit, cd, clear: defaults/words/modeless.txt) is never taught
// away from the shell.
func (c *Classifier) learned(line, s string, start, end int) (Decision, bool) {
	if c.k.Learned == nil {
		return Decision{}, false
	}
	one, two := c.shapes(s)
	r, ok := Neutral, false
	if two != "" {
		r, ok = c.k.Learned(two)
	}
	if !ok && one != "" {
		r, ok = c.k.Learned(one)
	}
	if !ok || r != Shell && r != Agent || r == Agent && c.lx.modeless.has(one) {
		return Decision{}, false
	}
	return Decision{Route: r, Rule: RuleLearned, Text: s, Word: firstWordSpan(line, start, end)}, true
}
