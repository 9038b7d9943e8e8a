package repl

import (
	"fmt"
	"time"

	"github.com/lacy-sh/lacy/internal/debounce"
	"github.com/lacy-sh/lacy/internal/timelimit"
)

// How Tab waits for a completion function (bash-completion): as long as no
// key is pressed, up to tabWait; past tabSpinnerDelay a spinner says so.
// Variables, so that tests and a loaded machine can change them.
var (
	tabWait         = timelimit.Scale(10 * time.Second)
	tabSpinnerDelay = 200 * time.Millisecond
	tabSpinnerFrame = 100 * time.Millisecond
)

// tabSpinner draws a spinner after the cursor while Tab waits longer than
// tabSpinnerDelay; call the returned func when the wait ends: it erases the
// spinner and returns once it is off the screen. The line editor's goroutine
// is the one waiting, so nothing else draws meanwhile, and the editor
// redraws the line after the completion.
func (a *App) tabSpinner() func() {
	if a.Plain || a.IO.Out == nil {
		return func() {}
	}
	// Save the cursor, draw after it, restore it: the line and the cursor
	// stay where the editor left them.
	return debounce.Spin(tabSpinnerDelay, tabSpinnerFrame, func(frame string) {
		fmt.Fprintf(a.IO.Out, "\x1b7\x1b[K %s\x1b8", a.dimText(frame))
	}, func() {
		fmt.Fprint(a.IO.Out, "\x1b7\x1b[K\x1b8")
	})
}
