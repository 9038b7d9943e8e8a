package agents

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/lacy-sh/lacy/agents/render"
	"github.com/lacy-sh/lacy/runtime/iostreams"
)

// MaxInput bounds the piped input attached to a question.
const MaxInput = 256 << 10

// ReadInput returns the input piped to lacy ask: stdin when it is not a
// terminal, at most MaxInput bytes; "" when stdin is a terminal.
func ReadInput(ios *iostreams.IO) (string, error) {
	if ios.IsStdinTTY() || ios.In == nil {
		return "", nil
	}
	b, err := io.ReadAll(io.LimitReader(ios.In, MaxInput+1))
	if len(b) > MaxInput {
		b = append(b[:MaxInput], "\n… [input cut at 256 KB]"...)
	}
	return string(b), err
}

// RunAsk is `lacy ask`: it sends text, with input attached (piped stdin),
// to an agent ("" is "default") in a fresh one-shot conversation and
// streams the answer to stdout — rendered as Markdown on a terminal, plain
// otherwise. Tool calls that need permission are asked on the terminal, or
// denied without one unless pre-approved. It returns the exit status: 0, 1
// with a one-line `lacy: …` error, 2 for usage, 130 on Ctrl-C.
func RunAsk(ctx context.Context, ios *iostreams.IO, mgr *Manager, agentName, text, input string) int {
	if strings.TrimSpace(text) == "" && strings.TrimSpace(input) == "" {
		fmt.Fprintln(ios.ErrOut, "lacy: ask: nothing to ask (give a question or pipe input)")
		return 2
	}
	if agentName == "" {
		agentName = DefaultAgent
	}
	s, err := mgr.NewSession(agentName)
	if err != nil {
		fmt.Fprintln(ios.ErrOut, "lacy: ask: "+err.Error())
		return 2
	}
	dir, _ := os.Getwd()
	c := CollectContext(ctx, dir)
	c.Input = input

	var sink Sink
	if ios.IsStdoutTTY() {
		w, h := 80, 24
		if ios.OutFile != nil {
			if cw, ch, err := term.GetSize(int(ios.OutFile.Fd())); err == nil {
				w, h = cw, ch
			}
		}
		t := render.NewTerminal(ios.Out, w, h, Color())
		t.SetCursorControl(os.Getenv("TERM") != "dumb") // NO_COLOR: Markdown without colour
		sink = t
	} else {
		sink = &render.Plain{Out: ios.Out, Err: ios.ErrOut}
	}
	var approver Approver = DenyAll{}
	if ios.IsStdinTTY() {
		approver = NewPrompter(ios.In, ios.ErrOut)
	}
	_, err = s.Ask(ctx, text, c, sink, approver)
	switch {
	case err == nil:
		return 0
	case IsCancel(err):
		fmt.Fprintln(ios.ErrOut, "lacy: interrupted")
		return 130
	}
	fmt.Fprintln(ios.ErrOut, "lacy: "+oneLineErr(err))
	return 1
}

// Color reports whether output may use colours: NO_COLOR unset and TERM
// not "dumb".
func Color() bool {
	return os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
}

func oneLineErr(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}
