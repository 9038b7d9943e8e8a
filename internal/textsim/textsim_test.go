package textsim

import "testing"

func TestMatching(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"", "x", 0},
		{"abc", "abc", 3},
		{"extenson", "prepare_extension", 8},
		{"abcd", "bcda", 3},
		{"kubectl", "k", 1},
		{"xyz", "abc", 0},
	}
	for _, c := range cases {
		if got := Matching(c.a, c.b); got != c.want {
			t.Errorf("Matching(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
