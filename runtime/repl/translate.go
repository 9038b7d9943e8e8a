package repl

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/reeflective/readline/inputrc"

	"github.com/lacy-sh/lacy/internal/debounce"
	"github.com/lacy-sh/lacy/internal/timelimit"
	"github.com/lacy-sh/lacy/runtime/ask"
	"github.com/lacy-sh/lacy/runtime/translate"
)

// translateState is `? request`'s part of a session: the translator (built
// on first use), the line to put in the next prompt's buffer, and the
// candidates of the last answer, while one of them is in the buffer.
type translateState struct {
	once sync.Once // the widgets are registered
	tr   *translate.Translator
	cfg  translate.Config

	mu        sync.Mutex
	pending   debounce.Slot[pendingTranslate] // the request the model is answering
	result    *translateResult                // its answer, for the widget to show
	resultFed bool                            // the widget's keys were fed for result (translateHint)
	preload   string                          // text for the next buffer (the widget takes it)
	cands     []translate.Candidate           // the last answer, best first
	// explained is the command whose explanation (Ctrl-E) shows below
	// the line while the buffer holds it.
	explained, explanation string
}

// Readline widget names and the private key sequence lacy feeds to the
// line editor to fill the next buffer: Ctrl-X Ctrl-] Ctrl-X, which no key
// sends and no default binding uses (a multi-byte rune would not do: the
// editor always inserts those).
const (
	widgetPreload = "lacy-translate-preload"
	widgetExplain = "lacy-translate-explain"
	widgetCycle   = "lacy-translate-next"
	preloadKey    = "\x18\x1d\x18"
)

// translator returns the session's translator (core.Core.Translator),
// registering the line editor's widgets the first time.
func (a *App) translator() *translateState {
	t := &a.tr
	t.once.Do(func() {
		t.tr, t.cfg = a.Translator()
		if a.rl != nil && !a.Plain {
			a.registerTranslateWidgets(t.cfg)
		}
	})
	return t
}

