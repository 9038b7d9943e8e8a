package translate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// realPath indexes the programs on this machine's PATH, as the shell's
// index does.
func realPath() func(string) bool {
	names := map[string]bool{}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			names[e.Name()] = true
		}
	}
	return func(n string) bool { return names[n] }
}

// BenchmarkTranslateOverhead is lacy's own work between the model's last
// byte and the command in the buffer: extraction, the checks (parse,
// every command name) and the destructive-command judgement, for each
// reply of the realistic set. The budget is 5 ms per reply.
func BenchmarkTranslateOverhead(b *testing.B) {
	names, reply, _ := replies(b)
	known := realPath()
	tr := &Translator{Known: known}
	dir := b.TempDir()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, n := range names {
			if c := tr.judge(Extract(reply[n]), dir); len(c) == 0 {
				b.Fatalf("%s: no candidate", n)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(names)), "µs/reply")
}

// BenchmarkExtract measures extraction alone on a long reply with prose.
func BenchmarkExtract(b *testing.B) {
	r := strings.Repeat("Some prose about the command and why it works.\n", 50) + "```bash\nfind . -type f -size +100M\n```\n"
	for i := 0; i < b.N; i++ {
		Extract(r)
	}
}
