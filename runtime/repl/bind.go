package repl

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/reeflective/readline"
	"github.com/reeflective/readline/inputrc"
	"golang.org/x/term"

	"github.com/lacy-sh/lacy/internal/lazy"
)

// bash's bind builtin over the line editor (reeflective/readline, which
// reads inputrc files): key bindings to readline functions and macros,
// `set var value`, bind -x (a key runs a shell command that reads and
// changes READLINE_LINE, READLINE_POINT and READLINE_MARK), and the
// listings -p -P -v -V -s -S -X -l -q. A ~/.lacyrc runs before the line
// editor exists: what it binds is kept and applied when the editor starts.

// bindState is what bind set, for an editor that may not exist yet.
type bindState struct {
	cfg     *inputrc.Config // variables and key bindings, by keymap
	xcmds   map[string]string
	xlist   []bindX
	cooked  *term.State // the terminal's mode outside the editor, for bind -x
	noStats bool        // `set colored-stats off` (readlinevars.go)
}

// bindX is one bind -x binding.
type bindX struct {
	keymap, seq, cmd, widget string
}

// keymaps maps bash's keymap names to the line editor's.
func keymaps(name string) []string {
	switch name {
	case "", "emacs", "emacs-standard", "emacs-meta", "emacs-ctlx":
		return []string{"emacs"}
	case "vi", "vi-command", "vi-move":
		return []string{"vi-command", "vi", "vi-move"}
	case "vi-insert":
		return []string{"vi-insert"}
	}
	return nil
}

// keymapPrefix is the key a bash keymap's bindings start with.
func keymapPrefix(name string) string {
	switch name {
	case "emacs-meta":
		return "\x1b"
	case "emacs-ctlx":
		return "\x18"
	}
	return ""
}

// bindHandler receives what the inputrc parser reads from bind's arguments.
type bindHandler struct {
	a      *App
	keymap string
	errw   io.Writer
}

func (h *bindHandler) Do(name, value string) error { return nil }

func (h *bindHandler) ReadFile(name string) ([]byte, error) { return os.ReadFile(name) }

func (h *bindHandler) Get(name string) any {
	if h.a.rl != nil {
		return h.a.rl.Config.Get(name)
	}
	return h.a.binds.config().Get(name)
}

func (h *bindHandler) Set(name string, value any) error {
	h.a.checkReadlineVar(h.errw, name, value)
	h.a.binds.config().Vars[name] = value
	if h.a.rl != nil {
		return h.a.rl.Config.Set(name, value)
	}
	return nil
}

func (h *bindHandler) Bind(_ string, seq, action string, macro bool) error {
	kms := keymaps(h.keymap)
	if kms == nil {
		return fmt.Errorf("%s: invalid keymap name", h.keymap)
	}
	seq = keymapPrefix(h.keymap) + seq
	if !macro && h.a.rl != nil {
		if _, ok := h.a.rl.Keymap.Commands()[action]; !ok && !h.a.binds.isWidget(action) {
			// bash accepts it and the key then does nothing; say so once.
			fmt.Fprintf(h.errw, "bind: %s: readline function not supported; the key is left as it was\n", action)
			return nil
		}
	}
	for _, km := range kms {
		_ = h.a.binds.config().Bind(km, seq, action, macro)
		if h.a.rl != nil {
			_ = h.a.rl.Config.Bind(km, seq, action, macro)
		}
	}
	if h.a.rl != nil {
		unshadowMetaControl(h.a.rl.Config)
	}
	return nil
}

func (b *bindState) config() *inputrc.Config {
	if b.cfg == nil {
		b.cfg = inputrc.NewConfig()
	}
	return b.cfg
}

func (b *bindState) isWidget(name string) bool {
	_, ok := b.xcmds[name]
	return ok
}

