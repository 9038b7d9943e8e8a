package history

import "strings"

// Source is what a PrefixWalk searches: the entries, oldest first (a
// *Store).
type Source interface {
	Len() int
	At(i int) Entry
}

// PrefixWalk is the state of an ↑/↓ walk through the history by prefix
// (fish's ↑: the entries starting with the text before the cursor, newest
// first, each once). The line editor's glue (runtime/repl) keeps one per
// session and puts what Up and Down return in the buffer; the zero value
// is ready to use.
type PrefixWalk struct {
	last    string   // the line the previous ↑/↓ left, to tell a walk goes on
	plain   bool     // this walk is the editor's own (from an empty prefix)
	typed   string   // the line as typed; ↓ past the newest match restores it
	prefix  string   // the text before the cursor when the walk began
	matches []string // found so far, newest first
	pos     int      // index in matches of the line shown; -1 for typed
	next    int      // history index to go on searching from (backward)
	seen    map[string]bool
}

// Begin is called on ↑ or ↓ with the buffer and the text before the
// cursor. It starts a walk, unless the buffer is what the last step left
// (the walk goes on), and reports whether the walk is by prefix: false
// when nothing is typed before the cursor or the buffer spans lines, where
// the editor's own previous-history and next-history walk (call Left with
// the line they leave).
func (w *PrefixWalk) Begin(line, beforeCursor string, n int) bool {
	if line == w.last && line != "" {
		return !w.plain
	}
	*w = PrefixWalk{plain: beforeCursor == "" || strings.Contains(line, "\n"), typed: line, prefix: beforeCursor, pos: -1, next: n - 1}
	return !w.plain
}

// Left records the line the editor's own step left in the buffer.
func (w *PrefixWalk) Left(line string) { w.last = line }

// Up returns the next older entry starting with the prefix (longer than
// it, not the typed line, each once); ok is false when there is none and
// the buffer stays.
func (w *PrefixWalk) Up(src Source) (line string, ok bool) {
	if w.pos+1 < len(w.matches) {
		w.pos++
		return w.show(w.matches[w.pos]), true
	}
	for ; w.next >= 0; w.next-- {
		c := src.At(w.next).Command
		if len(c) > len(w.prefix) && strings.HasPrefix(c, w.prefix) && c != w.typed && !w.seen[c] {
			if w.seen == nil {
				w.seen = map[string]bool{}
			}
			w.seen[c] = true
			w.matches = append(w.matches, c)
			w.next--
			w.pos++
			return w.show(c), true
		}
	}
	return "", false
}

// Down returns the next newer match, or the line as typed past the newest
// (a new walk starts from there); ok is false when the typed line shows
// already.
func (w *PrefixWalk) Down() (line string, ok bool) {
	switch {
	case w.pos > 0:
		w.pos--
		return w.show(w.matches[w.pos]), true
	case w.pos == 0:
		w.pos = -1
		w.last = ""
		return w.typed, true
	}
	return "", false
}

func (w *PrefixWalk) show(line string) string {
	w.last = line
	return line
}
