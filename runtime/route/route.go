// Package route decides where a line typed at lacy's prompt goes: to the
// shell, to the agent, to translation into a command, or to one of lacy's
// slash commands. Classifier.Classify is the only place that decides; the
// prompt indicator, the highlighter, Enter and `lacy classify` all call it.
//
// Prefixes and modes come first (DESIGN §1). In auto mode a cascade of rules
// settles the clear cases (reserved words, lone words, paths, free-text
// commands) and a small linear model weighs the shape of the line against
// its English for the rest. Word lists, English function words, error
// patterns and the model's weights are data files in defaults/.
package route

import (
	"cmp"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Mode is the prompt's routing mode.
type Mode uint8

// The modes, cycled auto → shell → agent.
const (
	ModeAuto Mode = iota
	ModeShell
	ModeAgent
)

// String returns "auto", "shell" or "agent".
func (m Mode) String() string {
	switch m {
	case ModeShell:
		return "shell"
	case ModeAgent:
		return "agent"
	}
	return "auto"
}

// ParseMode parses "auto", "shell" or "agent"; ok is false otherwise.
func ParseMode(s string) (m Mode, ok bool) {
	switch s {
	case "auto":
		return ModeAuto, true
	case "shell":
		return ModeShell, true
	case "agent":
		return ModeAgent, true
	}
	return ModeAuto, false
}

// Route is where a line goes.
type Route uint8

// The routes. Neutral is an empty line in auto mode: nothing to run.
const (
	Neutral Route = iota
	Shell
	Agent
	Translate
	Slash
)

// String returns "neutral", "shell", "agent", "translate" or "slash".
func (r Route) String() string {
	switch r {
	case Shell:
		return "shell"
	case Agent:
		return "agent"
	case Translate:
		return "translate"
	case Slash:
		return "slash"
	}
	return "neutral"
}

// Span is a byte range [Start, End) of the line given to Classify.
type Span struct{ Start, End int }

// The rules that decide, as reported in Decision.Rule. They are stable ids.
const (
	RuleEmpty       = "empty"              // blank line in auto mode
	RuleModeShell   = "mode-shell"         // shell mode
	RuleModeAgent   = "mode-agent"         // agent mode
	RuleBang        = "prefix-bang"        // !cmd
	RuleNegation    = "negation"           // ! cmd: bash's negation, the line runs as typed
	RuleAgentShell  = "agent-mode-shell"   // exit, logout, cd …, clear in agent mode: still the shell's
	RuleAt          = "prefix-agent"       // @text or #text
	RuleTranslate   = "prefix-translate"   // ? text
	RuleSlash       = "slash"              // /name or #/name, a known slash command
	RuleSyntax      = "shell-syntax"       // a command with | && || or a redirection, or a line starting with an operator
	RuleAssignment  = "assignment"         // only VAR=value words
	RulePath        = "path"               // the command word is a path (/, ./, ~) or an expansion
	RuleReserved    = "reserved-word"      // do, then, in … start no command: English
	RuleLoneBuiltin = "lone-builtin"       // one word, a builtin, keyword, function or alias
	RuleDefined     = "defined-command"    // the command word is a function or alias of the session
	RuleAgentWord   = "agent-word"         // conversational words only: thanks, why, yes please
	RuleLoneCommand = "lone-command"       // one word, a program on PATH
	RuleLoneUnknown = "lone-unknown"       // one unknown word: a typo, left for correction
	RuleFreeText    = "free-text-command"  // echo, printf …: arguments are free text
	RuleCommand     = "first-word-command" // a known command, and the model finds no English
	RuleKeyword     = "keyword"            // [[, {, a compound command; or a keyword and no English
	RuleUnknown     = "unknown-command"    // unknown first word, no English to speak of
	RuleEnglish     = "english"            // the model reads English
	RuleScript      = "script"             // the command word is a word of another script or with accents, and no shell syntax follows
	RulePasted      = "pasted-output"      // a pasted message: "fatal: …", "Traceback …", "npm ERR! …"
	RuleShape       = "command-shape"      // an unknown program with a subcommand: "nvm install 24"
	RuleShellCode   = "shell-code"         // a shebang (#!/bin/bash) or several lines beginning with a # comment: a pasted script
	RuleLearned     = "learned"            // the user forced lines of this shape here twice (runtime/learn)
)

// ruleModel is what classifyAuto reports when the model decided.
const ruleModel = "model"

// Decision is the outcome of Classify.
type Decision struct {
	Route Route
	Rule  string // which rule decided (the Rule… constants)
	// Text is the line without its routing prefix (!, @, #, ? ) and without
	// surrounding blanks; for slash commands it starts with the "/".
	Text string
	// Word is the span of the command word (or slash command name) in the
	// line as given, for highlighting; empty when there is none.
	Word Span
	// Score is the model's score when the model decided (above zero means
	// English); zero otherwise.
	Score float64
}

// Knowledge is what the session knows about command names.
type Knowledge struct {
	// Path indexes the executables on PATH; nil means none.
	Path *PathIndex
	// Builtins are lacy's own builtins (jobs, fg, …), in addition to those
	// of mvdan.cc/sh/v3/interp.
	Builtins []string
	// Defined reports whether name is a shell function or alias of the
	// session. It is called from several goroutines and must not block; nil
	// means none.
	Defined func(name string) bool
	// Learned returns the route the user taught for a line shape (see
	// Classifier.Shape): lines they forced there twice with ! or @/#. It
	// is called on every keystroke and must not block; nil means none.
	Learned func(shape string) (Route, bool)
}

// Config builds a Classifier.
type Config struct {
	Words     Words      // additions to the embedded word lists
	Knowledge *Knowledge // nil means no PATH, functions or extra builtins
	// Slash lists the slash command names (without "/") lacy knows, in
	// addition to DefaultSlash.
	Slash []string
	// TranslatePrefix starts a `? request` (lacy.config{ translate =
	// { prefix = … } }); "" means "?". It must be followed by a blank.
	TranslatePrefix string
}

// DefaultSlash are the slash commands of DESIGN §1.
var DefaultSlash = []string{"agent", "agents", "clear", "mode", "model", "context", "private", "help", "rules", "undo"}

// Classifier decides routes. It is immutable after New and safe for
// concurrent use; Classify is deterministic for a given Knowledge state.
type Classifier struct {
	lx       *lexicon
	m        *model
	k        Knowledge
	builtins set
	slash    set
	tprefix  string // the translate prefix
}

// New returns a Classifier with the embedded word lists and weights plus the
// additions in cfg.
func New(cfg Config) (*Classifier, error) {
	lx, err := loadLexicon(cfg.Words)
	if err != nil {
		return nil, err
	}
	var lines []string
	if err := eachLine("route/weights.tsv", func(s string) error { lines = append(lines, s); return nil }); err != nil {
		return nil, err
	}
	m, err := parseWeights(lines)
	if err != nil {
		return nil, err
	}
	c := &Classifier{lx: lx, m: m, builtins: set{}, slash: set{}, tprefix: cmp.Or(cfg.TranslatePrefix, "?")}
	if cfg.Knowledge != nil {
		c.k = *cfg.Knowledge
	}
	for _, b := range c.k.Builtins {
		c.builtins[b] = struct{}{}
	}
	for _, l := range [][]string{DefaultSlash, cfg.Slash} {
		for _, s := range l {
			c.slash[strings.TrimPrefix(s, "/")] = struct{}{}
		}
	}
	return c, nil
}

// Blank is the decision for a line of nothing but blanks in mode: it
// needs no word list, so a prompt can show it before the classifier exists.
func Blank(mode Mode) Decision {
	switch mode {
	case ModeShell:
		return Decision{Route: Shell, Rule: RuleModeShell}
	case ModeAgent:
		return Decision{Route: Agent, Rule: RuleModeAgent}
	}
	return Decision{Route: Neutral, Rule: RuleEmpty}
}

// IsBlank reports whether line holds nothing but blanks (see Blank).
func IsBlank(line string) bool {
	start, end := trimBounds(line)
	return start == end
}

// Classify decides where line goes in mode.
func (c *Classifier) Classify(line string, mode Mode) Decision {
	start, end := trimBounds(line)
	s := line[start:end]
	if s == "" {
		return Blank(mode)
	}
	if p := c.tprefix; p != "?" && strings.HasPrefix(s, p) && (len(s) == len(p) || isSpace(s[len(p)])) {
		return c.stripped(line, start+len(p), end, Translate, RuleTranslate)
	}
	switch s[0] {
	case '!':
		if len(s) > 1 && isSpace(s[1]) {
			// "! cmd" is bash's negation of cmd's status, in every mode:
			// the line runs as typed ("! false && echo ok").
			return Decision{Route: Shell, Rule: RuleNegation, Text: s, Word: firstWordSpan(line, start+1, end)}
		}
		d := c.stripped(line, start+1, end, Shell, RuleBang)
		d.Word = firstWordSpan(line, start+1, end)
		return d
	case '@':
		return c.stripped(line, start+1, end, Agent, RuleAt)
	case '#':
		if isShellCode(s) {
			// A pasted script: its comment and lines are the shell's, in
			// every mode; nothing of it is a question for a model.
			return Decision{Route: Shell, Rule: RuleShellCode, Text: s}
		}
		if len(s) > 1 && s[1] == '/' {
			if sp, ok := c.slashName(line, start+1, end); ok {
				return Decision{Route: Slash, Rule: RuleSlash, Text: line[start+1 : end], Word: sp}
			}
		}
		return c.stripped(line, start+1, end, Agent, RuleAt)
	case '?':
		if c.tprefix == "?" && (len(s) == 1 || isSpace(s[1])) {
			return c.stripped(line, start+1, end, Translate, RuleTranslate)
		}
	case '/':
		if sp, ok := c.slashName(line, start, end); ok {
			return Decision{Route: Slash, Rule: RuleSlash, Text: s, Word: sp}
		}
	}
	switch mode {
	case ModeShell:
		return Decision{Route: Shell, Rule: RuleModeShell, Text: s, Word: firstWordSpan(line, start, end)}
	case ModeAgent:
		if c.agentModeShell(s) {
			return Decision{Route: Shell, Rule: RuleAgentShell, Text: s, Word: firstWordSpan(line, start, end)}
		}
		return Decision{Route: Agent, Rule: RuleModeAgent, Text: s}
	}
	if d, ok := c.learned(line, s, start, end); ok {
		return d
	}
	var v vector
	var d Decision
	d.Text = s
	c.auto(s, &v, &d)
	if d.Word.End > 0 {
		d.Word.Start += start
		d.Word.End += start
	}
	return d
}

// isShellCode reports text starting with '#' that is shell code rather
// than the `#request` prefix: a shebang (`#!/bin/bash`, `#! /usr/bin/env
// sh`), or more than one line, the first a comment (a pasted snippet
// beginning with `# install the tools`). A request typed with `#` is one
// line.
func isShellCode(s string) bool {
	if rest, ok := strings.CutPrefix(s, "#!"); ok {
		return strings.HasPrefix(strings.TrimLeft(rest, " \t"), "/")
	}
	return strings.ContainsAny(s, "\n\r")
}

// agentModeShell reports a line that stays the shell's in agent mode, so
// that nobody is trapped there: a word of defaults/words/modeless.txt (exit,
// logout, cd, clear) alone, or followed by at most two arguments that are no
// English function words ("cd src", "exit 1", "cd .. && ls"; but "clear the
// cache for me" is a request).
func (c *Classifier) agentModeShell(s string) bool {
	var buf [maxTokens]token
	toks := lex(s, buf[:0])
	if len(toks) == 0 || toks[0].kind != tWord || !c.lx.modeless.has(s[toks[0].start:toks[0].end]) {
		return false
	}
	args := 0
	for _, t := range toks[1:] {
		if t.kind != tWord {
			break
		}
		args++
		if args > 2 || c.isEnglish(lower(trimPunct(s[t.start:t.end]))) {
			return false
		}
	}
	return true
}

// stripped is the decision for a prefix at line[start-1].
func (c *Classifier) stripped(line string, start, end int, r Route, rule string) Decision {
	a, b := trimBounds(line[start:end])
	return Decision{Route: r, Rule: rule, Text: line[start+a : start+b]}
}

// slashName reports whether line[start:end] begins with "/name" for a known
// slash command, and the span of "/name".
func (c *Classifier) slashName(line string, start, end int) (Span, bool) {
	i := start + 1
	for i < end && !isSpace(line[i]) {
		i++
	}
	if c.slash.has(line[start+1 : i]) {
		return Span{start, i}, true
	}
	return Span{}, false
}

// trimBounds returns the bounds of s without leading and trailing blanks.
func trimBounds(s string) (int, int) {
	a, b := 0, len(s)
	for a < b && isSpace(s[a]) {
		a++
	}
	for b > a && isSpace(s[b-1]) {
		b--
	}
	return a, b
}

// firstWordSpan is the span of the first blank-separated word of line[start:end].
func firstWordSpan(line string, start, end int) Span {
	for start < end && isSpace(line[start]) {
		start++
	}
	i := start
	for i < end && !isSpace(line[i]) {
		i++
	}
	if i == start {
		return Span{}
	}
	return Span{start, i}
}

// isCommand reports whether the session can run name as a command (other than
// a keyword): a function or alias, a builtin, a configured shell word or a
// program on PATH.
func (c *Classifier) isCommand(name string) bool {
	return c.isBuiltinOrDefined(name) || c.lx.shell.has(name) || c.k.Path.Has(name)
}

func (c *Classifier) isBuiltinOrDefined(name string) bool {
	if interp.IsBuiltin(name) || c.builtins.has(name) {
		return true
	}
	return c.k.Defined != nil && c.k.Defined(name)
}

// auto runs the auto-mode cascade on the trimmed line s, filling d (spans
// relative to s) and, when the model decides, v.
func (c *Classifier) auto(s string, v *vector, d *Decision) {
	var buf [maxTokens]token
	toks := lex(s, buf[:0])
	if len(toks) == 0 {
		d.Route, d.Rule = Neutral, RuleEmpty
		return
	}
	first := 0
	for first < len(toks) && toks[first].kind == tParen && s[toks[first].start] == '(' {
		first++ // a subshell, or a parenthesis opening prose
	}
	lead := first
	for first < len(toks) && toks[first].kind == tWord && toks[first].flags&fAssign != 0 {
		first++
	}
	d.Route = Shell
	if first == len(toks) || toks[first].kind != tWord {
		d.Rule = RuleSyntax
		if first > lead {
			d.Rule = RuleAssignment
		}
		return
	}
	ft := toks[first]
	d.Word = Span{ft.start, ft.end}
	w := s[ft.start:ft.end]
	if first+2 < len(toks) && toks[first+1].kind == tParen && toks[first+2].kind == tParen &&
		s[toks[first+1].start] == '(' && s[toks[first+2].start] == ')' {
		// name() { …; }: a function definition.
		d.Rule = RuleSyntax
		return
	}
	if c.pastedOutput(s, toks, first) {
		d.Route, d.Rule = Agent, RulePasted
		return
	}
	if (ft.flags&(fScript|fAccent) != 0 && !strings.ContainsRune("/~.$", rune(w[0])) || markdownCode(s, toks, first)) &&
		c.scriptProse(s, toks, first) {
		// "显示所有文件", "покажи логи", "lösche alle Logs": no command
		// name has such letters, and nothing here is shell syntax.
		d.Route, d.Rule = Agent, RuleScript
		return
	}
	if ft.flags&(fDollar|fEscape) != 0 || ft.flags&fSubst != 0 && w[0] != '`' || w[0] == '~' || w[0] == '/' ||
		strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../") {
		d.Rule = RulePath
		return
	}
	lw := lowerWord(trimProse(w))
	if c.lx.reserved.has(lw) || strings.IndexByte(lw, '\'') > 0 && c.lx.reserved.has(stripContraction(lw)) {
		d.Route, d.Rule = Agent, RuleReserved
		return
	}
	if c.k.Defined != nil && c.k.Defined(w) {
		// The user named this function or alias: whatever follows is its
		// arguments, even when they read like English ("greet you").
		d.Rule = RuleDefined
		return
	}
	keyword := syntax.IsKeyword(w)
	words := 0
	ops := false
	for _, t := range toks[first:] {
		if t.kind == tWord {
			words++
		} else {
			ops = true
		}
	}
	if first > lead && !c.isEnglish(lw) {
		// NAME=value before a command: "NVM_DIR=~/.nvm nvm install".
		d.Rule = RuleAssignment
		return
	}
	if words == 1 && !ops {
		switch {
		case keyword || c.isBuiltinOrDefined(w):
			d.Rule = RuleLoneBuiltin
		case c.lx.isAgent(lw) || c.lx.agentAlone.has(lw) || c.lx.chat.has(lw):
			d.Route, d.Rule = Agent, RuleAgentWord
		case c.isCommand(w):
			d.Rule = RuleLoneCommand
		default:
			d.Rule = RuleLoneUnknown
		}
		return
	}
	if keyword && (!isLetter(w[0]) || compound(s, toks[first:])) {
		// [[ … ]], { …; }, ! cmd, or a loop or conditional with its body.
		d.Rule = RuleKeyword
		return
	}
	if ops && (keyword || c.isCommand(w)) && operators(toks[first:]) {
		d.Rule = RuleSyntax
		return
	}
	if !ops && c.allChat(s, toks[first:]) {
		d.Route, d.Rule = Agent, RuleAgentWord
		return
	}
	fi := firstInfo{keyword: keyword, agentWord: c.lx.isAgent(lw)}
	if !keyword {
		fi.known = c.isCommand(w)
	}
	if fi.agentWord && !fi.known && !keyword && !ops && !hasFlag(s, toks[first+1:]) {
		// A conversational word that is no command here: "explain this",
		// "thanks for the help", "sure, go ahead".
		d.Route, d.Rule = Agent, RuleAgentWord
		return
	}
	if fi.agentWord && !ops && c.chatArgs(s, lw, toks[first+1:]) {
		d.Route, d.Rule = Agent, RuleAgentWord
		return
	}
	if fi.known && c.lx.freetext.has(w) {
		d.Rule = RuleFreeText
		return
	}
	if !fi.known && !keyword && !ops && c.commandShape(s, w, toks[first+1:]) {
		d.Rule = RuleShape
		return
	}
	if !fi.known && !keyword && !isCapitalised(w) && !c.isEnglish(lw) && ft.flags&(fScript|fAccent) == 0 {
		fi.typo = c.nearCommand(w)
	}
	c.features(s, toks, first, fi, v)
	d.Score = c.m.score(v) - c.m.threshold
	switch {
	case d.Score > 0:
		d.Route, d.Rule = Agent, RuleEnglish
	case keyword:
		d.Rule = RuleKeyword
	case fi.known:
		d.Rule = RuleCommand
	default:
		d.Rule = RuleUnknown
	}
}

