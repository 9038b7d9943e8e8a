package route

import "strings"

// The scoring model is linear: a line's score is the sum of its feature
// values times their weights (defaults/route/weights.tsv); above zero, the
// line is English and goes to the agent. Features describe the first word
// (what the session knows about it), the shape of the line (flags, paths,
// operators, quotes, expansions, file-like words) and its English (function
// words outside quotes, punctuation, capitals, length).

// Feature indexes. The names in featNames are the keys of weights.tsv.
const (
	ftBias = iota
	ftCmdKnown
	ftCmdUnknown
	ftCmdCapital
	ftCmdFunctionWord
	ftCmdTypo
	ftCmdIdent
	ftWords2
	ftWords3
	ftWords5
	ftWords8
	ftWords13
	ftDet
	ftPron
	ftPrep
	ftConj
	ftAux
	ftWh
	ftAdv
	ftFuncRatio
	ftSecondFunc
	ftKnownEnglish // known first word times the number of function words
	ftFlags
	ftPipe
	ftAndOr
	ftSemi
	ftRedir
	ftDollar
	ftGlob
	ftPath
	ftAssignArg
	ftBrace
	ftEscape
	ftFileLike
	ftIdentArg
	ftNumber
	ftEndPeriod
	ftEndQuestion
	ftComma
	ftContraction
	ftUnterminated
	ftCapWords
	ftSuffix
	ftPlainRatio
	ftFirstScript
	ftFirstVerb
	ftScriptArgs
	ftForeign
	ftTrouble
	numFeatures
)

var featNames = [numFeatures]string{
	ftBias:            "bias",
	ftCmdKnown:        "first.known",
	ftCmdUnknown:      "first.unknown",
	ftCmdCapital:      "first.capital",
	ftCmdFunctionWord: "first.function_word",
	ftCmdTypo:         "first.typo",
	ftCmdIdent:        "first.identifier",
	ftWords2:          "words.2",
	ftWords3:          "words.3-4",
	ftWords5:          "words.5-7",
	ftWords8:          "words.8-12",
	ftWords13:         "words.13+",
	ftDet:             "fw.det",
	ftPron:            "fw.pron",
	ftPrep:            "fw.prep",
	ftConj:            "fw.conj",
	ftAux:             "fw.aux",
	ftWh:              "fw.wh",
	ftAdv:             "fw.adv",
	ftFuncRatio:       "fw.ratio",
	ftSecondFunc:      "fw.second",
	ftKnownEnglish:    "fw.after_command",
	ftFlags:           "shape.flags",
	ftPipe:            "shape.pipe",
	ftAndOr:           "shape.and_or",
	ftSemi:            "shape.semicolon",
	ftRedir:           "shape.redirect",
	ftDollar:          "shape.dollar",
	ftGlob:            "shape.glob",
	ftPath:            "shape.path",
	ftAssignArg:       "shape.assignment",
	ftBrace:           "shape.brace",
	ftEscape:          "shape.escape",
	ftFileLike:        "shape.file_like",
	ftIdentArg:        "shape.identifier",
	ftNumber:          "shape.number",
	ftEndPeriod:       "prose.end_period",
	ftEndQuestion:     "prose.end_question",
	ftComma:           "prose.comma",
	ftContraction:     "prose.contraction",
	ftUnterminated:    "prose.unterminated_quote",
	ftCapWords:        "prose.capitalised",
	ftSuffix:          "prose.suffix",
	ftPlainRatio:      "prose.plain_ratio",
	ftFirstScript:     "first.script",
	ftFirstVerb:       "first.verb",
	ftScriptArgs:      "script.args",
	ftForeign:         "fw.foreign",
	ftTrouble:         "prose.trouble",
}

// vector holds the feature values of one line.
type vector [numFeatures]float64

// firstInfo is what the classifier learned about the first word.
type firstInfo struct {
	known, keyword, agentWord, typo bool
}