// applyBinds gives a new line editor what bind set before it existed, and
// bash's shell-expand-line (M-C-e), which the editor binds but lacks.
func (a *App) applyBinds(rl *readline.Shell) {
	if a.IO.InFile != nil {
		a.binds.cooked, _ = term.GetState(int(a.IO.InFile.Fd()))
	}
	if _, ok := rl.Keymap.Commands()["shell-expand-line"]; !ok {
		rl.Keymap.Register(map[string]func(){"shell-expand-line": a.shellExpandLine})
	}
	// The editor's own redraw-current-line is bound to its display before
	// there is one (a nil receiver): fzf's bindings use it.
	rl.Keymap.Register(map[string]func(){"redraw-current-line": func() { rl.Display.Refresh() }})
	a.registerYank(rl)
	defer unshadowMetaControl(rl.Config)
	cfg := a.binds.cfg
	if cfg == nil {
		return
	}
	for name, v := range cfg.Vars {
		_ = rl.Config.Set(name, v)
	}
	for _, x := range a.binds.xlist {
		a.registerBindX(rl, x)
	}
	for km, binds := range cfg.Binds {
		for seq, b := range binds {
			_ = rl.Config.Bind(km, seq, b.Action, b.Macro)
		}
	}
}

// unshadowMetaControl drops the editor's bindings of 8-bit meta
// characters whose ESC-prefixed form is bound too: the editor matches the
// keys against every binding with meta characters converted to their ESC
// form, and the meta one won, so "\x85" (self-insert) shadowed ESC Ctrl-E
// (shell-expand-line: every ESC Ctrl-key inserted ^[) and the default M-r
// (revert-line) shadowed a `bind '"\er": redraw-current-line'`. Terminals
// send ESC-prefixed keys (lacy sets convert-meta off), so those win.
func unshadowMetaControl(cfg *inputrc.Config) {
	for _, binds := range cfg.Binds {
		for seq := range binds {
			r := []rune(seq)
			if len(r) != 1 || !inputrc.IsMeta(r[0]) {
				continue
			}
			if _, bound := binds[string([]rune{inputrc.Esc, inputrc.Demeta(r[0])})]; bound {
				delete(binds, seq)
			}
		}
	}
}

// bindBuiltin implements bash's bind.
func (a *App) bindBuiltin(stdout, stderr io.Writer, args []string) int {
	fail := func(format string, v ...any) int {
		fmt.Fprintf(stderr, "bind: "+format+"\n", v...)
		return 1
	}
	h := &bindHandler{a: a, errw: stderr}
	status := 0
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			args = args[i+1:]
			break
		}
		if len(arg) < 2 || arg[0] != '-' {
			args = args[i:]
			break
		}
		needs := func() (string, bool) {
			if i+1 >= len(args) {
				return "", false
			}
			i++
			return args[i], true
		}
		for _, c := range arg[1:] {
			switch c {
			case 'm':
				km, ok := needs()
				if !ok {
					return fail("-m: option requires an argument")
				}
				if keymaps(km) == nil {
					return fail("`%s': invalid keymap name", km)
				}
				h.keymap = km
			case 'l':
				a.listFunctions(stdout)
			case 'p', 'P':
				a.listBinds(stdout, h.keymap, c == 'P', false)
			case 's', 'S':
				a.listBinds(stdout, h.keymap, c == 'S', true)
			case 'v', 'V':
				a.listVars(stdout, c == 'V')
			case 'X':
				for _, x := range a.binds.xlist {
					fmt.Fprintf(stdout, "\"%s\": \"%s\"\n", escapeSeq(x.seq), x.cmd)
				}
			case 'x':
				spec, ok := needs()
				if !ok {
					return fail("-x: option requires an argument")
				}
				if err := a.bindShellCommand(h.keymap, spec); err != nil {
					status = fail("%v", err)
				}
			case 'r':
				seq, ok := needs()
				if !ok {
					return fail("-r: option requires an argument")
				}
				a.unbind(h.keymap, inputrc.Unescape(strings.Trim(seq, `"`)))
			case 'q', 'u':
				fn, ok := needs()
				if !ok {
					return fail("-%c: option requires an argument", c)
				}
				seqs := a.seqsFor(h.keymap, fn)
				if c == 'u' {
					for _, s := range seqs {
						a.unbind(h.keymap, s)
					}
					continue
				}
				if len(seqs) == 0 {
					fmt.Fprintf(stdout, "%s is not bound to any keys.\n", fn)
					status = 1
					continue
				}
				fmt.Fprintf(stdout, "%s can be invoked via %s.\n", fn, quoteSeqs(seqs))
			case 'f':
				file, ok := needs()
				if !ok {
					return fail("-f: option requires an argument")
				}
				if err := inputrc.ParseFile(file, h, inputrc.WithApp("lacy"), inputrc.WithMode("emacs")); err != nil {
					status = fail("%s: %v", file, err)
				}
			default:
				fmt.Fprintf(stderr, "bind: -%c: invalid option\nbind: usage: bind [-lpsvPSVX] [-m keymap] [-f filename] [-q name] [-u name] [-r keyseq] [-x keyseq:shell-command] [keyseq:readline-function or readline-command]\n", c)
				return 2
			}
		}
		if i == len(args)-1 {
			args = nil
		}
	}
	for _, line := range args {
		if seq, macro, ok := splitMacro(line); ok {
			_ = h.Bind("", seq, macro, true)
			continue
		}
		if err := inputrc.ParseBytes([]byte(line+"\n"), h, inputrc.WithApp("lacy"), inputrc.WithMode("emacs")); err != nil {
			status = fail("%s: %v", line, err)
		}
	}
	return status
}

