package safety

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/runtime/wrappers"
)

// wrapper describes a command that runs another command: a line of
// defaults/safety/wrappers.tsv, shared with completion, translation and
// correction (package wrappers).
type wrapper = wrappers.Wrapper

type tables struct {
	programs map[string]string
	autorun  []string // defaults/safety/autorun-paths.txt
}

// loadTables parses the embedded tables; a broken table is a build
// mistake, caught by the tests.
var loadTables = lazy.Value[*tables]{New: func() *tables {
	t := &tables{programs: map[string]string{}}
	for _, f := range tsv("safety/programs.tsv", 2) {
		t.programs[f[0]] = f[1]
	}
	for _, f := range tsv("safety/autorun-paths.txt", 1) {
		t.autorun = append(t.autorun, f[0])
	}
	return t
}}

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

// autorun reports whether writing to the absolute path p plants code that
// runs later (defaults/safety/autorun-paths.txt).
func autorun(p, home string) bool {
	for _, pat := range loadTables.Get().autorun {
		switch {
		case strings.HasPrefix(pat, "~/"):
			if home == "" {
				continue
			}
			pat = filepath.Join(home, pat[2:])
		case strings.HasPrefix(pat, "/"):
		case !strings.Contains(pat, "/"):
			if filepath.Base(p) == pat {
				return true
			}
			continue
		default:
			// Relative: wherever those elements appear.
			if dir, ok := strings.CutSuffix(pat, "/*"); ok {
				if strings.Contains(p, "/"+dir+"/") {
					return true
				}
			} else if strings.HasSuffix(p, "/"+pat) {
				return true
			}
			continue
		}
		if ok, _ := filepath.Match(pat, p); ok {
			return true
		}
		if dir, ok := strings.CutSuffix(pat, "/*"); ok && strings.HasPrefix(p, dir+"/") {
			return true
		}
	}
	return false
}

// RunsLater reports whether the file at the absolute path p runs on its
// own later (a shell startup file, a git hook, ~/.ssh/authorized_keys…:
// defaults/safety/autorun-paths.txt), so that writing it plants code.
func RunsLater(p string) bool {
	home, _ := os.UserHomeDir()
	return autorun(filepath.Clean(p), home)
}
