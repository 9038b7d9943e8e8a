package history

import (
	"math"
	"sort"
	"strings"
)

// halfLife is how many entries later a run of a command counts half as
// much for Suggest's ranking. A command's score is the sum, over its runs,
// of 2^(-age/halfLife), age counted in entries: frequency and recency in
// one number. A command run ten times a few hundred entries ago beats one
// run once just now; one run once just now beats one run ten times
// several thousand entries ago.
const halfLife = 1000

// weights returns the weight of record i for an index built over n
// records. Later records keep the same scale: an entry appended after the
// build weighs more than 1, so comparisons stay right without a rebuild.
func weights(n int) func(i int) float64 {
	return func(i int) float64 { return math.Exp2(float64(i-n) / halfLife) }
}

// blockBest returns, for each blockSize run of ids, the position of its
// best score (newest among equal ones).
func blockBest(ids []int32, scores []float64) []int32 {
	out := make([]int32, 0, (len(ids)+blockSize-1)/blockSize)
	for lo := 0; lo < len(ids); lo += blockSize {
		b := lo
		for p := lo + 1; p < min(lo+blockSize, len(ids)); p++ {
			if better(scores[p], ids[p], scores[b], ids[b]) {
				b = p
			}
		}
		out = append(out, int32(b))
	}
	return out
}

func better(s1 float64, id1 int32, s2 float64, id2 int32) bool {
	return s1 > s2 || s1 == s2 && id1 > id2
}

// best returns the position in ids[lo:hi] (sorted by command) of the
// best-scored command extending prefix, or -1.
func (v *view) best(ids []int32, scores []float64, blocks []int32, lo, hi int, prefix string) int {
	a := lo + sort.Search(hi-lo, func(i int) bool { return v.cmd(int(ids[lo+i])) >= prefix })
	b := a + sort.Search(hi-a, func(i int) bool { return !strings.HasPrefix(v.cmd(int(ids[a+i])), prefix) })
	if a < b && v.cmd(int(ids[a])) == prefix {
		a++ // distinct commands: only the first can equal the prefix
	}
	bp := -1
	consider := func(p int) {
		if bp < 0 || better(scores[p], ids[p], scores[bp], ids[bp]) {
			bp = p
		}
	}
	for ; a < b && a%blockSize != 0; a++ {
		consider(a)
	}
	for ; a+blockSize <= b; a += blockSize {
		consider(int(blocks[a/blockSize]))
	}
	for ; a < b; a++ {
		consider(a)
	}
	return bp
}

// scoreOf returns the score of exactly cmd in ids[lo:hi], or 0.
func (v *view) scoreOf(ids []int32, scores []float64, lo, hi int, cmd string) float64 {
	p := lo + sort.Search(hi-lo, func(i int) bool { return v.cmd(int(ids[lo+i])) >= cmd })
	if p < hi && v.cmd(int(ids[p])) == cmd {
		return scores[p]
	}
	return 0
}

// tailCandidates bounds the distinct commands Suggest scores among the
// entries past the index.
const tailCandidates = 64

// ranked finds the best-ranked command extending prefix, run in cwd id c
// (any directory when c < 0).
func (v *view) ranked(prefix string, c int) (string, bool) {
	x := v.idx
	ref, covered := len(v.recs), max(0, len(v.recs)-unindexedScan)
	var ids, blocks []int32
	var scores []float64
	lo, hi := 0, 0
	if x != nil {
		ref, covered = x.n, x.n
		switch {
		case c < 0:
			ids, scores, blocks, lo, hi = x.cmds, x.cmdScore, x.cmdBest, 0, len(x.cmds)
		case c+1 < len(x.dirAt):
			ids, scores, blocks, lo, hi = x.dirs, x.dirScore, x.dirBest, int(x.dirAt[c]), int(x.dirAt[c+1])
		}
	}
	bestCmd, bestScore, bestID := "", -1.0, int32(-1)
	if ids != nil {
		if p := v.best(ids, scores, blocks, lo, hi, prefix); p >= 0 {
			bestCmd, bestScore, bestID = v.cmd(int(ids[p])), scores[p], ids[p]
		}
	}
	// Entries past the index: their commands' indexed score plus theirs.
	type cand struct {
		cmd   string
		score float64
		id    int32
	}
	var cands [tailCandidates]cand
	n := 0
	weight := weights(ref)
next:
	for i := len(v.recs) - 1; i >= covered; i-- {
		r := &v.recs[i]
		if c >= 0 && r.cwd != uint32(c) || v.cmdAt[r.cmd+1]-v.cmdAt[r.cmd] <= uint32(len(prefix)) {
			continue
		}
		cmd := v.command(r.cmd)
		if !strings.HasPrefix(cmd, prefix) {
			continue
		}
		w := weight(i)
		for k := range n {
			if cands[k].cmd == cmd {
				cands[k].score += w
				continue next
			}
		}
		if n == len(cands) {
			continue
		}
		base := 0.0
		if ids != nil {
			base = v.scoreOf(ids, scores, lo, hi, cmd)
		}
		cands[n] = cand{cmd, base + w, int32(i)}
		n++
	}
	for _, k := range cands[:n] {
		if better(k.score, k.id, bestScore, bestID) {
			bestCmd, bestScore, bestID = k.cmd, k.score, k.id
		}
	}
	return bestCmd, bestID >= 0
}