// features fills v for the line s, lexed into toks, whose command word is
// toks[first].
func (c *Classifier) features(s string, toks []token, first int, fi firstInfo, v *vector) {
	v[ftBias] = 1
	ft := toks[first]
	w := s[ft.start:ft.end]
	lw := lowerWord(trimProse(w))
	switch {
	case fi.known || fi.keyword:
		v[ftCmdKnown] = 1
	default:
		v[ftCmdUnknown] = 1
		if isCapitalised(w) {
			v[ftCmdCapital] = 1
		}
		if fi.typo {
			v[ftCmdTypo] = 1
		}
		if ft.flags&(fScript|fAccent) != 0 {
			v[ftFirstScript] = 1
		}
		if c.lx.verbs.has(lw) {
			v[ftFirstVerb] = 1
		}
	}
	if !fi.keyword && c.lx.englishClass(lw) != clsNone {
		v[ftCmdFunctionWord] = 1
	}
	if isIdentifier(w) {
		v[ftCmdIdent] = 1
	}

	words, funcs, plain, caps, suffix := 0, 0, 0, 0, 0
	foreignScript := ft.flags&(fScript|fAccent) != 0 // letters no English word has
	var cls [numClasses]int
	cmdPos := true // the next word is in command position
	for i := first; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case tPipe:
			v[ftPipe]++
		case tAndOr:
			v[ftAndOr]++
		case tSemi:
			v[ftSemi]++
		case tRedir:
			v[ftRedir]++
		}
		if t.kind != tWord {
			cmdPos = t.kind != tRedir
			continue
		}
		words++
		if cmdPos {
			// The first word, or a command after an operator (do, then,
			// done… in a loop): not part of the prose.
			cmdPos = false
			continue
		}
		tw := s[t.start:t.end]
		if t.flags&fDollar != 0 {
			v[ftDollar]++
		}
		if t.flags&fGlob != 0 {
			v[ftGlob]++
		}
		if t.flags&fBrace != 0 {
			v[ftBrace]++
		}
		if t.flags&fEscape != 0 {
			v[ftEscape]++
		}
		if t.flags&fUnterminated != 0 {
			v[ftUnterminated] = 1
		}
		if t.flags&fContraction != 0 {
			v[ftContraction]++
		}
		if t.flags&fAssign != 0 {
			v[ftAssignArg]++
			continue
		}
		if t.flags&fPlaceholder != 0 {
			continue
		}
		if tw[0] == '-' && len(tw) > 1 {
			if isDigit(tw[1]) && isNumber(tw[1:]) {
				v[ftNumber]++
			} else {
				v[ftFlags]++
			}
			continue
		}
		if t.flags&(fQuoted|fDollar|fSubst) != 0 {
			continue
		}
		if isPathLike(tw, t.flags) {
			v[ftPath]++
			continue
		}
		if isNumber(trimPunct(tw)) {
			v[ftNumber]++
			continue
		}
		if n := len(tw); n > 1 && tw[n-1] == ',' {
			v[ftComma]++
		}
		core := trimPunct(tw)
		if isFileLike(core) {
			v[ftFileLike]++
			continue
		}
		if t.flags&(fScript|fAccent) != 0 {
			// A word of another script or with accents: prose of another
			// language, or a localized argument ("kill 进程id").
			foreignScript = true
			c.foreignWord(trimProse(core), t.flags, i == len(toks)-1, v)
			continue
		}
		if isIdentifier(core) {
			v[ftIdentArg]++
			continue
		}
		if !isAlphaWord(core) {
			continue
		}
		lc := lower(core)
		if i+1 < len(toks) && toks[i+1].kind == tWord && toks[i+1].flags&fScript != 0 && c.lx.englishClass(lc) != clsNone {
			// English does not run into another script: "bun a 패키지"
			// has a subcommand, not an article.
			v[ftIdentArg]++
			continue
		}
		if len(core) == 1 && c.lx.englishClass(lc) == clsNone && c.lx.foreignClass(lc) != clsNone {
			// "reinicie o nginx", "sí y no": an article or conjunction of
			// another language is a word, not a name (alone it is no
			// evidence: "asar e archive.asar").
			plain++
			continue
		}
		if len(core) == 1 && (lc != "a" && lc != "i" || lc == "a" && nextIsLetter(s, toks, i)) {
			// x, f, "cp a b": names, not words.
			v[ftIdentArg]++
			continue
		}
		plain++
		if k := c.lx.englishClass(lc); k != clsNone {
			if i == len(toks)-1 && (k == clsDet || k == clsPrep || k == clsConj) {
				// Articles, prepositions and conjunctions open a phrase;
				// one that ends the line is an argument ("kubectl get all",
				// "chkconfig sshd on").
				continue
			}
			cls[k]++
			funcs++
			if i == first+1 {
				v[ftSecondFunc] = 1
			}
			continue
		}
		if k := c.lx.foreignClass(lc); k != clsNone && !isUpper(core) && !(i == len(toks)-1 && (k == clsDet || k == clsPrep || k == clsConj)) {
			v[ftForeign]++
			continue
		}
		if c.lx.trouble.has(lc) {
			v[ftTrouble]++
		}
		if isCapitalised(core) {
			caps++
		}
		if hasEnglishSuffix(lc) {
			suffix++
		}
	}
	switch {
	case words >= 13:
		v[ftWords13] = 1
	case words >= 8:
		v[ftWords8] = 1
	case words >= 5:
		v[ftWords5] = 1
	case words >= 3:
		v[ftWords3] = 1
	case words == 2:
		v[ftWords2] = 1
	}
	for k := clsDet; k < numClasses; k++ {
		v[ftDet+int(k)-int(clsDet)] = capf(cls[k], 3)
	}
	if words > 1 {
		v[ftFuncRatio] = float64(funcs) / float64(words-1)
		v[ftPlainRatio] = float64(plain) / float64(words-1)
	}
	if fi.known || fi.keyword {
		v[ftKnownEnglish] = capf(funcs, 4)
	}
	v[ftFlags] = capf(int(v[ftFlags]), 3)
	v[ftPath] = capf(int(v[ftPath]), 3)
	v[ftCapWords] = capf(caps, 3)
	v[ftSuffix] = capf(suffix, 3)
	v[ftIdentArg] = capf(int(v[ftIdentArg]), 3)
	v[ftFileLike] = capf(int(v[ftFileLike]), 2)
	if v[ftForeign] > 0 && !fi.known && !fi.keyword && (c.lx.foreignClass(lw) != clsNone || c.lx.chat.has(lw)) {
		// "wie kann ich…": a function word of another language opens the
		// line, and others follow (alone, "su -", "ya pkg list" are
		// programs).
		v[ftForeign]++
	}
	if v[ftForeign] == 1 && !foreignScript {
		// One word in Latin letters is no language: "n bin version",
		// "mu find Bob" are commands.
		v[ftForeign] = 0
	}
	v[ftForeign] = capf(int(v[ftForeign]), 3)
	v[ftScriptArgs] = capf(int(v[ftScriptArgs]), 3)
	v[ftTrouble] = capf(int(v[ftTrouble]), 2)
	for _, k := range []int{ftPipe, ftAndOr, ftSemi, ftRedir, ftDollar, ftGlob, ftAssignArg, ftBrace, ftEscape, ftNumber, ftComma, ftContraction} {
		v[k] = capf(int(v[k]), 2)
	}

	last := s[len(s)-1]
	lastTok := toks[len(toks)-1]
	switch {
	case last == '?' && lastTok.kind == tWord && lastTok.flags&fQuoted == 0:
		v[ftEndQuestion] = 1
	case last == '.' && lastTok.kind == tWord && lastTok.end-lastTok.start > 1 && isLetterOrClose(s[len(s)-2]):
		v[ftEndPeriod] = 1
	}
}

