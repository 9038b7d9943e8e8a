package depcheck

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// initBudget is, per binary, how many heap allocations all its packages'
// initialisation may make before main (GODEBUG=inittrace=1, `-c true`).
// Allocations, not time: they are the same on every machine and every run,
// while time swings with the load. Go runs every linked package's
// initialisation at every start, so a table, map or regular expression built
// in a package-level var is paid for by every `lacy -c`, used or not; build
// it on first use instead (internal/lazy, docs/performance.md). Measured
// when set (26 Nov 2026, this environment; a few allocations vary between
// runs): lacy 98 in 40 packages (the standard library's: unicode's tables
// for regexp, net/netip for net/url, internal/godebug, os, base64 for
// encoding/json, text/template's parser), lacy-full 1267 (encoding/gob,
// jsonschema, the MCP SDK). Before the forks of gopher-lua and go-runewidth
// and zap's patch 002: 299-308 and 1473-1481; before the first budget: 320
// (the lean lacy), 1488 (lacy-shell), 2602, with a user's environment.
var initBudget = []struct {
	cmd    string // a directory under cmd/
	allocs int
}{
	{"lacy", 120},
	{"lacy-full", 1350},
}

// initTrace is one package's line of GODEBUG=inittrace=1.
type initTrace struct {
	pkg    string
	allocs int
	bytes  int
}

// parseInitTrace reads the inittrace lines of a run ("init PKG @T ms, C ms
// clock, B bytes, A allocs"), leaving out the runtime's own.
func parseInitTrace(out []byte) []initTrace {
	var ts []initTrace
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 11 || f[0] != "init" || f[1] == "runtime" || f[8] != "bytes," || f[10] != "allocs" {
			continue
		}
		b, _ := strconv.Atoi(f[7])
		a, _ := strconv.Atoi(f[9])
		ts = append(ts, initTrace{pkg: f[1], allocs: a, bytes: b})
	}
	return ts
}

func TestPackageInitAllocationsStayWithinBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the three binaries")
	}
	dir := t.TempDir()
	args := []string{"build", "-trimpath", "-o", dir + string(filepath.Separator)}
	for _, b := range initBudget {
		args = append(args, "../../cmd/"+b.cmd)
	}
	build := exec.Command("go", args...)
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	home := t.TempDir()
	for _, b := range initBudget {
		name := b.cmd
		cmd := exec.Command(filepath.Join(dir, name), "-c", "true")
		// A fixed, small environment: the environment's size changes what
		// reading it allocates (os.Getenv copies it into a map once).
		cmd.Env = []string{"GODEBUG=inittrace=1", "HOME=" + home, "PATH=/usr/bin:/bin", "TERM=dumb"}
		cmd.Dir = home
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s -c true: %v\n%s", name, err, stderr.Bytes())
		}
		ts := parseInitTrace(stderr.Bytes())
		if len(ts) == 0 {
			t.Fatalf("%s: no inittrace lines in\n%s", name, stderr.Bytes())
		}
		total := 0
		for _, tr := range ts {
			total += tr.allocs
		}
		t.Logf("%s: %d packages initialised, %d allocations", name, len(ts), total)
		if name == "lacy" {
			checkStackGrowsFirst(t, name, ts)
		}
		if total > b.allocs {
			slices.SortFunc(ts, func(x, y initTrace) int { return y.allocs - x.allocs })
			var top strings.Builder
			for _, tr := range ts[:min(len(ts), 12)] {
				fmt.Fprintf(&top, "\n\t%5d allocs %7d bytes  %s", tr.allocs, tr.bytes, tr.pkg)
			}
			t.Errorf("%s: package initialisation made %d allocations, budget %d; build on first use what a start does not need (internal/lazy). Largest:%s",
				name, total, b.allocs, top.String())
		}
	}
}

// stackGrow is the package that grows the shell's main goroutine stack once,
// while shallow; it only saves the later, deeper growths if it initialises
// before any package that grows the stack (internal/godebug does).
const stackGrow = "github.com/lacy-sh/lacy/internal/stackgrow"

// checkStackGrowsFirst fails unless stackGrow initialises before every
// package outside the runtime's own.
func checkStackGrowsFirst(t *testing.T, name string, ts []initTrace) {
	t.Helper()
	for _, tr := range ts {
		switch {
		case tr.pkg == stackGrow:
			return
		case strings.HasPrefix(tr.pkg, "internal/runtime/") || tr.pkg == "internal/bytealg":
			continue
		default:
			t.Errorf("%s: %s initialises before %s, which then grows the stack a second time (does cmd/lacy still import it, and does it still have no imports?)", name, tr.pkg, stackGrow)
			return
		}
	}
	t.Errorf("%s: %s is not initialised: cmd/lacy imports it for the one stack growth of -c (docs/performance.md)", name, stackGrow)
}

func TestParseInitTrace(t *testing.T) {
	out := []byte("init runtime @0.02 ms, 0.04 ms clock, 0 bytes, 0 allocs\n" +
		"init unicode @1.6 ms, 0.045 ms clock, 11400 bytes, 16 allocs\n" +
		"lacy: something else\n" +
		"init github.com/lacy-sh/lacy/spec @1.9 ms, 0.021 ms clock, 440 bytes, 19 allocs\n")
	got := parseInitTrace(out)
	want := []initTrace{{"unicode", 16, 11400}, {"github.com/lacy-sh/lacy/spec", 19, 440}}
	if !slices.Equal(got, want) {
		t.Errorf("parseInitTrace = %v, want %v", got, want)
	}
}
