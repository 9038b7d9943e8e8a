package main

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lacy-sh/lacy/internal/starttrace"
)

// printTrace starts lacy runs times in each configuration (default, the
// typical config, and the -compare build when given), interleaved, with
// the start-up trace on (LACY_TRACE_STARTUP, internal/starttrace) and the
// process start set to the moment before the fork, and prints each phase's
// median offset from that start: where the first prompt's time goes. The
// last row of each is the harness seeing the prompt on the terminal.
func printTrace(lacy, other string, otherEnv []string, runs int) {
	root, _ := os.MkdirTemp("", "lacy-bench-trace-")
	defer os.RemoveAll(root)
	_ = os.Mkdir(filepath.Join(root, cwdName), 0o755)
	var cases []tableCase
	for _, sh := range tableShells(lacy, other, otherEnv) {
		if strings.HasPrefix(sh.name, "lacy") {
			cases = append(cases, newTableCase(root, sh, 0))
		}
	}
	files := make([]string, len(cases))
	for i := range cases {
		files[i] = filepath.Join(root, fmt.Sprintf("trace-%d.tsv", i))
	}
	for round := range runs + 1 { // the first round warms the caches
		for i, c := range cases {
			file := files[i]
			if round == 0 {
				file = filepath.Join(root, "warm-up.tsv")
			}
			traceOnce(c.spec, file)
		}
	}
	for i, c := range cases {
		fmt.Printf("\n%s: median offset from the fork, %d runs (LACY_TRACE_STARTUP)\n\n", c.shell.name, runs)
		fmt.Println("| process | phase | offset | step (since the mark before, same run) |")
		fmt.Println("|---|---|---|---|")
		for _, p := range tracePhases(files[i]) {
			if p.phase == "cpu before main" {
				fmt.Printf("| %s | %s (CPU time) | %.2f ms | |\n", p.process, p.phase, p.median)
				continue
			}
			fmt.Printf("| %s | %s | %.2f ms | %+.2f ms |\n", p.process, p.phase, p.median, p.step)
		}
	}
}

// traceOnce starts the shell with the trace going to file, waits for its
// first prompt and adds the harness's own line: when the prompt was seen.
func traceOnce(sp shellSpec, file string) {
	t0 := time.Now()
	sp.env = append(slices.Clone(sp.env), starttrace.EnvFile+"="+file, starttrace.EnvT0+"="+strconv.FormatInt(t0.UnixNano(), 10))
	s, _ := startShell(sp)
	seen := s.waitForPlain(sp.ready)
	pid := s.cmd.Process.Pid
	s.close()
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return
	}
	fmt.Fprintf(f, "%d\t%.3f\tharness\tprompt seen on the terminal\n", pid, float64(seen.Sub(t0))/1e6)
	_ = f.Close()
}

type tracePhase struct {
	process, phase string
	median         float64 // the median offset
	step           float64 // the median time since the phase before it in the same run
}

// tracePhases reads a trace file and returns each phase's median offset
// and step, in the order of the medians (the CPU figures first).
func tracePhases(file string) []tracePhase {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	type key struct{ process, phase string }
	type mark struct {
		k      key
		offset float64
	}
	runs := map[string][]mark{}
	var pids []string
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.SplitN(l, "\t", 4)
		if len(f) != 4 {
			continue
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			continue
		}
		if _, ok := runs[f[0]]; !ok {
			pids = append(pids, f[0])
		}
		runs[f[0]] = append(runs[f[0]], mark{key{f[2], f[3]}, v})
	}
	offsets, steps := map[key][]float64{}, map[key][]float64{}
	var order []key
	for _, pid := range pids {
		prev := 0.0
		ms := runs[pid]
		slices.SortStableFunc(ms, func(a, b mark) int { return cmp.Compare(a.offset, b.offset) })
		for _, m := range ms {
			if _, ok := offsets[m.k]; !ok {
				order = append(order, m.k)
			}
			offsets[m.k] = append(offsets[m.k], m.offset)
			if m.k.phase == "cpu before main" {
				continue
			}
			steps[m.k] = append(steps[m.k], m.offset-prev)
			prev = m.offset
		}
	}
	med := func(vs []float64) float64 {
		if len(vs) == 0 {
			return 0
		}
		slices.Sort(vs)
		return vs[len(vs)/2]
	}
	var cpu, out []tracePhase
	for _, k := range order {
		p := tracePhase{k.process, k.phase, med(offsets[k]), med(steps[k])}
		if k.phase == "cpu before main" {
			cpu = append(cpu, p)
		} else {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b tracePhase) int { return cmp.Compare(a.median, b.median) })
	return append(cpu, out...)
}
