package route

import (
	"fmt"
	"sort"
	"strings"
	"unsafe"

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

// Classes of the language files that are not function words.
const (
	clsVerb     = "verb"     // a request verb: "show", "zeige", "显示"
	clsChat     = "chat"     // a conversational word: "merci", "谢谢"
	clsParticle = "particle" // a function word matched inside words: "怎么", "を"
	clsTrouble  = "trouble"  // a word of a complaint: "error", "fehler"
)

// lexicon holds the word lists, all lower-case. It is immutable once built.
type lexicon struct {
	agent, reserved, nl, shell, freetext, modeless set
	agentAlone, subcommands, subnouns, lookup      set
	pasted                                         set
	verbs, trouble, chat                           set              // chat: other languages' conversational words
	english                                        map[string]uint8 // English function words by class
	foreign                                        map[string]uint8 // other languages' function words by class
	// particles are function words and verbs of scripts written without
	// spaces, found inside words; suffixes (one Hangul syllable) only at
	// the end of a word.
	particles, suffixes []string
	errors              []errPattern
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
	lx := &lexicon{english: map[string]uint8{}, foreign: map[string]uint8{}, verbs: set{}, trouble: set{}, chat: set{}}
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
		{&lx.agentAlone, "words/agent-alone.txt", nil},
		{&lx.subcommands, "words/subcommands.txt", nil},
		{&lx.subnouns, "words/subcommand-nouns.txt", nil},
		{&lx.lookup, "words/lookup.txt", nil},
		{&lx.pasted, "route/pasted.txt", nil},
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
	for _, name := range append([]string{"route/english.txt"}, defaults.List("route/lang")...) {
		fw := lx.foreign
		if name == "route/english.txt" {
			fw = lx.english
		}
		english := name == "route/english.txt"
		if err := eachLine(name, func(s string) error { return lx.addWord(s, fw, english) }); err != nil {
			return nil, err
		}
	}
	// The longest ending first: "재시작해줘" ends with 해줘, not just 줘.
	sort.SliceStable(lx.suffixes, func(i, j int) bool { return len(lx.suffixes[i]) > len(lx.suffixes[j]) })
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

// addWord adds one "word<TAB>class" line of a language file; function words
// go to fw. english says the file is English's.
func (lx *lexicon) addWord(line string, fw map[string]uint8, english bool) error {
	word, class, ok := strings.Cut(line, "\t")
	if !ok {
		return fmt.Errorf("want word<TAB>class, got %q", line)
	}
	word = strings.ReplaceAll(strings.ToLower(word), "_", " ")
	switch class {
	case clsVerb, clsTrouble:
		if class == clsVerb {
			lx.verbs[word] = struct{}{}
		} else {
			lx.trouble[word] = struct{}{}
		}
		lx.addParticle(word)
		return nil
	case clsChat:
		if english {
			lx.agent[word] = struct{}{}
		} else {
			// Alone or among function words only: "vale" is ok in
			// Spanish and a linter ("vale ls-config").
			lx.chat[word] = struct{}{}
		}
		return nil
	case clsParticle:
		lx.addParticle(word)
		return nil
	}
	for c := clsDet; c < numClasses; c++ {
		if classNames[c] == class {
			fw[word] = c
			return nil
		}
	}
	return fmt.Errorf("unknown class %q", class)
}

// addParticle makes a word of Chinese or Japanese (written without spaces)
// a particle, found anywhere inside a word, and a word of Korean (whose
// endings attach to the word before) a suffix, found at the end of a word:
// "보여줘" ends with 줘, but "설명서" (a manual) does not end with 설명.
func (lx *lexicon) addParticle(w string) {
	switch {
	case isASCII(w):
	case isHangul(w):
		lx.suffixes = append(lx.suffixes, w)
	case !spaced(w):
		lx.particles = append(lx.particles, w)
	}
}

// eachLine calls f for every non-blank, non-comment line of an embedded file.
func eachLine(name string, f func(string) error) error {
	b := defaults.Read(name)
	if b == nil {
		return fmt.Errorf("route: defaults/%s is missing", name)
	}
	// b is this call's own copy, never written: the words are slices of
	// it, not a string each (and no scanner's buffers), so loading the
	// lexicon leaves less garbage at every start (docs/performance.md).
	n := 0
	for line := range strings.Lines(unsafe.String(unsafe.SliceData(b), len(b))) {
		n++
		s := strings.TrimSpace(line)
		if s == "" || s[0] == '#' {
			continue
		}
		if err := f(s); err != nil {
			return fmt.Errorf("route: defaults/%s:%d: %w", name, n, err)
		}
	}
	return nil
}

// englishClass is the function-word class of the lower-case word w, or of
// its stem when w is a contraction ("it's" → it, "doesn't" → does).
func (lx *lexicon) englishClass(w string) uint8 {
	if k := lx.english[w]; k != clsNone {
		return k
	}
	if strings.IndexByte(w, '\'') < 0 && !strings.Contains(w, "\u2019") {
		return clsNone
	}
	if b := stripContraction(w); len(b) != len(w) {
		return lx.english[b]
	}
	return clsNone
}

// foreignClass is the function-word class of the lower-case word w in a
// language other than English, or of the word after an elided article or
// pronoun ("l'erreur", "dell'ultimo", "c'est").
func (lx *lexicon) foreignClass(w string) uint8 {
	if k := lx.foreign[w]; k != clsNone {
		return k
	}
	if i := strings.IndexByte(w, '\''); i > 0 && i < 5 {
		if _, ok := lx.foreign[w[:i]]; ok {
			return lx.foreign[w[:i]]
		}
	}
	return clsNone
}

// isAgent reports a conversational word, or a contraction of one ("what's").
// Words of agent-alone.txt are not: they only count when typed alone.
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
