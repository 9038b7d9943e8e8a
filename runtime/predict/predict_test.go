package predict

import (
	"context"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/runtime/route"
)

func TestCheck(t *testing.T) {
	exists := func(name string) bool { return name == "kubectl" || name == "grep" || name == "echo" }
	tests := []struct {
		typed, got string
		ok         bool
	}{
		{"kubectl get po", "kubectl get pods --all-namespaces", true},
		{"kubectl get po", "kubectl get pods | grep web", true},
		{"kubectl get po", "kubectl get po", false},                     // does not extend it
		{"kubectl get po", "kubectl describe pods", false},              // does not start with it
		{"kubectl get po", "kubectl get pods | nosuchprog", false},      // a program that does not exist
		{"kubectl get po", "kubectl get pods; rm -rf (", false},         // does not parse
		{"kubectl get po", "kubectl get pods\nrm -rf ~", false},         // two lines
		{"echo ", "echo AKIAIOSFODNN7EXAMPLE", false},                   // a secret
		{"echo $(", "echo $(nosuch)", false},                            // in a substitution too
		{"kubectl get po", "kubectl get pods --all-namespaces  ", true}, // trailing blanks dropped
	}
	for _, tt := range tests {
		if _, ok := Check(tt.typed, tt.got, exists); ok != tt.ok {
			t.Errorf("Check(%q, %q) = %v, want %v", tt.typed, tt.got, ok, tt.ok)
		}
	}
}

func FuzzCheck(f *testing.F) {
	f.Add("kubectl get po", "kubectl get pods --all-namespaces")
	f.Add("echo $(", "echo $(ls) | grep x")
	f.Fuzz(func(t *testing.T, typed, got string) {
		s, ok := Check(typed, got, func(string) bool { return true })
		if ok && (!strings.HasPrefix(s, typed) || len(s) <= len(typed) || strings.ContainsAny(s, "\n\r")) {
			t.Fatalf("accepted %q for %q", s, typed)
		}
	})
}

func TestModelMayPredict(t *testing.T) {
	c, err := route.New(route.Config{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line string
		ok   bool
	}{
		{"git sta", true},
		{"ls -l", true},
		{"/mode sh", false},
		{"? list the big fil", false},
		{"@why is the bui", false},
		{"#explain th", false},
		{"!ech", false},
		{"! false", false},
		{"  /agents", false},
		{"why does my build keep failing on this machine", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := MayPredict(tt.line, c.Classify(tt.line, route.ModeAuto)); got != tt.ok {
			t.Errorf("MayPredict(%q) = %v, want %v", tt.line, got, tt.ok)
		}
	}
}

// TestPredictor: a request waits for the pause, its answer shows once
// checked, a replaced request's answer never shows, and an accepted line
// asks nothing more.
func TestPredictor(t *testing.T) {
	woke := make(chan struct{}, 8)
	asked := make(chan string, 8)
	answers := map[string]string{"kubectl get po": "kubectl get pods", "ls -": "rm -rf /tmp/x", "git st": "git status"}
	p := &Predictor{
		Settings: Settings{Budget: 2},
		On:       true,
		Prepare: func(line string) Request {
			return func(ctx context.Context) (string, error) {
				asked <- line
				return answers[line], nil
			}
		},
		Exists: func(name string) bool { return name == "kubectl" || name == "git" },
		Wake:   func() { woke <- struct{}{} },
	}
	if _, ok := p.Ghost("kubectl get po"); ok {
		t.Fatal("an answer before any request")
	}
	<-woke
	if got, ok := p.Ghost("kubectl get po"); !ok || got != "kubectl get pods" {
		t.Fatalf("Ghost = %q, %v", got, ok)
	}
	if got, ok := p.Ghost("kubectl get pod"); !ok || got != "kubectl get pods" {
		t.Errorf("the shown answer is not kept while typing it: %q, %v", got, ok)
	}
	// rm is not a command here: the answer is rejected.
	p.Ghost("ls -")
	<-woke
	if got, ok := p.Ghost("ls -"); ok {
		t.Errorf("an unsound answer shows: %q", got)
	}
	// The budget (2) is spent.
	if _, ok := p.Ghost("git st"); ok || p.Used() != 2 {
		t.Errorf("asked past the budget: used %d", p.Used())
	}
	if len(asked) != 2 {
		t.Errorf("%d requests, want 2", len(asked))
	}
	// An accepted line asks nothing, until the next prompt.
	p.Settings.Budget = 10
	p.Accepted()
	if _, ok := p.Ghost("git st"); ok {
		t.Error("a closed predictor answered")
	}
	p.Open()
	p.Ghost("git st")
	<-woke
	if got, ok := p.Ghost("git st"); !ok || got != "git status" {
		t.Errorf("after Open: %q, %v", got, ok)
	}
	p.Stop()
}

// TestPredictorReplaced: the answer of a request replaced by a newer line
// is dropped, without waiting on time.
func TestPredictorReplaced(t *testing.T) {
	release := make(chan struct{})
	started := make(chan string, 2)
	p := &Predictor{
		Settings: Settings{Budget: 10},
		On:       true,
		Prepare: func(line string) Request {
			return func(ctx context.Context) (string, error) {
				started <- line
				select {
				case <-release:
					return line + "x", nil
				case <-ctx.Done():
					return "", ctx.Err()
				}
			}
		},
		Exists: func(string) bool { return true },
		Wake:   func() { t.Error("woken by a replaced request") },
	}
	p.Ghost("ech")
	<-started
	p.Stop() // a key was typed
	close(release)
	if got, ok := p.Ghost("ech"); ok {
		t.Errorf("a stopped request's answer shows: %q", got)
	}
	p.Stop()
}
