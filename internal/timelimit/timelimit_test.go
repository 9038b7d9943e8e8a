package timelimit

import "testing"

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"", 1}, {"10", 10}, {"2.5", 2.5}, {"0.5", 1}, {"-3", 1}, {"NaN", 1}, {"Inf", 1}, {"x", 1}, {"1e9", 1},
	}
	for _, tt := range tests {
		if got := parse(tt.in); got != tt.want {
			t.Errorf("parse(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
