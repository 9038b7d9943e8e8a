package route

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Command names are ASCII. A word with letters of another script (Han, Kana,
// Hangul, Cyrillic, Arabic, Devanagari, …) or with accented Latin letters is
// prose or a localized argument, never a command name nor a typo of one.

// runeFlags classifies a non-ASCII rune of a word: fScript for a letter (or
// combining mark) of a script other than Latin, fAccent for a Latin letter
// outside ASCII, 0 for punctuation and symbols (，。？ and the like).
func runeFlags(r rune) tokFlags {
	switch {
	case unicode.Is(unicode.Latin, r):
		return fAccent
	case unicode.IsLetter(r), unicode.Is(unicode.Mn, r), unicode.Is(unicode.Mc, r):
		return fScript
	}
	return 0
}

// isASCII reports a string of ASCII bytes only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// spaced reports whether w's script separates words with blanks (Latin,
// Cyrillic, Hangul, Arabic, Devanagari…) rather than writing a sentence as
// one run of letters (Han, Kana, Thai, Lao, Khmer, Myanmar).
func spaced(w string) bool {
	for _, r := range w {
		if r < utf8.RuneSelf {
			continue
		}
		return !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
	}
	return true
}

// isHangul reports a word whose first non-ASCII letter is Hangul.
func isHangul(w string) bool {
	for _, r := range w {
		if r >= utf8.RuneSelf {
			return unicode.Is(unicode.Hangul, r)
		}
	}
	return false
}

// lowerWord lower-cases w, any script.
func lowerWord(w string) string {
	if isASCII(w) {
		return lower(w)
	}
	return strings.ToLower(w)
}

// trimProse strips the punctuation that ends a word in prose, ASCII or not
// ("文件？", "ошибка,").
func trimProse(w string) string {
	w = trimPunct(w)
	for len(w) > 0 {
		r, n := utf8.DecodeLastRuneInString(w)
		if r < utf8.RuneSelf || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) {
			break
		}
		w = w[:len(w)-n]
	}
	return trimPunct(w)
}

// particleHits counts the function words and verbs of Chinese and Japanese
// found inside w ("怎么", "を"), at most max, and one more for a Korean
// ending or verb at its end ("해줘", "설치").
func (lx *lexicon) particleHits(w string, max int) int {
	n := 0
	for _, p := range lx.particles {
		if strings.Contains(w, p) {
			if n++; n >= max {
				return n
			}
		}
	}
	// Korean: an ending, then the verb before it ("재시작해줘" is 재시작
	// and 해줘).
	w = trimProse(w)
	for k := 0; k < 2 && n < max; k++ {
		found := false
		for _, p := range lx.suffixes {
			if strings.HasSuffix(w, p) {
				n++
				w, found = w[:len(w)-len(p)], true
				break
			}
		}
		if !found {
			break
		}
	}
	return n
}
