package repl

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/lacy-sh/lacy/runtime/shell"
)

// The bash prompt layer: PROMPT_COMMAND before each prompt, PS1 and PS2 when
// the rc (or a hook) set them, PS0 after a shell line is read. Which prompt
// shows: a Lua lacy.prompt hook first, else a PS1 the user set, else lacy's
// own (see docs/shell.md).

// bashPromptState is what the prompt layer keeps for the current line,
// guarded by App.mu.
type bashPromptState struct {
	ps2  string // PS2 rendered, "" for the default
	bash bool   // the prompt is the user's PS1
	size [2]int // COLUMNS and LINES as last set
}

// promptCommand runs PROMPT_COMMAND in the session before a prompt; Ctrl-C
// stops it.
func (a *App) promptCommand() {
	a.checkWinsize()
	if len(a.sh.PromptCommands()) == 0 {
		return
	}
	ctx, cancel := a.interruptible()
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			a.panicked("PROMPT_COMMAND", r)
		}
	}()
	a.sh.RunPromptCommand(ctx)
	// `history -c`/`-s` in a hook (mcfly's `history -cr FILE`) replaced no
	// line: the next line typed is recorded, as in bash.
	a.histState.skipMe = false
}

// bashPS1 renders PS1 when the user set one ("" otherwise, for lacy's own
// prompt). What must reach the terminal without taking columns (a window
// title in \[…\]) is written at once. PS2 is rendered with it.
func (a *App) bashPS1() string {
	if !a.sh.CustomPS1() {
		a.setPS2("")
		return ""
	}
	ctx, cancel := a.interruptible()
	defer cancel()
	p, before := a.sh.ExpandPrompt(ctx, a.sh.Getenv("PS1"))
	if before != "" && !a.plain {
		fmt.Fprint(a.io.Out, before)
	}
	if ps2 := a.sh.Getenv("PS2"); ps2 != shell.DefaultPS2 {
		p2, _ := a.sh.ExpandPrompt(ctx, ps2)
		a.setPS2(p2)
	} else {
		a.setPS2("")
	}
	if p == "" {
		p = " " // an empty PS1 is an empty prompt, not lacy's
	}
	a.mu.Lock()
	a.bp.bash = true
	a.mu.Unlock()
	return p
}

func (a *App) setPS2(p string) {
	a.mu.Lock()
	a.bp.ps2 = p
	if p == "" {
		a.bp.bash = false
	}
	a.mu.Unlock()
}

// secondaryPrompt is the continuation prompt: PS2 when the user set it.
func (a *App) secondaryPrompt() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.bp.ps2 != "" {
		return a.bp.ps2
	}
	return shell.DefaultPS2
}

// withMarker adds the live route marker to the prompt: after lacy's own
// prompt, and at the start of a PS1's last line, so that the text typed
// follows the PS1 exactly as in bash.
func (a *App) withMarker(p, mark string) string {
	a.mu.Lock()
	bash := a.bp.bash
	a.mu.Unlock()
	if !bash {
		return p + mark + " "
	}
	i := strings.LastIndexByte(p, '\n') + 1
	return p[:i] + mark + p[i:]
}

// ps0 prints PS0 after a shell line is read and before it runs, as bash
// does (bash-preexec and starship time commands with it).
func (a *App) ps0() {
	a.sh.LineRead()
	if a.sh.Getenv("PS0") == "" {
		return
	}
	if s := a.sh.RenderPS0(context.Background()); s != "" {
		fmt.Fprint(a.io.Out, s)
	}
}

// checkWinsize sets COLUMNS and LINES before each prompt, as bash's
// checkwinsize does after each command (prompts and hooks read them).
func (a *App) checkWinsize() {
	if a.io.OutFile == nil {
		return
	}
	ws, err := unix.IoctlGetWinsize(int(a.io.OutFile.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 {
		return
	}
	size := [2]int{int(ws.Col), int(ws.Row)}
	if size == a.bp.size {
		return
	}
	a.bp.size = size
	a.sh.SetVars(context.Background(), map[string]string{"COLUMNS": strconv.Itoa(size[0]), "LINES": strconv.Itoa(size[1])})
}
