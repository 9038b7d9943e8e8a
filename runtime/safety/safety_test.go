package safety

import (
	"os"
	"path/filepath"
	"testing"
)

func TestIsDestructive(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		cmd  string
		want bool
	}{
		{"rm -rf build", true},
		{"rm -r build", true},
		{"rm -fR /tmp/x", true},
		{"rm --recursive x", true},
		{"sudo rm -rf /", true},
		{"ls && rm -r node_modules", true},
		{"echo $(rm -r x)", true},
		{"rm file.txt", false},
		{"rm -f file.txt", false},
		{"rm -- -r", false},
		{`echo "rm -rf /"`, false},
		{"grep -r 'rm -rf' .", false},
		{"dd if=/dev/zero of=/dev/sda bs=1M", true},
		{"dd if=disk.img", false},
		{"mkfs.ext4 /dev/sdb1", true},
		{"mkfs -t ext4 /dev/sdb1", true},
		{"chmod -R 777 .", true},
		{"chmod -R a+rwx /srv", true},
		{"chmod 644 file", false},
		{"chmod -R 755 src", false},
		{"chown -R me /", true},
		{"echo hi > notes.txt", true},
		{"echo hi >| notes.txt", true},
		{"echo hi >> notes.txt", false},
		{"echo hi > new.txt", false},
		{"cat x > /dev/null 2>&1", false},
		{"echo x > /dev/sda", true},
		{"echo x > $OUT", true},
		{"git push --force origin main", true},
		{"git push -f", true},
		{"git push origin +main", true},
		{"git push --force-with-lease", true},
		{"git push origin main", false},
		{"git -C repo push --force", true},
		{"git reset --hard HEAD~1", true},
		{"git reset HEAD~1", false},
		{"git clean -fdx", true},
		{"git clean -n", false},
		{"git checkout -- .", true},
		{"git checkout main", false},
		{"git restore --staged f", false},
		{"git restore f", true},
		{"git branch -D topic", true},
		{"git branch -d topic", false},
		{"git stash drop", true},
		{"git status", false},
		{"find . -name '*.o' -delete", true},
		{"find . -name '*.o' -exec rm {} \\;", true},
		{"find . -name '*.go'", false},
		{"ls | xargs rm", true},
		{"ls | xargs -0 grep foo", false},
		{"bash -c 'rm -rf ~/x'", true},
		{"sh -c \"$CMD\"", true},
		{"sh -c 'ls -la'", false},
		{"eval rm -rf x", true},
		{"env FOO=1 rm -rf x", true},
		{"timeout 5 rm -r x", true},
		{"shred secrets.txt", true},
		{"truncate -s 0 log", true},
		{"kubectl delete pod x", true},
		{"terraform destroy", true},
		{"shutdown -h now", true},
		{"if true; then rm -r x; fi", true},
		{"for f in *; do echo $f; done", false},
		{"make test", false},
		{"echo 'unterminated", true},
	}
	for _, c := range cases {
		got, reason := IsDestructiveIn(c.cmd, dir)
		if got != c.want {
			t.Errorf("IsDestructive(%q) = %v (%s), want %v", c.cmd, got, reason, c.want)
		}
		if got && reason == "" {
			t.Errorf("IsDestructive(%q): no reason", c.cmd)
		}
	}
}

func TestIsSimple(t *testing.T) {
	cases := []struct {
		cmd  string
		want bool
	}{
		{"git status", true},
		{"git status --short", true},
		{"ls -la $HOME", true},
		{"git status; rm -r ~", false},
		{"git status && make", false},
		{"git status | cat", false},
		{"git status > out", false},
		{"git status $(rm x)", false},
		{"git status &", false},
		{"FOO=1 git status", false},
		{"", false},
		{"echo 'x", false},
	}
	for _, c := range cases {
		if got := IsSimple(c.cmd); got != c.want {
			t.Errorf("IsSimple(%q) = %v, want %v", c.cmd, got, c.want)
		}
	}
}

func FuzzIsDestructive(f *testing.F) {
	for _, s := range []string{"rm -rf /", "git push -f", "echo > x", "sh -c 'sh -c \"rm -r x\"'", "find . -exec rm {} +"} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, cmd string) {
		bad, reason := IsDestructiveIn(cmd, dir)
		if bad && reason == "" {
			t.Fatalf("%q: destructive without a reason", cmd)
		}
		IsSimple(cmd)
		if argv, ok := Argv(cmd); ok {
			CodeArgs(argv)
		}
		Words(cmd)
	})
}
