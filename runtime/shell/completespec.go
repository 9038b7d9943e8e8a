package shell

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/internal/lazy"
)

// compLine is one `complete` line as `complete -p` prints it.
type compLine struct {
	names []string // the commands it applies to
	line  string
}

// builtinComplete records a `complete` line (bash's programmable
// completion, common in a .bashrc copied to ~/.lacyrc) for the line editor's
// bash-completion bridge, which replays it in its own bash. The functions
// the line names with -F or -C go with it, as bash source. `complete -p
// [NAME…]` and a bare `complete` print the lines recorded (NAME's only);
// `complete -r NAME` removes NAME's.
func (s *Shell) builtinComplete(stdout, stderr io.Writer, args []string) int {
	if len(args) == 0 || args[0] == "-p" {
		var names []string
		if len(args) > 1 {
			names = args[1:]
		}
		return s.printComplete(stdout, stderr, names)
	}
	if args[0] == "-r" {
		s.removeComplete(args[1:])
		return 0
	}
	var src strings.Builder
	var funcs []string
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "-F":
			funcs = append(funcs, args[i+1])
		case "-C": // a command line: z.sh's `_z --complete "$COMP_LINE"`
			if f := strings.Fields(args[i+1]); len(f) > 0 {
				funcs = append(funcs, f[0])
			}
		}
	}
	for _, name := range s.withCalledFunctions(funcs) {
		src.WriteString(name + "() ")
		if err := syntax.NewPrinter().Print(&src, s.runner.Funcs[name]); err != nil {
			fmt.Fprintf(stderr, "complete: %s: %v\n", name, err)
			return 1
		}
		src.WriteString("\n")
	}
	var line strings.Builder
	line.WriteString("complete")
	for _, a := range args {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			fmt.Fprintf(stderr, "complete: %q: cannot be quoted\n", a)
			return 1
		}
		line.WriteString(" " + q)
	}
	src.WriteString(line.String())
	names := completeNames(args)
	s.mu.Lock()
	s.compSpec = append(s.compSpec, src.String())
	s.compLines = slices.DeleteFunc(s.compLines, func(c compLine) bool {
		c.names = slices.DeleteFunc(c.names, func(n string) bool { return slices.Contains(names, n) })
		return len(c.names) == 0
	})
	s.compLines = append(s.compLines, compLine{names: names, line: line.String()})
	s.mu.Unlock()
	return 0
}

// completeNames are the command names a complete line's arguments end
// with (after its options and their values).
func completeNames(args []string) []string {
	withValue := "ACFGPSWXo"
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		if strings.ContainsRune(withValue, rune(a[len(a)-1])) {
			i++
		}
	}
	if i >= len(args) {
		return nil
	}
	return slices.Clone(args[i:])
}

// printComplete prints the recorded lines, or NAME's only (an error for a
// NAME without one, as in bash).
func (s *Shell) printComplete(stdout, stderr io.Writer, names []string) int {
	s.mu.Lock()
	lines := slices.Clone(s.compLines)
	s.mu.Unlock()
	if len(names) == 0 {
		for _, c := range lines {
			fmt.Fprintln(stdout, c.line)
		}
		return 0
	}
	status := 0
	for _, n := range names {
		i := slices.IndexFunc(lines, func(c compLine) bool { return slices.Contains(c.names, n) })
		if i < 0 {
			fmt.Fprintf(stderr, "complete: %s: no completion specification\n", n)
			status = 1
			continue
		}
		line := lines[i].line
		if len(lines[i].names) > 1 { // bash prints one line per command
			q, _ := syntax.Quote(n, syntax.LangBash)
			line = strings.TrimSuffix(line, " "+strings.Join(quoteAll(lines[i].names), " ")) + " " + q
		}
		fmt.Fprintln(stdout, line)
	}
	return status
}

func quoteAll(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i], _ = syntax.Quote(w, syntax.LangBash)
	}
	return out
}

// removeComplete is `complete -r [NAME…]`, for the listing and the bridge.
func (s *Shell) removeComplete(names []string) {
	line := "complete -r"
	for _, q := range quoteAll(names) {
		line += " " + q
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.compSpec = append(s.compSpec, line)
	if len(names) == 0 {
		s.compLines = nil
		return
	}
	s.compLines = slices.DeleteFunc(s.compLines, func(c compLine) bool {
		c.names = slices.DeleteFunc(c.names, func(n string) bool { return slices.Contains(names, n) })
		return len(c.names) == 0
	})
}

// CompleteSpecs returns the `complete` lines run so far (with the functions
// they name) and the completion scripts sourced, as bash source for the
// completion bridge.
func (s *Shell) CompleteSpecs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.compSpec...)
}

