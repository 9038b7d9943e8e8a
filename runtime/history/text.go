package history

import (
	"hash/maphash"
	"math"
	"unsafe"
)

// The command texts live in a text space: every command's text once
// (commands loaded from the file are interned: a history repeats itself, and
// each repeat costs its record only), one after another in the order they
// were first seen, so command k is the span from cmdAt[k] to cmdAt[k+1]
// (cmdAt[0] is 0). The space is stored in blocks, one allocation each, and a
// command never spans two blocks; a block's bytes are never written again
// once a command in them is published, so strings point into them without a
// copy. Offsets are 32-bit: a text space holds at most 4 GiB of distinct
// commands (lines past that are skipped, counted as damaged).

// textBlock is one allocation of the text space: its bytes hold the space
// from start on.
type textBlock struct {
	start uint32
	data  *byte
}

// minTextBlock is the smallest text block: commands appended one by one
// share blocks of this size.
const minTextBlock = 16 << 10

// loadTextBlock is the size of the text blocks a load fills; once the load
// is done they are copied into one block of the exact size.
const loadTextBlock = 256 << 10

// command returns the text of command id.
func (v *view) command(id uint32) string {
	at := v.cmdAt[id : id+2]
	b := v.blocks[len(v.blocks)-1]
	if at[0] < b.start {
		b = v.blockOf(at[0])
	}
	return unsafe.String((*byte)(unsafe.Add(unsafe.Pointer(b.data), at[0]-b.start)), at[1]-at[0])
}

// commands returns how many commands the text space holds.
func (v *view) commands() int { return max(0, len(v.cmdAt)-1) }

// cmd returns the command of record i.
func (v *view) cmd(i int) string { return v.command(v.recs[i].cmd) }

// blockOf returns the block holding offset off (a command's first byte:
// commands are never empty, so it is inside the block), which is not the
// last one.
func (v *view) blockOf(off uint32) textBlock {
	bs := v.blocks
	if off < bs[1].start {
		return bs[0] // the loaded file's
	}
	lo, hi := 0, len(bs)-1 // bs[lo].start <= off < bs[hi].start
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if bs[m].start <= off {
			lo = m
		} else {
			hi = m
		}
	}
	return bs[lo]
}

// textWriter appends commands to the text space of the view being built.
// The bytes past the published commands in the current block are free for
// the next ones: readers of a published view never look there.
type textWriter struct {
	cur    []byte       // the current block; len is what is used
	intern *internTable // the commands by text while a load interns; nil otherwise
}

// internTable finds a command's id by its text while a file loads: open
// addressing over the ids, sized for the file's line count (at most half
// full, never grown), the texts read from the text space. A Go map keyed
// by the texts made the load twice as slow.
type internTable struct {
	slots []uint32 // id+1; 0 is empty
	used  int
	seed  maphash.Seed
}

func newInternTable(lines int) *internTable {
	n := 1024
	for n < 2*lines {
		n <<= 1
	}
	return &internTable{slots: make([]uint32, n), seed: maphash.MakeSeed()}
}

// find returns the id of text in v and true, or the slot where it goes.
func (t *internTable) find(v *view, text []byte) (slot int, id uint32, ok bool) {
	mask := len(t.slots) - 1
	for i := int(maphash.Bytes(t.seed, text)) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return i, 0, false
		}
		if v.command(s-1) == string(text) {
			return i, s - 1, true
		}
	}
}

// reset forgets the current block: the view starts a new, empty text space
// (the file was rewritten). add does so by itself for a view without
// blocks.
func (w *textWriter) reset() { w.cur = nil }

// add appends the text raw unescapes to (raw must have passed
// validEscapes) as a command of v and returns its id; an interned command
// already in v gets its id. ok is false when the text space is full.
func (w *textWriter) add(v *view, raw []byte, blockSize int) (id uint32, ok bool) {
	if len(v.cmdAt) == 0 {
		v.cmdAt = append(v.cmdAt, 0)
	}
	end := v.cmdAt[len(v.cmdAt)-1]
	if uint64(end)+uint64(len(raw)) > math.MaxUint32 {
		return 0, false
	}
	if len(v.blocks) == 0 || cap(w.cur)-len(w.cur) < len(raw) { // unescaping never lengthens
		w.cur = make([]byte, 0, max(blockSize, len(raw)))
		v.blocks = append(v.blocks, textBlock{start: end, data: unsafe.SliceData(w.cur)})
	}
	at := len(w.cur)
	w.cur = appendUnescaped(w.cur, raw)
	text := w.cur[at:]
	slot := -1
	if w.intern != nil {
		var found bool
		if slot, id, found = w.intern.find(v, text); found {
			w.cur = w.cur[:at]
			return id, true
		}
	}
	id = uint32(len(v.cmdAt) - 1)
	v.cmdAt = append(v.cmdAt, end+uint32(len(text)))
	if slot >= 0 {
		w.intern.slots[slot] = id + 1
		if w.intern.used++; 2*w.intern.used > len(w.intern.slots) {
			w.intern = nil // more than the lines counted: stop interning rather than fill it
		}
	}
	return id, true
}

// compact replaces the blocks of v by one block of the exact size holding
// their text, before v is published (the end of a load, which made them:
// no published view sees the change). Appends then start a new block.
func (w *textWriter) compact(v *view) {
	if len(v.blocks) == 0 || len(v.blocks) == 1 && cap(w.cur)-len(w.cur) < minTextBlock {
		return
	}
	end := v.cmdAt[len(v.cmdAt)-1]
	text := make([]byte, 0, end)
	for i, b := range v.blocks {
		to := end
		if i+1 < len(v.blocks) {
			to = v.blocks[i+1].start
		}
		text = append(text, unsafe.Slice(b.data, to-b.start)...)
	}
	v.blocks = []textBlock{{start: 0, data: unsafe.SliceData(text)}}
	w.cur = text
}
