// Command routingbench measures lacy's routing classifier on the public data
// in ../shared/bench (DESIGN §7b) and prints the quality table of
// docs/routing.md. `make bench-routing` runs it.
//
// The PATH scenario is the one of the issue: every program named by a shell
// row of routing.tsv is installed as a stub executable in a temporary
// directory put in front of $PATH, so English lines often start with an
// installed program ("find all files…", "sort the lines…").
//
// Rows are split in two halves by a hash of their text; the weights are
// fitted on the dev half only (-fit), so the test half shows whether they
// generalise.
//
// It also scores the slices in internal/routingbench/testdata (requests in
// thirteen languages with command lines whose arguments are localized, and
// short English lines: terse requests, pasted errors, commands that are not
// installed, typos, English-word commands) on a developer's PATH, one row
// per language or kind.
//
// Flags: -data DIR (default ../shared/bench), -slices DIR, -fit FILE (fit the weights and
// write them), -errors N (print misrouted lines to stderr), -lines FILE or
// -explain LINE (inspect decisions under the stub PATH).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/lacy-sh/lacy/internal/routingbench/bench"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/route"
)

type options struct {
	data, slices, fit, lines, explain string
	errors                            int
	bare, dev                         bool
}

func main() {
	var o options
	flag.StringVar(&o.data, "data", "../shared/bench", "folder of the benchmark TSV files")
	flag.StringVar(&o.slices, "slices", "internal/routingbench/testdata", "folder of the multilingual and short-line slices")
	flag.StringVar(&o.fit, "fit", "", "fit the weights on the dev split and write them to this file")
	flag.IntVar(&o.errors, "errors", 0, "print up to N misrouted lines per scenario to stderr")
	flag.StringVar(&o.lines, "lines", "", "print the decision on each line of this file, then exit")
	flag.StringVar(&o.explain, "explain", "", "print the features and weights behind the decision on this line, then exit")
	flag.BoolVar(&o.bare, "bare", false, "with -lines or -explain: no stub programs and an empty PATH (only builtins are known)")
	flag.BoolVar(&o.dev, "dev", false, "with -lines or -explain: the slices' developer PATH instead of routing.tsv's")
	classify := flag.Bool("classify", false, "act as `lacy classify` on stdin with $PATH (used to time it end to end)")
	flag.Parse()
	if *classify {
		os.Exit(classifyStdin())
	}
	if err := run(o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "routingbench:", err)
		os.Exit(1)
	}
}

// classifyStdin is `lacy classify` as cmd/lacy runs it: a classifier over the
// real $PATH, lines from stdin.
func classifyStdin() int {
	c, err := route.New(route.Config{Knowledge: &route.Knowledge{Path: route.NewPathIndex(os.Getenv("PATH"))}})
	if err != nil {
		fmt.Fprintln(os.Stderr, "routingbench:", err)
		return 1
	}
	return route.RunClassify(iostreams.System(), nil, c)
}

