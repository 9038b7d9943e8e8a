package complete

import (
	"slices"
	"testing"
)

// TestBridgeInteractiveCompletion: a completion function that runs fzf (in
// a pipeline inside $(…), as fzf's ** completion does) is reported to the
// caller, which runs it with the terminal; one that does not is answered
// by the bridge; $- has i there, as completion scripts test.
func TestBridgeInteractiveCompletion(t *testing.T) {
	b := bridge(t)
	b.Replay([]string{
		`_pick() { local m; m=$(printf '%s\n' a b | fzf -q "$2"); COMPREPLY=("$m"); }` + "\ncomplete -F _pick pick",
		`_plain() { [[ $- == *i* ]] && COMPREPLY=(interactive); }` + "\ncomplete -F _plain plain",
	})
	dir := t.TempDir()
	var asked []string
	interactive := func(fn string, q Query) (Reply, error) {
		asked = append(asked, fn+":"+q.Words[q.CWord])
		return Reply{Values: []string{"picked"}, Opts: map[string]bool{}}, nil
	}
	res, ok := b.Complete(Request{Line: "pick x**", Cursor: 8, Dir: dir, Interactive: interactive})
	if !ok || len(res.Candidates) != 1 || res.Candidates[0].Value != "picked" || !slices.Equal(asked, []string{"_pick:x**"}) {
		t.Errorf("pick: %+v %v, asked %q", res, ok, asked)
	}
	res, ok = b.Complete(Request{Line: "plain i", Cursor: 7, Dir: dir, Interactive: interactive})
	if !ok || len(res.Candidates) != 1 || res.Candidates[0].Value != "interactive" || len(asked) != 1 {
		t.Errorf("plain: %+v %v, asked %q", res, ok, asked)
	}
	if _, ok := b.Complete(Request{Line: "pick y", Cursor: 6, Dir: dir}); ok {
		t.Errorf("without Interactive, a completion that needs the terminal gives nothing")
	}
}

// BenchmarkBridgeInteractiveDetour is what finding out costs before an
// interactive completion function runs in the session: one bridge request
// whose function meets the fzf stand-in.
func BenchmarkBridgeInteractiveDetour(b *testing.B) {
	br := bridge(b)
	br.Replay([]string{`_pick() { local m; m=$(printf '%s\n' a b | fzf -q "$2"); COMPREPLY=("$m"); }` + "\ncomplete -F _pick pick"})
	dir := b.TempDir()
	interactive := func(string, Query) (Reply, error) { return Reply{Values: []string{"p"}, Opts: map[string]bool{}}, nil }
	for b.Loop() {
		if _, ok := br.Complete(Request{Line: "pick x**", Cursor: 8, Dir: dir, Interactive: interactive}); !ok {
			b.Fatal("no answer")
		}
	}
}
