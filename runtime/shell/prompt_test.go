package shell

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer that programs of a pipeline may write to
// at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *lockedBuffer) Len() int { return len(l.String()) }

func (l *lockedBuffer) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.Reset()
}

func newInteractive(t testing.TB) (*Shell, *lockedBuffer) {
	t.Helper()
	out := &lockedBuffer{}
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: out, Stderr: out, Interactive: true,
		Dir: t.TempDir(), Env: []string{"HOME=/home/ann", "USER=ann", "PATH=/usr/bin:/bin"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sh.Close)
	return sh, out
}

func TestPromptCommand(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name, setup, want string
	}{
		{"string", `PROMPT_COMMAND='last=$?; n=$((n+1))'`, "n=1 last=3 status=3"},
		{"array", `PROMPT_COMMAND=('n=$((n+1))' 'last=$?')`, "n=1 last=3 status=3"},
		{"function", `pc() { last=$?; n=$((n+1)); return 7; }; PROMPT_COMMAND=pc`, "n=1 last=3 status=3"},
		{"unset", `unset PROMPT_COMMAND; last=3`, "n= last=3 status=3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh, out := newInteractive(t)
			if _, err := sh.Run(ctx, tt.setup, "t"); err != nil {
				t.Fatal(err)
			}
			_, _ = sh.Run(ctx, "(exit 3)", "t")
			sh.RunPromptCommand(ctx)
			if sh.LastStatus() != 3 {
				t.Errorf("LastStatus = %d after PROMPT_COMMAND, want 3", sh.LastStatus())
			}
			out.Reset()
			_, _ = sh.Run(ctx, `echo "n=$n last=$last status=$?"`, "t")
			if got := strings.TrimSpace(out.String()); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestExpandPrompt(t *testing.T) {
	ctx := context.Background()
	sh, out := newInteractive(t)
	if !strings.Contains(sh.Getenv("PS1"), `\$`) || sh.CustomPS1() {
		t.Fatalf("PS1 = %q, want bash's default", sh.Getenv("PS1"))
	}
	_, _ = sh.Run(ctx, `b() { printf ' (%s)' topic; }; V=venv; false`, "t")
	dollar := "$" // \$
	if os.Geteuid() == 0 {
		dollar = "#"
	}
	tests := []struct{ ps, want string }{
		{`[\u $(b)]\$ `, "[ann  (topic)]{$} "},
		{`(${V}) \u$ `, "(venv) ann$ "},
		{`$? \$`, "1 {$}"},
		{`"\u" '$V'`, `"ann" 'venv'`},
		{`$((1+2))`, "3"},
		{`$(echo '$(not run)')`, "$(not run)"},
		{`$(unclosed`, "$(unclosed"},
		{`\[\e]0;title\a\]x`, "x"},
	}
	for _, tt := range tests {
		got, _ := sh.ExpandPrompt(ctx, tt.ps)
		tt.want = strings.ReplaceAll(tt.want, "{$}", dollar)
		if got != tt.want {
			t.Errorf("ExpandPrompt(%q) = %q, want %q", tt.ps, got, tt.want)
		}
	}
	if sh.LastStatus() != 1 {
		t.Errorf("$? changed by the prompt: %d", sh.LastStatus())
	}
	if out.Len() != 0 {
		t.Errorf("the prompt wrote %q", out)
	}
	_, _ = sh.Run(ctx, `PS1='\u> '`, "t")
	if !sh.CustomPS1() {
		t.Error("CustomPS1 false after PS1 was set")
	}
	_, _ = sh.Run(ctx, `PS0='ps0:$((1+1))'`, "t")
	if got := sh.RenderPS0(ctx); got != "ps0:2" {
		t.Errorf("RenderPS0 = %q", got)
	}
}

// BenchmarkPromptRender is one prompt's cost of lacy's own work:
// PROMPT_COMMAND then PS1 (escapes and expansions), with the kinds of hooks
// people load. Programs the hooks start (git, starship) are not lacy's
// time, so their stand-ins here are shell functions; "+nvm" loads nvm.sh
// first (../shared/integrations), whose hundreds of functions and variables
// every statement the session runs carries along.
func BenchmarkPromptRender(b *testing.B) {
	hooks := map[string]string{
		"plain-ps1":    `PS1='\u@\h:\w\$ '`,
		"debian-color": `PS1='\[\e]0;\u@\h: \w\a\]${debian_chroot:+($debian_chroot)}\[\033[01;32m\]\u@\h\[\033[00m\]:\[\033[01;34m\]\w\[\033[00m\]\$ '`,
		"git-prompt-style": `
__git_ps1() { local b=main s=; [ -n "$GIT_PS1_SHOWDIRTYSTATE" ] && s=" +"; printf -- "${1:- (%s)}" "$b$s"; }
GIT_PS1_SHOWDIRTYSTATE=1
PS1='[\u \W$(__git_ps1 " (%s)")]\$ '`,
		"bash-preexec-style": `
precmd_functions=(_a _b); _a() { :; }; _b() { :; }
__bp_precmd() { local s=$?; for f in "${precmd_functions[@]}"; do "$f"; done; return $s; }
PROMPT_COMMAND=(__bp_precmd 'history_marker=1')
PS1='\u:\W\$ '`,
		"starship-style": `
_render() { echo "STARSHIP[$1]> "; }
starship_precmd() { STARSHIP_CMD_STATUS=$?; local -a ARGS=(--status="$STARSHIP_CMD_STATUS"); PS1="$(_render "$STARSHIP_CMD_STATUS")"; }
PROMPT_COMMAND=starship_precmd`,
	}
	shared, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "integrations")) // the session runs in a temporary directory
	nvm := filepath.Join(shared, "nvm", "nvm.sh")
	// The real files, where they are: bash-preexec (its DEBUG trap and
	// PROMPT_COMMAND array) and git's own __git_ps1 outside a repository
	// (in one, the git it runs is git's time, not lacy's).
	if p := filepath.Join(shared, "bash-preexec", "bash-preexec.sh"); fileExists(p) {
		hooks["bash-preexec"] = ". " + p + "\npreexec() { :; }\nprecmd() { :; }\nPS1='\\u:\\W\\$ '"
	}
	if p := "/usr/lib/git-core/git-sh-prompt"; fileExists(p) {
		hooks["git-prompt"] = ". " + p + "\nGIT_PS1_SHOWDIRTYSTATE=1\nPS1='[\\u \\W$(__git_ps1 \" (%s)\")]\\$ '"
	}
	for _, name := range []string{"plain-ps1", "debian-color", "git-prompt-style", "git-prompt", "bash-preexec-style", "bash-preexec", "starship-style", "starship-style+nvm", "bash-preexec+nvm"} {
		b.Run(name, func(b *testing.B) {
			if hooks[strings.TrimSuffix(name, "+nvm")] == "" {
				b.Skip("not installed")
			}
			ctx := context.Background()
			sh, _ := newInteractive(b)
			if base, ok := strings.CutSuffix(name, "+nvm"); ok {
				if _, err := os.Stat(nvm); err != nil {
					b.Skip("nvm.sh is not in ../shared/integrations")
				}
				if _, err := sh.Run(ctx, "export NVM_DIR=$HOME/.nvm; . "+nvm+" --no-use", "bench"); err != nil {
					b.Fatal(err)
				}
				if !sh.HasFunction("nvm") {
					b.Fatal("nvm did not load")
				}
				name = base
			}
			if _, err := sh.Run(ctx, hooks[name], "bench"); err != nil {
				b.Fatal(err)
			}
			if len(sh.PromptCommands()) == 0 && strings.Contains(name, "preexec") {
				b.Fatal("no PROMPT_COMMAND: the hooks did not load")
			}
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				sh.RunPromptCommand(ctx)
				p, _ := sh.ExpandPrompt(ctx, sh.Getenv("PS1"))
				if p == "" {
					b.Fatal("empty prompt")
				}
			}
			reportCPU(b, cpu)
		})
	}
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// BenchmarkSourceRC sources Debian's default ~/.bashrc (and bash-preexec
// after it) in a new interactive session: lacy's own time, beside bash
// doing the same (`bash --rcfile RC -i -c true`, a process start included,
// so bash's figure is an upper bound of its sourcing).
func BenchmarkSourceRC(b *testing.B) {
	shared := filepath.Join("..", "..", "..", "shared", "integrations")
	skel := filepath.Join(shared, "debian", "skel.bashrc")
	preexec := filepath.Join(shared, "bash-preexec", "bash-preexec.sh")
	if !fileExists(skel) || !fileExists(preexec) {
		b.Skip("../shared/integrations is not beside the repository")
	}
	rc := filepath.Join(b.TempDir(), "rc")
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	if err := os.WriteFile(rc, []byte(". "+abs(skel)+"\n. "+abs(preexec)+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Run("lacy", func(b *testing.B) {
		ctx := context.Background()
		cpu := cpuTime()
		for b.Loop() {
			sh, _ := newInteractive(b)
			if _, err := sh.Run(ctx, ". "+rc, "bench"); err != nil {
				b.Fatal(err)
			}
			sh.Close()
		}
		reportCPU(b, cpu)
	})
	b.Run("bash", func(b *testing.B) {
		bash, err := exec.LookPath("bash")
		if err != nil {
			b.Skip("no bash")
		}
		var cpu time.Duration
		for b.Loop() {
			cmd := exec.Command(bash, "--rcfile", rc, "-i", "-c", "true")
			cmd.Env = []string{"HOME=" + b.TempDir(), "PATH=/usr/bin:/bin", "TERM=dumb"}
			if err := cmd.Run(); err != nil {
				b.Fatal(err)
			}
			cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		}
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	})
}

// cpuTime is the CPU time the process used so far (user and system): on a
// machine shared with other work, wall time per op counts the waits for a
// CPU too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per op since start as cpu-ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

func TestExpandLine(t *testing.T) {
	ctx := context.Background()
	sh, _ := newInteractive(t)
	_, _ = sh.Run(ctx, `pick() { echo "builtin cd -- /tmp/x y"; }; V='a b'; false`, "t")
	tests := []struct{ line, want string }{
		{"`pick`", "builtin cd -- /tmp/x y"},
		{`"$(pick)"`, "builtin cd -- /tmp/x y"},
		{`echo "$V" $((1+1)) '$V' ~/f`, "echo a b 2 $V /home/ann/f"},
		{`echo $(`, `echo $(`},
		{``, ``},
	}
	for _, tt := range tests {
		if got := sh.ExpandLine(ctx, tt.line); got != tt.want {
			t.Errorf("ExpandLine(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
	if sh.LastStatus() != 1 {
		t.Errorf("$? = %d after ExpandLine", sh.LastStatus())
	}
}

func TestInheritedPS1IsNotShown(t *testing.T) {
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &lockedBuffer{}, Stderr: &lockedBuffer{}, Interactive: true,
		Env: []string{"PS1=inherited$ ", "PS2=cont> ", "PATH=/usr/bin:/bin"}})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	if sh.CustomPS1() || sh.Getenv("PS1") != DefaultPS1 || sh.Getenv("PS2") != "cont> " {
		t.Errorf("PS1 %q PS2 %q", sh.Getenv("PS1"), sh.Getenv("PS2"))
	}
	out := &lockedBuffer{}
	sub := sh.Subshell(out, out)
	_, _ = sub.Run(context.Background(), `env | grep -c '^PS1=' || true`, "t")
	if strings.TrimSpace(out.String()) != "0" {
		t.Errorf("PS1 is still exported: %q", out.String())
	}
}

// `set -x` traces the user's commands, not lacy's own bookkeeping around
// them ($? kept across the prompt, $HISTCMD, the config's aliases), as bash
// traces nothing of its own: those lines landed after the prompt. What the
// prompt runs (a command substitution in PS1) is traced, as in bash.
func TestXtraceLeavesLacysOwnStatementsOut(t *testing.T) {
	var out, errb bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Interactive: true, Dir: t.TempDir(), Env: []string{"PATH=/usr/bin:/bin"}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	_, _ = sh.Run(ctx, "set -x", "")
	errb.Reset()
	_, _ = sh.Run(ctx, "false", "")
	sh.SetVars(ctx, map[string]string{"HISTCMD": "3"})
	sh.ExpandPrompt(ctx, `\w $(echo x) $ `)
	if err := sh.SetAlias(ctx, "ll", "ls -l"); err != nil {
		t.Fatal(err)
	}
	_, _ = sh.Run(ctx, "echo traced", "")
	if want := "+ false\n+ echo x\n+ echo traced\n"; errb.String() != want {
		t.Fatalf("trace %q, want %q", errb.String(), want)
	}
	if sh.LastStatus() != 0 || sh.Getenv("HISTCMD") != "3" {
		t.Fatalf("status %d, HISTCMD %q", sh.LastStatus(), sh.Getenv("HISTCMD"))
	}
}
