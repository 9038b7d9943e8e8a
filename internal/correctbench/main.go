// Command correctbench measures lacy's offline correction on the
// corrections corpus of ../shared/bench (689 cases from thefuck's rule
// tests) and prints the table of docs/correct.md. `make bench-correct`
// runs it.
//
// The session knowledge is this machine's: the programs on $PATH and the
// shell's builtins. Every row is a failed command; its status is 127 when
// the output is the shell's "command not found", else 1.
//
// Flags: -data DIR (default ../shared/bench), -errors (print every wrong
// or unwanted fix to stderr), -split dev|test|all (rows for -errors).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/lacy-sh/lacy/internal/correctbench/bench"
	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/shell"
)

func main() {
	data := flag.String("data", "../shared/bench", "folder of the benchmark TSV files")
	errs := flag.Bool("errors", false, "print the rows lacy gets wrong to stderr")
	split := flag.String("split", "all", "with -errors: dev, test or all")
	flag.Parse()
	rows, err := bench.Load(*data)
	if err != nil {
		fmt.Fprintln(os.Stderr, "correctbench:", err)
		os.Exit(1)
	}
	c, err := correct.Default()
	if err != nil {
		fmt.Fprintln(os.Stderr, "correctbench:", err)
		os.Exit(1)
	}
	k := Knowledge()
	report(os.Stdout, c, k, rows)
	if *errs {
		var sel []bench.Row
		for _, r := range rows {
			if *split == "all" || r.Split == *split {
				sel = append(sel, r)
			}
		}
		printErrors(os.Stderr, bench.Score(c, k, sel))
	}
}

// Knowledge is this machine's PATH and lacy's builtins.
func Knowledge() correct.Knowledge {
	p := route.NewPathIndex(os.Getenv("PATH"))
	names := append(p.Names(), shell.Builtins()...)
	return correct.Knowledge{Commands: names}
}

func report(w io.Writer, c *correct.Corrector, k correct.Knowledge, rows []bench.Row) {
	var dev, test []bench.Row
	for _, r := range rows {
		if r.Split == "test" {
			test = append(test, r)
		} else {
			dev = append(dev, r)
		}
	}
	all, d, t := bench.Score(c, k, rows), bench.Score(c, k, dev), bench.Score(c, k, test)
	fmt.Fprintln(w, "| rows | right first fix, signal rows | no-fix rows offered a fix | right first fix, rows without signal |")
	fmt.Fprintln(w, "|---|---|---|---|")
	line := func(name string, r bench.Result) {
		fmt.Fprintf(w, "| %s | %s (%d/%d) | %s (%d/%d) | %s (%d/%d) |\n", name,
			bench.Pct(r.SignalOK, r.Signal), r.SignalOK, r.Signal,
			bench.Pct(r.NoFixOffered, r.NoFix), r.NoFixOffered, r.NoFix,
			bench.Pct(r.NoSignalOK, r.NoSignal), r.NoSignalOK, r.NoSignal)
	}
	line("all", all)
	line("dev", d)
	line("test", t)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| group | right first fix (signal rows) |")
	fmt.Fprintln(w, "|---|---|")
	var groups []string
	for g := range all.ByGroup {
		groups = append(groups, g)
	}
	sort.Strings(groups)
	for _, g := range groups {
		v := all.ByGroup[g]
		fmt.Fprintf(w, "| %s | %s (%d/%d) |\n", g, bench.Pct(v[0], v[1]), v[0], v[1])
	}
}

func printErrors(w io.Writer, r bench.Result) {
	show := func(kind string, m bench.Miss) {
		var got []string
		for _, f := range m.Got {
			got = append(got, f.Command+" ["+f.Rule+"]")
		}
		fmt.Fprintf(w, "%s %d %s/%s\n  $ %s\n  > %.200q\n  want %q\n  got  %q\n", kind, m.Row.Line, m.Row.Rule, m.Row.Split,
			m.Row.Script, m.Row.Output, m.Row.Expected, strings.Join(got, " | "))
	}
	for _, m := range r.Wrong {
		show("WRONG", m)
	}
	for _, m := range r.Offered {
		show("OFFERED", m)
	}
}