// foreignWord counts the signals of an argument with non-ASCII letters: a
// function word or verb of another language, found whole or (in scripts
// written without spaces) inside the word, and words of scripts other than
// Latin. last says the word ends the line.
func (c *Classifier) foreignWord(w string, f tokFlags, last bool, v *vector) {
	if f&fScript != 0 {
		v[ftScriptArgs]++
	}
	lw := lowerWord(w)
	if k := c.lx.foreignClass(lw); k != clsNone {
		if !last || k != clsDet && k != clsPrep && k != clsConj {
			v[ftForeign]++
		}
		return
	}
	if c.lx.trouble.has(lw) {
		v[ftTrouble]++
		return
	}
	if c.lx.verbs.has(lw) {
		v[ftForeign]++
		return
	}
	if f&fScript != 0 && !strings.Contains(w, "_") {
		// (A word with an underscore is a name: "实行_的_命令".)
		v[ftForeign] += float64(c.lx.particleHits(lw, 3))
	}
}

func capf(n, max int) float64 {
	if n > max {
		n = max
	}
	return float64(n)
}

func isLetterOrClose(c byte) bool {
	return isLetter(c) || c == ')' || c == '"' || c == '\'' || c == '`'
}

// trimPunct strips the sentence punctuation that ends a word in prose.
func trimPunct(w string) string {
	for len(w) > 1 {
		switch w[len(w)-1] {
		case '.', ',', ':', '!', '?', ')':
			w = w[:len(w)-1]
			continue
		}
		break
	}
	return w
}

