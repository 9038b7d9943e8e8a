package history

import (
	"math"
	"unsafe"
)

// The command texts live in a text space: every command's text once
// (commands loaded from the file are interned: a history repeats itself, and
// each repeat costs its record only), one after another in the order they
// were first seen, so command k is the span from the end of command k-1 to
// cmdEnd[k]. The space is stored in blocks, one allocation each, and a
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

// loadTextBlock is the size of the text blocks a load fills; the last is
// trimmed to its contents once the load is done.
const loadTextBlock = 256 << 10

// command returns the text of command id.
func (v *view) command(id uint32) string {
	start := uint32(0)
	if id > 0 {
		start = v.cmdEnd[id-1]
	}
	b := v.blockOf(start)
	return unsafe.String((*byte)(unsafe.Add(unsafe.Pointer(b.data), start-b.start)), v.cmdEnd[id]-start)
}

// cmd returns the command of record i.
func (v *view) cmd(i int) string { return v.command(v.recs[i].cmd) }

// blockOf returns the block holding offset off (a command's first byte:
// commands are never empty, so it is inside the block).
func (v *view) blockOf(off uint32) *textBlock {
	bs := v.blocks
	if last := &bs[len(bs)-1]; off >= last.start {
		return last // a single block (a small file) or a recent command
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
	return &bs[lo]
}

// textWriter appends commands to the text space of the view being built.
// The bytes past the published commands in the current block are free for
// the next ones: readers of a published view never look there.
type textWriter struct {
	cur    []byte            // the current block; len is what is used
	intern map[string]uint32 // command ids by text while a load interns; nil otherwise
}

// reset forgets the current block: the view starts a new, empty text space
// (the file was rewritten). add does so by itself for a view without
// blocks.
func (w *textWriter) reset() { w.cur = nil }

// add appends the text raw unescapes to (raw must have passed
// validEscapes) as a command of v and returns its id; an interned command
// already in v gets its id. ok is false when the text space is full.
func (w *textWriter) add(v *view, raw []byte, blockSize int) (id uint32, ok bool) {
	end := uint32(0)
	if n := len(v.cmdEnd); n > 0 {
		end = v.cmdEnd[n-1]
	}
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
	if w.intern != nil {
		if id, ok := w.intern[string(text)]; ok {
			w.cur = w.cur[:at]
			return id, true
		}
	}
	id = uint32(len(v.cmdEnd))
	v.cmdEnd = append(v.cmdEnd, end+uint32(len(text)))
	if w.intern != nil {
		w.intern[unsafe.String(unsafe.SliceData(text), len(text))] = id
	}
	return id, true
}

// trim replaces the current block of v by a copy holding only its used
// bytes, before v is published (the end of a load: its last block is
// mostly free); appends then start a new block. The blocks are v's own
// (made by this load), so no published view sees the change.
func (w *textWriter) trim(v *view) {
	if len(v.blocks) == 0 || cap(w.cur)-len(w.cur) < minTextBlock {
		return
	}
	if len(w.cur) == 0 {
		v.blocks = v.blocks[:len(v.blocks)-1] // it holds nothing
		w.cur = nil
		return
	}
	w.cur = append([]byte(nil), w.cur...)
	v.blocks[len(v.blocks)-1].data = unsafe.SliceData(w.cur)
}
