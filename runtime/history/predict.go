package history

import (
	"sort"
)

// Limits that keep Next well under a millisecond at 200k entries.
const (
	nextOccurrences = 2000 // newest occurrences of the previous command examined
	nextLookahead   = 64   // records searched for an occurrence's successor in its session
	sessionLookback = 4096 // records searched back for this session's last command
)

// Next predicts the command to run after this session's last one, for the
// ghost text of an empty prompt: the command that most often came next
// after that one, in any session, counting only what followed it in cwd
// when that happened at all (ties go to the newest). ok is false when this
// session has run nothing yet or nothing ever followed its last command.
func (s *Store) Next(cwd string) (string, bool) {
	v := s.view.Load()
	n := len(v.recs)
	last := -1
	for i := n - 1; i >= max(0, n-sessionLookback); i-- {
		if v.sessions[v.recs[i].sess] == s.session {
			last = i
			break
		}
	}
	if last < 0 {
		return "", false
	}
	s.wantIndex()
	return v.next(v.cmd(last), last, cwd)
}

// NextAfter is Next for a given previous command.
func (s *Store) NextAfter(prev, cwd string) (string, bool) {
	s.wantIndex()
	v := s.view.Load()
	return v.next(prev, len(v.recs), cwd)
}

// tally counts successors; the order of first sight (newest first) breaks
// ties.
type tally struct {
	at    map[string]int
	cmds  []string
	count []int
}

func (t *tally) add(cmd string) {
	if i, ok := t.at[cmd]; ok {
		t.count[i]++
		return
	}
	if t.at == nil {
		t.at = map[string]int{}
	}
	t.at[cmd] = len(t.cmds)
	t.cmds = append(t.cmds, cmd)
	t.count = append(t.count, 1)
}

func (t *tally) best() (string, bool) {
	bi := -1
	for i, c := range t.count {
		if bi < 0 || c > t.count[bi] {
			bi = i
		}
	}
	if bi < 0 {
		return "", false
	}
	return t.cmds[bi], true
}

// next tallies what followed the occurrences of prev (except the one at
// skip), newest first.
func (v *view) next(prev string, skip int, cwd string) (string, bool) {
	cwdID, hasCwd := v.cwdIDs[cwd]
	var here, anywhere tally
	seen := 0
	visit := func(i int) bool {
		if i == skip {
			return true
		}
		r := &v.recs[i]
		for j := i + 1; j < min(len(v.recs), i+1+nextLookahead); j++ {
			if v.recs[j].sess != r.sess {
				continue
			}
			anywhere.add(v.cmd(j))
			if hasCwd && r.cwd == cwdID {
				here.add(v.cmd(j))
			}
			break
		}
		seen++
		return seen < nextOccurrences
	}
	// Entries past the index, newest first, then the index's run of prev.
	covered := max(0, len(v.recs)-unindexedScan)
	if v.idx != nil {
		covered = v.idx.n
	}
	for i := len(v.recs) - 1; i >= covered; i-- {
		if v.cmd(i) == prev && !visit(i) {
			break
		}
	}
	if x := v.idx; x != nil && seen < nextOccurrences {
		a := sort.Search(len(x.all), func(i int) bool { return v.cmd(int(x.all[i])) >= prev })
		for ; a < len(x.all) && v.cmd(int(x.all[a])) == prev; a++ {
			if !visit(int(x.all[a])) {
				break
			}
		}
	}
	if c, ok := here.best(); ok {
		return c, true
	}
	return anywhere.best()
}
