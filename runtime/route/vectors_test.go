package route

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/internal/shareddata"
)

// vectorDiffs are the lacy-shell and lash vectors where lacy deliberately
// routes differently (the value is lacy's route), and why.
var vectorDiffs = map[string]string{
	// A path or quoted command word is a command to run: if it does not
	// exist the shell says so (and the correction can help); a line shaped
	// like a command is never sent to a model by surprise. lacy-shell sends
	// these to the agent when the executable is missing.
	`"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" --remote-debugging-port=9222`: "shell",
	`'/Applications/Google Chrome.app/Contents/MacOS/Google Chrome' --flag`:                       "shell",
	`/Applications/Google\ Chrome.app/Contents/MacOS/Google\ Chrome --remote-debugging-port=9222`: "shell",
	`./my\ script.sh --flag`: "shell",
	// A first word shaped like a program name (snake_case) followed by
	// plain arguments and no English is a command that is not installed:
	// "command not found" and the correction serve better than a model.
	"nonexistent_command foo":       "shell",
	"FOO=bar nonexistent_cmd thing": "shell",
	"FOO=bar unknown_thing here":    "shell",
	// who(1) takes no user name; "who root" reads as a question fragment and
	// the conversational-word rule sends it to the agent ("who am i" too).
	"who root": "agent",
}

func TestLacyShellVectors(t *testing.T) {
	f, err := os.Open(filepath.Join(shareddata.Dir(t, "bench"), "lacy-shell-vectors.tsv"))
	if err != nil {
		shareddata.Missing(t, "lacy-shell-vectors.tsv", err)
	}
	defer f.Close()
	c := newTestClassifier(t, Words{})
	exitRe := regexp.MustCompile(`exit=(\d+)`)
	outRe := regexp.MustCompile(`output="(.*?)"(;|$)`)
	sc := bufio.NewScanner(f)
	n := 0
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 3 {
			continue
		}
		in, want, cond := cols[0], cols[1], cols[2]
		switch {
		case strings.Contains(cond, "pre-exec"):
			// lacy-shell's "reroute candidate" flag has no counterpart:
			// lacy sends the clearly English ones to the agent at once and
			// checks the rest after they fail (below).
			continue
		case strings.Contains(cond, "post-exec"):
			m := exitRe.FindStringSubmatch(cond)
			o := outRe.FindStringSubmatch(cond)
			if m == nil || o == nil {
				continue // no exit status (null) or no output: nothing to check
			}
			status, _ := strconv.Atoi(m[1])
			out := strings.ReplaceAll(o[1], `\n`, "\n")
			got := c.Classify(in, ModeAuto).Route == Agent
			if !got {
				got, _ = c.ShouldReroute(in, ModeAuto, status, out)
			}
			if got != (want == "reroute") {
				t.Errorf("%q after exit %d %q: agent=%v, lacy-shell %s", in, status, out, got, want)
			}
			n++
			continue
		}
		mode := ModeAuto
		switch {
		case strings.Contains(cond, "mode=shell"):
			mode = ModeShell
		case strings.Contains(cond, "mode=agent"):
			mode = ModeAgent
		}
		if want == "reroute" {
			// Documented reroutes: the line must end with the agent, at
			// once or after a failure.
			want = "agent"
			if c.Classify(in, mode).Route != Agent {
				continue // depends on the failure, checked by the post-exec rows
			}
		}
		d := c.Classify(in, mode)
		if lacy, diff := vectorDiffs[in]; diff {
			want = lacy
		}
		if d.Route.String() != want {
			t.Errorf("Classify(%q, %s) = %s (%s), lacy-shell %s [%s]", in, mode, d.Route, d.Rule, want, cond)
		}
		n++
	}
	if n < 200 {
		t.Errorf("checked only %d vectors", n)
	}
}