// macroLine is `"keyseq": "macro"` as bash's bind reads it: the macro is
// everything between the first quote and the last one, quotes inside
// included (fzf's Ctrl-R types "$(__fzf_history__)" so).
var macroLine = lazy.Regexp{Expr: `^\s*"((?:\\.|[^"\\])+)"\s*:\s*(["'])(.*)(["'])\s*$`}

// splitMacro reads a macro binding; the sequence is unescaped, the macro
// kept as written (the editor unescapes it when the key is pressed).
func splitMacro(line string) (seq, macro string, ok bool) {
	m := macroLine.Get().FindStringSubmatch(line)
	if m == nil || m[2] != m[4] {
		return "", "", false
	}
	return inputrc.Unescape(m[1]), m[3], true
}

// bindShellCommand is bind -x '"seq": command'.
func (a *App) bindShellCommand(keymap, spec string) error {
	seq, cmd, ok := splitBindX(spec)
	if !ok {
		return fmt.Errorf("%s: missing colon separator", spec)
	}
	if a.binds.xcmds == nil {
		a.binds.xcmds = map[string]string{}
	}
	seq = keymapPrefix(keymap) + seq
	for _, km := range keymaps(keymap) {
		widget := "lacy-bind-x " + km + " " + strconv.Quote(seq)
		a.binds.xcmds[widget] = cmd
		x := bindX{keymap: km, seq: seq, cmd: cmd, widget: widget}
		a.binds.xlist = slices.DeleteFunc(a.binds.xlist, func(o bindX) bool { return o.widget == widget })
		a.binds.xlist = append(a.binds.xlist, x)
		_ = a.binds.config().Bind(km, seq, widget, false)
		if a.rl != nil {
			a.registerBindX(a.rl, x)
		}
	}
	return nil
}

// splitBindX splits `"\C-t": cmd` (or `"\C-t" cmd`, or `\C-t: cmd`) into
// the key sequence, unescaped, and the command, without the double quotes
// bash removes around it.
func splitBindX(spec string) (seq, cmd string, ok bool) {
	spec = strings.TrimSpace(spec)
	var raw, rest string
	if strings.HasPrefix(spec, `"`) {
		end := -1
		for i := 1; i < len(spec); i++ {
			if spec[i] == '\\' {
				i++
				continue
			}
			if spec[i] == '"' {
				end = i
				break
			}
		}
		if end < 0 {
			return "", "", false
		}
		raw, rest = spec[1:end], spec[end+1:]
		rest = strings.TrimLeft(rest, " \t")
		rest = strings.TrimPrefix(rest, ":")
	} else {
		var found bool
		raw, rest, found = strings.Cut(spec, ":")
		if !found {
			return "", "", false
		}
	}
	cmd = strings.TrimSpace(rest)
	if len(cmd) >= 2 && cmd[0] == '"' && cmd[len(cmd)-1] == '"' {
		cmd = cmd[1 : len(cmd)-1]
	}
	return inputrc.Unescape(raw), cmd, raw != ""
}

// registerBindX makes the editor run x's command for x's keys.
func (a *App) registerBindX(rl *readline.Shell, x bindX) {
	cmd := x.cmd
	rl.Keymap.Register(map[string]func(){x.widget: func() { a.runBindX(cmd) }})
	_ = rl.Config.Bind(x.keymap, x.seq, x.widget, false)
}

