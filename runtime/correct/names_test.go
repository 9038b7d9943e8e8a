package correct

import (
	"slices"
	"testing"
)

// The kinds of names defaults/correct/name-kinds.tsv gives the words of a
// line, and whether the word is the program's subcommand.
func TestNameKinds(t *testing.T) {
	for _, c := range []struct {
		line  string
		i     int
		kinds []string
		sub   bool
	}{
		{"git push orign main", 1, nil, true},
		{"git push orign main", 2, []string{"remote"}, false},
		{"git push origin mian", 3, []string{"branch", "tag"}, false},
		{"git -C repo checkout mian", 4, []string{"branch", "tag"}, false},
		{"git tag -d v1.0.O", 3, []string{"tag"}, false},
		{"git frobnicate x", 2, nil, false},
		{"make tset", 1, []string{"target"}, false},
		{"npm run buidl", 2, []string{"script"}, false},
		{"npm instal", 1, nil, true},
		{"npm install x", 2, nil, false},
		{"yarn buidl", 1, []string{"script"}, true},
		{"yarn run buidl", 2, []string{"script"}, false},
		{"yarn add x", 2, nil, false},
		{"ls foo", 1, nil, true},
		{"sudo make tset", 2, []string{"target"}, false},
	} {
		kinds, sub := nameKinds(Parse(c.line), c.i)
		if !slices.Equal(kinds, c.kinds) || sub != c.sub {
			t.Errorf("nameKinds(%q, %d) = %q, %v; want %q, %v", c.line, c.i, kinds, sub, c.kinds, c.sub)
		}
	}
}