// classifyAuto runs the auto cascade on a trimmed line and reports ruleModel
// when the model decided. v receives the features.
func (c *Classifier) classifyAuto(s string, v *vector) string {
	if s == "" {
		return RuleEmpty
	}
	var d Decision
	c.auto(s, v, &d)
	switch d.Rule {
	case RuleEnglish, RuleKeyword, RuleCommand, RuleUnknown:
		return ruleModel
	}
	return d.Rule
}

// nearCommand reports whether w is one edit (a deleted, swapped or replaced
// letter) away from a command the session knows: "gti", "sl", "gitt".
func (c *Classifier) nearCommand(w string) bool {
	n := len(w)
	if n < 2 || n > 24 {
		return false
	}
	var buf [24]byte
	b := buf[:n]
	copy(b, w)
	// Swapped neighbours.
	for i := 0; i+1 < n; i++ {
		b[i], b[i+1] = b[i+1], b[i]
		ok := c.isCommand(string(b))
		b[i], b[i+1] = b[i+1], b[i]
		if ok {
			return true
		}
	}
	// Replaced letters.
	for i := 0; i < n; i++ {
		orig := b[i]
		for r := byte('a'); r <= 'z'; r++ {
			if r == orig {
				continue
			}
			b[i] = r
			if c.k.Path.Has(string(b)) {
				b[i] = orig
				return true
			}
		}
		b[i] = orig
	}
	// One letter too many.
	if n >= 3 {
		for i := 0; i < n; i++ {
			if c.isCommand(w[:i] + w[i+1:]) {
				return true
			}
		}
	}
	return false
}

