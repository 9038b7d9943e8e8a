package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// The start-up table (issue 21, docs/performance.md): bash, zsh, fish and
// lacy started the way a new user starts them (an empty home, each shell's
// default prompt, which shows the working directory), with an empty history
// and with 200,000 entries. Every figure is taken interleaved (bash, zsh,
// fish, lacy, bash, …) so a machine whose speed drifts slows every shell
// alike; medians are printed.

// cwdName is the last component of the directory every shell starts in;
// each default prompt shows it, so "the prompt is drawn" is the first
// output that holds it followed by the prompt's end.
const cwdName = "lacybenchcwd"

// tableShell is one row of the table.
type tableShell struct {
	name  string
	argv  []string
	ready string // the prompt's end, after escape sequences are removed
	// setup writes the shell's start-up files into home (history of n
	// entries when n > 0) and returns extra environment.
	setup func(home string, n int) []string
	// fresh: lacy's instant-prompt cache is deleted before each start
	// (the first start in a directory); else the warm-up round fills it,
	// as a user's first terminal does for the second.
	fresh bool
}

// historyCommands are the lines the histories are made of.
var historyCommands = []string{"git status", "ls -la", "cd src", "go test ./...", "make build", "vim main.go", "docker ps", "kubectl get pods -A"}

func historyLine(i int) string {
	return fmt.Sprintf("%s %d", historyCommands[i%len(historyCommands)], i%977)
}

func tableShells(lacy, other, otherLabel string, otherEnv []string) []tableShell {
	end := "$ "
	if os.Getuid() == 0 {
		end = "# "
	}
	shells := []tableShell{
		{name: "bash", argv: []string{"bash", "-i"}, ready: cwdName + end, setup: func(home string, n int) []string {
			// No ~/.bashrc: Debian's /etc/bash.bashrc sets its default
			// prompt (user@host:cwd$).
			if n == 0 {
				return nil
			}
			writeLines(filepath.Join(home, ".bash_history"), n, func(b *bytes.Buffer, i int) { b.WriteString(historyLine(i) + "\n") })
			return []string{fmt.Sprintf("HISTSIZE=%d", n), fmt.Sprintf("HISTFILESIZE=%d", n)}
		}},
		{name: "zsh", argv: []string{"zsh", "-i"}, ready: cwdName + end, setup: func(home string, n int) []string {
			// zsh's own default prompt (%m%#) does not show the directory;
			// one line gives it bash's. A ~/.zshrc also keeps zsh's
			// new-user menu away.
			rc := "PS1='%n@%m:%~%# '\n"
			if n > 0 {
				rc += fmt.Sprintf("HISTFILE=~/.zsh_history\nHISTSIZE=%d\nSAVEHIST=%d\n", n, n)
				writeLines(filepath.Join(home, ".zsh_history"), n, func(b *bytes.Buffer, i int) { b.WriteString(historyLine(i) + "\n") })
			}
			_ = os.WriteFile(filepath.Join(home, ".zshrc"), []byte(rc), 0o600)
			return nil
		}},
		{name: "fish", argv: []string{"fish", "-i"}, ready: cwdName + end, setup: func(home string, n int) []string {
			if n == 0 {
				return nil
			}
			now := time.Now().Unix() - int64(n)
			dir := filepath.Join(home, ".local", "share", "fish")
			_ = os.MkdirAll(dir, 0o700)
			writeLines(filepath.Join(dir, "fish_history"), n, func(b *bytes.Buffer, i int) {
				fmt.Fprintf(b, "- cmd: %s\n  when: %d\n", historyLine(i), now+int64(i))
			})
			return nil
		}},
		{name: "lacy", argv: []string{lacy}, ready: cwdName + " ▌", setup: func(home string, n int) []string {
			if n > 0 {
				writeHistory(home, n)
			}
			return nil
		}},
		{name: "lacy, typical config", argv: []string{lacy}, ready: cwdName + " $ ▌", setup: func(home string, n int) []string {
			if n > 0 {
				writeHistory(home, n)
			}
			_ = os.WriteFile(filepath.Join(home, ".lacyrc.lua"), []byte(typicalConfig), 0o600)
			return nil
		}},
		{name: "lacy, first start here (no instant-prompt cache)", argv: []string{lacy}, ready: cwdName + " ▌", fresh: true, setup: func(home string, n int) []string {
			if n > 0 {
				writeHistory(home, n)
			}
			return nil
		}},
	}
	if other != "" {
		// Another lacy build (before a change), default config.
		o := shells[3]
		o.name, o.argv = "lacy, "+strings.Join(append(otherEnv, otherLabel), " "), []string{other}
		setup := o.setup
		o.setup = func(home string, n int) []string { return append(setup(home, n), otherEnv...) }
		shells = append(shells, o)
	}
	return slices.DeleteFunc(shells, func(s tableShell) bool {
		_, err := exec.LookPath(s.argv[0])
		if err != nil {
			fmt.Printf("(%s is not installed: its row is left out)\n", s.argv[0])
		}
		return err != nil
	})
}

