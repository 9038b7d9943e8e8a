// Package bench holds what the routing quality measures share: reading the
// labelled TSV files of ../shared/bench, installing the programs of the shell
// rows as stubs on a PATH, scoring a classifier and fitting its weights. The
// routingbench command prints the table; runtime/route's quality test checks
// the bars with it.
package bench

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/lacy-sh/lacy/runtime/route"
	"mvdan.cc/sh/v3/syntax"
)

// Row is one labelled line.
type Row struct {
	Text  string
	Agent bool // labelled agent (else shell)
	Dev   bool // in the dev split (used for fitting) rather than the test split
	// Group is the third column of a slice file (ReadSlice): the language
	// of a multilingual row, the kind of a short row.
	Group string
}

// ReadTSV reads the text and label columns of a bench file (first line is a
// header); "\t" in the text is an escaped TAB. Rows are split into dev and
// test halves by a hash of their text.
func ReadTSV(name string) ([]Row, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []Row
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for first := true; sc.Scan(); first = false {
		if first {
			continue
		}
		text, rest, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			continue
		}
		label, _, _ := strings.Cut(rest, "\t")
		text = strings.ReplaceAll(text, `\t`, "\t")
		rows = append(rows, Row{Text: text, Agent: label == "agent", Dev: isDev(text)})
	}
	return rows, sc.Err()
}

// ReadSlice reads a slice file of internal/routingbench/testdata: text,
// label, group, source and licence columns, a header line, and "#" comments.
func ReadSlice(name string) ([]Row, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []Row
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		if first || sc.Text() == "" || sc.Text()[0] == '#' {
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 5 || cols[3] == "" || cols[4] == "" {
			return nil, fmt.Errorf("%s: want text, label, group, source, licence: %q", name, sc.Text())
		}
		if cols[1] != "agent" && cols[1] != "shell" {
			return nil, fmt.Errorf("%s: label %q", name, cols[1])
		}
		rows = append(rows, Row{Text: cols[0], Agent: cols[1] == "agent", Dev: isDev(cols[0]), Group: cols[2]})
	}
	return rows, sc.Err()
}

// SlicePrograms is the PATH of the slices: the programs of a developer's
// machine (devpath.txt in dir) and those named by the slices' shell rows,
// but not the command words of rows in the groups "typo" and
// "not-installed" (unless devpath.txt lists them: "which nvm"), which must
// be missing for those rows to mean anything.
func SlicePrograms(dir string, slices ...[]Row) (map[string]bool, error) {
	names := map[string]bool{}
	b, err := os.ReadFile(filepath.Join(dir, "devpath.txt"))
	if err != nil {
		return nil, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			names[l] = true
		}
	}
	dev := maps.Clone(names)
	var missing []Row
	for _, rows := range slices {
		for _, r := range rows {
			if r.Group == "typo" || r.Group == "not-installed" {
				missing = append(missing, r)
				continue
			}
			if !r.Agent {
				for n := range Programs([]Row{r}) {
					names[n] = true
				}
			}
		}
	}
	for n := range Programs(missing) {
		if !dev[n] { // "go tset", "which nvm": go and which are there
			delete(names, n)
		}
	}
	return names, nil
}

func isDev(text string) bool {
	h := fnv.New32a()
	h.Write([]byte(text))
	return h.Sum32()%2 == 0
}

// LowerFirst returns the agent rows with their first letter lower-cased (the
// issue's "English lower-cased" scenario).
func LowerFirst(rows []Row) []Row {
	var out []Row
	for _, r := range rows {
		if !r.Agent {
			continue
		}
		t := r.Text
		if t != "" && t[0] >= 'A' && t[0] <= 'Z' {
			t = string(t[0]+'a'-'A') + t[1:]
		}
		out = append(out, Row{Text: t, Agent: true, Dev: r.Dev})
	}
	return out
}