// compound reports a compound command: a keyword (for, while, if…) in
// command position after a ";" or "&" (for x in a; do …; done).
func compound(s string, toks []token) bool {
	for i := 1; i < len(toks); i++ {
		if toks[i].kind == tWord && (toks[i-1].kind == tSemi || toks[i-1].kind == tBg) &&
			syntax.IsKeyword(s[toks[i].start:toks[i].end]) {
			return true
		}
	}
	return false
}

// allChat reports a line made only of conversational words and English
// function words, with at least one conversational word first: "yes please",
// "ok thanks", "sure, go ahead" does not qualify (go is neither).
func (c *Classifier) allChat(s string, toks []token) bool {
	for i, t := range toks {
		if t.flags&^(fContraction|fAccent|fScript) != 0 {
			return false
		}
		w := lowerWord(trimProse(s[t.start:t.end]))
		if c.lx.isAgent(w) || c.lx.chat.has(w) {
			continue
		}
		if i == 0 || c.lx.englishClass(w) == clsNone {
			return false
		}
	}
	return true
}

// operators reports a pipe, && or ||, or a redirection outside quotes. (A ";"
// is left to the model: prose uses semicolons too.)
func operators(toks []token) bool {
	for _, t := range toks {
		switch t.kind {
		case tPipe, tAndOr, tRedir:
			return true
		}
	}
	return false
}

