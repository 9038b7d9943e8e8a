package history

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/reeflective/readline"

	"github.com/lacy-sh/lacy/internal/testfs"
)

var _ readline.History = (*Lines)(nil)

// open opens a store on path and waits for its load and first index.
func open(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	<-s.Loaded()
	return s
}

// indexAll indexes every entry in memory synchronously, so Suggest takes
// the index path for all of them.
func indexAll(s *Store) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := *s.view.Load()
	v.idx = buildIndex(&v)
	s.view.Store(&v)
}

func commands(s *Store) []string {
	var out []string
	for _, e := range s.All() {
		out = append(out, e.Command)
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "lacy", "history")
	when := time.UnixMilli(1_700_000_000_123)
	want := []Entry{
		{Command: "ls -la", Cwd: "/home/u", Exit: 0, Duration: 12 * time.Millisecond},
		{Command: "if true; then\n  echo inside\nfi", Cwd: "/tmp", Exit: 1, Duration: time.Second},
		{Command: "printf 'a\\tb\\n' \t| tr -d '\\\\'", Cwd: "/a\tb/c\\d", Exit: 127},
		{Command: "echo héllo 世界 \r", Cwd: "/home/ü", Exit: -1, Duration: 90 * time.Minute},
		{Command: `echo \n is not a newline`, Cwd: "/", Exit: 130},
	}
	s := open(t, path)
	for i := range want {
		want[i].Time = when.Add(time.Duration(i) * time.Second)
		want[i].Session = "sess\t" + strconv.Itoa(i%2)
		if err := s.Append(want[i]); err != nil {
			t.Fatal(err)
		}
	}
	check := func(s *Store) {
		t.Helper()
		var got []Entry
		for _, e := range s.All() {
			got = append(got, e)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("entries (-want +got):\n%s", diff)
		}
	}
	check(s)
	check(open(t, path))
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("history file mode: %v, %v; want 0600", fi.Mode(), err)
	}
}

func TestAppendDrops(t *testing.T) {
	t.Parallel()
	s := open(t, filepath.Join(t.TempDir(), "history"))
	s.SetFilter(func(cmd string) bool { return !strings.Contains(cmd, "API_KEY=") })
	for _, tc := range []struct {
		cmd  string
		kept bool
	}{
		{"echo one", true},
		{"echo one", false}, // consecutive duplicate
		{"", false},
		{"   ", false},
		{"\n", false},
		{" secret-command", false}, // ignorespace
		{"API_KEY=abc curl x", false},
		{"echo two", true},
		{"echo one", true}, // not consecutive
	} {
		before := s.Len()
		if err := s.Append(Entry{Command: tc.cmd}); err != nil {
			t.Fatal(err)
		}
		if kept := s.Len() > before; kept != tc.kept {
			t.Errorf("Append(%q): kept=%v, want %v", tc.cmd, kept, tc.kept)
		}
	}
	s.SetFilter(nil)
	if err := s.Append(Entry{Command: "API_KEY=abc curl x"}); err != nil || s.Len() != 4 {
		t.Errorf("after SetFilter(nil): len %d, err %v; want 4 entries", s.Len(), err)
	}
	if e := s.At(0); e.Session != s.Session() || e.Time.IsZero() {
		t.Errorf("defaults not filled in: %+v", e)
	}
}

func TestDamagedLinesSkipped(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "history")
	good := func(cmd string) string {
		return string(appendEntry(nil, &Entry{Command: cmd, Time: time.UnixMilli(1), Cwd: "/", Session: "s"}))
	}
	content := good("one") +
		"garbage without tabs\n" +
		"1\t2\t3\ts\t/\n" + // five fields
		"x\t2\t3\ts\t/\tcmd\n" + // bad time
		"1\t2\t3\ts\t/\tbad \\q escape\n" +
		"1\t2\t3\ts\t/\t\n" + // empty command
		"1\t2\t3\ts\t/\tcmd\textra\n" +
		"\n" +
		good("two") +
		"\x00\xff\xfe binary\n" +
		"1700000000000\t2\t0\tse" // crash in the middle of a write
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	s := open(t, path)
	if got, want := commands(s), []string{"one", "two"}; !slices.Equal(got, want) {
		t.Errorf("loaded %q, want %q", got, want)
	}
	if got := s.Damaged(); got != 7 {
		t.Errorf("Damaged() = %d, want 7", got)
	}
	// The torn line stays damaged, but the next entry is whole.
	if err := s.Append(Entry{Command: "three"}); err != nil {
		t.Fatal(err)
	}
	if got, want := commands(s), []string{"one", "two", "three"}; !slices.Equal(got, want) {
		t.Errorf("after append %q, want %q", got, want)
	}
	if got := s.Damaged(); got != 8 {
		t.Errorf("Damaged() = %d, want 8 (the torn line)", got)
	}
}