// Programs returns the command names of the shell rows: the command word of
// every simple command, found by mvdan.cc/sh's parser, or the first
// blank-separated word of a row that does not parse.
func Programs(rows []Row) map[string]bool {
	names := map[string]bool{}
	p := syntax.NewParser()
	for _, r := range rows {
		if r.Agent {
			continue
		}
		f, err := p.Parse(strings.NewReader(r.Text), "")
		if err != nil {
			if fs := strings.Fields(r.Text); len(fs) > 0 {
				names[fs[0]] = true
			}
			continue
		}
		for n := range syntax.Preorder(f) {
			if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
				if lit := ce.Args[0].Lit(); lit != "" {
					names[lit] = true
				}
			}
		}
	}
	return names
}

// InstallStubs creates an executable stub in dir for each name (hard links
// to one script) and returns how many it made.
func InstallStubs(dir string, names map[string]bool) (int, error) {
	stub := filepath.Join(dir, ".stub")
	if err := os.WriteFile(stub, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		return 0, err
	}
	n := 0
	for name := range names {
		if strings.ContainsAny(name, "/\x00") || name == "." || name == ".." {
			continue
		}
		if err := os.Link(stub, filepath.Join(dir, name)); err != nil && !os.IsExist(err) {
			return 0, err
		}
		n++
	}
	return n, nil
}

// Metrics is a binary confusion matrix; positive means agent.
type Metrics struct{ ShellShell, ShellAgent, AgentShell, AgentAgent int }

// Add counts one decision.
func (m *Metrics) Add(wantAgent, gotAgent bool) {
	switch {
	case !wantAgent && !gotAgent:
		m.ShellShell++
	case !wantAgent && gotAgent:
		m.ShellAgent++
	case wantAgent && !gotAgent:
		m.AgentShell++
	default:
		m.AgentAgent++
	}
}

// N is the number of lines counted.
func (m Metrics) N() int { return m.ShellShell + m.ShellAgent + m.AgentShell + m.AgentAgent }

// Accuracy is the share of lines routed as labelled.
func (m Metrics) Accuracy() float64 { return ratio(m.ShellShell+m.AgentAgent, m.N()) }

// ShellRecall is the share of shell lines routed to the shell.
func (m Metrics) ShellRecall() float64 { return ratio(m.ShellShell, m.ShellShell+m.ShellAgent) }

// AgentRecall is the share of agent lines routed to the agent.
func (m Metrics) AgentRecall() float64 { return ratio(m.AgentAgent, m.AgentAgent+m.AgentShell) }

func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// Evaluate classifies rows in auto mode; keep filters them (nil keeps all).
// miss, when not nil, is called for each misrouted row.
func Evaluate(c *route.Classifier, rows []Row, keep func(Row) bool, miss func(Row, route.Decision)) Metrics {
	var m Metrics
	for _, r := range rows {
		if keep != nil && !keep(r) {
			continue
		}
		d := c.Classify(r.Text, route.ModeAuto)
		got := d.Route == route.Agent
		m.Add(r.Agent, got)
		if got != r.Agent && miss != nil {
			miss(r, d)
		}
	}
	return m
}

