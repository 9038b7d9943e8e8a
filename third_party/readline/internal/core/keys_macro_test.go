package core

import "testing"

// TestFeedMacroGoesBeforeTypedAhead: a macro's keys are dispatched before
// the keys read with the sequence that invoked it (lacy patch 8).
func TestFeedMacroGoesBeforeTypedAhead(t *testing.T) {
	for _, c := range []struct {
		name, typed string
		macro       []rune
		want        string
	}{
		{"ascii", "pwd\r", []rune(" \x02`f`\x1b\x05\r"), " \x02`f`\x1b\x05\rpwd\r"},
		{"nothing typed", "", []rune("ab"), "ab"},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := &Keys{buf: []byte(c.typed)}
			k.FeedMacro(c.macro...)
			var got []byte
			for {
				b, empty := k.Pop()
				if empty {
					break
				}
				got = append(got, b)
			}
			if string(got) != c.want {
				t.Fatalf("keys %q, want %q", got, c.want)
			}
		})
	}
	// Meta-encoded keys keep the macro stack (after the typed keys, as before).
	k := &Keys{buf: []byte("x")}
	k.FeedMacro(0x80 | 'c')
	if b, _ := k.Pop(); b != 'x' {
		t.Fatalf("first key %q", b)
	}
}