// lower returns w in lower case, without allocating when it already is.
func lower(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= 'A' && c <= 'Z' || c >= 0x80 {
			b := []byte(w)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return w
}

// isUpper reports a word of two letters or more, all upper case: an
// acronym (MIT, API), not a function word.
func isUpper(w string) bool {
	if len(w) < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] >= 'a' && w[i] <= 'z' {
			return false
		}
	}
	return true
}

// isCapitalised reports a word like "Find": an upper-case letter followed
// by at least one lower-case letter.
func isCapitalised(w string) bool {
	return len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z' && w[1] >= 'a' && w[1] <= 'z'
}

// isAlphaWord reports a word made of letters, with at most an apostrophe (as
// in "don't"). Hyphenated words read as option or subcommand names
// (set-option) as often as English (up-to-date), so they are neither.
func isAlphaWord(w string) bool {
	if w == "" || !isLetter(w[0]) {
		return false
	}
	for i := 1; i < len(w); i++ {
		c := w[i]
		if !isLetter(c) && c != '\'' {
			return false
		}
	}
	return true
}

// isIdentifier reports a word that reads as a program's vocabulary rather
// than English: snake_case, digits mixed with letters, camelCase, or an
// inner dot, colon or @ (host:port, user@host, v1.2).
func isIdentifier(w string) bool {
	letters, digits, other := false, false, false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case isLetter(c):
			letters = true
			if i > 0 && c >= 'A' && c <= 'Z' && w[i-1] >= 'a' && w[i-1] <= 'z' {
				other = true
			}
		case isDigit(c):
			digits = true
		case c == '_' || c == '@' || c == ':' || c == '.' || c == '%' || c == '+' || c == '=':
			other = true
		case c == '-':
		default:
			return false
		}
	}
	return letters && (digits || other)
}

// isNumber reports a decimal number, possibly with a unit suffix or inner
// dots (10, 3.5, 100M, 1.2.3).
func isNumber(w string) bool {
	if w == "" || !isDigit(w[0]) {
		return false
	}
	for i := 1; i < len(w); i++ {
		if !isDigit(w[i]) && w[i] != '.' && w[i] != ':' && !(i == len(w)-1 && isLetter(w[i])) {
			return false
		}
	}
	return true
}

// isPathLike reports a word that names a file by its path: it has a slash,
// starts with ~ or ./, or is . or ..
func isPathLike(w string, f tokFlags) bool {
	if f&fSlash != 0 {
		return true
	}
	switch {
	case w == "." || w == "..":
		return true
	case w[0] == '~':
		return true
	}
	return false
}

// isFileLike reports a name with an extension: app.py, README.md, a.out.
// The extension is 1 to 5 letters or digits starting with a letter, and the
// stem is not empty.
func isFileLike(w string) bool {
	dot := -1
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] == '.' {
			dot = i
			break
		}
	}
	if dot <= 0 || dot == len(w)-1 || len(w)-dot-1 > 5 || !isLetter(w[dot+1]) {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !isNameByte(c) && c != '.' && c != '-' {
			return false
		}
	}
	return true
}

// hasEnglishSuffix reports an English inflection: -ing, -ed, -ly, -tion.
func hasEnglishSuffix(w string) bool {
	n := len(w)
	switch {
	case n > 5 && w[n-3:] == "ing":
		return true
	case n > 4 && w[n-2:] == "ed":
		return true
	case n > 4 && w[n-2:] == "ly":
		return true
	case n > 5 && w[n-4:] == "tion":
		return true
	}
	return false
}

// nextIsLetter reports whether the token after toks[i] is a one-letter word.
func nextIsLetter(s string, toks []token, i int) bool {
	if i+1 >= len(toks) || toks[i+1].kind != tWord {
		return false
	}
	t := toks[i+1]
	return t.end-t.start == 1 && isLetter(s[t.start])
}