// runBindX runs a bind -x command in the session, with the line being
// edited in READLINE_LINE, the cursor in READLINE_POINT (in characters, as
// bash counts them in a UTF-8 locale) and the mark in READLINE_MARK; what
// the command leaves there becomes the line and the cursor. The terminal is
// in its usual mode while the command runs (fzf draws its own screen).
func (a *App) runBindX(cmd string) {
	rl := a.rl
	if rl == nil {
		return
	}
	defer func() {
		if r := recover(); r != nil {
			a.Panicked("bind -x", r)
		}
	}()
	line := string(*rl.Line())
	point := rl.Cursor().Pos()
	ctx, cancel := a.Interruptible(context.Background())
	defer cancel()
	pos := strconv.Itoa(point)
	a.Sh.SetVars(ctx, map[string]string{"READLINE_LINE": line, "READLINE_POINT": pos, "READLINE_MARK": pos})
	restore := a.cookedTerminal()
	_, _ = a.Sh.RunKeepStatus(ctx, cmd, "bind -x")
	restore()
	newLine := a.Sh.Getenv("READLINE_LINE")
	runes := []rune(newLine)
	p, err := strconv.Atoi(a.Sh.Getenv("READLINE_POINT"))
	if err != nil {
		p = len(runes)
	}
	p = min(max(p, 0), len(runes))
	rl.Line().Set(runes...)
	rl.Cursor().Set(p)
	rl.Display.Refresh()
}

// cookedTerminal puts the terminal in its usual mode while the editor
// runs shell code (a program it starts draws its own screen) and returns
// the function that gives the editor its mode back.
func (a *App) cookedTerminal() func() {
	if a.IO.InFile == nil || a.binds.cooked == nil {
		return func() {}
	}
	fd := int(a.IO.InFile.Fd())
	raw, err := term.GetState(fd)
	if err != nil {
		return func() {}
	}
	_ = term.Restore(fd, a.binds.cooked)
	return func() { _ = term.Restore(fd, raw) }
}

// shellExpandLine is bash's shell-expand-line: the line's words expanded
// in the session (fzf's key bindings put their pick in the line so).
func (a *App) shellExpandLine() {
	rl := a.rl
	if rl == nil {
		return
	}
	defer func() {
		if r := recover(); r != nil {
			a.Panicked("shell-expand-line", r)
		}
	}()
	ctx, cancel := a.Interruptible(context.Background())
	defer cancel()
	restore := a.cookedTerminal()
	line := a.Sh.ExpandLine(ctx, string(*rl.Line()))
	restore()
	runes := []rune(line)
	rl.Line().Set(runes...)
	rl.Cursor().Set(len(runes))
	rl.Display.Refresh()
}

// unbind removes a key sequence's binding.
func (a *App) unbind(keymap, seq string) {
	for _, km := range keymaps(keymap) {
		delete(a.binds.config().Binds[km], seq)
		if a.rl != nil {
			delete(a.rl.Config.Binds[km], seq)
		}
	}
}

// editorConfig is the editor's configuration, or what bind set so far.
func (a *App) editorConfig() *inputrc.Config {
	if a.rl != nil {
		return a.rl.Config
	}
	return a.binds.config()
}

// seqsFor lists the sequences bound to a function, sorted.
func (a *App) seqsFor(keymap, fn string) []string {
	var seqs []string
	for seq, b := range a.editorConfig().Binds[keymaps(keymap)[0]] {
		if !b.Macro && b.Action == fn {
			seqs = append(seqs, seq)
		}
	}
	slices.Sort(seqs)
	return seqs
}

func quoteSeqs(seqs []string) string {
	q := make([]string, len(seqs))
	for i, s := range seqs {
		q[i] = `"` + escapeSeq(s) + `"`
	}
	return strings.Join(q, ", ")
}

// listFunctions is bind -l.
func (a *App) listFunctions(w io.Writer) {
	if a.rl == nil {
		return
	}
	names := slices.Sorted(maps.Keys(a.rl.Keymap.Commands()))
	for _, n := range names {
		if !strings.HasPrefix(n, "lacy-bind-x ") {
			fmt.Fprintln(w, n)
		}
	}
}

