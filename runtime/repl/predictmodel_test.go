package repl

import "testing"

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