// chatArgs reports arguments that make a conversational first word a
// sentence rather than a command: plain words only, the first of which is
// not a command name ("nice work", "who am i", "yes lets go"; but "which
// python", "nice make", "yes -n").
//
// After a command whose arguments are command names (which, type, man) the
// arguments must read as English: "which nvm" is a command even when nvm is
// not installed, "which one is faster?" a question.
func (c *Classifier) chatArgs(s, cmd string, args []token) bool {
	english := !c.lx.lookup.has(cmd)
	for i, t := range args {
		if t.flags&^(fContraction|fAccent) != 0 {
			return false // "cancel 프린터" is a command
		}
		w := trimPunct(s[t.start:t.end])
		if t.flags&fAccent == 0 && !isAlphaWord(w) || i == 0 && c.isCommand(w) {
			return false
		}
		english = english || c.isEnglish(lower(w)) || s[t.end-1] == '?'
	}
	return len(args) > 0 && english
}

// scriptProse reports a line whose command word, toks[first], has letters
// of another script or accents and is no command here, with no flag, pipe or
// && || after it. (Parentheses and "<…>" are prose punctuation here:
// "使用指定的注册表（默认为 <https://crates.io>）".)
//
// A localized placeholder standing for a command is not prose: the word
// starts with a letter or digit and has no *, ^, %, = nor an _ outside
// `code`, and no extension ("명령어 > 경로/대상/파일", "^문자열1^문자열2",
// "스크립트.ps1", "git_하위_명령" are documentation templates), and no
// argument is an expansion, a * glob or an output redirection.
func (c *Classifier) scriptProse(s string, toks []token, first int) bool {
	t := toks[first]
	w := s[t.start:t.end]
	if c.isCommand(w) || c.k.Defined != nil && c.k.Defined(w) || t.flags&(fAssign|fDollar|fBrace|fEscape) != 0 ||
		strings.ContainsAny(w, "*^%=") || strings.ContainsRune(w, '_') && !strings.ContainsRune(w, '`') || hasExtension(trimPunct(w)) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(w); !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '`' {
		return false
	}
	for _, t := range toks[first+1:] {
		switch {
		case t.kind == tPipe || t.kind == tAndOr || t.kind == tSemi:
			return false
		case t.kind == tRedir && s[t.start] != '<':
			return false
		case t.kind == tWord && s[t.start] == '-' && t.end-t.start > 1 && !isDigit(s[t.start+1]):
			return false
		case t.kind == tWord && (t.flags&(fDollar|fBrace|fEscape) != 0 || strings.ContainsRune(s[t.start:t.end], '*')):
			return false
		}
	}
	return true
}

