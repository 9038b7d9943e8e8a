package agents

import (
	"context"
	"io"
)

// Sink receives an agent turn as it happens. render.Terminal and
// render.Plain implement it; the REPL may wrap one to add hooks.
type Sink interface {
	// Waiting is called before each model request (a spinner may run
	// until the next call).
	Waiting()
	// Text is a piece of the answer, as it arrives.
	Text(delta string)
	// ToolCall announces a tool call before it is approved and run;
	// preview is one line (the command, the path, the arguments).
	ToolCall(name, preview string)
	// ToolResult reports how a call ended, in one line.
	ToolResult(name, summary string, failed bool)
	// Done ends the turn; err is its error, reported by the caller.
	Done(err error)
}

// discard is the Sink used when none is given.
type discard struct{}

func (discard) Waiting()                        {}
func (discard) Text(string)                     {}
func (discard) ToolCall(string, string)         {}
func (discard) ToolResult(string, string, bool) {}
func (discard) Done(error)                      {}

// Decision is the user's answer to a tool call.
type Decision int

// The decisions.
const (
	Deny         Decision = iota // do not run; the model is told so
	AllowOnce                    // run this call
	AllowSession                 // run it, and the same call again this session without asking
	AllowNetwork                 // run this call, with network access in its sandbox
)

// ToolCallRequest is what the user is asked to approve.
type ToolCallRequest struct {
	Tool string
	Args map[string]any
	// Preview shows what will happen: the command for shell, a unified
	// diff for write_file, the arguments for other tools.
	Preview string
	// Destructive calls need the user to type "yes"; Reason says why.
	Destructive bool
	Reason      string
	// Path is the clean absolute path of a file tool's call.
	Path string
	// Outside: a file tool's path (or where its symlinks lead) is outside
	// the working tree (the git root, else the shell's directory).
	// Credential: it is a known credential file (~/.netrc, ~/.ssh/*, .env…).
	// Either makes even read_file and list_dir ask, and no pre-approval
	// pattern covers them; Note says it in a line for the prompt.
	Outside    bool
	Credential bool
	Note       string
	// Refuse, when set, says why the call is refused without asking (an
	// encoded or binary read of a credential file).
	Refuse string
	// Sandbox says in one line what the sandbox lets a command do, or
	// that it runs unsandboxed (sandbox.Policy.Describe).
	Sandbox string
	// NetworkOffer: the sandbox denies network and the user may allow it
	// for this call (the AllowNetwork answer).
	NetworkOffer bool
	// Blast is the blast-radius preview of a destructive command: what it
	// would delete or overwrite, counted ("would delete 1,204 files,
	// 3.2 GB in build/"); "" when nothing could be counted.
	Blast string
}

// Approver decides whether a tool call may run. It is only asked about
// calls that need permission and are not pre-approved.
type Approver interface {
	Approve(ctx context.Context, call ToolCallRequest) (Decision, error)
}

// DenyAll is the Approver of non-interactive runs: every call that needs
// permission and was not pre-approved by config is denied.
type DenyAll struct{}

// Approve denies.
func (DenyAll) Approve(context.Context, ToolCallRequest) (Decision, error) { return Deny, nil }

// Prompter asks the user on a terminal: y allows once, a allows for the
// session, anything else denies; a destructive call needs the word "yes".
type Prompter struct {
	Out io.Writer
	// ReadLine reads one answer line. The REPL passes a readline-backed
	// function so Ctrl-C works while asking; NewPrompter reads from a plain
	// reader.
	ReadLine func(ctx context.Context) (string, error)
}

// NewPrompter returns a Prompter that reads answers from in, one byte at a
// time so nothing after the answer line is consumed, and writes to out.
func NewPrompter(in io.Reader, out io.Writer) *Prompter {
	return &Prompter{Out: out, ReadLine: func(ctx context.Context) (string, error) {
		var line []byte
		b := make([]byte, 1)
		for {
			n, err := in.Read(b)
			if n == 1 {
				if b[0] == '\n' {
					return string(line), nil
				}
				line = append(line, b[0])
			}
			if err != nil {
				return string(line), err
			}
			if ctx.Err() != nil {
				return "", ctx.Err()
			}
		}
	}}
}

// Approve shows the call and reads the answer.
func (p *Prompter) Approve(ctx context.Context, call ToolCallRequest) (Decision, error) {
	w := p.Out
	extra := ""
	if call.Blast != "" {
		extra += call.Blast + "\n"
	}
	if call.Sandbox != "" {
		extra += call.Sandbox + "\n"
	}
	if call.Destructive {
		io.WriteString(w, "\n⚠ destructive: "+call.Reason+"\n"+indent(call.Preview)+extra+"Type yes to run it (anything else denies): ")
	} else {
		note := ""
		if call.Note != "" {
			note = "⚠ " + call.Note + "\n"
		}
		net := ""
		if call.NetworkOffer {
			net = ", [w] once with network"
		}
		io.WriteString(w, "\nlacy wants to use "+call.Tool+":\n"+indent(call.Preview)+note+extra+"Allow? [y] once, [a] for this session"+net+", [n] deny: ")
	}
	answer, err := p.ReadLine(ctx)
	if err != nil && answer == "" {
		io.WriteString(w, "\n")
		if ctx.Err() != nil {
			return Deny, ctx.Err()
		}
		return Deny, nil
	}
	switch a := trimLower(answer); {
	case call.Destructive && a == "yes":
		return AllowOnce, nil
	case call.Destructive:
		return Deny, nil
	case a == "y" || a == "yes":
		return AllowOnce, nil
	case a == "a" || a == "always":
		return AllowSession, nil
	case call.NetworkOffer && (a == "w" || a == "web" || a == "net"):
		return AllowNetwork, nil
	}
	return Deny, nil
}