// typicalConfig is a config a user might keep: aliases, a Lua prompt and
// two models (nothing is asked of them before the first prompt).
const typicalConfig = `local lacy = require("lacy")
lacy.model("claude", { provider = "anthropic", model = "claude-sonnet-4-5", api_key = "x" })
lacy.model("local", { provider = "ollama", model = "qwen2.5-coder:7b", base_url = "http://127.0.0.1:9" })
lacy.config({ models = { agent = "claude", translate = "local" } })
lacy.alias("ll", "ls -l")
lacy.alias("la", "ls -A")
lacy.alias("gs", "git status")
lacy.alias("gd", "git diff")
lacy.prompt(function(ctx) return ctx.cwd .. " $ " end)
`

func writeLines(path string, n int, line func(*bytes.Buffer, int)) {
	var b bytes.Buffer
	for i := range n {
		line(&b, i)
	}
	_ = os.WriteFile(path, b.Bytes(), 0o600)
}

// tableCase is one shell with one history size, ready to start.
type tableCase struct {
	shell tableShell
	spec  shellSpec
	home  string
}

// prepare readies the case for one start: a fresh case loses lacy's
// instant-prompt cache ($HOME/.cache/lacy/prompt: XDG_CACHE_HOME is not
// set).
func (c tableCase) prepare() {
	if c.shell.fresh {
		_ = os.RemoveAll(filepath.Join(c.home, ".cache", "lacy", "prompt"))
	}
}

func newTableCase(root string, sh tableShell, n int) tableCase {
	home, _ := os.MkdirTemp(root, "home-")
	extra := sh.setup(home, n)
	env := append(os.Environ(), "HOME="+home, "XDG_STATE_HOME="+filepath.Join(home, "state"),
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "XDG_DATA_HOME="+filepath.Join(home, ".local", "share"),
		"INPUTRC=/dev/null", "TERM=xterm-256color")
	env = append(env, extra...)
	return tableCase{shell: sh, home: home, spec: shellSpec{argv: sh.argv, env: env, ready: sh.ready, dir: filepath.Join(root, cwdName), plain: true,
		editor: strings.HasPrefix(sh.name, "lacy")}}
}