// registerTranslateWidgets adds the preload widget (bound to preloadKey),
// the explain widget (translate.explain_key; Ctrl-E explains when the
// cursor is already at the end of a proposed command, else it still moves
// to the end of the line) and alternatives cycling (Down and Up on a
// proposed command, and Alt-N).
func (a *App) registerTranslateWidgets(cfg translate.Config) {
	rl := a.rl
	cmds := rl.Keymap.Commands()
	endOfLine := cmds["end-of-line"]
	rl.Keymap.Register(map[string]func(){
		widgetPreload: a.takePreload,
		widgetExplain: a.explainBuffer,
		widgetCycle:   func() { a.cycleCandidate(nil, 1) },
	})
	keymaps := []string{"emacs", "emacs-standard", "vi-insert", "vi-command"}
	for _, km := range keymaps {
		_ = rl.Config.Bind(km, preloadKey, widgetPreload, false)
		_ = rl.Config.Bind(km, inputrc.Unescape(`\M-n`), widgetCycle, false)
	}
	wrap := map[string]func(){}
	// ↓/↑ are readline's history commands, or the completion branch's
	// prefix walk (lacy-history-down/up) when it is there.
	for name, step := range map[string]int{"next-history": 1, "down-line-or-history": 1, "lacy-history-down": 1,
		"previous-history": -1, "up-line-or-history": -1, "lacy-history-up": -1} {
		if orig := cmds[name]; orig != nil {
			wrap[name] = func() { a.cycleCandidate(orig, step) }
		}
	}
	switch key := strings.TrimSpace(cfg.ExplainKey); {
	case key == "":
	case strings.EqualFold(key, "C-e") && endOfLine != nil:
		wrap["end-of-line"] = func() {
			if rl.Cursor().Pos() == rl.Line().Len() && a.proposed(string(*rl.Line())) >= 0 {
				a.explainBuffer()
				return
			}
			endOfLine()
		}
	default:
		for _, km := range keymaps {
			_ = rl.Config.Bind(km, inputrc.Unescape(`\`+key), widgetExplain, false)
		}
	}
	rl.Keymap.Register(wrap)
	// The notes of a proposed command show below it while it is in the
	// buffer, in the hint lane the history ghost text's provider owns (it
	// returns nothing itself). A provider that replaces a.ghost must
	// return translateHint too.
	var ghost func([]rune, int) []rune
	if a.Hist != nil {
		ghost = a.ghost
	}
	rl.Hint.SetProvider(func(line []rune, cursor int) []rune {
		note := a.translateHint(line) // always: it also hands answers over
		if ghost != nil {
			if out := ghost(line, cursor); len(out) > 0 {
				return out
			}
		}
		return note
	})
}

// translateHint is what shows below a line that holds a proposed (or
// explained) command: its warnings, the alternatives, the explanation.
// It runs on the readline goroutine at every redraw; nil for other lines.
func (a *App) translateHint(line []rune) []rune {
	t := &a.tr
	t.mu.Lock()
	feed := t.result != nil && !t.resultFed
	if feed {
		t.resultFed = true
	}
	t.mu.Unlock()
	if feed { // an answer arrived: the preload widget shows it (takePreload)
		a.rl.Keys.Feed(false, []rune(preloadKey)...)
	}
	note := a.candidateNote(string(line))
	if exp := a.explanationOf(string(line)); exp != "" {
		note = strings.TrimPrefix(note+"\n"+exp, "\n")
	}
	if note == "" {
		return nil
	}
	return []rune(note)
}

// Translate handles `? request` with the line editor (App's
// core.UI.Translate). The request runs in the background while the next
// prompt shows `? request` again with a spinner below it, so typing is
// never blocked; when the answer comes and the buffer still holds the
// request, the best command replaces it (see takePreload), and nothing
// runs until Enter. Ctrl-C cancels the request (cancelTranslate). Neither
// the request nor the answer goes into any agent's history.
func (a *App) Translate(text string, c translate.Context) int {
	t := a.translator()
	line := t.cfg.Prefix + " " + text
	if p, ok := t.pending.Pending(); ok && p.text == text {
		// Enter again while the model thinks: keep waiting.
		a.fillNext(line)
		return 0
	}
	p := pendingTranslate{text: text, line: line}
	ctx, ticket := t.pending.Start(context.Background(), p) // a request in flight is cancelled
	go a.awaitTranslation(ctx, ticket, p, c)
	a.fillNext(line)
	return 0
}

// pendingTranslate is a request the model is answering.
type pendingTranslate struct {
	text, line string // the request, and the buffer that asked it
}

// translateResult is an answer waiting for the line editor to show it.
type translateResult struct {
	line string // the buffer it answers
	res  translate.Result
	err  error
}

// translateSpinFrame is how often the spinner below the line turns while
// the model thinks.
var translateSpinFrame = 100 * time.Millisecond

// explainTimeout bounds the model's explanation of a proposed command
// (Ctrl-E); past it, whatis explains it.
func explainTimeout() time.Duration { return timelimit.Scale(30 * time.Second) }

// awaitTranslation runs one request with a spinner in the hint lane, then
// hands the answer to the line editor's goroutine (see translateHint),
// unless the request was cancelled or replaced meanwhile.
func (a *App) awaitTranslation(ctx context.Context, ticket debounce.Ticket, p pendingTranslate, c translate.Context) {
	defer func() {
		if r := recover(); r != nil {
			a.Log.Error(fmt.Sprint("? request: ", r))
		}
	}()
	t := &a.tr
	rl := a.rl
	stop := debounce.Spin(0, translateSpinFrame, func(frame string) {
		rl.Hint.SetTransient(a.styled(dimSGR, frame+" thinking… (Ctrl-C cancels)"))
	}, rl.Hint.ClearTransient)
	res, err := t.tr.Translate(ctx, p.text, c)
	stop()
	if !t.pending.Finish(ticket) { // cancelled, or replaced by another request
		return
	}
	t.mu.Lock()
	t.result = &translateResult{line: p.line, res: res, err: err}
	t.mu.Unlock()
	// Wake the line editor; its hint provider (translateHint, on the
	// editor's goroutine) feeds the preload widget's keys: the key queue
	// is not safe to fill from here while the editor reads it.
	rl.Keys.RequestRefresh()
}

// cancelTranslate cancels the request the model is answering, if any, and
// gives the `? request` back in the next buffer. The REPL calls it on
// Ctrl-C at the prompt.
func (a *App) cancelTranslate() {
	p, ok := a.tr.pending.Stop()
	if !ok {
		return
	}
	a.Dim("(cancelled)")
	a.fillNext(p.line)
}

// fillNext puts text in the next prompt's buffer.
func (a *App) fillNext(text string) {
	if a.Plain || a.rl == nil {
		return
	}
	t := a.translator()
	t.mu.Lock()
	t.preload = text
	t.mu.Unlock()
	a.rl.Keys.Feed(false, []rune(preloadKey)...)
}

// takePreload is the widget that fills the buffer: with text to restore,
// and with an answer when the buffer still holds its request (otherwise
// the user moved on, and the answer, cached, waits for the next ask).
func (a *App) takePreload() {
	t := &a.tr
	t.mu.Lock()
	text, r := t.preload, t.result
	t.preload, t.result, t.resultFed = "", nil, false
	t.mu.Unlock()
	if text != "" {
		a.setBuffer(text)
	}
	if r == nil || string(*a.rl.Line()) != r.line {
		return
	}
	if r.err != nil {
		a.rl.Hint.SetTransient(a.styled(warnSGR, "lacy: ?: "+strings.Join(strings.Fields(r.err.Error()), " ")))
		return
	}
	t.mu.Lock()
	t.cands = r.res.Candidates
	t.mu.Unlock()
	a.setBuffer(r.res.Best().Command)
}

// setBuffer replaces the buffer with cmd; translateHint shows its
// warnings below it.
func (a *App) setBuffer(cmd string) {
	rl := a.rl
	rl.Line().Set([]rune(cmd)...)
	rl.Cursor().Set(rl.Line().Len())
}

// candidateNote is what shows below a proposed command: a destructive
// command's warning, a command that cannot run here, and how to see the
// alternatives.
func (a *App) candidateNote(cmd string) string {
	t := &a.tr
	t.mu.Lock()
	cands := t.cands
	t.mu.Unlock()
	i := indexOf(cands, cmd)
	if i < 0 {
		return ""
	}
	c := cands[i]
	var notes []string
	if c.Destructive {
		notes = append(notes, a.styled(warnSGR, "⚠ destructive: "+c.Reason+" — running it needs the word yes"))
		if c.Blast != "" {
			notes = append(notes, a.styled(warnSGR, "⚠ "+c.Blast))
		}
	}
	if c.Problem != "" {
		notes = append(notes, a.styled(warnSGR, "⚠ "+c.Problem))
	}
	if len(cands) > 1 {
		notes = append(notes, a.styled(dimSGR, fmt.Sprintf("%d/%d · ↓↑ alternatives · Ctrl-E explains", i+1, len(cands))))
	} else {
		notes = append(notes, a.styled(dimSGR, "Enter runs it · Ctrl-E explains it"))
	}
	return strings.Join(notes, "\n")
}

// proposed returns the index of line among the last answer's candidates,
// or -1.
func (a *App) proposed(line string) int {
	t := &a.tr
	t.mu.Lock()
	defer t.mu.Unlock()
	return indexOf(t.cands, line)
}

func indexOf(cands []translate.Candidate, cmd string) int {
	for i, c := range cands {
		if c.Command == cmd {
			return i
		}
	}
	return -1
}

// cycleCandidate replaces a proposed command with the next (step 1) or
// previous (-1) alternative; on any other line it runs orig (nil:
// nothing).
func (a *App) cycleCandidate(orig func(), step int) {
	i := a.proposed(string(*a.rl.Line()))
	t := &a.tr
	t.mu.Lock()
	n := len(t.cands)
	t.mu.Unlock()
	if i < 0 || n < 2 {
		if orig != nil {
			orig()
		}
		return
	}
	t.mu.Lock()
	next := t.cands[(i+step+n)%n].Command
	t.mu.Unlock()
	a.setBuffer(next)
}

// explainBuffer explains the command in the buffer below it: at once from
// its structure, then with the model's explanation (or whatis, without a
// model) when it arrives. Typing is never blocked; the explanation shows
// while the buffer holds that command (see explanationOf).
func (a *App) explainBuffer() {
	cmd := strings.TrimSpace(string(*a.rl.Line()))
	if cmd == "" {
		return
	}
	t := a.translator()
	off, err := translate.Offline(cmd, nil)
	if err != nil {
		off = err.Error()
	}
	a.setExplanation(cmd, off+"\n(asking the model…)")
	dir := a.Sh.Dir()
	refresh := a.rl.Keys.RequestRefresh
	go func() {
		defer func() {
			if r := recover(); r != nil {
				a.Log.Error(fmt.Sprint("explain: ", r))
			}
		}()
		ctx, cancel := context.WithTimeout(context.Background(), explainTimeout())
		defer cancel()
		var text string
		m, _, err := t.tr.Model(ctx)
		if err == nil {
			text, err = translate.Explain(ctx, m, cmd, translate.Context{Cwd: dir, OS: translate.Gather(dir, "", nil, nil).OS}, t.tr.Redact)
		}
		if err != nil || text == "" {
			text, _ = translate.Offline(cmd, translate.Whatis)
		}
		a.setExplanation(cmd, text)
		refresh()
	}()
}

// setExplanation keeps the explanation of cmd.
func (a *App) setExplanation(cmd, text string) {
	t := &a.tr
	t.mu.Lock()
	defer t.mu.Unlock()
	t.explained, t.explanation = cmd, text
}

// explanationOf returns the explanation shown below line, dimmed, or "".
func (a *App) explanationOf(line string) string {
	t := &a.tr
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.explained == "" || strings.TrimSpace(line) != t.explained {
		return ""
	}
	return a.styled(dimSGR, t.explanation)
}

// ConfirmLine runs before a line runs (App's core.UI.ConfirmLine): it
// clears the proposed command's notes and, when the line is a proposed
// destructive command, asks for the word yes. It returns false when the
// line must not run.
func (a *App) ConfirmLine(ctx context.Context, line string) bool {
	t := &a.tr
	if !a.TranslatorBuilt() {
		return true
	}
	t.mu.Lock()
	cands := t.cands
	t.cands = nil
	t.explained, t.explanation = "", ""
	_, thinking := t.pending.Pending()
	t.mu.Unlock()
	if !thinking && a.rl != nil {
		a.rl.Hint.ClearTransient() // an error shown below the last request
	}
	i := indexOf(cands, strings.TrimSpace(line))
	if i < 0 || !cands[i].Destructive {
		return true
	}
	term := &ask.Terminal{In: a.IO.InFile, Out: a.IO.Out}
	if !term.IsTerminal() {
		return true // no terminal to ask on: the line was typed, not proposed
	}
	// Raw before the question shows: a key typed the moment it appears
	// must reach Word, not the cooked line discipline (it was lost there);
	// keys typed before it never answer it and go to the next prompt.
	restore := term.End
	if err := term.Begin(); err != nil {
		restore = func() {}
	}
	defer func() { a.feedKeys(term.TypedBefore()) }()
	fmt.Fprintf(a.IO.Out, "%s\r\n%s ", a.styled(warnSGR, "⚠ destructive: "+cands[i].Reason),
		a.styled(bold, "This needs the word yes.")+" Type yes and Enter to run it; anything else cancels ›")
	ctx, cancel := a.Interruptible(ctx)
	defer cancel()
	w, err := term.Word(ctx)
	restore()
	if err == nil && strings.EqualFold(strings.TrimSpace(w), "yes") {
		return true
	}
	if err != nil {
		fmt.Fprintln(a.IO.Out)
	}
	a.Dim("not run (it needs the word yes)")
	return false
}

func (a *App) styled(sgr, s string) string {
	if !a.Color {
		return s
	}
	return sgr + s + sgrReset
}
