package route

import "testing"

func TestShape(t *testing.T) {
	c := testClassifierLearned(t, nil)
	tests := []struct {
		line  string
		route Route
		want  string
	}{
		{"terraform plan --fast", Shell, "terraform"},
		{"terraform plan --fast", Agent, "terraform plan"},
		{"make sure the tests pass", Agent, "make sure"},
		{"Why is the build slow?", Shell, "why is"},
		{"Why is the build slow?", Agent, "why is"},
		{"show me the logs", Shell, "show me"},
		{"  kubectl   get pods", Shell, "kubectl"},
		{"  kubectl   get pods", Agent, "kubectl get"},
		{"why?", Agent, "why"},
		{"", Agent, ""},
		{"explain, please", Shell, "explain please"},
	}
	for _, tt := range tests {
		if got := c.Shape(tt.line, tt.route); got != tt.want {
			t.Errorf("Shape(%q, %v) = %q, want %q", tt.line, tt.route, got, tt.want)
		}
	}
}

func TestLearnedRoute(t *testing.T) {
	learned := map[string]Route{"terraform plan": Agent, "terraform": Shell, "why is": Shell, "cd src": Agent, "gst": Shell,
		"make sure": Agent}
	c := testClassifierLearned(t, learned)
	tests := []struct {
		line  string
		mode  Mode
		route Route
		rule  string
	}{
		{"terraform plan now", ModeAuto, Agent, RuleLearned},        // two words first
		{"terraform apply the thing", ModeAuto, Shell, RuleLearned}, // then one
		{"why is x", ModeAuto, Shell, RuleLearned},
		{"gst", ModeAuto, Shell, RuleLearned},
		{"make sure it builds", ModeAuto, Agent, RuleLearned},
		{"make -j8", ModeAuto, Shell, RuleCommand},           // make itself stays the shell's
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
	k := &Knowledge{Path: NewPathIndex(""), Builtins: []string{"cd", "make", "terraform"}, Learned: func(s string) (Route, bool) {
		r, ok := m[s]
		return r, ok
	}}
	c, err := New(Config{Knowledge: k})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
