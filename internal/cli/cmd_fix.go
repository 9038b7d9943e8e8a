package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/lua"

	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/session"
)

func init() { subcommands["fix"] = cmdFix }

// fixTimeout bounds the model's answer in `lacy fix`.
const fixTimeout = 30 * time.Second

// learnTimeout bounds learning a program's options in `lacy fix`.
const learnTimeout = 10 * time.Second

// cmdFix implements `lacy fix [--exit N] [--output FILE|-] [--offline] --
// CMD…`: the fixes of a failed command, one per line, best first; exit 1
// and nothing on stdout when there is none. The rules run first; when none
// fires and a model is configured for the correct role (and --offline is
// not given), the model is asked.
func cmdFix(ios *iostreams.IO, args []string) int {
	fs := flag.NewFlagSet("fix", flag.ContinueOnError)
	fs.SetOutput(ios.ErrOut)
	exit := fs.Int("exit", 1, "the command's exit status")
	output := fs.String("output", "", "a file holding the command's error output (- for stdin)")
	offline := fs.Bool("offline", false, "use the rules only, never a model")
	rules := fs.Bool("rules", false, "print the rule that made each fix after a tab")
	fs.Usage = func() {
		fmt.Fprintln(ios.ErrOut, "usage: lacy fix [--exit N] [--output FILE|-] [--offline] -- CMD…")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	line := strings.Join(fs.Args(), " ")
	if strings.TrimSpace(line) == "" {
		fmt.Fprintln(ios.ErrOut, "lacy: fix: no command given (lacy fix -- CMD…)")
		return 2
	}
	if *exit == 0 {
		fmt.Fprintln(ios.ErrOut, "lacy: fix: --exit 0: the command did not fail")
		return 1
	}
	out, err := readOutput(ios, *output)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: fix: %v\n", err)
		return 2
	}
	log, closeLog := session.OpenLog()
	defer closeLog()
	_, cfg := session.LoadConfig(session.ConfigOptions{Print: io.Discard, ErrOut: ios.ErrOut, Logger: log, Sandbox: true})
	c, err := session.NewCorrector(cfg, func(err error) { fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err) })
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: fix: %v\n", err)
		return 1
	}
	cwd, _ := os.Getwd()
	names := session.Names(nil).All()
	for a := range cfg.Aliases {
		names = append(names, a)
	}
	k := session.CorrectKnowledge(names, nil)
	k.Branch, _ = gitinfo.Branch(cwd)
	f := correct.Failure{Line: line, Exit: *exit, Output: out, Cwd: cwd}
	if !flagSet(fs, "exit") && !flagSet(fs, "output") && notRunnable(line, names) {
		// Nothing said how it failed and its program is nowhere: what the
		// shell would have said. (With --output, the output tells.)
		f.Exit = 127
	}
	type want struct{ prog, sub string }
	var missing []want
	k.Missing = func(prog, sub string) { missing = append(missing, want{prog, sub}) }
	fixes := c.Fix(f, k)
	for round := 0; round < 2 && len(fixes) == 0 && len(missing) > 0; round++ {
		// Not the prompt: there is time to learn the program's options
		// (completion spec, else --help, once per version) and try again;
		// a subcommand's options may be asked for once its program's are
		// known.
		ctx, cancel := context.WithTimeout(context.Background(), learnTimeout)
		for _, w := range missing {
			_ = session.OptionsCache().Learn(ctx, w.prog, w.sub)
		}
		cancel()
		missing = nil
		fixes = c.Fix(f, k)
	}
	if len(fixes) == 0 && !*offline {
		fixes, err = modelFixes(cfg, log, f)
		if err != nil {
			fmt.Fprintf(ios.ErrOut, "lacy: fix: %s\n", strings.Join(strings.Fields(err.Error()), " "))
			return 1
		}
	}
	if len(fixes) == 0 {
		return 1
	}
	for _, x := range fixes {
		if *rules {
			fmt.Fprintf(ios.Out, "%s\t%s\n", x.Command, x.Rule)
		} else {
			fmt.Fprintln(ios.Out, x.Command)
		}
	}
	return 0
}

// modelFixes asks the correct role's model, if one is configured; no
// model is no fix, not an error.
func modelFixes(cfg lua.Config, log *zap.Logger, f correct.Failure) ([]correct.Fix, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return modelFixesCtx(ctx, cfg, log, f)
}

// readOutput reads the failed command's output: from a file, stdin (-),
// or nothing. Only the tail matters, as in the shell.
func readOutput(ios *iostreams.IO, name string) (string, error) {
	var r io.Reader
	switch name {
	case "":
		return "", nil
	case "-":
		r = ios.In
	default:
		f, err := os.Open(name)
		if err != nil {
			return "", err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if len(b) > maxOutputTail {
		b = b[len(b)-maxOutputTail:]
	}
	return string(b), err
}

// maxOutputTail is how much of the output the rules and the model see.
const maxOutputTail = 8 << 10

// flagSet reports whether a flag was given.
func flagSet(fs *flag.FlagSet, name string) (set bool) {
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// notRunnable reports whether the line's program is no name lacy knows
// (and not a path): the shell would have answered 127.
func notRunnable(line string, names []string) bool {
	p := correct.Parse(line).Program()
	if p == "" || strings.Contains(p, "/") {
		return false
	}
	for _, n := range names {
		if n == p {
			return false
		}
	}
	return true
}
