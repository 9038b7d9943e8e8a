package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/session"
)

// fixTimeout bounds the model's answer in `lacy fix`.
const fixTimeout = 30 * time.Second

// learnTimeout bounds learning a program's options in `lacy fix`.
const learnTimeout = 10 * time.Second

// cmdFix implements `lacy fix [--exit N] [--output FILE|-] [--offline] --
// CMD…`: the fixes of a failed command, one per line, best first; exit 1
// and nothing on stdout when there is none. The rules run first; when none
// fires and a model is configured for the correct role (and --offline is
// not given), the model is asked.
func cmdFix(f *app.Factory, args []string) error {
	ios := f.IO
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
		return app.Status(2)
	}
	line := strings.Join(fs.Args(), " ")
	if strings.TrimSpace(line) == "" {
		return app.UsageError(errors.New("no command given (lacy fix -- CMD…)"))
	}
	if *exit == 0 {
		return errors.New("--exit 0: the command did not fail")
	}
	out, err := readOutput(ios, *output)
	if err != nil {
		return app.UsageError(err)
	}
	log, closeLog := f.OpenLog()
	defer closeLog()
	cfg := f.LoadConfig(session.ConfigOptions{Print: io.Discard, ErrOut: ios.ErrOut, Logger: log, Sandbox: true})
	c, err := session.NewCorrector(cfg, func(err error) { fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err) })
	if err != nil {
		return err
	}
	cwd, _ := os.Getwd()
	names := session.Names(nil).All()
	for a := range cfg.Aliases {
		names = append(names, a)
	}
	k := session.CorrectKnowledge(names, nil)
	k.Branch, _ = gitinfo.Branch(cwd)
	fail := correct.Failure{Line: line, Exit: *exit, Output: out, Cwd: cwd}
	if !flagSet(fs, "exit") && !flagSet(fs, "output") && notRunnable(line, names) {
		// Nothing said how it failed and its program is nowhere: what the
		// shell would have said. (With --output, the output tells.)
		fail.Exit = 127
	}
	type want struct{ prog, sub string }
	var missing []want
	k.Missing = func(prog, sub string) { missing = append(missing, want{prog, sub}) }
	fixes := c.Fix(fail, k)
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
		fixes = c.Fix(fail, k)
	}
	if len(fixes) == 0 && !*offline {
		fixes, err = modelFixes(f, cfg, log, fail)
		if err != nil {
			return errors.New(oneLine(err))
		}
	}
	if len(fixes) == 0 {
		return app.Status(1)
	}
	for _, x := range fixes {
		if *rules {
			fmt.Fprintf(ios.Out, "%s\t%s\n", x.Command, x.Rule)
		} else {
			fmt.Fprintln(ios.Out, x.Command)
		}
	}
	return nil
}

// modelFixes asks the correct role's model, if one is configured; no
// model is no fix, not an error.
func modelFixes(f *app.Factory, cfg lua.Config, log *zap.Logger, fail correct.Failure) ([]correct.Fix, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return modelFixesCtx(ctx, f, cfg, log, fail)
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
