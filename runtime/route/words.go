package route

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/lacy-sh/lacy/defaults"
)

// Words are additions to the embedded word lists, as declared by
// lacy.config{ words = { agent = …, reserved = …, nl = …, shell = … } }.
type Words struct {
	Agent    []string // conversational words: alone, they go to the agent
	Reserved []string // words that never start a command: the line is English
	NL       []string // natural-language markers for the post-failure reroute
	Shell    []string // names that count as commands even when not on PATH
}

// English function-word classes (defaults/route/english.txt).
const (
	clsNone uint8 = iota
	clsDet
	clsPron
	clsPrep
	clsConj
	clsAux
	clsWh
	clsAdv
	numClasses
)

var classNames = [numClasses]string{"", "det", "pron", "prep", "conj", "aux", "wh", "adv"}

// lexicon holds the word lists, all lower-case. It is immutable once built.
type lexicon struct {
	agent, reserved, nl, shell, freetext, modeless set
	english                                        map[string]uint8
	errors                                         []errPattern
}

type set map[string]struct{}

func (s set) has(w string) bool { _, ok := s[w]; return ok }

// errPattern is one line of defaults/route/errors.txt.
type errPattern struct {
	text  string
	parse bool // a syntax error: a long line is enough of an English signal
}

// loadLexicon reads the embedded lists and adds w.
func loadLexicon(w Words) (*lexicon, error) {
	lx := &lexicon{english: map[string]uint8{}}
	var err error
	for _, l := range []struct {
		dst   *set
		file  string
		extra []string
	}{
		{&lx.agent, "words/agent.txt", w.Agent},
		{&lx.reserved, "words/reserved.txt", w.Reserved},
		{&lx.nl, "words/nl.txt", w.NL},
		{&lx.shell, "words/shell.txt", w.Shell},
		{&lx.freetext, "words/freetext.txt", nil},
		{&lx.modeless, "words/modeless.txt", nil},
	} {
		*l.dst = set{}
		if err = eachLine(l.file, func(s string) error { (*l.dst)[strings.ToLower(s)] = struct{}{}; return nil }); err != nil {
			return nil, err
		}
		for _, s := range l.extra {
			if s = strings.TrimSpace(s); s != "" {
				(*l.dst)[strings.ToLower(s)] = struct{}{}
			}
		}
	}
	err = eachLine("route/english.txt", func(s string) error {
		word, class, ok := strings.Cut(s, "\t")
		if !ok {
			return fmt.Errorf("want word<TAB>class, got %q", s)
		}
		for c := clsDet; c < numClasses; c++ {
			if classNames[c] == class {
				lx.english[word] = c
				return nil
			}
		}
		return fmt.Errorf("unknown class %q", class)
	})
	if err != nil {
		return nil, err
	}
	err = eachLine("route/errors.txt", func(s string) error {
		p := errPattern{text: strings.ToLower(s)}
		if rest, ok := strings.CutPrefix(p.text, "parse:"); ok {
			p.text, p.parse = strings.TrimSpace(rest), true
		}
		lx.errors = append(lx.errors, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return lx, nil
}

// eachLine calls f for every non-blank, non-comment line of an embedded file.
func eachLine(name string, f func(string) error) error {
	b := defaults.Read(name)
	if b == nil {
		return fmt.Errorf("route: defaults/%s is missing", name)
	}
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for n := 1; sc.Scan(); n++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		if err := f(s); err != nil {
			return fmt.Errorf("route: defaults/%s:%d: %w", name, n, err)
		}
	}
	return sc.Err()
}

// englishClass is the function-word class of the lower-case word w, or of
// its stem when w is a contraction ("it's" → it, "doesn't" → does).
func (lx *lexicon) englishClass(w string) uint8 {
	if k := lx.english[w]; k != clsNone {
		return k
	}
	if b := stripContraction(w); len(b) != len(w) {
		return lx.english[b]
	}
	return clsNone
}

// isAgent reports a conversational word, or a contraction of one ("what's").
func (lx *lexicon) isAgent(w string) bool {
	if lx.agent.has(w) {
		return true
	}
	b := stripContraction(w)
	return len(b) != len(w) && lx.agent.has(b)
}

// stripContraction returns w without an English contraction ending ('s,
// 're, 'll, 've, 'd, 'm, n't; with a straight or a typographic apostrophe),
// or w itself.
func stripContraction(w string) string {
	i, n := strings.LastIndexByte(w, '\''), 1
	if j := strings.LastIndex(w, "’"); j > i {
		i, n = j, len("’")
	}
	if i <= 0 {
		return w
	}
	switch w[i+n:] {
	case "t":
		if i > 1 && w[i-1] == 'n' {
			return w[:i-1]
		}
	case "s", "re", "ll", "ve", "d", "m":
		return w[:i]
	}
	return w
}
