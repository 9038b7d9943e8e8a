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
	cont string // PS2 rendered, the default too, while the prompt is the user's PS1
	bash bool   // the prompt is the user's PS1
	size [2]int // COLUMNS and LINES as last set
}

// promptCommand sets COLUMNS and LINES, then runs PROMPT_COMMAND
// (core.Core.PromptCommand) before a prompt.
func (a *App) promptCommand() {
	a.checkWinsize()
	if a.Hist != nil {
		a.SetHistCmd(a.Hist.Len() + 1)
	}
	a.PromptCommand(context.Background())
}

// bashPS1 renders PS1 when the user set one ("" otherwise, for lacy's own
// prompt). What must reach the terminal without taking columns (a window
// title in \[…\]) is written at once. PS2 is rendered with it.
func (a *App) bashPS1() string {
	if !a.Sh.CustomPS1() {
		a.setPS2("")
		return ""
	}
	ctx, cancel := a.Interruptible(context.Background())
	defer cancel()
	p, before := a.Sh.ExpandPrompt(ctx, a.Sh.Getenv("PS1"))
	if before != "" && !a.Plain {
		fmt.Fprint(a.IO.Out, before)
	}
	ps2 := a.Sh.Getenv("PS2")
	p2, _ := a.Sh.ExpandPrompt(ctx, ps2)
	if ps2 != shell.DefaultPS2 {
		a.setPS2(p2)
	} else {
		a.setPS2("")
	}
	if p == "" {
		p = " " // an empty PS1 is an empty prompt, not lacy's
	}
	a.mu.Lock()
	a.bp.bash = true
	a.bp.cont = p2
	a.mu.Unlock()
	return p
}

func (a *App) setPS2(p string) {
	a.mu.Lock()
	a.bp.ps2 = p
	if p == "" {
		a.bp.bash = false
		a.bp.cont = ""
	}
	a.mu.Unlock()
}

// continuationPrompt is what starts each continued line of the input: PS2,
// rendered, while the prompt is the user's PS1, as bash prints it; "" with
// lacy's own prompt, whose continued lines are aligned under the first.
func (a *App) continuationPrompt() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.bp.bash {
		return ""
	}
	return a.bp.cont
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

// checkWinsize sets COLUMNS and LINES before each prompt, as bash's
// checkwinsize does after each command (prompts and hooks read them).
func (a *App) checkWinsize() {
	if a.IO.OutFile == nil {
		return
	}
	ws, err := unix.IoctlGetWinsize(int(a.IO.OutFile.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 {
		return
	}
	size := [2]int{int(ws.Col), int(ws.Row)}
	if size == a.bp.size {
		return
	}
	a.bp.size = size
	a.Sh.SetVars(context.Background(), map[string]string{"COLUMNS": strconv.Itoa(size[0]), "LINES": strconv.Itoa(size[1])})
}