// hasExtension reports a file name of any script: a stem, a dot and an
// extension of 1 to 5 ASCII letters and digits starting with a letter
// ("스크립트.ps1", "笔记.txt").
func hasExtension(w string) bool {
	dot := strings.LastIndexByte(w, '.')
	ext := w[dot+1:]
	if dot <= 0 || len(ext) == 0 || len(ext) > 5 || !isLetter(ext[0]) {
		return false
	}
	for i := 0; i < len(ext); i++ {
		if !isLetter(ext[i]) && !isDigit(ext[i]) {
			return false
		}
	}
	return true
}

// markdownCode reports a line that opens with `code` in backquotes followed
// by words of another script: documentation prose ("`asciiquarium` 시작"),
// not the output of a command run as a command.
func markdownCode(s string, toks []token, first int) bool {
	t := toks[first]
	w := s[t.start:t.end]
	return len(w) > 2 && w[0] == '`' && w[len(w)-1] == '`' && first+1 < len(toks) &&
		toks[first+1].kind == tWord && toks[first+1].flags&fScript != 0
}

// pastedOutput reports a message pasted at the prompt to ask about it: the
// first word ends with a colon and more follows ("fatal: not a git
// repository", "ModuleNotFoundError: No module named x", "bash: nvm: command
// not found"), or is a word of defaults/route/pasted.txt ("Traceback",
// "Killed"), or a word is ERR! ("npm ERR! code ERESOLVE").
func (c *Classifier) pastedOutput(s string, toks []token, first int) bool {
	t := toks[first]
	w := s[t.start:t.end]
	if len(w) > 1 && w[len(w)-1] == ':' && w[len(w)-2] != ':' && first+1 < len(toks) && toks[first+1].kind == tWord &&
		(isLetter(w[0]) || isDigit(w[0]) || w[0] == '/' || w[0] == '.' || w[0] >= utf8.RuneSelf) {
		return true
	}
	if c.lx.pasted.has(lower(trimPunct(w))) {
		return true
	}
	for _, t := range toks[first+1:] {
		if t.kind == tWord && t.end-t.start == 4 && s[t.end-1] == '!' && c.lx.pasted.has(lower(s[t.start:t.end])) {
			return true
		}
	}
	return false
}