func run(o options, w io.Writer) error {
	routing, err := bench.ReadTSV(filepath.Join(o.data, "routing.tsv"))
	if err != nil {
		return err
	}
	questions, err := bench.ReadTSV(filepath.Join(o.data, "routing-questions.tsv"))
	if err != nil {
		return err
	}
	stubs, err := os.MkdirTemp("", "lacy-routingbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stubs)
	t0 := time.Now()
	n, err := bench.InstallStubs(stubs, bench.Programs(routing))
	if err != nil {
		return err
	}
	path := stubs + string(os.PathListSeparator) + os.Getenv("PATH")
	if o.bare {
		path = ""
	}
	multi, err := bench.ReadSlice(filepath.Join(o.slices, "multilingual.tsv"))
	if err != nil {
		return err
	}
	short, err := bench.ReadSlice(filepath.Join(o.slices, "short.tsv"))
	if err != nil {
		return err
	}
	devStubs, err := os.MkdirTemp("", "lacy-routingbench-dev-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(devStubs)
	devNames, err := bench.SlicePrograms(o.slices, multi, short)
	if err != nil {
		return err
	}
	if _, err := bench.InstallStubs(devStubs, devNames); err != nil {
		return err
	}
	devc, err := route.New(route.Config{Knowledge: &route.Knowledge{Path: route.NewPathIndex(devStubs)}})
	if err != nil {
		return err
	}
	if o.dev && !o.bare {
		path = devStubs
	}
	idx := route.NewPathIndex(path)
	c, err := route.New(route.Config{Knowledge: &route.Knowledge{Path: idx}})
	if err != nil {
		return err
	}
	bare, err := route.New(route.Config{Knowledge: &route.Knowledge{Path: route.NewPathIndex("")}})
	if err != nil {
		return err
	}
	switch {
	case o.lines != "":
		return decideLines(c, o.lines, w)
	case o.explain != "":
		return explain(c, o.explain, w)
	}
	fmt.Fprintf(w, "PATH: %d stub programs from the shell rows of routing.tsv, then $PATH (%d names, set up in %v)\n\n",
		n, idx.Len(), time.Since(t0).Round(time.Millisecond))

	lowered := bench.LowerFirst(routing)
	if o.fit != "" {
		all := append(append(append([]bench.Row{}, routing...), lowered...), questions...)
		wts, used := bench.Fit([]*route.Classifier{c, bare}, []float64{1, bareWeight}, all)
		for _, x := range []*route.Classifier{c, bare} {
			if err := x.SetWeights(wts); err != nil {
				return err
			}
		}
		if err := bench.WriteWeights(o.fit, wts, used); err != nil {
			return err
		}
		fmt.Fprintf(w, "fitted %d weights on %d dev lines, wrote %s\n\n", len(wts)-1, used, o.fit)
	}

	fmt.Fprintln(w, "| data | split | lines | accuracy | shell recall | agent recall |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	start, count := time.Now(), 0
	for _, sc := range []struct {
		name string
		c    *route.Classifier
		rows []bench.Row
	}{
		{"routing.tsv", c, routing},
		{"routing.tsv, English lower-cased", c, lowered},
		{"routing-questions.tsv", c, questions},
		{"routing.tsv, nothing installed", bare, routing},
		{"routing.tsv, English lower-cased, nothing installed", bare, lowered},
	} {
		for _, split := range []string{"all", "dev", "test"} {
			shown := 0
			keep := func(r bench.Row) bool { return split == "all" || r.Dev == (split == "dev") }
			miss := func(r bench.Row, d route.Decision) {
				if split == "all" && shown < o.errors {
					shown++
					fmt.Fprintf(os.Stderr, "%s: want %s, got %s (%s %.2f): %s\n", sc.name, label(r.Agent), d.Route, d.Rule, d.Score, r.Text)
				}
			}
			m := bench.Evaluate(sc.c, sc.rows, keep, miss)
			count += m.N()
			fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s |\n", sc.name, split, m.N(),
				f3(m.Accuracy()), f3(m.ShellRecall()), f3(m.AgentRecall()))
		}
	}
	el := time.Since(start)
	fmt.Fprintf(w, "\nin process: %d lines in %v, %.2f µs per line\n", count, el.Round(time.Millisecond), float64(el.Nanoseconds())/1e3/float64(count))

	if perLine, err := endToEnd(routing, path); err != nil {
		fmt.Fprintf(w, "end to end: not measured (%v)\n", err)
	} else {
		fmt.Fprintf(w, "end to end (`lacy classify` on stdin, a fresh process indexing PATH): %d lines, %.2f µs per line\n", len(routing), perLine)
	}
	agree, total, diffs, err := vectors(c, filepath.Join(o.data, "lacy-shell-vectors.tsv"))
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "lacy-shell-vectors.tsv: lacy routes %d of %d mode and auto rows as lacy-shell does (differences are explained in docs/routing.md)\n", agree, total)
	if o.errors > 0 {
		for _, d := range diffs {
			fmt.Fprintln(os.Stderr, d)
		}
	}
	fmt.Fprintf(w, "\nSlices (%s), on a developer's PATH: %d programs of devpath.txt and of the slices' shell rows, none of the typo and not-installed rows' commands\n\n", o.slices, len(devNames))
	sliceTable(w, devc, multi, "language", "requests → agent", "commands → shell", o.errors)
	fmt.Fprintln(w)
	sliceTable(w, devc, short, "kind", "→ agent", "→ shell", o.errors)
	return nil
}

// sliceTable prints one row per group of a slice (in order of first
// appearance), then the whole slice; CJK is Chinese, Japanese and Korean.
func sliceTable(w io.Writer, c *route.Classifier, rows []bench.Row, group, agentCol, shellCol string, errors int) {
	var groups []string
	seen := map[string]bool{}
	for _, r := range rows {
		if !seen[r.Group] {
			seen[r.Group] = true
			groups = append(groups, r.Group)
		}
	}
	fmt.Fprintf(w, "| %s | lines | accuracy | %s | %s |\n|---|---|---|---|---|\n", group, agentCol, shellCol)
	line := func(name string, keep func(bench.Row) bool) {
		shown := 0
		m := bench.Evaluate(c, rows, keep, func(r bench.Row, d route.Decision) {
			if name != "all" && shown < errors {
				shown++
				fmt.Fprintf(os.Stderr, "%s: want %s, got %s (%s %.2f): %s\n", name, label(r.Agent), d.Route, d.Rule, d.Score, r.Text)
			}
		})
		frac := func(x float64, n int) string {
			if n == 0 {
				return "–"
			}
			return fmt.Sprintf("%s (%d)", f3(x), n)
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s |\n", name, m.N(), f3(m.Accuracy()),
			frac(m.AgentRecall(), m.AgentAgent+m.AgentShell), frac(m.ShellRecall(), m.ShellShell+m.ShellAgent))
	}
	for _, g := range groups {
		line(g, func(r bench.Row) bool { return r.Group == g })
	}
	if seen["zh"] || seen["ja"] || seen["ko"] {
		line("CJK", func(r bench.Row) bool { return r.Group == "zh" || r.Group == "ja" || r.Group == "ko" })
	}
	line("all", nil)
}

// bareWeight is the weight of the nothing-installed scenario in the fit,
// relative to the everything-installed one.
var bareWeight = 0.1

func label(agent bool) string {
	if agent {
		return "agent"
	}
	return "shell"
}

func f3(x float64) string {
	if x != x {
		return "–"
	}
	return fmt.Sprintf("%.3f", x)
}

// endToEnd runs this program as `lacy classify` over the text of rows and
// returns the wall time per line, process start and PATH indexing included.
func endToEnd(rows []bench.Row, path string) (float64, error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	var in strings.Builder
	for _, r := range rows {
		in.WriteString(strings.ReplaceAll(r.Text, "\n", " "))
		in.WriteByte('\n')
	}
	cmd := exec.Command(exe, "-classify")
	cmd.Env = append(os.Environ(), "PATH="+path)
	cmd.Stdin = strings.NewReader(in.String())
	cmd.Stdout = io.Discard
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, err
	}
	return float64(time.Since(start).Nanoseconds()) / 1e3 / float64(len(rows)), nil
}

