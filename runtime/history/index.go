package history

import (
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
	rank := v.commandRanks()
	same := func(a, b int32) bool { return rank[recs[a].cmd] == rank[recs[b].cmd] }
	all := v.sortedByCommand(rank)
	x.all = all
	x.cmds = make([]int32, 0, len(all))
	weight := weights(len(recs))
	for i, id := range all {
		if i == 0 || !same(id, all[i-1]) {
			x.cmds = append(x.cmds, id)
		}
	}
	// Kept for the session: exactly as large as the distinct commands (a
	// clipped slice would keep the whole allocation alive).
	x.cmds = slices.Clone(x.cmds)
	x.cmdScore = make([]float64, len(x.cmds))
	for i, k := 0, -1; i < len(all); i++ {
		if i == 0 || !same(all[i], all[i-1]) {
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
			if i == from || !same(id, prev) {
				x.dirs = append(x.dirs, id)
				x.dirScore = append(x.dirScore, 0)
				prev = id
			}
			x.dirScore[len(x.dirScore)-1] += weight(int(id))
		}
		from = to
	}
	x.dirAt[ncwd] = int32(len(x.dirs))
	x.dirs, x.dirScore = slices.Clone(x.dirs), slices.Clone(x.dirScore)
	x.dirBest = blockBest(x.dirs, x.dirScore)
	return x
}

// commandRanks returns each command id's place in the order of the
// commands' texts; equal texts (a command appended again after the load
// interned it) share one.
func (v *view) commandRanks() []int32 {
	ids := make([]uint32, v.commands())
	for i := range ids {
		ids[i] = uint32(i)
	}
	slices.SortFunc(ids, func(a, b uint32) int { return strings.Compare(v.command(a), v.command(b)) })
	rank := make([]int32, len(ids))
	r := int32(-1)
	for i, id := range ids {
		if i == 0 || v.command(id) != v.command(ids[i-1]) {
			r++
		}
		rank[id] = r
	}
	return rank
}

// sortedByCommand returns all record numbers sorted by command, newest
// first among equal commands: a counting sort by the commands' ranks, so
// the texts are compared only once per distinct command.
func (v *view) sortedByCommand(rank []int32) []int32 {
	recs := v.recs
	at := make([]int32, len(rank)+1) // where each rank's run starts
	for i := range recs {
		at[rank[recs[i].cmd]+1]++
	}
	for r := 1; r < len(at); r++ {
		at[r] += at[r-1]
	}
	all := make([]int32, len(recs))
	for i := len(recs) - 1; i >= 0; i-- {
		r := rank[recs[i].cmd]
		all[at[r]] = int32(i)
		at[r]++
	}
	return all
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
