package learn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// clock is a settable time for the store.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func (c *clock) add(d time.Duration) { c.t = c.t.Add(d) }

func open(t *testing.T) (*Store, *clock) {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "learned.json"))
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	s.Now = c.now
	s.Secret = func(l string) bool { return strings.Contains(l, "SECRET") }
	return s, c
}

// step is one line run at the prompt.
type step struct {
	line, cwd string
	status    int
	typed     bool
	after     time.Duration // since the previous step
}

func TestCorrections(t *testing.T) {
	tests := []struct {
		name  string
		steps []step
		line  string // a later failure
		want  string // its learned fix, "" for none
	}{
		{"program twice", []step{
			{"k get pods", "/p", 127, true, 0}, {"kubectl get pods", "/p", 0, true, 5 * time.Second},
			{"k get pods", "/p", 127, true, time.Minute}, {"kubectl get pods", "/p", 0, true, 3 * time.Second},
		}, "k describe pod x", "kubectl describe pod x"},
		{"whole line twice", []step{
			{"make tset", "/p", 2, true, 0}, {"make test", "/p", 0, true, 2 * time.Second},
			{"make tset", "/p", 2, true, time.Hour}, {"make test", "/p", 0, true, 2 * time.Second},
		}, "make tset", "make test"},
		{"once is not enough", []step{
			{"k get pods", "/p", 127, true, 0}, {"kubectl get pods", "/p", 0, true, 5 * time.Second},
		}, "k get pods", ""},
		{"too late", []step{
			{"make tset", "/p", 2, true, 0}, {"make test", "/p", 0, true, 2 * time.Minute},
			{"make tset", "/p", 2, true, time.Hour}, {"make test", "/p", 0, true, 2 * time.Minute},
		}, "make tset", ""},
		{"another directory", []step{
			{"make tset", "/p", 2, true, 0}, {"make test", "/q", 0, true, time.Second},
			{"make tset", "/p", 2, true, time.Hour}, {"make test", "/q", 0, true, time.Second},
		}, "make tset", ""},
		{"not typed (a picked fix)", []step{
			{"make tset", "/p", 2, true, 0}, {"make test", "/p", 0, false, time.Second},
			{"make tset", "/p", 2, true, time.Hour}, {"make test", "/p", 0, false, time.Second},
		}, "make tset", ""},
		{"unrelated next line", []step{
			{"make test", "/p", 2, true, 0}, {"vim main.go", "/p", 0, true, time.Second},
			{"make test", "/p", 2, true, time.Hour}, {"vim main.go", "/p", 0, true, time.Second},
		}, "make test", ""},
		{"interrupted is no failure", []step{
			{"sleep 100", "/p", 130, true, 0}, {"sleep 10", "/p", 0, true, time.Second},
			{"sleep 100", "/p", 130, true, time.Hour}, {"sleep 10", "/p", 0, true, time.Second},
		}, "sleep 100", ""},
		{"a secret is never learned", []step{
			{"curl -H SECRET1 x", "/p", 6, true, 0}, {"curl -H SECRET2 x", "/p", 0, true, time.Second},
			{"curl -H SECRET1 x", "/p", 6, true, time.Hour}, {"curl -H SECRET2 x", "/p", 0, true, time.Second},
		}, "curl -H SECRET1 x", ""},
		{"an agent line in between", []step{
			{"make tset", "/p", 2, true, 0}, {"@", "/p", -1, true, time.Second}, {"make test", "/p", 0, true, time.Second},
			{"make tset", "/p", 2, true, time.Hour}, {"@", "/p", -1, true, time.Second}, {"make test", "/p", 0, true, time.Second},
		}, "make tset", ""},
		{"a line in between", []step{
			{"make tset", "/p", 2, true, 0}, {"ls", "/p", 0, true, time.Second}, {"make test", "/p", 0, true, time.Second},
			{"make tset", "/p", 2, true, time.Hour}, {"ls", "/p", 0, true, time.Second}, {"make test", "/p", 0, true, time.Second},
		}, "make tset", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, c := open(t)
			for _, st := range tt.steps {
				c.add(st.after)
				if st.status < 0 {
					s.Other()
					continue
				}
				s.Ran(st.line, st.cwd, st.status, st.typed)
			}
			got, _ := s.Fix(tt.line)
			if got != tt.want {
				t.Errorf("Fix(%q) = %q, want %q", tt.line, got, tt.want)
			}
			// It survives a restart.
			s2, err := Open(s.Path())
			if err != nil {
				t.Fatal(err)
			}
			if got2, _ := s2.Fix(tt.line); got2 != got {
				t.Errorf("after reopening: %q, want %q", got2, got)
			}
		})
	}
}

func TestRoutes(t *testing.T) {
	s, _ := open(t)
	if _, on := s.Forced("deploy", "agent"); on {
		t.Fatal("active after one")
	}
	if _, ok := s.Route("deploy"); ok {
		t.Fatal("used after one")
	}
	if _, on := s.Forced("deploy", "agent"); !on {
		t.Fatal("not active after two")
	}
	if r, ok := s.Route("deploy"); !ok || r != "agent" {
		t.Fatalf("Route = %q %v", r, ok)
	}
	// Forced the other way: starts over.
	s.Forced("deploy", "shell")
	if _, ok := s.Route("deploy"); ok {
		t.Fatal("still used after one force the other way")
	}
	s.Forced("deploy", "shell")
	if r, _ := s.Route("deploy"); r != "shell" {
		t.Fatalf("Route = %q, want shell", r)
	}
}

func TestListForgetRefresh(t *testing.T) {
	s, c := open(t)
	for i := 0; i < 2; i++ {
		s.Ran("k get pods", "/p", 127, true)
		c.add(time.Second)
		s.Ran("kubectl get pods", "/p", 0, true)
		c.add(time.Second)
		s.Forced("why is", "agent")
		c.add(time.Second)
	}
	list := s.List()
	if len(list) != 2 || list[0].String() != "fix\tk … → kubectl …" || list[1].String() != "route\twhy is → agent" {
		t.Fatalf("List = %q", list)
	}
	// Another lacy forgets the route; this one sees it on Refresh.
	other, err := Open(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if n, err := other.Forget(2); n != 1 || err != nil {
		t.Fatalf("Forget(2) = %d, %v", n, err)
	}
	// Make sure the mtime moves even on coarse filesystems.
	future := time.Now().Add(time.Minute)
	_ = os.Chtimes(s.Path(), future, future)
	s.Refresh()
	if _, ok := s.Route("why is"); ok {
		t.Error("route still used after another lacy forgot it")
	}
	if _, ok := s.Fix("k get pods"); !ok {
		t.Error("fix lost")
	}
	if n, _ := s.Forget(0); n != 1 {
		t.Errorf("Forget(0) = %d, want 1", n)
	}
	if _, ok := s.Fix("k get pods"); ok {
		t.Error("fix kept after forgetting all")
	}
}

// BenchmarkFix is a learned rule's lookup, as the corrector asks it.
func BenchmarkFix(b *testing.B) {
	s, _ := Open("")
	for i := 0; i < 2; i++ {
		s.Ran("k get pods", "/p", 127, true)
		s.Ran("kubectl get pods", "/p", 0, true)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.Fix("k describe pod web-1")
	}
}