func TestSessionsSeeEachOther(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "history")
	a, b := open(t, path), open(t, path)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(a.Append(Entry{Command: "from a"}))
	must(b.Refresh())
	must(b.Append(Entry{Command: "from b"}))
	must(a.Append(Entry{Command: "from a again"}))
	want := []string{"from a", "from b", "from a again"}
	if got := commands(a); !slices.Equal(got, want) {
		t.Errorf("a sees %q, want %q", got, want)
	}
	must(b.Refresh())
	if got := commands(b); !slices.Equal(got, want) {
		t.Errorf("b sees %q, want %q", got, want)
	}
	if got, ok := b.Suggest("from a", ""); !ok || got != "from a again" {
		t.Errorf("b.Suggest = %q, %v", got, ok)
	}
	if c := open(t, path); !slices.Equal(commands(c), want) {
		t.Errorf("new session sees %q, want %q", commands(c), want)
	}
}

func TestTruncatedFileReloads(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "history")
	s := open(t, path)
	for _, c := range []string{"a1", "a2", "a3"} {
		if err := s.Append(Entry{Command: c}); err != nil {
			t.Fatal(err)
		}
	}
	line := appendEntry(nil, &Entry{Command: "b1", Time: time.UnixMilli(5), Session: "x"})
	if err := os.WriteFile(path, line, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := s.Refresh(); err != nil {
		t.Fatal(err)
	}
	if got := commands(s); !slices.Equal(got, []string{"b1"}) {
		t.Errorf("after truncation: %q", got)
	}
}

// TestConcurrentStores appends from several stores on one file, each used
// by several goroutines, and checks that nothing is lost or torn.
func TestConcurrentStores(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "history")
	const stores, goroutines, each = 4, 4, 50
	var wg sync.WaitGroup
	for si := range stores {
		s := open(t, path)
		for g := range goroutines {
			wg.Go(func() {
				for i := range each {
					cmd := fmt.Sprintf("echo %d %d %d\nline two", si, g, i)
					if err := s.Append(Entry{Command: cmd, Cwd: "/c"}); err != nil {
						t.Error(err)
					}
				}
			})
		}
	}
	wg.Wait()
	checkAll(t, path, stores*goroutines*each)
}

func checkAll(t *testing.T, path string, want int) {
	t.Helper()
	s := open(t, path)
	seen := map[string]bool{}
	for _, c := range commands(s) {
		seen[c] = true
	}
	if len(seen) != want || s.Len() != want || s.Damaged() != 0 {
		t.Errorf("got %d entries (%d distinct, %d damaged), want %d", s.Len(), len(seen), s.Damaged(), want)
	}
}

// TestConcurrentProcesses appends from several processes at once.
func TestConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	t.Parallel()
	path := filepath.Join(t.TempDir(), "history")
	const procs, each = 4, 100
	var wg sync.WaitGroup
	for p := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
		cmd.Env = append(os.Environ(), "LACY_HISTORY_HELPER="+path, "LACY_HISTORY_HELPER_ID="+strconv.Itoa(p), "LACY_HISTORY_HELPER_N="+strconv.Itoa(each))
		wg.Go(func() {
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("helper %d: %v\n%s", p, err, out)
			}
		})
	}
	wg.Wait()
	checkAll(t, path, procs*each)
}

