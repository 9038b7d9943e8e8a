package route

import "testing"

func TestShape(t *testing.T) {
	c := testClassifierLearned(t, nil)
	for line, want := range map[string]string{
		"Why is the build slow?": "why is",
		"show me the logs":       "show me",
		"what does this do":      "what does",
		"  kubectl   get pods":   "kubectl",
		"why?":                   "why",
		"":                       "",
		"explain, please":        "explain please",
	} {
		if got := c.Shape(line); got != want {
			t.Errorf("Shape(%q) = %q, want %q", line, got, want)
		}
	}
}

func TestLearnedRoute(t *testing.T) {
	learned := map[string]Route{"terraform": Agent, "why is": Shell, "cd": Agent, "gst": Shell}
	c := testClassifierLearned(t, learned)
	tests := []struct {
		line  string
		mode  Mode
		route Route
		rule  string
	}{
		{"terraform plan now", ModeAuto, Agent, RuleLearned},
		{"why is x", ModeAuto, Shell, RuleLearned},
		{"gst", ModeAuto, Shell, RuleLearned},
		{"!terraform plan", ModeAuto, Shell, RuleBang},       // a prefix still wins
		{"@why is x", ModeAuto, Agent, RuleAt},               // a prefix still wins
		{"terraform plan", ModeShell, Shell, RuleModeShell},  // a mode still wins
		{"cd src", ModeAuto, Shell, RuleCommand},             // never trapped in the agent
		{"why are you slow", ModeAuto, Agent, RuleAgentWord}, // another shape
	}
	for _, tt := range tests {
		d := c.Classify(tt.line, tt.mode)
		if d.Route != tt.route || d.Rule != tt.rule {
			t.Errorf("Classify(%q, %v) = %v %s, want %v %s", tt.line, tt.mode, d.Route, d.Rule, tt.route, tt.rule)
		}
	}
}

func testClassifierLearned(t *testing.T, m map[string]Route) *Classifier {
	t.Helper()
	k := &Knowledge{Path: NewPathIndex(""), Builtins: []string{"cd"}, Learned: func(s string) (Route, bool) {
		r, ok := m[s]
		return r, ok
	}}
	c, err := New(Config{Knowledge: k})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
