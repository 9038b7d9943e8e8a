package conformance

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/internal/ptytest"
	"github.com/lacy-sh/lacy/internal/shareddata"
)

var update = flag.Bool("update", false, "run the whole core tier and rewrite testdata/baseline.txt")

const (
	// suiteRunner is the suite's runner in ../shared/conformance beside the
	// checkout (read by path, never copied in; CI lays shared/ there too).
	suiteRunner  = "../../../shared/conformance/run.py"
	baselineFile = "testdata/baseline.txt"
	// unstableFile lists cases left out of the baseline because lacy's
	// result depends on timing (a signal from another process, the order
	// of background jobs' output on a loaded machine).
	unstableFile = "testdata/unstable.txt"
)

// result is the part of run.py's --json output the test reads.
type result struct {
	Totals map[string]any `json:"totals"`
	Cases  map[string]struct {
		RefStable bool              `json:"ref_stable"`
		Verdicts  map[string]string `json:"verdicts"`
		Outputs   map[string]struct {
			Status int    `json:"status"`
			Stdout string `json:"stdout"`
			Stderr string `json:"stderr"`
		} `json:"outputs"`
	} `json:"cases"`
}

// TestConformance runs the cases of the core tier that agreed with bash
// when the baseline was recorded, and fails on any that no longer does.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the shell spec suite against bash")
	}
	for _, prog := range []string{"bash", "python3"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("needs %s: %v", prog, err)
		}
	}
	if _, err := os.Stat(suiteRunner); err != nil {
		shareddata.Missing(t, "the spec suite", err)
	}
	lacy := ptytest.Binary(t)
	base, err := readBaseline(baselineFile)
	if err != nil && !*update {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "results.json")
	args := []string{suiteRunner, "--shell", "lacy=" + lacy, "--json", out, "-j", "4"}
	if *update {
		// bash runs twice on each case to leave out the ones whose output
		// changes from run to run.
		args = append(args, "--ref-runs", "3")
	} else {
		// Only the baseline's cases, each run once: bash's output for
		// them was stable when recorded. The longer time limit keeps a
		// loaded machine from failing a case.
		args = append(args, "--ref-runs", "1", "--timeout", "20", "--only", strings.Join(base, ","))
	}
	cmd := exec.Command("python3", args...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run.py: %v\n%s", err, b)
	} else {
		t.Logf("%s", lastLine(string(b)))
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var res result
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	if *update {
		unstable, err := readBaseline(unstableFile)
		if err != nil {
			t.Fatal(err)
		}
		var agree []string
		for id, c := range res.Cases {
			if c.RefStable && c.Verdicts["lacy"] == "agree" && !slices.Contains(unstable, id) {
				agree = append(agree, id)
			}
		}
		if err := writeBaseline(baselineFile, agree, len(res.Cases)); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, id := range base {
		c, ok := res.Cases[id]
		if !ok {
			t.Errorf("%s: not run", id)
			continue
		}
		if v := c.Verdicts["lacy"]; v != "agree" && c.RefStable {
			o, ref := c.Outputs["lacy"], c.Outputs["bash"]
			t.Errorf("%s no longer agrees with bash (%s)\nbash: status %d, stdout %q\nlacy: status %d, stdout %q, stderr %q\n(run: python3 ../shared/conformance/run.py --shell lacy=bin/lacy --only %s --show)",
				id, v, ref.Status, ref.Stdout, o.Status, o.Stdout, o.Stderr, id)
		}
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// readBaseline reads the ids of the cases that agree with bash (FILE#N, one
// a line; # starts a comment).
func readBaseline(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ids = append(ids, line)
	}
	return ids, sc.Err()
}

func writeBaseline(path string, ids []string, total int) error {
	slices.SortFunc(ids, compareIDs)
	var sb strings.Builder
	fmt.Fprintf(&sb, "# The core-tier cases (FILE#N) where lacy agrees with bash: %d of %d.\n", len(ids), total)
	sb.WriteString("# TestConformance fails when one of them stops agreeing. Rewrite with\n")
	sb.WriteString("#   go test ./internal/conformance -run TestConformance -update\n")
	for _, id := range ids {
		sb.WriteString(id + "\n")
	}
	return os.WriteFile(path, []byte(sb.String()), 0o644)
}

// compareIDs orders FILE#N ids by file, then by number.
func compareIDs(a, b string) int {
	fa, na, _ := strings.Cut(a, "#")
	fb, nb, _ := strings.Cut(b, "#")
	if c := strings.Compare(fa, fb); c != 0 {
		return c
	}
	if len(na) != len(nb) {
		return len(na) - len(nb)
	}
	return strings.Compare(na, nb)
}