// printTable measures and prints the start-up table.
func printTable(lacy, other, otherLabel string, otherEnv []string, runs, rssRuns int, idle time.Duration) {
	root, _ := os.MkdirTemp("", "lacy-bench-table-")
	defer os.RemoveAll(root)
	_ = os.Mkdir(filepath.Join(root, cwdName), 0o755)
	shells := tableShells(lacy, other, otherLabel, otherEnv)
	var empty, full []tableCase
	for _, sh := range shells {
		empty = append(empty, newTableCase(root, sh, 0))
		full = append(full, newTableCase(root, sh, 200_000))
	}
	// -c true, interleaved (the typical config is not read by -c).
	var cTrue [][]time.Duration
	var cShells []tableCase
	for _, c := range empty {
		if c.shell.name != "lacy, typical config" && !c.shell.fresh && c.shell.argv[0] != "" {
			cShells = append(cShells, c)
		}
	}
	cTrue = interleave(runs*5, cShells, func(c tableCase) time.Duration {
		return timeRunIn(c.spec, append(slices.Clone(c.spec.argv), "-c", "true")...)
	})
	firstEmpty, readyEmpty := interleave2(runs, empty, func(c tableCase) (time.Duration, time.Duration) { c.prepare(); return firstAndReady(c.spec) })
	firstFull, readyFull := interleave2(runs, full, func(c tableCase) (time.Duration, time.Duration) { c.prepare(); return firstAndReady(c.spec) })
	rss := func(cs []tableCase) [][]time.Duration {
		return interleave(rssRuns, cs, func(c tableCase) time.Duration {
			if c.shell.fresh { // the cache changes nothing once the prompt is up
				return 0
			}
			_, kb := idleRSSAfter(c.spec, idle)
			return time.Duration(kb)
		})
	}
	rssEmpty, rssFull := rss(empty), rss(full)

	fmt.Printf("\nmedians of %d runs (-c true: %d; RSS: %d, %s after the prompt), interleaved; ratios are to bash\n", runs, runs*5, rssRuns, idle)
	fmt.Println("first prompt: the prompt on the terminal (lacy: the instant prompt when the cache has it);")
	fmt.Println("ready: lacy's line editor has drawn it and reads keys (bash, zsh, fish: their first prompt)")
	fmt.Println()
	fmt.Println("| shell | `-c true` | first prompt | ready | idle RSS | first prompt, 200k history | ready, 200k history | idle RSS, 200k history |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	med := func(ds []time.Duration) time.Duration { s := slices.Clone(ds); slices.Sort(s); return s[len(s)/2] }
	var bashC, bashE, bashF time.Duration
	for i, c := range empty {
		name := c.shell.name
		if v := shellVersion(c.shell.argv[0]); v != "" && !strings.HasPrefix(name, "lacy") {
			name += " " + v
		}
		ct := "—"
		for j, cc := range cShells {
			if cc.shell.name == c.shell.name {
				d := med(cTrue[j])
				if c.shell.name == "bash" {
					bashC = d
				}
				ct = ms(d) + ratio(d, bashC)
			}
		}
		fe, ff := med(firstEmpty[i]), med(firstFull[i])
		re, rf := med(readyEmpty[i]), med(readyFull[i])
		if c.shell.name == "bash" {
			bashE, bashF = fe, ff
		}
		mb := func(kb time.Duration) string {
			if kb == 0 {
				return "—"
			}
			return fmt.Sprintf("%.1f MB", float64(kb)/1024)
		}
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %s | %s |\n", name, ct, ms(fe)+ratio(fe, bashE), ms(re)+ratio(re, bashE),
			mb(med(rssEmpty[i])), ms(ff)+ratio(ff, bashF), ms(rf)+ratio(rf, bashF), mb(med(rssFull[i])))
	}
}

// interleave2 is interleave for a measure of two figures.
func interleave2(n int, cases []tableCase, f func(tableCase) (time.Duration, time.Duration)) (a, b [][]time.Duration) {
	b = make([][]time.Duration, len(cases))
	round := make([]int, len(cases))
	a = interleave(n, cases, func(c tableCase) time.Duration {
		i := slices.IndexFunc(cases, func(x tableCase) bool { return x.home == c.home })
		x, y := f(c)
		if round[i] > 0 { // the warm-up round is not kept
			b[i] = append(b[i], y)
		}
		round[i]++
		return x
	})
	return a, b
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/1e6) }

func ratio(d, bash time.Duration) string {
	if bash == 0 || d == bash {
		return ""
	}
	return fmt.Sprintf(" (%.2f×)", float64(d)/float64(bash))
}

// interleave runs f n times for each case, one case after the other in
// turn (after one warm-up round), and returns each case's figures.
func interleave(n int, cases []tableCase, f func(tableCase) time.Duration) [][]time.Duration {
	out := make([][]time.Duration, len(cases))
	for round := -1; round < n; round++ {
		for i, c := range cases {
			d := f(c)
			if round >= 0 {
				out[i] = append(out[i], d)
			}
		}
	}
	return out
}

func timeRunIn(s shellSpec, argv ...string) time.Duration {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env, cmd.Dir = s.env, s.dir
	start := time.Now()
	_ = cmd.Run()
	return time.Since(start)
}

func shellVersion(name string) string {
	out, err := exec.Command(name, "--version").Output()
	if err != nil {
		return ""
	}
	m := regexp.MustCompile(`\d+\.\d+(\.\d+)?`).Find(out)
	return string(m)
}
