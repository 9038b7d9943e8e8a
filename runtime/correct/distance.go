package correct

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/internal/textsim"
)

// Distance returns the optimal-string-alignment distance between a and b
// (insertions, deletions, substitutions and swaps of two adjacent letters
// each cost one edit), or max+1 as soon as it is known to exceed max. It
// works on bytes for ASCII input and on runes otherwise.
func Distance(a, b string, max int) int {
	if a == b {
		return 0
	}
	if isASCII(a) && isASCII(b) {
		return osa([]byte(a), []byte(b), max)
	}
	return osa([]rune(a), []rune(b), max)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// osa is the three-row dynamic programme of optimal string alignment with
// an early exit once a whole row exceeds max.
func osa[T byte | rune](a, b []T, max int) int {
	la, lb := len(a), len(b)
	if d := la - lb; d > max || -d > max {
		return max + 1
	}
	var buf [3 * 32]int
	var rows []int
	if 3*(lb+1) <= len(buf) {
		rows = buf[:3*(lb+1)]
	} else {
		rows = make([]int, 3*(lb+1))
	}
	prev2, prev, cur := rows[:lb+1], rows[lb+1:2*(lb+1)], rows[2*(lb+1):]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= la; i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= lb; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := prev[j] + 1
			if w := cur[j-1] + 1; w < v {
				v = w
			}
			if w := prev[j-1] + cost; w < v {
				v = w
			}
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				if w := prev2[j-2] + 1; w < v {
					v = w
				}
			}
			cur[j] = v
			if v < low {
				low = v
			}
		}
		if low > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[lb] > max {
		return max + 1
	}
	return prev[lb]
}

// MaxEdits is the edit budget for a word of n letters: short words allow
// one edit, longer ones two. A one-letter word allows none.
func MaxEdits(n int) int {
	switch {
	case n <= 1:
		return 0
	case n <= 4:
		return 1
	}
	return 2
}

// qwerty gives each key's row and column, for the adjacency tie-break.
var qwerty = lazy.Value[map[rune][2]int]{New: func() map[rune][2]int {
	rows := []string{"1234567890-=", "qwertyuiop[]", "asdfghjkl;'", "zxcvbnm,./"}
	m := map[rune][2]int{}
	for r, row := range rows {
		for c, k := range row {
			m[k] = [2]int{r, c}
		}
	}
	return m
}}

// adjacent reports whether two keys touch on a QWERTY keyboard. Rows are
// staggered: a key touches the two keys above it at its own column and
// the next one (x sits under s and d).
func adjacent(x, y rune) bool {
	keys := qwerty.Get()
	p, ok1 := keys[x]
	q, ok2 := keys[y]
	if !ok1 || !ok2 || x == y {
		return false
	}
	if p[0] > q[0] {
		p, q = q, p
	}
	switch q[0] - p[0] {
	case 0:
		return p[1]-q[1] == 1 || q[1]-p[1] == 1
	case 1:
		return p[1] == q[1] || p[1] == q[1]+1
	}
	return false
}

// slips counts the positions where a typed word and a candidate of the
// same length differ by a neighbouring key: a typo that the keyboard
// explains. Higher is a likelier intended word.
func slips(typed, cand string) int {
	if len(typed) != len(cand) {
		return 0
	}
	n := 0
	for i := 0; i < len(typed); i++ {
		if typed[i] != cand[i] && adjacent(rune(typed[i]), rune(cand[i])) {
			n++
		}
	}
	return n
}

// Match is a candidate word and how far it is from what was typed.
type Match struct {
	Word  string
	Edits int
}

// Closest returns the candidates within max edits of word, best first:
// fewer edits, then more keyboard slips, then higher freq (nil for none),
// then a candidate with the same letters (a swap), then one with the same
// first letter, then the newer of two versions of a program (python3
// before python2), then alphabetical order. Candidates equal to word are skipped.
func Closest(word string, cands []string, max int, freq func(string) int) []Match {
	type scored struct {
		Match
		slip, freq  int
		swap, first bool
	}
	var out []scored
	for _, c := range cands {
		if c == word || c == "" {
			continue
		}
		d := Distance(word, c, max)
		if d > max {
			continue
		}
		s := scored{Match: Match{c, d}, slip: slips(word, c), swap: anagram(word, c), first: word[0] == c[0]}
		if freq != nil {
			s.freq = freq(c)
		}
		out = append(out, s)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Edits != b.Edits {
			return a.Edits < b.Edits
		}
		if a.slip != b.slip {
			return a.slip > b.slip
		}
		if a.freq != b.freq {
			return a.freq > b.freq
		}
		if a.swap != b.swap {
			return a.swap // nmp → npm (letters swapped), not cmp
		}
		if a.first != b.first {
			return a.first // typos rarely change the first letter
		}
		if v, ok := newerVersion(a.Word, b.Word); ok {
			return v
		}
		return a.Word < b.Word
	})
	m := make([]Match, len(out))
	for i, s := range out {
		m[i] = s.Match
	}
	return m
}

// Ratio is the similarity of two words in [0, 1] as Python's difflib
// measures it: twice the letters in matching blocks (the longest common
// block, then recursively left and right of it) over the total length.
// Tools' own suggestion lists are ranked by it: unlike an edit distance it
// favours a candidate that contains the typed word (extenson →
// prepare_extension).
// Words longer than 64 bytes are not words: their ratio is 0.
func Ratio(a, b string) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	if len(a) > 64 || len(b) > 64 {
		return 0
	}
	return 2 * float64(textsim.Matching(a, b)) / float64(len(a)+len(b))
}

// commonPrefix is the length of the common prefix of a and b.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// newerVersion compares two names that differ only in a trailing number
// (python2, python3): ok is false for other pairs.
func newerVersion(a, b string) (aNewer, ok bool) {
	ta, tb := strings.TrimRight(a, "0123456789."), strings.TrimRight(b, "0123456789.")
	if ta != tb || ta == a || tb == b {
		return false, false
	}
	va, vb := a[len(ta):], b[len(tb):]
	if len(va) != len(vb) {
		return len(va) > len(vb), true
	}
	return va > vb, true
}

// anagram reports whether a and b have the same letters: a swap of two
// is the likeliest typo.
func anagram(a, b string) bool {
	if len(a) != len(b) || len(a) > 64 {
		return false
	}
	var n [256]int
	for i := 0; i < len(a); i++ {
		n[a[i]]++
		n[b[i]]--
	}
	for _, x := range n {
		if x != 0 {
			return false
		}
	}
	return true
}