// Fit fits the model's weights by logistic regression (Adam, full batch, a
// little L2) on the dev rows that the model decides, as seen by each of the
// classifiers (one per PATH scenario, weighted by scale), and returns them
// by name with the number of lines used. Shell rows weigh three times as much:
// sending a command to the agent is the worse error. Signs are constrained
// by clampSign; the weights in fixed are not fitted.
func Fit(cs []*route.Classifier, scale []float64, rows []Row) (map[string]float64, int) {
	names := route.FeatureNames()
	var xs [][]float64
	var ys, ws []float64
	sumW := 0.0
	for k, c := range cs {
		for _, r := range rows {
			if !r.Dev {
				continue
			}
			v, ok := c.Features(r.Text)
			if !ok {
				continue
			}
			y, wt := 0.0, 3.0
			if r.Agent {
				y, wt = 1, 1
			}
			wt *= scale[k]
			xs, ys, ws = append(xs, v), append(ys, y), append(ws, wt)
			sumW += wt
		}
	}
	nf := len(names)
	beta, grad := make([]float64, nf), make([]float64, nf)
	for j, n := range names {
		if x, ok := fixed[n]; ok {
			beta[j] = x
		}
	}
	mo, ve := make([]float64, nf), make([]float64, nf)
	const lr, b1, b2, l2 = 0.05, 0.9, 0.999, 1e-4
	for it := 1; it <= 1500; it++ {
		clear(grad)
		for i, x := range xs {
			z := 0.0
			for j, f := range x {
				z += f * beta[j]
			}
			g := (1/(1+math.Exp(-z)) - ys[i]) * ws[i]
			for j, f := range x {
				if f != 0 {
					grad[j] += g * f
				}
			}
		}
		for j := range beta {
			if _, ok := fixed[names[j]]; ok {
				continue
			}
			g := grad[j]/sumW + l2*beta[j]
			mo[j] = b1*mo[j] + (1-b1)*g
			ve[j] = b2*ve[j] + (1-b2)*g*g
			mh := mo[j] / (1 - math.Pow(b1, float64(it)))
			vh := ve[j] / (1 - math.Pow(b2, float64(it)))
			beta[j] = clampSign(names[j], beta[j]-lr*mh/(math.Sqrt(vh)+1e-8))
		}
	}
	w := map[string]float64{"threshold": 0}
	for j, n := range names {
		w[n] = math.Round(beta[j]*1000) / 1000
	}
	return w, len(xs)
}

// fixed are weights set by hand because the data cannot teach them. The
// bench has no mistyped commands (every program is installed), yet "gti
// status" must stay shell so the correction can fix it. Its English is
// imperative descriptions ("Find all files…"), with few pronouns, auxiliary
// verbs or question words, yet those mark the questions and requests people
// type at a prompt ("make it faster", "kill whatever is on port 3000"); they
// get the weight of the determiners and prepositions the data does teach.
// Pipes and && || after a known command are settled by a rule before the
// model, so the data left for the model cannot teach them either. A line
// that starts with a function word ("the", "it", "not", "what") or ends with
// a question mark is prose; the bench's imperative English rarely does
// either.
var fixed = map[string]float64{
	"first.typo": -4, "fw.pron": 1.2, "fw.aux": 1.2, "fw.wh": 1.2,
	"shape.pipe": -3, "shape.and_or": -3, "first.function_word": 2.5,
	"prose.end_question": 1.5,
	// The bench is English: it cannot weigh other scripts and languages,
	// request verbs that are no command, or complaints.
	"first.script": 3, "first.verb": 2.5, "script.args": 0.3, "fw.foreign": 2, "prose.trouble": 1.5,
}

// clampSign keeps each weight on the side domain knowledge puts it: English
// signals (function words, prose punctuation, capitals, an unknown first
// word) never count for the shell, and shell shapes (flags, operators,
// quotes, paths, a known first word) never count for the agent; the data only
// sets their size. The length buckets and the bias are free.
func clampSign(name string, x float64) float64 {
	switch {
	case strings.HasPrefix(name, "fw."), strings.HasPrefix(name, "prose."),
		name == "first.capital", name == "first.agent_word", name == "first.function_word", name == "first.unknown":
		return max(x, 0)
	case strings.HasPrefix(name, "shape."), name == "first.known", name == "first.keyword",
		name == "first.identifier", name == "first.typo", name == "first.quoted_or_path":
		return min(x, 0)
	}
	return x
}

// WriteWeights writes w as defaults/route/weights.tsv.
func WriteWeights(name string, w map[string]float64, lines int) error {
	var b strings.Builder
	b.WriteString("# Weights of the routing model, one feature a line (runtime/route/features.go\n")
	b.WriteString("# names them). A line whose weighted sum exceeds the threshold goes to the\n")
	b.WriteString("# agent. Fitted by `go run ./internal/routingbench -fit defaults/route/weights.tsv`\n")
	fmt.Fprintf(&b, "# on the dev half of ../shared/bench (%d lines the model decides).\n", lines)
	fmt.Fprintf(&b, "threshold\t%g\n", w["threshold"])
	for _, n := range route.FeatureNames() {
		fmt.Fprintf(&b, "%s\t%g\n", n, w[n])
	}
	return os.WriteFile(name, []byte(b.String()), 0o644)
}
