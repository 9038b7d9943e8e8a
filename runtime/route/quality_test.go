package route_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/lacy-sh/lacy/internal/routingbench/bench"
	"github.com/lacy-sh/lacy/internal/shareddata"
	"github.com/lacy-sh/lacy/runtime/route"
)

// TestQuality checks the bars of the routing issue on ../shared/bench with
// every program of the shell rows installed on PATH (docs/routing.md has the
// full table: `make bench-routing`).
func TestQuality(t *testing.T) {
	if testing.Short() {
		t.Skip("quality run skipped in -short mode")
	}
	dir := shareddata.Dir(t, "bench")
	routing, err := bench.ReadTSV(filepath.Join(dir, "routing.tsv"))
	if err != nil {
		shareddata.Missing(t, "routing.tsv", err)
	}
	questions, err := bench.ReadTSV(filepath.Join(dir, "routing-questions.tsv"))
	if err != nil {
		shareddata.Missing(t, "routing-questions.tsv", err)
	}
	stubs := t.TempDir()
	if _, err := bench.InstallStubs(stubs, bench.Programs(routing)); err != nil {
		t.Fatal(err)
	}
	path := stubs + string(os.PathListSeparator) + os.Getenv("PATH")
	c, err := route.New(route.Config{Knowledge: &route.Knowledge{Path: route.NewPathIndex(path)}})
	if err != nil {
		t.Fatal(err)
	}
	bar := func(what string, got, min float64) {
		t.Helper()
		if got < min {
			t.Errorf("%s = %.4f, want ≥ %.3f", what, got, min)
		}
	}
	m := bench.Evaluate(c, routing, nil, nil)
	bar("routing.tsv accuracy", m.Accuracy(), 0.995)
	bar("routing.tsv shell recall", m.ShellRecall(), 0.995)
	bar("routing.tsv agent recall", m.AgentRecall(), 0.97)
	// The weights are fitted on the dev half: the test half must clear the
	// bars too.
	test := bench.Evaluate(c, routing, func(r bench.Row) bool { return !r.Dev }, nil)
	bar("routing.tsv test-half shell recall", test.ShellRecall(), 0.995)
	bar("routing.tsv test-half agent recall", test.AgentRecall(), 0.97)
	bar("lower-cased English agent recall", bench.Evaluate(c, bench.LowerFirst(routing), nil, nil).AgentRecall(), 0.95)
	bar("questions agent recall", bench.Evaluate(c, questions, nil, nil).AgentRecall(), 0.995)
}

// TestSliceQuality checks the bars of issue 15 on the slices in
// internal/routingbench/testdata (in the repository, so it always runs),
// on their developer's PATH: requests in other languages and scripts reach
// the agent, command lines with localized arguments stay shell, and short
// English lines keep the typo and English-word command wins.
func TestSliceQuality(t *testing.T) {
	if testing.Short() {
		t.Skip("quality run skipped in -short mode")
	}
	dir := filepath.Join("..", "..", "internal", "routingbench", "testdata")
	multi, err := bench.ReadSlice(filepath.Join(dir, "multilingual.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	short, err := bench.ReadSlice(filepath.Join(dir, "short.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	names, err := bench.SlicePrograms(dir, multi, short)
	if err != nil {
		t.Fatal(err)
	}
	stubs := t.TempDir()
	if _, err := bench.InstallStubs(stubs, names); err != nil {
		t.Fatal(err)
	}
	c, err := route.New(route.Config{Knowledge: &route.Knowledge{Path: route.NewPathIndex(stubs)}})
	if err != nil {
		t.Fatal(err)
	}
	group := func(rows []bench.Row, gs ...string) bench.Metrics {
		return bench.Evaluate(c, rows, func(r bench.Row) bool { return len(gs) == 0 || slices.Contains(gs, r.Group) }, nil)
	}
	bar := func(what string, got, min float64) {
		t.Helper()
		if got < min {
			t.Errorf("%s = %.4f, want ≥ %.3f", what, got, min)
		}
	}
	bar("multilingual accuracy", group(multi).Accuracy(), 0.98)
	bar("multilingual commands to the shell", group(multi).ShellRecall(), 0.98)
	bar("CJK requests to the agent", group(multi, "zh", "ja", "ko").AgentRecall(), 0.95)
	for _, lang := range []string{"zh", "ja", "ko", "ru", "uk", "ar", "hi", "de", "fr", "es", "pt", "it", "tr"} {
		bar(lang+" requests to the agent", group(multi, lang).AgentRecall(), 0.9)
	}
	bar("typos kept in the shell", group(short, "typo").ShellRecall(), 1)
	bar("English-word commands kept in the shell", group(short, "word-command").ShellRecall(), 0.98)
	bar("commands of programs not installed kept in the shell", group(short, "not-installed").ShellRecall(), 0.97)
	bar("pasted errors to the agent", group(short, "error").AgentRecall(), 0.95)
	bar("terse requests to the agent", group(short, "terse").AgentRecall(), 0.85)
}
