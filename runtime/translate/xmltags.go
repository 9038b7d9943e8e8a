package translate

import (
	"html"
	"strings"

	"github.com/lacy-sh/lacy/internal/lazy"
)

// xmlTags are the tags models wrap a command in: <command>ls</command>,
// <bash>…</bash>, <code>…</code>, an <answer> holding a fence. The name is
// matched without case; attributes are allowed (<code class="language-sh">).
var xmlTags = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"command": true, "commands": true, "cmd": true, "bash": true, "shell": true, "sh": true, "zsh": true,
		"code": true, "pre": true, "answer": true, "script": true, "terminal": true, "fix": true,
		"suggestion": true, "result": true, "output": false,
	}
}}

// maxTagDepth bounds the nesting followed (<commands><command>…).
const maxTagDepth = 4

// fromTags returns the commands inside XML-ish wrappers of a reply, in
// order: each wrapper's body is read like a reply of its own (a fence, a
// JSON object, a prompt, nested tags or a bare line). ok is false when the
// reply has no such wrapper.
func fromTags(s string, depth int) (out []string, ok bool) {
	if depth >= maxTagDepth || !strings.Contains(s, "</") {
		return nil, false
	}
	for _, body := range tagBodies(s) {
		ok = true
		body = html.UnescapeString(body)
		if inner, found := fromTags(body, depth+1); found {
			out = append(out, inner...)
			continue
		}
		out = append(out, extract(body, depth+1)...)
	}
	return out, ok
}

// tagBodies returns the bodies of the outermost known tags of s, each up
// to its matching close tag (an unclosed tag has no body).
func tagBodies(s string) []string {
	var out []string
	for _, sp := range tagSpans(s) {
		out = append(out, s[sp[1]:sp[2]])
	}
	return out
}

// withoutTags is s with its known tags and their bodies removed.
func withoutTags(s string) string {
	var b strings.Builder
	last := 0
	for _, sp := range tagSpans(s) {
		b.WriteString(s[last:sp[0]])
		last = sp[3]
	}
	b.WriteString(s[last:])
	return b.String()
}

// tagSpans returns, for each outermost known tag of s, the offsets of its
// '<', its body's start and end, and the end of its close tag.
func tagSpans(s string) [][4]int {
	var out [][4]int
	low := asciiLower(s)
	i := 0
	for i < len(s) {
		j := strings.IndexByte(low[i:], '<')
		if j < 0 {
			break
		}
		j += i
		name, end := openTag(low, j)
		if name == "" || !xmlTags.Get()[name] {
			i = j + 1
			continue
		}
		body, after, ok := closeTag(low, end, name)
		if !ok {
			i = end
			continue
		}
		out = append(out, [4]int{j, end, body, after})
		i = after
	}
	return out
}

// openTag reads an opening tag at low[j] ('<'): its lower-case name and
// the offset after its '>'; "" when there is none.
func openTag(low string, j int) (string, int) {
	k := j + 1
	for k < len(low) && (low[k] >= 'a' && low[k] <= 'z' || low[k] == '_' || low[k] == '-' || k > j+1 && low[k] >= '0' && low[k] <= '9') {
		k++
	}
	if k == j+1 || k >= len(low) {
		return "", 0
	}
	name := low[j+1 : k]
	if low[k] != '>' && low[k] != ' ' && low[k] != '\t' && low[k] != '\n' {
		return "", 0
	}
	gt := strings.IndexByte(low[k:], '>')
	if gt < 0 || strings.IndexByte(low[k:k+gt], '<') >= 0 || low[k+gt-1] == '/' && gt > 0 {
		return "", 0
	}
	return name, k + gt + 1
}

// closeTag finds the </name> matching an open tag whose body starts at
// from, counting nested tags of the same name. It returns the body's end
// and the offset after the close tag.
func closeTag(low string, from int, name string) (bodyEnd, after int, ok bool) {
	open, closing := "<"+name, "</"+name+">"
	depth := 1
	i := from
	for {
		c := strings.Index(low[i:], closing)
		if c < 0 {
			return 0, 0, false
		}
		// Nested opens of the same name before this close.
		seg := low[i : i+c]
		for k := strings.Index(seg, open); k >= 0; {
			if n, _ := openTag(seg, k); n == name {
				depth++
			}
			next := strings.Index(seg[k+1:], open)
			if next < 0 {
				break
			}
			k += 1 + next
		}
		depth--
		if depth == 0 {
			return i + c, i + c + len(closing), true
		}
		i += c + len(closing)
	}
}

// tagBeforeFence reports whether the reply's first known tag comes before
// its first code fence: a tag inside a fenced block is the command's text
// (echo '<b>hi</b>'), not a wrapper.
func tagBeforeFence(s string) bool {
	f := strings.Index(s, "```")
	if f < 0 {
		f = strings.Index(s, "~~~")
	}
	if f < 0 {
		return true
	}
	low := asciiLower(s[:f])
	for i := strings.IndexByte(low, '<'); i >= 0; {
		if name, _ := openTag(low, i); xmlTags.Get()[name] {
			return true
		}
		n := strings.IndexByte(low[i+1:], '<')
		if n < 0 {
			break
		}
		i += 1 + n
	}
	return false
}

// asciiLower lower-cases ASCII letters only, so offsets in the result are
// offsets in s (strings.ToLower may change a string's length).
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
