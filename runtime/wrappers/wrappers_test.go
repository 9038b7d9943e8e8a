package wrappers

import (
	"slices"
	"strings"
	"testing"
)

func TestTableParses(t *testing.T) {
	if len(Names()) < 20 {
		t.Fatalf("only %d wrappers", len(Names()))
	}
	for _, n := range []string{"sudo", "env", "nice", "time", "nohup", "exec", "command", "xargs", "watch", "timeout"} {
		if !Is(n) {
			t.Errorf("%s is not a wrapper", n)
		}
	}
}

func TestStrip(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"sudo apt install x", "apt install x"},
		{"sudo -u root -- make", "make"},
		{"sudo -uroot make", "make"},
		{"sudo --user=root make", "make"},
		{"env FOO=1 BAR=2 make -j", "make -j"},
		{"env -u HOME ls", "ls"},
		{"nice -n 5 ionice -c2 tar cf x", "tar cf x"},
		{"timeout -s KILL 10 curl x", "curl x"},
		{"time make", "make"},
		{"xargs -I{} -n 1 rm {}", "rm {}"},
		{"chroot /srv bash", "bash"},
		{"sudo", ""},
		{"ls -l", "ls -l"},
	} {
		got := strings.Join(Strip(strings.Fields(c.in)), " ")
		if got != c.want {
			t.Errorf("Strip(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestInnerOfLineWrapper(t *testing.T) {
	w, _ := Lookup("ssh")
	if !w.Line || w.Operands != 1 {
		t.Fatalf("ssh: %+v", w)
	}
	if got := w.Inner([]string{"-p", "22", "host", "ls", "-l"}); !slices.Equal(got, []string{"ls", "-l"}) {
		t.Fatalf("ssh inner = %q", got)
	}
}

func FuzzStrip(f *testing.F) {
	for _, s := range []string{"sudo -u root env A=1 nice -n 1 x", "timeout", "env -S", "sudo --", "xargs -I"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words := strings.Fields(s)
		out := Strip(words)
		if len(out) > len(words) {
			t.Fatalf("Strip grew %q to %q", words, out)
		}
		if len(out) > 0 && !slices.Equal(out, words[len(words)-len(out):]) {
			t.Fatalf("Strip(%q) = %q is not a suffix", words, out)
		}
	})
}
