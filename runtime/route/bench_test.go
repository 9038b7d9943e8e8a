package route

import "testing"

// benchLines mixes what reaches Classify on each keystroke: short commands,
// long pipelines, loops, English requests and questions, and prefixes.
var benchLines = []string{
	"ls",
	"git status",
	"git commit -m \"fix the parser\"",
	"docker run -it --rm -v $(pwd):/src -w /src golang:1.26 go test ./...",
	"find . -type f -name '*.log' -mtime +7 -print0 | xargs -0 rm -f",
	"cat access.log | awk '{print $1}' | sort | uniq -c | sort -rn | head -20 > top.txt",
	"for f in *.go; do gofmt -w \"$f\" && echo \"formatted $f\"; done",
	"kubectl get pods -n kube-system -o wide | grep -v Running",
	"find all files larger than 100MB in my home directory",
	"Find all *.txt files under the current directory and replace foo with bar in each of them",
	"why is the build failing?",
	"how do I undo the last commit without losing my changes",
	"sort the lines of data.txt by the second column, numerically",
	"thanks",
	"gti status",
	"!make -j8",
	"@explain this error",
	"/agent reviewer",
	"显示当前目录下的所有文件",
	"kill 进程id",
	"покажи самые большие файлы в этой папке",
	"nvm install 24",
	"error: externally-managed-environment",
}

func BenchmarkClassify(b *testing.B) {
	c := newTestClassifier(b, Words{})
	c.Classify("warm", ModeAuto) // build the PATH index
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c.Classify(benchLines[i%len(benchLines)], ModeAuto)
	}
}

// BenchmarkClassifyLearned is BenchmarkClassify with learned routes (rule
// learned): every line's shape is looked up first.
func BenchmarkClassifyLearned(b *testing.B) {
	c := newTestClassifier(b, Words{})
	learned := map[string]Route{"terraform": Agent, "why is": Shell}
	for i := 0; i < 500; i++ {
		learned["tool"+string(rune('a'+i%26))+string(rune('a'+i/26))] = Agent
	}
	c.k.Learned = func(s string) (Route, bool) { r, ok := learned[s]; return r, ok }
	c.Classify("warm", ModeAuto)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c.Classify(benchLines[i%len(benchLines)], ModeAuto)
	}
}
