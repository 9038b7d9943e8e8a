package shell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// The pipeline stress test needs job control, so a controlling terminal: the
// test runs itself again in a new session on a pseudo-terminal, and the child
// runs the pipelines in an interactive Shell whose TTY is that terminal.
const stressChildEnv = "LACY_TEST_PIPELINE_STRESS"

// stressPipelines are short pipelines whose elements often exit before the
// next one starts: the case where a later process must still find its
// group (issue 8: `ls / | head -1` failed with "operation not permitted").
var stressPipelines = []string{
	"ls / | head -1",
	"true | true",
	"echo x | cat | head -c 1",
	"true | true | true | true",
}

func TestPipelineStress(t *testing.T) {
	if os.Getenv(stressChildEnv) != "" {
		pipelineStressChild(t)
		return
	}
	n := 500 // 2000 pipelines; before the fix about 1 in 80 failed
	if testing.Short() {
		n = 100
	}
	dir := t.TempDir()
	report := filepath.Join(dir, "report")
	cmd := exec.Command(os.Args[0], "-test.run=^TestPipelineStress$", "-test.count=1")
	cmd.Env = append(os.Environ(), stressChildEnv+"="+strconv.Itoa(n), "STRESS_REPORT="+report, "STRESS_DIR="+dir)
	ptmx, err := pty.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	var screen bytes.Buffer
	copied := make(chan struct{})
	go func() { _, _ = io.Copy(&screen, ptmx); close(copied) }()
	werr := cmd.Wait()
	ptmx.Close()
	<-copied
	got, _ := os.ReadFile(report)
	if werr != nil || len(got) == 0 {
		t.Fatalf("child: %v\nreport: %s\nterminal:\n%s", werr, got, screen.Bytes())
	}
	if !strings.HasPrefix(string(got), "failures 0 of") {
		t.Fatalf("%s\nterminal (tail):\n%s", got, tail(screen.String(), 2000))
	}
	t.Logf("%d pipelines: %s", n*len(stressPipelines), strings.SplitN(string(got), "\n", 2)[0])
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// pipelineStressChild runs in the terminal's session: every pipeline must
// succeed, and its last element's output must arrive.
func pipelineStressChild(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv(stressChildEnv))
	dir := os.Getenv("STRESS_DIR")
	var errb bytes.Buffer
	sh, err := New(Options{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: &errb, Dir: dir, Interactive: true, TTY: os.Stdin})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	if sh.tty == nil {
		t.Fatal("no job control in the child")
	}
	var rep strings.Builder
	failures := 0
	out := filepath.Join(dir, "out")
	for i := range n {
		for _, p := range stressPipelines {
			_ = os.Remove(out)
			errb.Reset()
			status, err := sh.Run(context.Background(), p+" >"+out, "")
			data, _ := os.ReadFile(out)
			if status != 0 || err != nil || errb.Len() > 0 || (strings.HasPrefix(p, "true") != (len(data) == 0)) {
				failures++
				if failures <= 10 {
					fmt.Fprintf(&rep, "run %d %q: status %d err %v stderr %q output %q\n", i, p, status, err, errb.String(), data)
				}
			}
		}
	}
	if err := os.WriteFile(os.Getenv("STRESS_REPORT"), []byte(fmt.Sprintf("failures %d of %d\n%s", failures, n*len(stressPipelines), rep.String())), 0o644); err != nil {
		t.Fatal(err)
	}
}
