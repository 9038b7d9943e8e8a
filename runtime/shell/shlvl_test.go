package shell

import (
	"slices"
	"testing"
)

func TestNextLevel(t *testing.T) {
	tests := []struct {
		env  []string
		want string
	}{
		{nil, "SHLVL=1"},
		{[]string{"SHLVL=1"}, "SHLVL=2"},
		{[]string{"SHLVL=41"}, "SHLVL=42"},
		{[]string{"SHLVL=x"}, "SHLVL=1"},
		{[]string{"SHLVL="}, "SHLVL=1"},
		{[]string{"SHLVL=-5"}, "SHLVL=0"},
		{[]string{"SHLVL=999"}, "SHLVL=1"},
		{[]string{"SHLVL=1", "SHLVL=7"}, "SHLVL=8"}, // the last one wins, as in exec
	}
	for _, tt := range tests {
		in := append([]string{"A=b"}, tt.env...)
		got := NextLevel(in)
		if !slices.Equal(got, []string{"A=b", tt.want}) {
			t.Errorf("NextLevel(%q) = %q, want [A=b %s]", in, got, tt.want)
		}
	}
}
