package history

import (
	"cmp"
	"slices"
	"sort"
	"strings"
)

// index answers "newest entry starting with this prefix" in O(log n) plus a
// short range-maximum scan.
//
// Record numbers grow with time, so the newest entry is the one with the
// largest number. The index keeps each distinct command once (its newest
// record), sorted by command text: the commands with a prefix form one
// contiguous range found by binary search, and the newest of them is the
// range maximum, read from per-block maxima. A second array does the same per
// working directory (sorted by directory, then command) for Suggest's
// same-directory preference. Both are []int32, 4 bytes an entry.
//
// The index is immutable. Entries appended after it was built are scanned
// linearly (at most rebuildAfter of them) until a background rebuild.
type index struct {
	n      int     // records covered: recs[:n]
	all    []int32 // every record, by command, newest first among equal ones (for Next)
	cmds   []int32 // distinct commands' newest record, by command
	cmdMax []int32 // max of each blockSize run of cmds
	dirs   []int32 // distinct (cwd, command) pairs' newest record, by cwd id then command
	dirMax []int32
	dirAt  []int32 // dirs[dirAt[c]:dirAt[c+1]] holds cwd id c
}

const blockSize = 32

// unindexedScan bounds the linear scan Suggest does before the first index
// is built (the first ~100 ms after Open): only the newest entries are
// searched, so a keystroke stays well under a millisecond.
const unindexedScan = 50_000

func buildIndex(recs []record, ncwd int) *index {
	x := &index{n: len(recs)}
	all := sortedByCommand(recs)
	x.all = all
	x.cmds = make([]int32, 0, len(all))
	for i, id := range all {
		if i == 0 || recs[id].cmd != recs[all[i-1]].cmd {
			x.cmds = append(x.cmds, id)
		}
	}
	x.cmdMax = blockMax(x.cmds)

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
	from := int32(0)
	for c := range ncwd {
		to := x.dirAt[c+1]
		x.dirAt[c] = int32(len(x.dirs))
		prev := ""
		for i := from; i < to; i++ {
			id := byDir[i]
			if i == from || recs[id].cmd != prev {
				x.dirs = append(x.dirs, id)
				prev = recs[id].cmd
			}
		}
		from = to
	}
	x.dirAt[ncwd] = int32(len(x.dirs))
	x.dirs = slices.Clip(x.dirs)
	x.dirMax = blockMax(x.dirs)
	return x
}

// sortedByCommand returns all record numbers sorted by command, newest
// first among equal commands.
func sortedByCommand(recs []record) []int32 {
	all := make([]int32, len(recs))
	for i := range all {
		all[i] = int32(i)
	}
	slices.SortFunc(all, func(a, b int32) int {
		if c := strings.Compare(recs[a].cmd, recs[b].cmd); c != 0 {
			return c
		}
		return cmp.Compare(b, a)
	})
	return all
}

func blockMax(ids []int32) []int32 {
	m := make([]int32, 0, (len(ids)+blockSize-1)/blockSize)
	for i := 0; i < len(ids); i += blockSize {
		m = append(m, slices.Max(ids[i:min(i+blockSize, len(ids))]))
	}
	return m
}

// newest returns the newest record in ids[lo:hi] (sorted by command) whose
// command extends prefix, or -1.
func newest(recs []record, ids, maxes []int32, lo, hi int, prefix string) int {
	a := lo + sort.Search(hi-lo, func(i int) bool { return recs[ids[lo+i]].cmd >= prefix })
	b := a + sort.Search(hi-a, func(i int) bool { return !strings.HasPrefix(recs[ids[a+i]].cmd, prefix) })
	if a < b && recs[ids[a]].cmd == prefix {
		a++ // distinct commands: only the first can equal the prefix
	}
	best := int32(-1)
	for ; a < b && a%blockSize != 0; a++ {
		best = max(best, ids[a])
	}
	for ; a+blockSize <= b; a += blockSize {
		best = max(best, maxes[a/blockSize])
	}
	for ; a < b; a++ {
		best = max(best, ids[a])
	}
	return int(best)
}

// Suggest returns the newest recorded command that starts with prefix and
// is longer than it, for ghost text. When cwd is not empty, the newest such
// command run in cwd wins over newer ones run elsewhere. An empty prefix
// suggests nothing. It never waits: before the file is loaded it finds only
// what is in memory. It takes microseconds at 200k entries and does not
// allocate.
func (s *Store) Suggest(prefix, cwd string) (string, bool) {
	if prefix == "" {
		return "", false
	}
	v := s.view.Load()
	if cwd != "" {
		if c, ok := v.cwdIDs[cwd]; ok {
			if i := v.newest(prefix, int(c)); i >= 0 {
				return v.recs[i].cmd, true
			}
		}
	}
	if i := v.newest(prefix, -1); i >= 0 {
		return v.recs[i].cmd, true
	}
	return "", false
}

// newest finds the newest record extending prefix, run in cwd id c (any
// directory when c < 0), or -1.
func (v *view) newest(prefix string, c int) int {
	covered := max(0, len(v.recs)-unindexedScan)
	if v.idx != nil {
		covered = v.idx.n
	}
	for i := len(v.recs) - 1; i >= covered; i-- {
		r := &v.recs[i]
		if (c < 0 || r.cwd == uint32(c)) && len(r.cmd) > len(prefix) && strings.HasPrefix(r.cmd, prefix) {
			return i
		}
	}
	x := v.idx
	switch {
	case x == nil:
		return -1
	case c < 0:
		return newest(v.recs, x.cmds, x.cmdMax, 0, len(x.cmds), prefix)
	case c+1 < len(x.dirAt):
		return newest(v.recs, x.dirs, x.dirMax, int(x.dirAt[c]), int(x.dirAt[c+1]), prefix)
	}
	return -1
}
