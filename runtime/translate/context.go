package translate

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/lacy-sh/lacy/defaults"
)

// Context is what the model is told about where the command will run.
type Context struct {
	Cwd      string
	OS       string   // e.g. "linux/amd64"
	Project  string   // e.g. "Go module", from marker files; "" when none
	Programs []string // relevant programs found on PATH
	Recent   []string // the last commands, oldest first
}

// maxRecent bounds the recent commands sent.
const maxRecent = 5

// Gather builds the context for a request made in dir: this machine's OS,
// the project type from marker files in dir, the programs of
// defaults/translate/programs.txt that onPath finds plus any program the
// request names that exists, and the last few recent commands.
func Gather(dir, request string, onPath func(string) bool, recent []string) Context {
	c := Context{Cwd: dir, OS: runtime.GOOS + "/" + runtime.GOARCH, Project: Project(dir)}
	if onPath != nil {
		for _, name := range dataLines("translate/programs.txt") {
			if onPath(name) {
				c.Programs = append(c.Programs, name)
			}
		}
		// "convert with ffmpeg", "use rg": a program the request names.
		for _, w := range strings.FieldsFunc(request, func(r rune) bool {
			return !(r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}) {
			if len(w) > 1 && !slices.Contains(c.Programs, w) && onPath(w) {
				c.Programs = append(c.Programs, w)
			}
		}
	}
	if len(recent) > maxRecent {
		recent = recent[len(recent)-maxRecent:]
	}
	c.Recent = slices.Clone(recent)
	return c
}

// Project names the kinds of project dir holds, from the marker files of
// defaults/translate/projects.tsv ("Go module, make"); "" when none.
func Project(dir string) string {
	if dir == "" {
		return ""
	}
	var kinds []string
	for _, l := range dataLines("translate/projects.tsv") {
		file, kind, ok := strings.Cut(l, "\t")
		if !ok || slices.Contains(kinds, kind) {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, file)); err == nil {
			kinds = append(kinds, kind)
		}
	}
	return strings.Join(kinds, ", ")
}

// dataLines returns the non-blank, non-comment lines of an embedded file.
func dataLines(name string) []string {
	var out []string
	for _, l := range strings.Split(string(defaults.Read(name)), "\n") {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			out = append(out, l)
		}
	}
	return out
}
