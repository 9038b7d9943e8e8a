package translate

import (
	"encoding/json"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/internal/lazy"
)

// Extract returns the command lines a model's reply proposes, best first,
// without duplicates. It accepts what models really write: code fences with
// or without a language, prose before and after, `$ ` and `> ` prompts, a
// console transcript with output lines, inline backticks, a JSON object
// with a "command" (or "commands") field, a command wrapped in XML-ish
// tags (<command>…</command>, <bash>, <code>, an <answer> holding a
// fence), numbered lists, a reasoning
// model's <think> block, and blank lines anywhere. A reply with no command
// in it gives nil.
func Extract(reply string) []string {
	return extract(reply, 0)
}

// extract is Extract at a depth of XML-ish wrappers.
func extract(reply string, depth int) []string {
	reply = stripThink(reply)
	reply = strings.ReplaceAll(reply, "\r\n", "\n")
	if strings.TrimSpace(reply) == "" {
		return nil
	}
	var out []string
	if cmds, ok := fromJSON(reply); ok {
		return dedupe(cmds)
	}
	if cmds, ok := fromTags(reply, depth); ok && tagBeforeFence(reply) {
		if len(cmds) > 0 {
			return dedupe(cmds)
		}
		reply = withoutTags(reply) // empty wrappers: read the rest
	}
	blocks, prose := fences(reply)
	for _, b := range blocks {
		if cmds, ok := fromJSON(b.body); ok {
			out = append(out, cmds...)
			continue
		}
		out = append(out, fromBlock(b)...)
	}
	if len(out) > 0 {
		return dedupe(out)
	}
	// No fence: prompts, then inline code, then bare lines.
	if cmds := promptLines(prose); len(cmds) > 0 {
		return dedupe(cmds)
	}
	if cmds := leadingCommands(prose); len(cmds) > 0 {
		return dedupe(cmds)
	}
	if cmds := inlineCode(prose); len(cmds) > 0 {
		return dedupe(cmds)
	}
	return dedupe(bareLines(prose))
}

// res are the regular expressions of extraction, compiled on first use so
// that the shell's start-up does not pay for them.
var res = lazy.Value[extractRes]{New: func() (r extractRes) {
	r.prompt = regexp.MustCompile(`^\s*(?:[\w.@~:/-]*[$%#❯›]|>|PS [^>]*>)\s+(.*)$`)
	r.inline = regexp.MustCompile("`([^`\n]+)`")
	r.list = regexp.MustCompile(`^(?:\d+[.)]|[-*•])\s+`)
	r.think = regexp.MustCompile(`(?s)<think>.*?</think>`)
	return r
}}

type extractRes struct{ prompt, inline, list, think *regexp.Regexp }

// block is one fenced code block.
type block struct {
	lang string
	body string
}

// fences splits a reply into its fenced code blocks and the text outside
// them. An unclosed fence runs to the end of the reply.
func fences(s string) (blocks []block, prose string) {
	var outside strings.Builder
	lines := strings.Split(s, "\n")
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		marker := fenceMarker(t)
		if marker == "" {
			outside.WriteString(lines[i])
			outside.WriteByte('\n')
			continue
		}
		lang := strings.ToLower(strings.TrimSpace(strings.TrimLeft(t, marker[:1])))
		if rest, _, ok := strings.Cut(lang, " "); ok {
			lang = rest
		}
		// A one-line fence: ```find . -name x```
		if inner, ok := strings.CutSuffix(strings.TrimPrefix(t, marker), marker); ok && len(t) > 2*len(marker) {
			blocks = append(blocks, block{body: strings.TrimSpace(inner)})
			continue
		}
		var body []string
		for i++; i < len(lines); i++ {
			if strings.HasPrefix(strings.TrimSpace(lines[i]), marker) && strings.Trim(strings.TrimSpace(lines[i]), marker[:1]) == "" {
				break
			}
			body = append(body, lines[i])
		}
		blocks = append(blocks, block{lang: lang, body: strings.Join(body, "\n")})
	}
	return blocks, outside.String()
}

