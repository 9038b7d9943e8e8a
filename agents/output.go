package agents

import (
	"fmt"
	"strings"
)

// MaxOutputTail bounds the output tail sent with a request.
const MaxOutputTail = 2000

// OutputTail is the end of the last command's output, as the terminal
// showed it (see runtime/outcap).
type OutputTail struct {
	Cmd  string
	Exit int
	Text string // escape sequences removed
	Cut  bool   // earlier output was dropped
}

// renderOutput is the output tail's part of the context block.
func renderOutput(b *strings.Builder, o *OutputTail) {
	if o == nil {
		return
	}
	text := strings.TrimRight(o.Text, "\n")
	cut := o.Cut
	if len(text) > MaxOutputTail {
		text, cut = text[len(text)-MaxOutputTail:], true
		text = strings.ToValidUTF8(text, "")
	}
	fmt.Fprintf(b, "the last command's output (%s, exit %d", clip(o.Cmd, maxCmdLen), o.Exit)
	if cut {
		b.WriteString(", last lines")
	}
	b.WriteString("):\n")
	if strings.TrimSpace(text) == "" {
		b.WriteString("  (no output)\n")
		return
	}
	b.WriteString(indent(text))
}

// outputSummary is /context's line about the output tail.
func outputSummary(c ContextConfig, o *OutputTail) string {
	switch {
	case !c.Output:
		return "command output: not captured (lacy.config{ context = { output = true } } turns it on)"
	case o == nil:
		return "command output: captured, none yet (a line starting with a space, and /private, are never captured)"
	}
	return fmt.Sprintf("command output: the last command's, %d bytes", len(o.Text))
}
