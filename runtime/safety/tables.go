package safety

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/lacy-sh/lacy/defaults"
)

// wrapper describes a command that runs another command: a line of
// defaults/safety/wrappers.tsv.
type wrapper struct {
	operands int
	argOpts  map[string]bool
	codeOpts map[string]bool
	line     bool // the rest is a shell line, not an argv
}

type tables struct {
	wrappers map[string]wrapper
	programs map[string]string
}

// loadTables parses the embedded tables; a broken table is a build
// mistake, caught by the tests.
var loadTables = sync.OnceValue(func() *tables {
	t := &tables{wrappers: map[string]wrapper{}, programs: map[string]string{}}
	for i, f := range tsv("safety/wrappers.tsv", 5) {
		n, err := strconv.Atoi(f[1])
		if err != nil {
			panic(fmt.Sprintf("defaults/safety/wrappers.tsv: row %d: %v", i+1, err))
		}
		t.wrappers[f[0]] = wrapper{operands: n, argOpts: set(f[2]), codeOpts: set(f[3]), line: f[4] == "line"}
	}
	for _, f := range tsv("safety/programs.tsv", 2) {
		t.programs[f[0]] = f[1]
	}
	return t
})

func set(list string) map[string]bool {
	m := map[string]bool{}
	if list == "-" {
		return m
	}
	for _, s := range strings.Split(list, ",") {
		m[s] = true
	}
	return m
}

// tsv returns the rows of an embedded table, comments and blank lines
// skipped; each must have n columns.
func tsv(name string, n int) [][]string {
	var rows [][]string
	for i, l := range strings.Split(string(defaults.Read(name)), "\n") {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != n {
			panic(fmt.Sprintf("defaults/%s:%d: want %d columns, got %d", name, i+1, n, len(f)))
		}
		rows = append(rows, f)
	}
	return rows
}
