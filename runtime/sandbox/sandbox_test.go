package sandbox

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The test binary is its own launcher: started with Arg it applies the
// policy and execs the program, as lacy-full does.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == Arg {
		os.Exit(Main(os.Args[2:]))
	}
	if addr := os.Getenv("SANDBOX_TEST_DIAL"); addr != "" {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			os.Stderr.WriteString("dial: " + err.Error() + "\n")
			os.Exit(3)
		}
		c.Close()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// scratch is a home with canary secrets, a working tree and a temp dir.
type scratch struct {
	home, tree, tmp, outside string
}

func newScratch(t *testing.T) scratch {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := scratch{home: filepath.Join(base, "home"), tree: filepath.Join(base, "home", "src", "proj"),
		tmp: filepath.Join(base, "tmp"), outside: filepath.Join(base, "outside")}
	for _, d := range []string{s.home + "/.ssh", s.home + "/.aws", s.home + "/.config/gcloud", s.tree + "/sub", s.tmp, s.outside, s.home + "/.cache"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range map[string]string{
		s.home + "/.ssh/id_rsa":               "CANARY-SSH-KEY",
		s.home + "/.aws/credentials":          "CANARY-AWS",
		s.home + "/.netrc":                    "machine x password CANARY-NETRC",
		s.home + "/.config/gcloud/creds.json": "CANARY-GCLOUD",
		s.home + "/.bashrc":                   "# rc\n",
		s.home + "/notes.txt":                 "readable\n",
		s.tree + "/main.txt":                  "in the tree\n",
	} {
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(s.home+"/.ssh/id_rsa", s.tree+"/key-link"); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", s.home)
	t.Setenv("TMPDIR", s.tmp)
	return s
}

// run runs argv under p through the test binary as launcher, in dir.
func run(t *testing.T, p Policy, dir string, env []string, argv ...string) (string, error) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		t.Skipf("%s not installed", argv[0])
	}
	full := p.Command(self, path, argv)
	cmd := exec.Command(full[0], full[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func needLandlock(t *testing.T) {
	if !Available() {
		t.Skip("no Landlock in this kernel")
	}
}

// TestEscapes tries what a hostile command would: every read of a
// credential location and every write outside the tree fails, while
// ordinary work in the tree succeeds.
func TestEscapes(t *testing.T) {
	needLandlock(t)
	s := newScratch(t)
	p := For(s.tree, Config{})
	escapes := []struct {
		name string
		argv []string
	}{
		{"read ssh key", []string{"cat", s.home + "/.ssh/id_rsa"}},
		{"read aws", []string{"cat", s.home + "/.aws/credentials"}},
		{"read netrc", []string{"cat", s.home + "/.netrc"}},
		{"read gcloud", []string{"cat", s.home + "/.config/gcloud/creds.json"}},
		{"symlink in the tree to the key", []string{"cat", s.tree + "/key-link"}},
		{"encoded read", []string{"sh", "-c", "base64 ~/.ssh/id_rsa"}},
		{"archive of .ssh", []string{"sh", "-c", "tar -C ~ -cf - .ssh | tar -xOf -"}},
		{"grep the credentials", []string{"grep", "-r", "CANARY", s.home + "/.aws"}},
		{"overwrite bashrc", []string{"sh", "-c", "echo 'curl x|sh' >> ~/.bashrc"}},
		{"write outside", []string{"sh", "-c", "echo x > " + s.outside + "/f"}},
		{"plant authorized_keys", []string{"sh", "-c", "echo k > ~/.ssh/authorized_keys"}},
		{"delete outside", []string{"rm", s.home + "/notes.txt"}},
		{"hard link the key into the tree", []string{"ln", s.home + "/.ssh/id_rsa", s.tree + "/stolen"}},
	}
	for _, e := range escapes {
		t.Run(e.name, func(t *testing.T) {
			out, err := run(t, p, s.tree, nil, e.argv...)
			if err == nil && !strings.Contains(e.name, "archive") || strings.Contains(out, "CANARY") {
				t.Errorf("%v succeeded: %v %q", e.argv, err, out)
			}
		})
	}
	if b, _ := os.ReadFile(s.home + "/.bashrc"); string(b) != "# rc\n" {
		t.Errorf("bashrc changed: %q", b)
	}
	if _, err := os.Stat(s.home + "/notes.txt"); err != nil {
		t.Errorf("notes.txt deleted: %v", err)
	}

	work := [][]string{
		{"ls", "-la", "."},
		{"cat", "main.txt"},
		{"cat", s.home + "/notes.txt"},
		{"sh", "-c", "echo new > new.txt && cat new.txt && mkdir -p d/e && mv new.txt d/e/ && rm -r d"},
		{"sh", "-c", "echo t > $TMPDIR/scratch && cat $TMPDIR/scratch"},
		{"sh", "-c", "ls ~ >/dev/null"},
		{"git", "init", "-q", "."},
		{"sh", "-c", "git add main.txt && git -c user.name=a -c user.email=a@b commit -qm m && git status --short"},
	}
	for _, w := range work {
		if out, err := run(t, p, s.tree, nil, w...); err != nil {
			t.Errorf("%v failed in the sandbox: %v\n%s", w, err, out)
		}
	}
}

// TestGo runs go in the sandbox: building in the tree works.
func TestGo(t *testing.T) {
	needLandlock(t)
	if testing.Short() {
		t.Skip("builds a program")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skip("no go")
	}
	cache, _ := exec.Command("go", "env", "GOCACHE").Output() // warm: the test stays fast
	s := newScratch(t)
	os.WriteFile(s.tree+"/go.mod", []byte("module m\n\ngo 1.21\n"), 0o644)
	os.WriteFile(s.tree+"/main.go", []byte("package main\n\nfunc main() { println(\"ok\") }\n"), 0o644)
	gocache := strings.TrimSpace(string(cache))
	p := For(s.tree, Config{Write: []string{gocache}})
	env := []string{"GOCACHE=" + gocache, "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOROOT=" + strings.TrimSpace(string(goroot))}
	if out, err := run(t, p, s.tree, env, "go", "run", "."); err != nil || !strings.Contains(out, "ok") {
		t.Errorf("go run in the sandbox: %v\n%s", err, out)
	}
}

// TestNetwork: TCP is refused unless the config allows it.
func TestNetwork(t *testing.T) {
	needLandlock(t)
	if ABI() < 4 {
		t.Skip("no Landlock network rules")
	}
	s := newScratch(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	self, _ := os.Executable()
	env := []string{"SANDBOX_TEST_DIAL=" + l.Addr().String()}
	if out, err := run(t, For(s.tree, Config{}), s.tree, env, self); err == nil {
		t.Errorf("dialled out of a sandbox without network: %s", out)
	}
	if out, err := run(t, For(s.tree, Config{Network: true}), s.tree, env, self); err != nil {
		t.Errorf("network = true: %v %s", err, out)
	}
}

// TestConfigWrite: a path the config allows is writable, and read_deny
// adds to the defaults.
func TestConfigWrite(t *testing.T) {
	needLandlock(t)
	s := newScratch(t)
	p := For(s.tree, Config{Write: []string{s.outside}, ReadDeny: []string{"~/notes.txt"}})
	if out, err := run(t, p, s.tree, nil, "sh", "-c", "echo x > "+s.outside+"/f"); err != nil {
		t.Errorf("write to a config path: %v %s", err, out)
	}
	if out, err := run(t, p, s.tree, nil, "cat", s.home+"/notes.txt"); err == nil {
		t.Errorf("read_deny not applied: %s", out)
	}
}

// TestHomeTree: with the home directory as the working tree (no git
// repository), or a tree holding it, start-up files stay unwritable.
func TestHomeTree(t *testing.T) {
	needLandlock(t)
	s := newScratch(t)
	p := For(s.home, Config{})
	if p.Tree != "" {
		t.Fatalf("home as tree is writable: %+v", p)
	}
	if _, err := run(t, p, s.home, nil, "sh", "-c", "echo x >> ~/.bashrc"); err == nil {
		t.Error("wrote ~/.bashrc with home as the tree")
	}
	base := filepath.Dir(s.home)
	p = For(base, Config{})
	if _, err := run(t, p, base, nil, "sh", "-c", "echo x >> ~/.bashrc"); err == nil {
		t.Error("wrote ~/.bashrc with a tree holding home")
	}
	if out, err := run(t, p, base, nil, "sh", "-c", "echo x > "+s.outside+"/f"); err != nil {
		t.Errorf("a tree holding home is not writable beside it: %v %s", err, out)
	}
}

func TestCheck(t *testing.T) {
	s := newScratch(t)
	p := For(s.tree, Config{})
	cases := []struct {
		path  string
		write bool
		ok    bool
	}{
		{s.tree + "/x", true, true},
		{s.tree + "/main.txt", false, true},
		{s.tmp + "/x", true, true},
		{"/dev/null", true, true},
		{s.home + "/.bashrc", true, false},
		{s.home + "/.bashrc", false, true},
		{s.home + "/.ssh/id_rsa", false, false},
		{s.tree + "/key-link", false, false},
		{s.tree + "/../../.bashrc", true, false},
		{s.outside + "/f", true, false},
	}
	for _, c := range cases {
		if err := p.Check(c.path, c.write); (err == nil) != c.ok {
			t.Errorf("Check(%s, write=%v) = %v, want ok=%v", c.path, c.write, err, c.ok)
		}
	}
	if err := (Policy{Off: true}).Check(s.home+"/.ssh/id_rsa", false); err != nil {
		t.Errorf("off: %v", err)
	}
}

func TestDescribe(t *testing.T) {
	s := newScratch(t)
	d := For(s.tree, Config{}).Describe()
	if Available() && (!strings.Contains(d, "~/src/proj") || !strings.Contains(d, "no network") || !strings.Contains(d, "~/.ssh")) {
		t.Errorf("Describe() = %q", d)
	}
	if d := For(s.tree, Config{Off: true}).Describe(); !strings.Contains(d, "unsandboxed") {
		t.Errorf("off: %q", d)
	}
}

// TestHomeInTemp: with the home inside the temp dir (as in tests), the
// home stays read-only through the temp dir's grant, and a tree inside the
// home is writable.
func TestHomeInTemp(t *testing.T) {
	needLandlock(t)
	s := newScratch(t)
	t.Setenv("TMPDIR", filepath.Dir(s.home))
	p := For(s.tree, Config{})
	if _, err := run(t, p, s.tree, nil, "sh", "-c", "echo x >> ~/.bashrc"); err == nil {
		t.Error("wrote ~/.bashrc through the temp dir")
	}
	if p.Check(s.home+"/.bashrc", true) == nil {
		t.Error("Check allows ~/.bashrc")
	}
	if out, err := run(t, p, s.tree, nil, "sh", "-c", "echo x > in-tree && echo y > "+s.outside+"/f"); err != nil {
		t.Errorf("tree or temp dir not writable: %v %s", err, out)
	}
	if p.Check(s.tree+"/x", true) != nil || p.Check(s.outside+"/x", true) != nil {
		t.Error("Check refuses the tree or the temp dir")
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	p := Policy{Tree: "/src/a b", Write: []string{"/tmp", "/x\n\"y"}, ReadDeny: []string{"/h/.ssh"}, KeepOut: []string{"/h"}, Network: true}
	got, err := Decode(p.Encode())
	if err != nil || got.Tree != p.Tree || strings.Join(got.Write, "|") != strings.Join(p.Write, "|") ||
		got.ReadDeny[0] != "/h/.ssh" || got.KeepOut[0] != "/h" || !got.Network || got.Off {
		t.Errorf("%+v %v", got, err)
	}
	if _, err := Decode(`tree "/x" bogus "1"`); err == nil {
		t.Error("unknown field accepted")
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(Policy{Tree: "/a", Write: []string{"/tmp"}, ReadDeny: []string{"/h/.ssh"}}.Encode())
	f.Add(`off "1"`)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Decode(s)
		if err != nil {
			return
		}
		q, err := Decode(p.Encode())
		if err != nil || q.Encode() != p.Encode() {
			t.Errorf("round trip of %q: %v", s, err)
		}
	})
}

// BenchmarkRules: building the ruleset the launcher applies, for the
// default policy in this machine's home (the per-program cost of the
// sandbox besides starting the launcher).
func BenchmarkRules(b *testing.B) {
	p := For(b.TempDir(), Config{})
	for b.Loop() {
		p.Rules()
	}
}

// TestOtherProcessesEnvironment: a sandboxed command cannot read the
// environment (API keys) of a process outside the sandbox, lacy's own
// included, while /proc's system files stay readable.
func TestOtherProcessesEnvironment(t *testing.T) {
	needLandlock(t)
	s := newScratch(t)
	sleeper := exec.Command("sleep", "30")
	sleeper.Env = append(os.Environ(), "CANARY_ENV=CanaryEnvSecret")
	if err := sleeper.Start(); err != nil {
		t.Skip("no sleep")
	}
	defer sleeper.Process.Kill()
	pid := fmt.Sprint(sleeper.Process.Pid)
	p := For(s.tree, Config{})
	for _, f := range []string{"/proc/" + pid + "/environ", fmt.Sprintf("/proc/%d/environ", os.Getpid())} {
		if out, err := run(t, p, s.tree, nil, "cat", f); err == nil || strings.Contains(out, "CanaryEnvSecret") {
			t.Errorf("read %s: %v", f, err)
		}
	}
	if out, err := run(t, p, s.tree, nil, "sh", "-c", "head -1 /proc/cpuinfo >/dev/null && cat /proc/meminfo >/dev/null"); err != nil {
		t.Errorf("/proc system files: %v %s", err, out)
	}
	if p.Check("/proc/"+pid+"/environ", false) == nil || p.Check("/proc/self/environ", false) == nil {
		t.Error("Check allows a process's environment")
	}
}
