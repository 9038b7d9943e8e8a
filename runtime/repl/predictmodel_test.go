package repl

import (
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/runtime/repl/core"
	"github.com/lacy-sh/lacy/runtime/route"
)

func TestCheckPrediction(t *testing.T) {
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
		if _, ok := checkPrediction(tt.typed, tt.got, exists); ok != tt.ok {
			t.Errorf("checkPrediction(%q, %q) = %v, want %v", tt.typed, tt.got, ok, tt.ok)
		}
	}
}

func TestPredictSettings(t *testing.T) {
	tests := []struct {
		extra  map[string]any
		budget int
		idle   time.Duration
	}{
		{nil, predictBudget, predictIdle},
		{map[string]any{"predict": map[string]any{"budget": 5.0, "delay_ms": 400.0}}, 5, 400 * time.Millisecond},
		{map[string]any{"predict": map[string]any{"budget": 0.0}}, 0, predictIdle}, // off
		{map[string]any{"predict": map[string]any{"budget": "lots", "delay_ms": -1.0}}, predictBudget, predictIdle},
		{map[string]any{"predict": "yes"}, predictBudget, predictIdle},
	}
	for _, tt := range tests {
		a := &App{Core: &core.Core{}}
		a.Cfg.Extra = tt.extra
		if b, idle := a.predictSettings(); b != tt.budget || idle != tt.idle {
			t.Errorf("%v: budget %d, idle %v; want %d, %v", tt.extra, b, idle, tt.budget, tt.idle)
		}
	}
}

func FuzzCheckPrediction(f *testing.F) {
	f.Add("kubectl get po", "kubectl get pods --all-namespaces")
	f.Add("echo $(", "echo $(ls) | grep x")
	f.Fuzz(func(t *testing.T, typed, got string) {
		s, ok := checkPrediction(typed, got, func(string) bool { return true })
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
		if got := modelMayPredict(tt.line, c.Classify(tt.line, route.ModeAuto)); got != tt.ok {
			t.Errorf("modelMayPredict(%q) = %v, want %v", tt.line, got, tt.ok)
		}
	}
}