// completionScript matches a script that sets up programmable completion:
// a `complete` command at the start of a line (kubectl's, git's, nvm's).
var completionScript = lazy.Regexp{Expr: `(?m)^[ \t]*complete[ \t]+-[A-Za-z]`}

// forwardCompletionScript sees `source FILE` before the shell runs it: a
// completion script (`source <(kubectl completion bash)`,
// ~/.git-completion.bash) is also given to the completion bridge, whose
// bash runs its functions at Tab. A process substitution or pipe is read
// once here and handed to the shell as a file. It returns args, changed or
// not.
func (s *Shell) forwardCompletionScript(ctx context.Context, args []string) []string {
	if len(args) < 2 {
		return args
	}
	hc := interp.HandlerCtx(ctx)
	p := args[1]
	if !filepath.IsAbs(p) {
		p = filepath.Join(hc.Dir, p)
	}
	fi, err := os.Stat(p)
	if err != nil || fi.IsDir() {
		return args
	}
	regular := fi.Mode().IsRegular()
	if regular && fi.Size() > 4<<20 {
		return args
	}
	content, err := os.ReadFile(p)
	if err != nil {
		return args
	}
	if !regular {
		// A pipe is read once: the shell gets what was read, as a file.
		f, err := os.CreateTemp("", "lacy-source-*.bash")
		if err != nil {
			return args
		}
		_, werr := f.Write(content)
		if cerr := f.Close(); werr != nil || cerr != nil {
			os.Remove(f.Name())
			return args
		}
		s.mu.Lock()
		s.tempFiles = append(s.tempFiles, f.Name())
		s.mu.Unlock()
		args = append([]string{args[0], f.Name()}, args[2:]...)
	}
	if completionScript.Get().Match(content) {
		// The session's functions the script uses go first (nvm's
		// completion returns at once unless `command -v nvm` finds nvm, and
		// asks nvm_ls for the installed versions).
		src := s.funcsUsedBy(string(content)) + string(content)
		s.mu.Lock()
		s.compSpec = append(s.compSpec, src)
		s.mu.Unlock()
	}
	return args
}

// funcsUsedBy prints, as bash source, the session's functions whose names
// are words of src, and the functions they call.
func (s *Shell) funcsUsedBy(src string) string {
	var names []string
	for _, w := range strings.FieldsFunc(src, func(r rune) bool {
		return !(r == '_' || r == '-' || r == ':' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) {
		if _, ok := s.runner.Funcs[w]; ok {
			names = append(names, w)
		}
	}
	var out strings.Builder
	for _, name := range s.withCalledFunctions(names) {
		var b strings.Builder
		if err := syntax.NewPrinter().Print(&b, s.runner.Funcs[name]); err != nil {
			continue
		}
		out.WriteString(name + "() " + b.String() + "\n")
	}
	return out.String()
}

// RemoveTempFiles removes the files forwardCompletionScript made (Close
// does; a shell leaving on SIGHUP calls it before it exits).
func (s *Shell) RemoveTempFiles() {
	s.mu.Lock()
	files := s.tempFiles
	s.tempFiles = nil
	s.mu.Unlock()
	for _, f := range files {
		os.Remove(f)
	}
}

// builtinCompopt is compopt outside a completion function (inside one, the
// completion bridge's bash runs it): with command names or -D/-E it changes
// their specs in bash, which lacy's bridge does not follow, so it is noted
// in the log; without, bash's own error.
func (s *Shell) builtinCompopt(hc interp.HandlerContext, args []string) int {
	named := false
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-o" || a == "+o":
			i++
		case a == "-D" || a == "-E" || a == "-I":
			named = true
		case !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "+"):
			named = true
		}
	}
	s.mu.Lock()
	inCompletion := s.compOpts != nil
	if inCompletion && !named {
		for i := 0; i+1 < len(args); i += 2 {
			s.compOpts[args[i+1]] = args[i] == "-o"
		}
	}
	s.mu.Unlock()
	if inCompletion && !named {
		return 0
	}
	if !named {
		fmt.Fprintln(s.msgWriter(hc.Stderr), "compopt: not currently executing completion function")
		return 1
	}
	s.ignoreOnce("compopt NAME")
	return 0
}

// withCalledFunctions returns the session functions among names and the
// session functions they call, directly or not (a completion function's
// helpers), each once, at most 256.
func (s *Shell) withCalledFunctions(names []string) []string {
	var out []string
	seen := map[string]bool{}
	for len(names) > 0 && len(out) < 256 {
		name := names[0]
		names = names[1:]
		body, ok := s.runner.Funcs[name]
		if !ok || seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, name)
		syntax.Walk(body, func(n syntax.Node) bool {
			if call, ok := n.(*syntax.CallExpr); ok && len(call.Args) > 0 {
				if lit := call.Args[0].Lit(); lit != "" && !seen[lit] {
					names = append(names, lit)
				}
			}
			return true
		})
	}
	return out
}
