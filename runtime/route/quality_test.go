package route_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lacy-sh/lacy/internal/routingbench/bench"
	"github.com/lacy-sh/lacy/runtime/route"
)

// TestQuality checks the bars of the routing issue on ../shared/bench with
// every program of the shell rows installed on PATH (docs/routing.md has the
// full table: `make bench-routing`).
func TestQuality(t *testing.T) {
	if testing.Short() {
		t.Skip("quality run skipped in -short mode")
	}
	dir := filepath.Join("..", "..", "..", "shared", "bench")
	routing, err := bench.ReadTSV(filepath.Join(dir, "routing.tsv"))
	if err != nil {
		t.Skip("bench data absent:", err)
	}
	questions, err := bench.ReadTSV(filepath.Join(dir, "routing-questions.tsv"))
	if err != nil {
		t.Skip("bench data absent:", err)
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
	bar("routing.tsv accuracy", m.Accuracy(), 0.985)
	bar("routing.tsv shell recall", m.ShellRecall(), 0.995)
	bar("routing.tsv agent recall", m.AgentRecall(), 0.97)
	// The weights are fitted on the dev half: the test half must clear the
	// bars too.
	test := bench.Evaluate(c, routing, func(r bench.Row) bool { return !r.Dev }, nil)
	bar("routing.tsv test-half shell recall", test.ShellRecall(), 0.995)
	bar("routing.tsv test-half agent recall", test.AgentRecall(), 0.97)
	bar("lower-cased English agent recall", bench.Evaluate(c, bench.LowerFirst(routing), nil, nil).AgentRecall(), 0.90)
	bar("questions agent recall", bench.Evaluate(c, questions, nil, nil).AgentRecall(), 0.995)
}