// commandShape reports the arguments of a program that is not installed
// (or is defined later): an unknown command word that reads as no word of
// any language, then a subcommand of defaults/words/subcommands.txt, and no
// English or other function words after it ("nvm install 24", "nvm alias
// default node", "pyenv global 3.12.1"; not "generate unit tests" nor
// "please install the latest node").
//
// A subcommand of subcommand-nouns.txt ("global", "config") needs more: a
// version, number, flag or path, or a verb subcommand after it ("pyenv
// global 3.12.1", "asdf plugin add nodejs"; not "save config").
func (c *Classifier) commandShape(s, cmd string, args []token) bool {
	if len(args) == 0 || len(args) > 6 || c.isEnglish(cmd) || !isIdentWord(cmd) {
		return false
	}
	sub := s[args[0].start:args[0].end]
	shaped := c.lx.subcommands.has(sub)
	if !shaped && !c.lx.subnouns.has(sub) {
		return false
	}
	for _, t := range args[1:] {
		w := s[t.start:t.end]
		if c.lx.subcommands.has(w) {
			shaped = true
			continue
		}
		lw := lowerWord(trimPunct(w))
		if c.isEnglish(lw) || c.lx.foreignClass(lw) != clsNone || c.lx.trouble.has(lw) {
			return false
		}
		shaped = shaped || strings.ContainsAny(w, "0123456789@./=:") || w[0] == '-'
	}
	return shaped
}

// isIdentWord reports a word that can name a program: lower-case ASCII
// letters, digits, - and _, starting with a letter.
func isIdentWord(w string) bool {
	if w == "" || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if c := w[i]; !(c >= 'a' && c <= 'z' || isDigit(c) || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// isEnglish reports a word of the English word lists (function words,
// conversational words, natural-language markers): such a word is not a
// mistyped command even when it is one letter away from one ("what", "wget").
func (c *Classifier) isEnglish(lw string) bool {
	return c.lx.englishClass(lw) != clsNone || c.lx.isAgent(lw) || c.lx.nl.has(lw) ||
		c.lx.verbs.has(lw) || c.lx.trouble.has(lw) || c.lx.chat.has(lw) || c.lx.foreignClass(lw) != clsNone
}

// hasFlag reports an argument that starts with "-".
func hasFlag(s string, args []token) bool {
	for _, t := range args {
		if t.kind == tWord && s[t.start] == '-' {
			return true
		}
	}
	return false
}
