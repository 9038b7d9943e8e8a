package complete

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// bridge returns a bridge, or skips the test where bash or bash-completion
// is missing (`make test` installs them where it can).
func bridge(t testing.TB) *Bridge {
	t.Helper()
	b := NewBridge("", "")
	if b == nil {
		t.Skip("bash or bash-completion is not installed")
	}
	t.Cleanup(b.Close)
	return b
}

// gitRepo makes a git repository with a branch and a Makefile.
func gitRepo(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	for _, args := range [][]string{
		{"init", "-q", "-b", "main"},
		{"-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init"},
		{"branch", "feature-x"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	mk := "clean:\n\trm -f x\nbuild:\n\ttrue\n"
	if err := os.WriteFile(filepath.Join(dir, "Makefile"), []byte(mk), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "My Documents"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestBridge(t *testing.T) {
	b := bridge(t)
	dir := gitRepo(t)
	getenv := func(n string) string { return os.Getenv(n) }
	tests := []struct {
		line   string
		prefix string
		want   []string // values that must be among the candidates ("x " means x then a space)
		not    []string
	}{
		{"git chec", "chec", []string{"checkout "}, nil},
		{"git checkout fea", "fea", []string{"feature-x "}, nil},
		{"make cle", "cle", []string{"clean "}, nil},
		{"make ", "", []string{"clean ", "build "}, nil},
		{"sudo git chec", "chec", []string{"checkout "}, nil},
		{"ls My", "My", []string{`My\ Documents/`}, nil},
		{`ls "My`, `"My`, []string{`"My Documents/`}, nil},
		{"git --git-dir=.", ".", nil, nil},
		{"cd My", "My", []string{`My\ Documents/`}, []string{"notes.txt "}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			res, ok := b.Complete(Request{Line: tt.line, Cursor: len(tt.line), Dir: dir, Getenv: getenv})
			if !ok {
				t.Fatalf("no answer")
			}
			if res.Prefix != tt.prefix {
				t.Errorf("prefix %q, want %q", res.Prefix, tt.prefix)
			}
			var got []string
			for _, c := range res.Candidates {
				v := c.Value
				if c.Space {
					v += " "
				}
				got = append(got, v)
			}
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("%q missing from %q", w, got)
				}
			}
			for _, w := range tt.not {
				if slices.Contains(got, w) {
					t.Errorf("%q in %q", w, got)
				}
			}
		})
	}
}

// Words the bridge must leave to the package's own completion.
func TestBridgeDeclines(t *testing.T) {
	b := bridge(t)
	for _, line := range []string{"gi", "echo $HO", "ls > a", "# git chec", "lacy-no-such-command-x a"} {
		if res, ok := b.Complete(Request{Line: line, Cursor: len(line), Dir: t.TempDir()}); ok {
			t.Errorf("%q: bridge answered %+v", line, res)
		}
	}
}

// A completion function slower than the wait leaves Tab without an answer
// but keeps the bash (its answer is dropped at the next Tab); one that
// hangs past the kill timeout is killed and the next request starts a new
// bash. Only the waits that must run out are short: every wait for an
// answer is long, so a loaded machine slows the test without failing it.
func TestBridgeTimeouts(t *testing.T) {
	long := 60 * time.Second
	defer func(d time.Duration) { FirstTimeout = d }(FirstTimeout)
	FirstTimeout = long // a bash's first request and a command's first Tab
	b := bridge(t)
	b.SetTimeouts(100*time.Millisecond, long)
	b.Replay([]string{
		"_lacy_slow() { sleep 0.5; COMPREPLY=(late); }; complete -F _lacy_slow slowcmd",
		"_lacy_hang() { sleep 30; }; complete -F _lacy_hang hangcmd",
		"complete -W 'alpha beta' wcmd",
	})
	q := func(w ...string) (Reply, error) {
		line := strings.Join(w, " ")
		return b.Query(Query{Words: w, CWord: len(w) - 1, Line: line, Point: len(line), Dir: "/"})
	}
	if _, err := q("wcmd", "a"); err != nil {
		t.Fatal(err)
	}
	if _, err := q("slowcmd", ""); err != nil {
		t.Fatalf("a command's first Tab waits up to FirstTimeout: %v", err)
	}
	if _, err := q("slowcmd", ""); err != ErrTimeout {
		t.Fatalf("err = %v, want a timeout", err)
	}
	// The next Tab waits for the late answer (a long wait: it arrives after
	// 0.5 s), drops it and asks the same bash.
	b.SetTimeouts(long, long)
	if r, err := q("wcmd", "al"); err != nil || len(r.Values) != 1 || r.Values[0] != "alpha" {
		t.Fatalf("after a late answer: %v %v", r, err)
	}
	if b.started != 1 {
		t.Errorf("a late answer restarted bash (%d started)", b.started)
	}
	FirstTimeout = 100 * time.Millisecond // hangcmd's first Tab must give up too
	b.SetTimeouts(100*time.Millisecond, 300*time.Millisecond)
	if _, err := q("hangcmd", ""); err != ErrTimeout {
		t.Fatalf("hang: err = %v, want a timeout", err)
	}
	// The next Tab waits past the kill timeout, kills the hung bash and
	// starts a new one with the replayed specs.
	FirstTimeout = long
	b.SetTimeouts(long, 300*time.Millisecond)
	if r, err := q("wcmd", "al"); err != nil || len(r.Values) != 1 || r.Values[0] != "alpha" {
		t.Fatalf("after a hang, a new bash with the replayed spec should answer: %v %v", r, err)
	}
	if b.started != 2 {
		t.Errorf("%d bash processes started, want 2", b.started)
	}
}

func TestSplitWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"git chec", []string{"git", "chec"}},
		{"git ", []string{"git", ""}},
		{`ls "a b" c\ d 'e f`, []string{"ls", `"a b"`, `c\ d`, `'e f`}},
		{"a  \\\n b", []string{"a", "b"}},
	}
	for _, tt := range tests {
		if got := splitWords(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("splitWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// benchBridge measures a Tab through the bridge (BenchmarkComplete/bridge):
// bash-completion's functions already loaded, in a git repository.
func benchBridge(b *testing.B) {
	br := bridge(b)
	dir := gitRepo(b)
	// The first Tab of a session: start bash, load bash-completion, answer.
	b.Run("first", func(b *testing.B) {
		req := Request{Line: "make cle", Cursor: 8, Dir: dir, Getenv: os.Getenv}
		for b.Loop() {
			fresh := NewBridge("", "")
			if _, ok := fresh.Complete(req); !ok {
				b.Fatal("no answer")
			}
			fresh.Close()
		}
	})
	// The bridge's own cost: a `complete -W` spec needs no completion function.
	br.Replay([]string{"complete -W 'alpha beta' wcmd"})
	for _, line := range []string{"wcmd al", "git chec", "git checkout fea", "make cle", "ls My"} {
		b.Run(line, func(b *testing.B) {
			req := Request{Line: line, Cursor: len(line), Dir: dir, Getenv: os.Getenv}
			if _, ok := br.Complete(req); !ok {
				b.Fatal("no answer")
			}
			b.ReportAllocs()
			for b.Loop() {
				if res, ok := br.Complete(req); !ok || len(res.Candidates) == 0 {
					b.Fatal("no answer")
				}
			}
		})
	}
}

func FuzzSplitWords(f *testing.F) {
	for _, s := range []string{"git chec", `ls "a b" c\ d 'e f`, "a  \\\n b", "", `"`, `\`, "x 'y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words := splitWords(s)
		if len(words) == 0 {
			t.Fatal("no words")
		}
		for _, w := range words[:len(words)-1] {
			if w == "" || !strings.Contains(s, w) {
				t.Fatalf("word %q of %q", w, s)
			}
		}
	})
}

func FuzzParseLSColors(f *testing.F) {
	f.Add("di=01;34:ln=01;36:*.tar=01;31", "a.tar", uint32(0o644))
	f.Add("", "dir", uint32(fs.ModeDir))
	f.Fuzz(func(t *testing.T, s, name string, mode uint32) {
		st := ParseLSColors(s).Style(name, fs.FileMode(mode))
		if st != "" && (!strings.HasPrefix(st, "\x1b[") || !strings.HasSuffix(st, "m") || strings.Trim(st[2:len(st)-1], "0123456789;") != "") {
			t.Fatalf("style %q is not one SGR sequence", st)
		}
	})
}

// FuzzReadReply feeds the reply parser what a broken or hostile completion
// function could make bash print: it returns an error or a reply, never
// panics or allocates for a huge count it cannot read.
func FuzzReadReply(f *testing.F) {
	f.Add([]byte(" filenames \x002\x00a\x00b\x00"))
	f.Add([]byte("nospec\x000\x00"))
	f.Add([]byte(" \x00999999999999\x00x\x00"))
	f.Add([]byte(" \x00-1\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := readReply(bufio.NewReader(bytes.NewReader(b)))
		if err == nil && r.Opts == nil {
			t.Fatal("a reply without options")
		}
	})
}

// Words that start with ~/ or $HOME/ complete through bash-completion as
// typed: the candidate keeps the ~ or the variable (issue 18, item 3).
func TestBridgeTildeAndVariablePaths(t *testing.T) {
	b := bridge(t)
	home := t.TempDir()
	for _, d := range []string{"projects", "notes", "My Stuff"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(home, "notes", "todo.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	getenv := func(n string) string {
		if n == "HOME" || n == "H" {
			return home
		}
		return os.Getenv(n)
	}
	tests := []struct{ line, want string }{
		{"cd ~/pr", "~/projects/"},
		{"cat ~/notes/t", "~/notes/todo.txt "},
		{"cd $HOME/pr", "$HOME/projects/"},
		{"cat $HOME/notes/t", "$HOME/notes/todo.txt "},
		{"cat ${HOME}/notes/t", "${HOME}/notes/todo.txt "},
		{"cat $H/no", "$H/notes/"},
		{"cd ~/My", `~/My\ Stuff/`},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			res, ok := b.Complete(Request{Line: tt.line, Cursor: len(tt.line), Dir: "/", Home: home, Getenv: getenv})
			if !ok {
				t.Fatal("no answer")
			}
			var got []string
			for _, c := range res.Candidates {
				v := c.Value
				if c.Space {
					v += " "
				}
				got = append(got, v)
			}
			if !slices.Equal(got, []string{tt.want}) {
				t.Errorf("got %q, want [%q]", got, tt.want)
			}
		})
	}
}

// A `complete -C CMD` program gets the line in COMP_LINE/COMP_POINT (in its
// environment) and the command, the word and the previous word as
// arguments; its lines are the candidates, after -F's, as in bash.
func TestBridgeCompleteCommand(t *testing.T) {
	b := bridge(t)
	b.Replay([]string{
		`_lacy_cc() { printf '%s\n' "env=${COMP_LINE-unset}:$COMP_POINT" "args=$1,$2,$3"; }; complete -C '_lacy_cc' cccmd`,
		`complete -C 'sh -c "echo \"sh=\$COMP_LINE\""' ccsh`,
	})
	q := func(w ...string) Reply {
		line := strings.Join(w, " ")
		r, err := b.Query(Query{Words: w, CWord: len(w) - 1, Line: line, Point: len(line), Dir: "/"})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := q("cccmd", "pre", "cu"); !slices.Equal(r.Values, []string{"env=cccmd pre cu:12", "args=cccmd,cu,pre"}) {
		t.Errorf("function: %q", r.Values)
	}
	if r := q("ccsh", "x"); !slices.Equal(r.Values, []string{"sh=ccsh x"}) {
		t.Errorf("program: %q", r.Values)
	}
}