func TestHelperProcess(t *testing.T) {
	path := os.Getenv("LACY_HISTORY_HELPER")
	if path == "" {
		t.Skip("helper for TestConcurrentProcesses")
	}
	n, _ := strconv.Atoi(os.Getenv("LACY_HISTORY_HELPER_N"))
	s := open(t, path)
	for i := range n {
		if err := s.Append(Entry{Command: fmt.Sprintf("proc %s cmd %d", os.Getenv("LACY_HISTORY_HELPER_ID"), i)}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSuggest(t *testing.T) {
	t.Parallel()
	hist := []struct{ cmd, cwd string }{
		{"git status", "/a"},
		{"git commit -m one", "/a"},
		{"go test ./...", "/b"},
		{"git push", "/b"},
		{"git status", "/b"},
		{"make", "/a"},
		{"git", "/a"},
		{"echo multi\nline", "/a"},
	}
	tests := []struct {
		prefix, cwd string
		want        string
	}{
		{"g", "", "git status"}, // run twice: more than the newer git
		{"git st", "", "git status"},
		{"git ", "", "git status"},
		{"git c", "", "git commit -m one"},
		{"git p", "/a", "git push"}, // nothing in /a: fall back to anywhere
		{"git s", "/a", "git status"},
		{"g", "/a", "git"},
		{"go", "/a", "go test ./..."},
		{"git ", "/a", "git commit -m one"},
		{"git", "", "git status"}, // exact entry "git" is not a suggestion
		{"make", "", ""},
		{"", "", ""},
		{"x", "", ""},
		{"echo m", "/nowhere", "echo multi\nline"},
		{"gitx", "", ""},
		{"\xff", "", ""},
	}
	for _, indexed := range []bool{false, true} {
		s := open(t, filepath.Join(t.TempDir(), "history"))
		for _, h := range hist {
			if err := s.Append(Entry{Command: h.cmd, Cwd: h.cwd}); err != nil {
				t.Fatal(err)
			}
		}
		if indexed {
			indexAll(s)
		}
		for _, tc := range tests {
			got, ok := s.Suggest(tc.prefix, tc.cwd)
			if got != tc.want || ok != (tc.want != "") {
				t.Errorf("indexed=%v Suggest(%q, %q) = %q, %v; want %q", indexed, tc.prefix, tc.cwd, got, ok, tc.want)
			}
		}
	}
}

// TestSuggestMatchesScan checks the index against a linear scan on random
// histories, with part of the entries past the index.
func TestSuggestMatchesScan(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a", "b", "ab", "ba", "aa", "b b"}
	dirs := []string{"/x", "/y", "/z"}
	for round := range 20 {
		s := open(t, filepath.Join(t.TempDir(), "history"))
		n := 50 + r.IntN(200)
		var all []Entry
		for i := range n {
			e := Entry{Command: words[r.IntN(len(words))] + words[r.IntN(len(words))], Cwd: dirs[r.IntN(len(dirs))]}
			if err := s.Append(e); err != nil {
				t.Fatal(err)
			}
			if i == n/2 {
				indexAll(s)
			}
		}
		for _, e := range s.All() {
			all = append(all, e)
		}
		// The reference: each command's score is the sum of 2^(i/halfLife)
		// over its runs i; the best wins, the newest among equals.
		scan := func(prefix, cwd string) string {
			score := map[string]float64{}
			newest := map[string]int{}
			for i, e := range all {
				if (cwd == "" || e.Cwd == cwd) && len(e.Command) > len(prefix) && strings.HasPrefix(e.Command, prefix) {
					score[e.Command] += math.Exp2(float64(i-len(all)) / halfLife)
					newest[e.Command] = i
				}
			}
			best := ""
			for c, sc := range score {
				if best == "" || sc > score[best]+1e-9 || math.Abs(sc-score[best]) <= 1e-9 && newest[c] > newest[best] {
					best = c
				}
			}
			return best
		}
		for _, p := range append(words, "ab ", "b ") {
			for _, d := range append(dirs, "", "/none") {
				want := scan(p, d)
				if want == "" && d != "" {
					want = scan(p, "")
				}
				if got, _ := s.Suggest(p, d); got != want {
					t.Fatalf("round %d: Suggest(%q, %q) = %q, want %q", round, p, d, got, want)
				}
			}
		}
	}
}

func TestLines(t *testing.T) {
	t.Parallel()
	s := open(t, filepath.Join(t.TempDir(), "history"))
	l := s.Readline()
	if n, err := l.Write("ignored"); n != 0 || err != nil || l.Len() != 0 {
		t.Errorf("Write recorded something: %d, %v, len %d", n, err, l.Len())
	}
	for _, c := range []string{"one", "two"} {
		if err := s.Append(Entry{Command: c}); err != nil {
			t.Fatal(err)
		}
	}
	if l.Len() != 2 {
		t.Fatalf("Len() = %d, want 2", l.Len())
	}
	for i, want := range []string{"one", "two"} {
		if got, err := l.GetLine(i); got != want || err != nil {
			t.Errorf("GetLine(%d) = %q, %v", i, got, err)
		}
	}
	for _, i := range []int{-1, 2} {
		if _, err := l.GetLine(i); err == nil {
			t.Errorf("GetLine(%d): no error", i)
		}
	}
	var back []string
	for _, e := range s.Backward() {
		back = append(back, e.Command)
	}
	if !slices.Equal(back, []string{"two", "one"}) {
		t.Errorf("Backward: %q", back)
	}
}

func TestClosed(t *testing.T) {
	t.Parallel()
	s, err := Open(filepath.Join(t.TempDir(), "history"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(Entry{Command: "x"}); err != ErrClosed {
		t.Errorf("Append after Close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func FuzzDecodeLine(f *testing.F) {
	f.Add([]byte("1700000000000\t12\t0\tsess\t/home/u\tls -la"))
	f.Add([]byte("1\t2\t3\ts\t/\tif x; then\\n  y\\nfi\\t\\\\"))
	f.Add([]byte("-1\t-2\t-3\t\t\tx"))
	f.Add([]byte("1\t2\t3\ts\t/\tbad \\q"))
	f.Fuzz(func(t *testing.T, line []byte) {
		r, ok := decodeLine(line)
		if !ok {
			return
		}
		e := Entry{
			Command:  unescape(r.command),
			Time:     entryTime(r.timeMs),
			Cwd:      unescape(r.cwd),
			Exit:     r.exit,
			Duration: time.Duration(r.durMs) * time.Millisecond,
			Session:  unescape(r.session),
		}
		enc := appendEntry(nil, &e)
		r2, ok := decodeLine(enc[:len(enc)-1])
		if !ok {
			t.Fatalf("re-encoded line %q does not decode", enc)
		}
		if unescape(r2.command) != e.Command || unescape(r2.cwd) != e.Cwd || unescape(r2.session) != e.Session ||
			r2.timeMs != r.timeMs || r2.exit != r.exit {
			t.Fatalf("round trip changed %q into %q", line, enc)
		}
	})
}

func FuzzEncodeDecode(f *testing.F) {
	f.Add("ls", "/", "s")
	f.Add("a\tb\nc\\d\r", "/x\ty", "")
	f.Fuzz(func(t *testing.T, cmd, cwd, sess string) {
		if cmd == "" {
			return
		}
		e := Entry{Command: cmd, Cwd: cwd, Session: sess, Time: time.UnixMilli(42), Exit: 3}
		enc := appendEntry(nil, &e)
		if strings.Count(string(enc), "\n") != 1 {
			t.Fatalf("encoded entry spans lines: %q", enc)
		}
		r, ok := decodeLine(enc[:len(enc)-1])
		if !ok || unescape(r.command) != cmd || unescape(r.cwd) != cwd || unescape(r.session) != sess {
			t.Fatalf("%q did not round trip", enc)
		}
	})
}

func TestLinesWindowWhileTyping(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "history"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	<-s.Loaded()
	for i := range Window + 10 {
		if err := s.Append(Entry{Command: fmt.Sprintf("cmd %d", i), Time: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	l := s.Readline()
	if l.Len() != Window+10 {
		t.Fatalf("full history: Len %d", l.Len())
	}
	l.SetTyping(true)
	if l.Len() != Window {
		t.Fatalf("while typing: Len %d, want %d", l.Len(), Window)
	}
	// Indexes stay relative to the newest entry, so readline's walk from the
	// end is the same either way.
	last, _ := l.GetLine(l.Len() - 1)
	first, _ := l.GetLine(0)
	if last != fmt.Sprintf("cmd %d", Window+9) || first != "cmd 10" {
		t.Fatalf("window: first %q last %q", first, last)
	}
	l.SetTyping(false)
	if first, _ := l.GetLine(0); first != "cmd 0" {
		t.Fatalf("full history starts at %q", first)
	}
}

func TestExpand(t *testing.T) {
	past := []string{"echo first", "git commit -m 'a msg' file.go", `echo one "two three" | wc -l`}
	event := func(n int) (string, bool) {
		if n < 0 { // history number -n, 1-based
			if -n > len(past) {
				return "", false
			}
			return past[-n-1], true
		}
		if n < 1 || n > len(past) {
			return "", false
		}
		return past[len(past)-n], true
	}
	tests := []struct {
		in, want string
		expanded bool
		err      string
	}{
		{"ls", "ls", false, ""},
		{"!!", `echo one "two three" | wc -l`, true, ""},
		{"sudo !!", `sudo echo one "two three" | wc -l`, true, ""},
		{"echo !$", "echo -l", true, ""},
		{"echo !^", `echo one`, true, ""},
		{"echo !*", `echo one "two three" | wc -l`, true, ""},
		{"echo !-2:$", "echo file.go", true, ""},
		{"!-2", "git commit -m 'a msg' file.go", true, ""},
		{"!1", "echo first", true, ""},
		{"echo !1:^", "echo first", true, ""},
		{"!9", "", false, "!9: event not found"},
		{"echo '!!'", "echo '!!'", false, ""},
		{`echo \!!`, `echo \!!`, false, ""},
		{`echo "!$"`, `echo "-l"`, true, ""},
		{"! false", "! false", false, ""},
		{"!ls -l", "!ls -l", false, ""},
		{"echo hi!", "echo hi!", false, ""},
		{"[ a != b ]", "[ a != b ]", false, ""},
		{"echo $((1 != 2))", "echo $((1 != 2))", false, ""},
	}
	for _, tt := range tests {
		got, expanded, err := Expand(tt.in, event)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("Expand(%q) error = %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want || expanded != tt.expanded {
			t.Errorf("Expand(%q) = %q, %v, %v; want %q, %v", tt.in, got, expanded, err, tt.want, tt.expanded)
		}
	}
}

func TestSplitWords(t *testing.T) {
	got := SplitWords(`a "b c" 'd e'|f>g &&h \ i`)
	want := []string{"a", `"b c"`, "'d e'", "|", "f", ">", "g", "&&", "h", `\ i`}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("SplitWords = %q, want %q", got, want)
	}
}

func FuzzExpand(f *testing.F) {
	for _, s := range []string{"!!", "echo !$", "!-2:^", `"!$" '!!' \!`, "!12:*", "!"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		out, expanded, err := Expand(line, func(int) (string, bool) { return "prev cmd", true })
		if err == nil && !expanded && out != line {
			t.Fatalf("unexpanded line changed: %q → %q", line, out)
		}
	})
}

// On a full disk an entry is stored whole or not at all, and Append says so.
func TestFullDiskKeepsEntriesWhole(t *testing.T) {
	dir := testfs.Small(t, "64k")
	path := filepath.Join(dir, "history")
	s := open(t, path)
	testfs.Fill(t, dir, 4096) // one page: an entry will be cut at its end
	var stored []string
	var failed error
	for i := 0; i < 2000 && failed == nil; i++ {
		cmd := fmt.Sprintf("echo entry-%04d %s", i, strings.Repeat("x", 3000)) // cut inside the command
		if err := s.Append(Entry{Command: cmd}); err != nil {
			failed = err
		} else {
			stored = append(stored, cmd)
		}
	}
	if failed == nil || !strings.Contains(failed.Error(), "no space left on device") {
		t.Fatalf("Append on a full disk: %v", failed)
	}
	// Space comes back; the next entry must not complete a cut one.
	if err := os.Remove(filepath.Join(dir, "filler")); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(Entry{Command: "echo after"}); err != nil {
		t.Fatal(err)
	}
	stored = append(stored, "echo after")
	s.Close()
	again := open(t, path)
	defer again.Close()
	if again.Damaged() != 0 {
		t.Fatalf("%d damaged entries after a full disk", again.Damaged())
	}
	var got []string
	for _, e := range again.All() {
		got = append(got, e.Command)
	}
	if diff := cmp.Diff(stored, got); diff != "" {
		t.Fatalf("entries after a full disk (-appended +stored):\n%s", diff)
	}
}