// listBinds is bind -p/-P (functions) and -s/-S (macros).
func (a *App) listBinds(w io.Writer, keymap string, readable, macros bool) {
	binds := a.editorConfig().Binds[keymaps(keymap)[0]]
	bySeq := slices.Sorted(maps.Keys(binds))
	if readable {
		byFn := map[string][]string{}
		for _, seq := range bySeq {
			b := binds[seq]
			if b.Macro == macros && !strings.HasPrefix(b.Action, "lacy-bind-x ") {
				byFn[b.Action] = append(byFn[b.Action], seq)
			}
		}
		for _, fn := range slices.Sorted(maps.Keys(byFn)) {
			if macros {
				for _, seq := range byFn[fn] {
					fmt.Fprintf(w, "%s outputs %s\n", escapeSeq(seq), escapeSeq(fn))
				}
				continue
			}
			fmt.Fprintf(w, "%s can be found on %s.\n", fn, quoteSeqs(byFn[fn]))
		}
		return
	}
	for _, seq := range bySeq {
		b := binds[seq]
		if b.Macro != macros || strings.HasPrefix(b.Action, "lacy-bind-x ") {
			continue
		}
		if macros {
			fmt.Fprintf(w, "\"%s\": \"%s\"\n", escapeSeq(seq), escapeSeq(b.Action))
		} else {
			fmt.Fprintf(w, "\"%s\": %s\n", escapeSeq(seq), b.Action)
		}
	}
}

// listVars is bind -v/-V.
func (a *App) listVars(w io.Writer, readable bool) {
	vars := a.editorConfig().Vars
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		v := vars[name]
		s := fmt.Sprint(v)
		if b, ok := v.(bool); ok {
			s = "off"
			if b {
				s = "on"
			}
		}
		if readable {
			fmt.Fprintf(w, "%s is set to `%s'\n", name, s)
		} else {
			fmt.Fprintf(w, "set %s %s\n", name, s)
		}
	}
}

// escapeSeq writes a key sequence as bash's bind -p does: \C-a, \e, \C-?.
func escapeSeq(seq string) string {
	var b strings.Builder
	for _, r := range seq {
		switch {
		case r == 0x1b:
			b.WriteString(`\e`)
		case r == 0x7f:
			b.WriteString(`\C-?`)
		case r < 0x20:
			b.WriteString(`\C-`)
			b.WriteRune(r + 0x60)
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// yankState is the last yank, for yank-pop.
type yankState struct {
	start, end int    // the yanked text's place in the line, in runes
	ring       int    // which kill it was (0 is the newest)
	line       string // the line right after it
}

// registerYank gives the editor readline's yank and yank-pop: yank-pop
// replaces the text the last yank inserted with the next older kill (the
// editor's own inserted the newest kill again, and dropped it from the
// ring). fzf's key-binding macros restore the line around their pick so.
func (a *App) registerYank(rl *readline.Shell) {
	kill := func(i int) []rune {
		if i < 0 || i > 9 {
			return nil
		}
		return rl.Buffers.Get(rune('0' + i))
	}
	var y yankState
	yank := func() {
		text := kill(0)
		if len(text) == 0 {
			return
		}
		line := *rl.Line()
		at := min(rl.Cursor().Pos(), len(line))
		out := append(append(append([]rune{}, line[:at]...), text...), line[at:]...)
		rl.Line().Set(out...)
		rl.Cursor().Set(at + len(text))
		y = yankState{start: at, end: at + len(text), line: string(out)}
	}
	yankPop := func() {
		line := *rl.Line()
		if y.line == "" || string(line) != y.line || rl.Cursor().Pos() != y.end {
			return // only right after a yank, as in readline
		}
		next := y.ring + 1
		if len(kill(next)) == 0 {
			next = 0
		}
		text := kill(next)
		out := append(append(append([]rune{}, line[:y.start]...), text...), line[y.end:]...)
		rl.Line().Set(out...)
		y.ring, y.end, y.line = next, y.start+len(text), string(out)
		rl.Cursor().Set(y.end)
	}
	// set-mark marks the cursor and exchange-point-and-mark swaps them, as
	// in readline: the editor's own marked column 1 without a count, could
	// not mark the end of the line and selected the region.
	mark := -1
	setMark := func() { mark = rl.Cursor().Pos() }
	exchange := func() {
		cur := rl.Cursor()
		m := mark
		if m < 0 || m > rl.Line().Len() {
			m = 0
		}
		mark = cur.Pos()
		cur.Set(m)
	}
	rl.Keymap.Register(map[string]func(){"yank": yank, "yank-pop": yankPop,
		"set-mark": setMark, "exchange-point-and-mark": exchange})
}