// decideLines prints the decision on each line of a file.
func decideLines(c *route.Classifier, name string, w io.Writer) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		d := c.Classify(sc.Text(), route.ModeAuto)
		fmt.Fprintf(w, "%s\t%s\t%.2f\t%s\n", d.Route, d.Rule, d.Score, sc.Text())
	}
	return sc.Err()
}

// explain prints the features and weights behind the decision on one line.
func explain(c *route.Classifier, line string, w io.Writer) error {
	d := c.Classify(line, route.ModeAuto)
	fmt.Fprintf(w, "%s %s %.3f\n", d.Route, d.Rule, d.Score)
	v, _ := c.Features(line)
	wts := c.Weights()
	for i, n := range route.FeatureNames() {
		if v[i] != 0 {
			fmt.Fprintf(w, "  %-26s %6.2f x %6.3f = %6.3f\n", n, v[i], wts[n], v[i]*wts[n])
		}
	}
	return nil
}

// vectors compares lacy with lacy-shell's own test vectors about a routing
// decision (mode rows and auto rows; reroute rows are runtime/route tests).
func vectors(c *route.Classifier, name string) (agree, total int, diffs []string, err error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, 0, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 3 {
			continue
		}
		in, want, cond := cols[0], cols[1], cols[2]
		mode, ok := vectorMode(cond)
		if !ok || want == "reroute" {
			continue
		}
		total++
		if got := c.Classify(in, mode); got.Route.String() == want {
			agree++
		} else {
			diffs = append(diffs, fmt.Sprintf("%q: lacy-shell %s, lacy %s (%s) [%s]", in, want, got.Route, got.Rule, cond))
		}
	}
	sort.Strings(diffs)
	return agree, total, diffs, sc.Err()
}

// vectorMode reads the mode of a vector's condition column; pre- and
// post-execution rows are not about Classify.
func vectorMode(cond string) (route.Mode, bool) {
	switch {
	case strings.Contains(cond, "post-exec"), strings.Contains(cond, "pre-exec"):
		return 0, false
	case strings.Contains(cond, "mode=shell"):
		return route.ModeShell, true
	case strings.Contains(cond, "mode=agent"):
		return route.ModeAgent, true
	}
	return route.ModeAuto, true
}
