package history

import (
	"cmp"
	"slices"
	"strings"
)

// index answers "best-ranked entry starting with this prefix" in O(log n)
// plus a short range-maximum scan.
//
// The index keeps each distinct command once (its newest record, and its
// score: frequency and recency, see rank.go), sorted by command text: the
// commands with a prefix form one contiguous range found by binary search,
// and the best of them is the range maximum, read from per-block maxima. A
// second array does the same per working directory (sorted by directory,
// then command) for Suggest's same-directory preference.
//
// The index is immutable. Entries appended after it was built are scanned
// linearly (at most rebuildAfter of them) until a background rebuild.
type index struct {
	n     int     // records covered: recs[:n]
	all   []int32 // every record, by command, newest first among equal ones (for Next)
	cmds  []int32 // distinct commands' newest record, by command
	dirs  []int32 // distinct (cwd, command) pairs' newest record, by cwd id then command
	dirAt []int32 // dirs[dirAt[c]:dirAt[c+1]] holds cwd id c

	// Ranking for Suggest (rank.go): each distinct command's score, and
	// the position of each blockSize run's best score.
	cmdScore, dirScore []float64
	cmdBest, dirBest   []int32
}

const blockSize = 32

// unindexedScan bounds the linear scan Suggest does before the first index
// is built (the first ~100 ms after Open): only the newest entries are
// searched, so a keystroke stays well under a millisecond.
const unindexedScan = 50_000

func buildIndex(v *view) *index {
	recs, ncwd := v.recs, len(v.cwds)
	x := &index{n: len(recs)}
	all := v.sortedByCommand()
	x.all = all
	x.cmds = make([]int32, 0, len(all))
	weight := weights(len(recs))
	for i, id := range all {
		if i == 0 || !v.sameCmd(id, all[i-1]) {
			x.cmds = append(x.cmds, id)
		}
	}
	x.cmds = slices.Clip(x.cmds)
	x.cmdScore = make([]float64, len(x.cmds))
	for i, k := 0, -1; i < len(all); i++ {
		if i == 0 || !v.sameCmd(all[i], all[i-1]) {
			k++
		}
		x.cmdScore[k] += weight(int(all[i]))
	}
	x.cmdBest = blockBest(x.cmds, x.cmdScore)

	// A stable counting sort by cwd keeps the (command, newest first) order
	// inside each directory; then drop repeats.
	x.dirAt = make([]int32, ncwd+1)
	for _, id := range all {
		x.dirAt[recs[id].cwd+1]++
	}
	for c := 1; c <= ncwd; c++ {
		x.dirAt[c] += x.dirAt[c-1]
	}
	byDir := make([]int32, len(all))
	next := slices.Clone(x.dirAt[:ncwd])
	for _, id := range all {
		c := recs[id].cwd
		byDir[next[c]] = id
		next[c]++
	}
	x.dirs = byDir[:0] // compacting in place: writes never pass reads
	x.dirScore = make([]float64, 0, len(byDir))
	from := int32(0)
	for c := range ncwd {
		to := x.dirAt[c+1]
		x.dirAt[c] = int32(len(x.dirs))
		prev := int32(-1)
		for i := from; i < to; i++ {
			id := byDir[i]
			if i == from || !v.sameCmd(id, prev) {
				x.dirs = append(x.dirs, id)
				x.dirScore = append(x.dirScore, 0)
				prev = id
			}
			x.dirScore[len(x.dirScore)-1] += weight(int(id))
		}
		from = to
	}
	x.dirAt[ncwd] = int32(len(x.dirs))
	x.dirs = slices.Clip(x.dirs)
	x.dirBest = blockBest(x.dirs, x.dirScore)
	return x
}

// sortedByCommand returns all record numbers sorted by command, newest
// first among equal commands.
func (v *view) sortedByCommand() []int32 {
	recs := v.recs
	all := make([]int32, len(recs))
	for i := range all {
		all[i] = int32(i)
	}
	slices.SortFunc(all, func(a, b int32) int {
		if ca, cb := recs[a].cmd, recs[b].cmd; ca != cb {
			if c := strings.Compare(v.command(ca), v.command(cb)); c != 0 {
				return c
			}
		}
		return cmp.Compare(b, a)
	})
	return all
}

// sameCmd reports whether records a and b hold the same command. Commands
// loaded from the file are interned (one id per text); commands appended
// later may repeat one under another id.
func (v *view) sameCmd(a, b int32) bool {
	ca, cb := v.recs[a].cmd, v.recs[b].cmd
	return ca == cb || v.command(ca) == v.command(cb)
}

// Suggest returns the recorded command that starts with prefix and is
// longer than it, for ghost text: the one run most often and most recently
// (see rank.go), preferring those run in cwd when cwd is not empty. An empty
// prefix suggests nothing. It never waits: before the file is loaded it
// finds only what is in memory. It takes microseconds at 200k entries and
// does not allocate.
func (s *Store) Suggest(prefix, cwd string) (string, bool) {
	if prefix == "" {
		return "", false
	}
	s.wantIndex()
	v := s.view.Load()
	if cwd != "" {
		if c, ok := v.cwdIDs[cwd]; ok {
			if cmd, ok := v.ranked(prefix, int(c)); ok {
				return cmd, true
			}
		}
	}
	return v.ranked(prefix, -1)
}
