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
// median offset from that start and median step from the mark before it in
// the same run, in wall time and in the process's CPU time (which a loaded
// machine swings less): where the first prompt's time goes. The harness
// adds its own row: the prompt seen on the terminal.
func printTrace(lacy, other string, otherEnv []string, runs int) {
	root, _ := os.MkdirTemp("", "lacy-bench-trace-")
	defer os.RemoveAll(root)
	_ = os.Mkdir(filepath.Join(root, cwdName), 0o755)
	var cases []tableCase
	for _, sh := range tableShells(lacy, other, other, otherEnv) {
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
			c.prepare()
			traceOnce(c.spec, file)
		}
	}
	for i, c := range cases {
		fmt.Printf("\n%s: medians of %d runs (LACY_TRACE_STARTUP), from the fork\n\n", c.shell.name, runs)
		fmt.Println("| process | phase | offset | step | CPU | CPU step |")
		fmt.Println("|---|---|---|---|---|---|")
		for _, p := range tracePhases(files[i]) {
			cpu, cpuStep := "", ""
			if p.cpu >= 0 {
				cpu, cpuStep = fmt.Sprintf("%.2f ms", p.cpu), fmt.Sprintf("%+.2f ms", p.cpuStep)
			}
			fmt.Printf("| %s | %s | %.2f ms | %+.2f ms | %s | %s |\n", p.process, p.phase, p.offset, p.step, cpu, cpuStep)
		}
		fmt.Printf("\nthe interactive program's main → the prompt seen: median %.2f ms; → ready: %.2f ms\n",
			mainToPrompt(files[i], "prompt seen on the terminal"), mainToPrompt(files[i], "the line editor's prompt seen (ready)"))
	}
}

// traceOnce starts the shell with the trace going to file, waits for its
// first prompt and adds the harness's own line: when the prompt was seen.
func traceOnce(sp shellSpec, file string) {
	t0 := time.Now()
	sp.env = append(slices.Clone(sp.env), starttrace.EnvFile+"="+file, starttrace.EnvT0+"="+strconv.FormatInt(t0.UnixNano(), 10))
	s, _ := startShell(sp)
	seen, ready := s.waitFirstAndReady(sp.ready, sp.editor)
	pid := s.cmd.Process.Pid
	s.exit()
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return
	}
	fmt.Fprintf(f, "%d\t%.3f\t-\tharness\tprompt seen on the terminal\n", pid, float64(seen.Sub(t0))/1e6)
	fmt.Fprintf(f, "%d\t%.3f\t-\tharness\tthe line editor's prompt seen (ready)\n", pid, float64(ready.Sub(t0))/1e6)
	_ = f.Close()
}

type tracePhase struct {
	process, phase string
	offset, step   float64 // medians: offset from the fork, time since the mark before in the same run
	cpu, cpuStep   float64 // medians: the process's CPU time, and since the mark before (-1: not known)
}

// tracePhases reads a trace file and returns each phase's medians, in the
// order of the median offsets.
func tracePhases(file string) []tracePhase {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	type key struct{ process, phase string }
	type mark struct {
		k           key
		offset, cpu float64
	}
	runs := map[string][]mark{}
	var pids []string
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.SplitN(l, "\t", 5)
		if len(f) == 4 { // a build of before CPU_MS (PID, offset, process, phase)
			f = []string{f[0], f[1], "-", f[2], f[3]}
		}
		if len(f) != 5 {
			continue
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			continue
		}
		c, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			c = -1
		}
		if _, ok := runs[f[0]]; !ok {
			pids = append(pids, f[0])
		}
		runs[f[0]] = append(runs[f[0]], mark{key{f[3], f[4]}, v, c})
	}
	type values struct{ offsets, steps, cpus, cpuSteps []float64 }
	byKey := map[key]*values{}
	var order []key
	for _, pid := range pids {
		prev, prevCPU := 0.0, 0.0
		ms := runs[pid]
		slices.SortStableFunc(ms, func(a, b mark) int { return cmp.Compare(a.offset, b.offset) })
		for _, m := range ms {
			v := byKey[m.k]
			if v == nil {
				v = &values{}
				byKey[m.k] = v
				order = append(order, m.k)
			}
			v.offsets = append(v.offsets, m.offset)
			v.steps = append(v.steps, m.offset-prev)
			prev = m.offset
			if m.cpu >= 0 {
				v.cpus = append(v.cpus, m.cpu)
				v.cpuSteps = append(v.cpuSteps, m.cpu-prevCPU)
				prevCPU = m.cpu
			}
		}
	}
	med := func(vs []float64) float64 {
		if len(vs) == 0 {
			return -1
		}
		slices.Sort(vs)
		return vs[len(vs)/2]
	}
	var out []tracePhase
	for _, k := range order {
		v := byKey[k]
		out = append(out, tracePhase{k.process, k.phase, med(v.offsets), med(v.steps), med(v.cpus), med(v.cpuSteps)})
	}
	slices.SortStableFunc(out, func(a, b tracePhase) int { return cmp.Compare(a.offset, b.offset) })
	return out
}

// mainToPrompt is the median, over the runs in a trace file, of the time
// from the last process's main (lacy's, or lacy-full's after an exec) to the
// harness seeing the prompt.
func mainToPrompt(file, seenPhase string) float64 {
	data, err := os.ReadFile(file)
	if err != nil {
		return -1
	}
	mainAt, seen := map[string]float64{}, map[string]float64{}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Split(l, "\t")
		if len(f) < 4 {
			continue
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			continue
		}
		switch phase := f[len(f)-1]; {
		case phase == "main":
			mainAt[f[0]] = v // the exec'd program's comes last
		case f[len(f)-2] == "harness" && phase == seenPhase:
			seen[f[0]] = v
		}
	}
	var ds []float64
	for pid, s := range seen {
		if m, ok := mainAt[pid]; ok {
			ds = append(ds, s-m)
		}
	}
	if len(ds) == 0 {
		return -1
	}
	slices.Sort(ds)
	return ds[len(ds)/2]
}
