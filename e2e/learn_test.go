package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// TestLearnedCorrectionOfferedTheThirdTime: a failed line fixed by hand
// twice (same directory, within a minute) is offered as the fix the third
// time, before any built-in rule, and lacy rules lists and forgets it.
func TestLearnedCorrectionOfferedTheThirdTime(t *testing.T) {
	tm, home := startWithPath(t, map[string]string{"bin/kubectl": "#!/bin/sh\necho \"kube: $*\"\n"})
	prompts := 1
	for i := 0; i < 2; i++ {
		tm.Line("k get pods")
		prompts++
		tm.WaitCount("▌", prompts)
		tm.Line("kubectl get pods")
		prompts++
		tm.WaitCount("▌", prompts)
	}
	tm.WaitText("learned: k … → kubectl …")
	tm.Line("k get nodes")
	tm.WaitText("fix: kubectl get nodes")
	tm.Type("\r")
	tm.WaitText("kube: get nodes")

	out, err := lacyIn(t, home, "rules").Output()
	if err != nil || !strings.Contains(string(out), "fix    k … → kubectl …  (learned)") {
		t.Fatalf("lacy rules: %q %v", out, err)
	}
	if out, err := lacyIn(t, home, "rules", "forget", "1").Output(); err != nil || string(out) != "forgot 1\n" {
		t.Fatalf("lacy rules forget 1: %q %v", out, err)
	}
	tm.Line("k get nodes")
	tm.WaitCount("▌", prompts+2)
	if strings.Count(tm.Screen(), "fix: kubectl") != 1 {
		t.Fatalf("a forgotten rule was offered:\n%s", tm.Screen())
	}
}

// TestLearnedRoute: a line shape forced to the agent twice with @ goes to
// the agent by itself the third time (the indicator's colour and Enter
// agree with lacy classify, which names the rule "learned"); /rules
// forgets it.
func TestLearnedRoute(t *testing.T) {
	tm, home := startWithPath(t, map[string]string{"bin/frobctl": "#!/bin/sh\necho \"frob: $*\"\n"})
	if out, _ := lacyIn(t, home, "classify", "frobctl status now").Output(); !strings.HasPrefix(string(out), "shell\t") {
		t.Fatalf("before: %q", out)
	}
	tm.Type("frobctl alpha")
	tm.WaitText("frobctl alpha")
	if g, _ := tm.FindCell("frobctl alpha"); g.FG != 2 { // green: the shell
		t.Fatalf("before: colour %v, want 2 (green)", g.FG)
	}
	tm.Type("\x15") // Ctrl-U
	tm.WaitFor("an empty line", 5*time.Second, func(s string) bool { return !strings.Contains(s, "frobctl alpha") })
	prompts := 1
	for i := 0; i < 2; i++ {
		tm.Line("!frobctl status now") // ! changes nothing here: nothing learned
		prompts++
		tm.WaitCount("▌", prompts)
	}
	if out, _ := lacyIn(t, home, "classify", "frobctl status now").Output(); !strings.HasPrefix(string(out), "shell\tfirst-word-command") {
		t.Fatalf("a prefix that changed nothing taught something: %q", out)
	}
	tm.Line("@frobctl status now")
	prompts++
	tm.WaitCount("▌", prompts)
	tm.Line("@frobctl status later")
	tm.WaitText("learned: lines starting \"frobctl status\" go to the agent")
	out, err := lacyIn(t, home, "classify", "frobctl status of web", "frobctl restart web").Output()
	if err != nil || string(out) != "agent\tlearned\tfrobctl status of web\nshell\tfirst-word-command\tfrobctl restart web\n" {
		t.Fatalf("lacy classify after learning: %q %v", out, err)
	}
	// The indicator's colour while typing, and Enter, agree.
	tm.Type("frobctl status zeta")
	tm.WaitText("frobctl status zeta")
	if g, _ := tm.FindCell("frobctl status zeta"); g.FG != 5 { // magenta: the agent
		t.Fatalf("after: colour %v, want 5 (magenta)", g.FG)
	}
	tm.Type("\r")
	tm.WaitCount("no model is reachable", 3) // it went to the agent, which has no model here
	tm.Line("/rules")
	tm.WaitText("route  frobctl status → agent  (learned)")
	tm.Line("/rules forget all")
	tm.WaitText("forgot 1")
	tm.Line("frobctl status web")
	tm.WaitText("frob: status web")
	if out, _ := lacyIn(t, home, "classify", "frobctl status web").Output(); !strings.HasPrefix(string(out), "shell\t") {
		t.Fatalf("after forgetting: %q", out)
	}

	// The other way: a line the classifier reads as English, forced to
	// the shell twice with !.
	if out, _ := lacyIn(t, home, "classify", "frobctl deploy it").Output(); !strings.HasPrefix(string(out), "agent\t") {
		t.Fatalf("before: %q", out)
	}
	tm.Line("!frobctl deploy it")
	tm.WaitText("frob: deploy it")
	tm.Line("!frobctl deploy the site")
	tm.WaitText("learned: lines starting \"frobctl\" go to the shell")
	tm.Line("frobctl deploy everything")
	tm.WaitText("frob: deploy everything")
	if out, _ := lacyIn(t, home, "classify", "frobctl deploy it").Output(); string(out) != "shell\tlearned\tfrobctl deploy it\n" {
		t.Fatalf("lacy classify: %q", out)
	}
}

// lacyIn is the lacy binary run with the session's home.
func lacyIn(t *testing.T, home string, args ...string) *exec.Cmd {
	cmd := exec.Command(ptytest.Binary(t), args...)
	cmd.Env = ptytest.Env(home, "PATH="+filepath.Join(home, "bin")+":"+os.Getenv("PATH"))
	cmd.Dir = home
	return cmd
}

// TestOptionsLearnedOffThePrompt: a program that rejects an option is
// asked for its options in the background; its --help (held open here)
// never holds the prompt, and the next failure is fixed from what it said.
func TestOptionsLearnedOffThePrompt(t *testing.T) {
	tm, home := startWithPath(t, map[string]string{"bin/frob": `#!/bin/sh
case "$1" in
--help) read x < "$HOME/gate"; printf 'Usage: frob [OPTION]\n  -v, --verbose  say more\n      --color=WHEN  paint\n'; exit 0;;
--color*|--verbose) echo "frob ran $1"; exit 0;;
esac
echo "frob: unrecognized option '$1'" >&2
exit 2
`})
	gate := filepath.Join(home, "gate")
	if err := syscall.Mkfifo(gate, 0o600); err != nil {
		t.Fatal(err)
	}
	tm.Line("frob --colr=auto")
	tm.WaitCount("▌", 2) // the prompt is back while --help waits at the gate
	tm.Line("echo typed-while-learning")
	tm.WaitText("typed-while-learning\n")
	if strings.Contains(tm.Screen(), "fix: frob") {
		t.Fatalf("a fix before the options were known:\n%s", tm.Screen())
	}
	g, err := os.OpenFile(gate, os.O_WRONLY, 0) // --help has it open for reading
	if err != nil {
		t.Fatal(err)
	}
	g.WriteString("go\n")
	g.Close()
	cache := filepath.Join(home, ".cache", "lacy", "options.json")
	tm.WaitFor("the options learned", 10*time.Second, func(string) bool {
		b, _ := os.ReadFile(cache)
		return strings.Contains(string(b), "--color")
	})
	tm.Line("frob --colr=auto")
	tm.WaitText("fix: frob --color=auto")
	tm.Type("\r")
	tm.WaitText("frob ran --color=auto")
}
