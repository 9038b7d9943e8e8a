package safety

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpus reads testdata/corpus.tsv: label, command.
func corpus(t testing.TB) (destructive, everyday []string) {
	b, err := os.ReadFile("testdata/corpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		label, cmd, ok := strings.Cut(l, "\t")
		switch {
		case ok && label == "destructive":
			destructive = append(destructive, cmd)
		case ok && label == "everyday":
			everyday = append(everyday, cmd)
		default:
			t.Fatalf("testdata/corpus.tsv:%d: bad line %q", i+1, l)
		}
	}
	return destructive, everyday
}

// corpusDir makes the directory the corpus is judged in.
func corpusDir(t testing.TB) string {
	dir := t.TempDir()
	for _, f := range []string{"notes.txt", "log.txt", "data.db", "manage.py", ".venv/bin/activate", "d/a.txt", "d/b.txt"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCorpus measures the judgement both ways: the share of destructive
// commands caught (recall) and of everyday commands that would need a yes
// (false alarms).
func TestCorpus(t *testing.T) {
	destructive, everyday := corpus(t)
	dir := corpusDir(t)
	missed, alarms := 0, 0
	for _, c := range destructive {
		if bad, _ := IsDestructiveIn(c, dir); !bad {
			missed++
			t.Errorf("missed: %s", c)
		}
	}
	for _, c := range everyday {
		if bad, why := IsDestructiveIn(c, dir); bad {
			alarms++
			t.Logf("false alarm: %s (%s)", c, why)
		}
	}
	recall := 1 - float64(missed)/float64(len(destructive))
	falseAlarms := float64(alarms) / float64(len(everyday))
	t.Logf("recall %.3f (%d/%d destructive caught), false alarms %.3f (%d/%d everyday)",
		recall, len(destructive)-missed, len(destructive), falseAlarms, alarms, len(everyday))
	if recall < 1 {
		t.Errorf("recall %.3f, want 1", recall)
	}
	if falseAlarms > 0.03 {
		t.Errorf("false alarms %.3f, want at most 0.03", falseAlarms)
	}
}

// BenchmarkIsDestructive judges the corpus, one command per op.
func BenchmarkIsDestructive(b *testing.B) {
	d, e := corpus(b)
	all := append(d, e...)
	dir := corpusDir(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		IsDestructiveIn(all[i%len(all)], dir)
		i++
	}
}