// fenceMarker returns the fence that opens line t (``` or ~~~, maybe
// longer), or "".
func fenceMarker(t string) string {
	for _, c := range []string{"`", "~"} {
		if strings.HasPrefix(t, c+c+c) {
			n := len(t) - len(strings.TrimLeft(t, c))
			return strings.Repeat(c, n)
		}
	}
	return ""
}

// transcriptLangs are fence languages that mean "prompts and output".
var transcriptLangs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"console": true, "shell-session": true, "terminal": true, "shellsession": true}
}}

// fromBlock returns the commands of one code block: its prompt lines when
// it is a transcript (or has prompts), else its statements.
func fromBlock(b block) []string {
	if transcriptLangs.Get()[b.lang] || hasPrompt(b.body) {
		return promptLines(b.body)
	}
	return statements(b.body)
}

// hasPrompt reports whether a block's first non-blank line starts with a
// `$ ` or `> ` prompt.
func hasPrompt(body string) bool {
	for _, l := range strings.Split(body, "\n") {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		return strings.HasPrefix(t, "$ ") || strings.HasPrefix(t, "> ") || t == "$" || strings.HasPrefix(t, "❯ ")
	}
	return false
}

// promptLines returns the commands typed after prompts; other lines are
// output (or prose) and are skipped. A line ending in a backslash
// continues onto the next.
func promptLines(s string) []string {
	var out []string
	lines := strings.Split(s, "\n")
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		cmd, ok := cutPrompt(t)
		if !ok {
			continue
		}
		for strings.HasSuffix(cmd, `\`) && i+1 < len(lines) {
			i++
			cmd = strings.TrimSpace(strings.TrimSuffix(cmd, `\`)) + " " + strings.TrimSpace(lines[i])
		}
		if cmd = cleanCommand(cmd); cmd != "" {
			out = append(out, cmd)
		}
	}
	return out
}

// cutPrompt removes a prompt (`$ `, `> `, `user@host:~$ `, `❯ `, `# ` is
// not one: it is a comment) from the start of a line.
func cutPrompt(t string) (string, bool) {
	for _, p := range []string{"$ ", "> ", "❯ ", "% "} {
		if rest, ok := strings.CutPrefix(t, p); ok {
			return strings.TrimSpace(rest), true
		}
	}
	if m := res.Get().prompt.FindStringSubmatch(t); m != nil && !strings.HasPrefix(t, "#") && strings.ContainsAny(t[:len(t)-len(m[1])], "@:~") {
		return strings.TrimSpace(m[1]), true
	}
	return "", false
}

// statements splits a block into its top-level commands: a multi-line
// loop or a here-document stays one command, separate lines are
// alternatives. Comment lines are dropped. A block that does not parse is
// split into lines.
func statements(body string) []string {
	body = strings.TrimSpace(body)
	if body == "" {
		return nil
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(body), "")
	if err != nil {
		return lines(body)
	}
	var out []string
	for _, st := range f.Stmts {
		start, end := st.Pos().Offset(), st.End().Offset()
		if int(end) > len(body) || start >= end {
			continue
		}
		if cmd := cleanCommand(body[start:end]); cmd != "" {
			out = append(out, cmd)
		}
	}
	return out
}

// lines returns the non-blank, non-comment lines of s, prompts removed.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		t := strings.TrimSpace(l)
		if c, ok := cutPrompt(t); ok {
			t = c
		}
		if c := cleanCommand(t); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// inlineCode returns the inline code spans that look like commands: not an
// option (`-size`), not a bare placeholder.
func inlineCode(s string) []string {
	var withSpace, single []string
	for _, m := range res.Get().inline.FindAllStringSubmatch(s, -1) {
		c := cleanCommand(m[1])
		if c == "" || strings.HasPrefix(c, "-") || strings.HasPrefix(c, "<") {
			continue
		}
		if strings.Contains(c, " ") {
			withSpace = append(withSpace, c)
		} else {
			single = append(single, c)
		}
	}
	// "Use `find` with `-size`: `find . -size +100M`": the full line wins.
	return append(withSpace, single...)
}

// bareLines handles a reply with no fence, prompt or inline code: every
// line that reads as a command rather than prose.
func bareLines(s string) []string {
	var out []string
	all := strings.Split(strings.TrimSpace(s), "\n")
	for _, l := range all {
		t := strings.TrimSpace(res.Get().list.ReplaceAllString(strings.TrimSpace(l), ""))
		if t == "" || (len(all) > 1 && isProse(t)) {
			continue
		}
		if c := cleanCommand(t); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// leadingCommands returns the first run of lines that read as commands
// (not prose, no inline code, not a list item, not starting with a
// capital), up to a blank or prose line: "cmd\n\nExplanation:\n- `x` …"
// gives cmd, not `x`.
func leadingCommands(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		t := strings.TrimSpace(l)
		if t == "" {
			if len(out) > 0 {
				break
			}
			continue
		}
		first := []rune(t)[0]
		if isProse(t) || strings.Contains(t, "`") || res.Get().list.MatchString(t) || first >= 'A' && first <= 'Z' || first == '*' {
			if len(out) > 0 {
				break
			}
			continue
		}
		if c := cleanCommand(t); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// isProse reports whether a line reads as a sentence: it ends in a colon,
// or starts with a capital and ends with a full stop, or begins with words
// models use to introduce a command.
func isProse(t string) bool {
	if strings.HasSuffix(t, ":") {
		return true
	}
	lower := strings.ToLower(t)
	for _, p := range []string{"here is", "here's", "this command", "this will", "you can", "use ", "try ", "to ", "the command", "explanation", "note", "command:", "sure", "i "} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	first := []rune(t)[0]
	return first >= 'A' && first <= 'Z' && (strings.HasSuffix(t, ".") || strings.HasSuffix(t, "!")) && strings.Count(t, " ") >= 2
}

// cleanCommand trims a candidate and removes a trailing "# comment"-free
// decoration: surrounding backticks or quotes a model added, and a lone
// trailing full stop after a closing backtick.
func cleanCommand(c string) string {
	c = strings.TrimSpace(c)
	c = strings.Trim(c, "`")
	c = strings.TrimSpace(c)
	if strings.HasPrefix(c, "#") {
		return ""
	}
	return c
}

// fromJSON reads {"command": "…"}, {"commands": ["…"]}, {"command": "…",
// "alternatives": […]}, or a JSON array of strings.
func fromJSON(s string) ([]string, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "{["); i > 0 {
		// Prose before a JSON object on its own line.
		if j := strings.LastIndex(s[:i], "\n"); j >= 0 || i < 40 {
			s = s[i:]
		}
	}
	if s == "" || (s[0] != '{' && s[0] != '[') {
		return nil, false
	}
	dec := json.NewDecoder(strings.NewReader(s))
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			if c := cleanCommand(x); c != "" {
				out = append(out, c)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, k := range []string{"command", "cmd", "commands", "alternatives", "candidates"} {
				if e, ok := x[k]; ok {
					walk(e)
				}
			}
		}
	}
	walk(v)
	return out, len(out) > 0
}

// stripThink removes a reasoning model's <think>…</think> block.
func stripThink(s string) string {
	if !strings.Contains(s, "<think>") {
		return s
	}
	s = res.Get().think.ReplaceAllString(s, "")
	if i := strings.Index(s, "<think>"); i >= 0 {
		s = s[:i] // unfinished thinking has no answer in it
	}
	return s
}

// dedupe drops empty and repeated candidates, keeping the first.
func dedupe(cmds []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range cmds {
		c = strings.TrimSpace(c)
		if c == "" || seen[c] {
			continue
		}
		seen[c] = true
		out = append(out, c)
	}
	return out
}
