// Package blast previews the blast radius of a shell command without
// running it: which files and directories it would delete or overwrite,
// counted ("would delete 1,204 files, 3.2 GB in build/"). It reads the
// command's parsed form (mvdan/sh), expands globs and ~ itself, and walks
// what they name within a time bound; it never runs anything.
package blast

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/lacy-sh/lacy/runtime/wrappers"
	"mvdan.cc/sh/v3/syntax"
)

// DefaultTimeout bounds the walk of one preview.
const DefaultTimeout = 300 * time.Millisecond

// Kind is what a command does to a target.
type Kind int

// The kinds of harm.
const (
	Delete    Kind = iota // removed (rm, find -delete, mv away…)
	Overwrite             // replaced or truncated (>, cp onto, sed -i, dd of=)
)

// Target is one path a command would delete or overwrite.
type Target struct {
	Path string // absolute, clean
	Kind Kind
}

// Result is a preview.
type Result struct {
	Targets []Target // existing paths, in command order
	// Counts of what lies at or below the targets.
	DeleteFiles, OverwriteFiles int
	Bytes                       int64
	// Partial: the walk ran out of time (the counts are lower bounds), or
	// some target is named at run time and could not be counted.
	Partial bool
	Dir     string // the command's directory, for relative display
}

// Options configures Preview.
type Options struct {
	Dir     string        // the command's working directory
	Timeout time.Duration // bounds the walk; 0 is DefaultTimeout
	Home    string        // for ~; "" is the user's home
}

// Preview computes what cmd would delete or overwrite run in opts.Dir.
func Preview(ctx context.Context, cmd string, opts Options) Result {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Home == "" {
		opts.Home, _ = os.UserHomeDir()
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	res := Result{Dir: opts.Dir}
	targets, unknown := Targets(cmd, opts.Dir, opts.Home)
	res.Partial = unknown
	seen := map[string]bool{}
	for _, t := range targets {
		if seen[t.Path] {
			continue
		}
		seen[t.Path] = true
		if _, err := os.Lstat(t.Path); err != nil {
			continue
		}
		res.Targets = append(res.Targets, t)
		if !count(ctx, t, &res) {
			res.Partial = true
			break
		}
	}
	return res
}

// count adds what lies at or below t; false when time ran out.
func count(ctx context.Context, t Target, res *Result) bool {
	add := func(size int64) {
		if t.Kind == Delete {
			res.DeleteFiles++
		} else {
			res.OverwriteFiles++
		}
		res.Bytes += size
	}
	fi, err := os.Lstat(t.Path)
	if err != nil {
		return true
	}
	if !fi.IsDir() {
		add(fi.Size())
		return true
	}
	n := 0
	err = filepath.WalkDir(t.Path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if n++; n%64 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil {
			add(info.Size())
		}
		return nil
	})
	return err == nil
}

// String says the preview in one line: "would delete 1,204 files, 3.2 GB
// in build/". "" when nothing would be touched that exists.
func (r Result) String() string {
	if len(r.Targets) == 0 {
		if r.Partial {
			return "would touch files named at run time, which lacy cannot count"
		}
		return ""
	}
	var parts []string
	atLeast := ""
	if r.Partial {
		atLeast = "at least "
	}
	if r.DeleteFiles > 0 || r.OverwriteFiles == 0 {
		parts = append(parts, "delete "+atLeast+plural(r.DeleteFiles, "file"))
	}
	if r.OverwriteFiles > 0 {
		parts = append(parts, "overwrite "+atLeast+plural(r.OverwriteFiles, "file"))
	}
	return "would " + strings.Join(parts, " and ") + ", " + Size(r.Bytes) + " in " + r.where()
}

// where names the targets: one path, or their common directory.
func (r Result) where() string {
	paths := make([]string, len(r.Targets))
	for i, t := range r.Targets {
		paths[i] = t.Path
	}
	common := paths[0]
	for _, p := range paths[1:] {
		for !within(common, p) {
			common = filepath.Dir(common)
		}
	}
	show := common
	if r.Dir != "" {
		if rel, err := filepath.Rel(r.Dir, common); err == nil && !strings.HasPrefix(rel, "..") {
			show = rel
		}
	}
	if fi, err := os.Stat(common); err == nil && fi.IsDir() && !strings.HasSuffix(show, "/") {
		show += "/"
	}
	if show == "./" {
		show = "./ (the current directory)"
	}
	return show
}

func within(root, p string) bool {
	return p == root || strings.HasPrefix(p, strings.TrimSuffix(root, "/")+"/")
}

// plural writes n with thousands separators and the noun.
func plural(n int, noun string) string {
	if n != 1 {
		noun += "s"
	}
	return Thousands(int64(n)) + " " + noun
}

// Thousands writes n with commas: 1,204.
func Thousands(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + Thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Size writes a byte count for people: 812 B, 4.1 KB, 3.2 GB.
func Size(b int64) string {
	const unit = 1000
	if b < unit {
		return fmt.Sprintf("%d B", b)
	}
	div, exp := int64(unit), 0
	for n := b / unit; n >= unit; n /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %cB", float64(b)/float64(div), "KMGTPE"[exp])
}

// Targets lists the paths cmd run in dir would delete or overwrite, globs
// and ~ expanded; unknown is set when some target is named at run time.
func Targets(cmd, dir, home string) (targets []Target, unknown bool) {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil {
		return nil, true
	}
	abs := func(p string) string {
		if p == "~" || strings.HasPrefix(p, "~/") {
			p = home + p[1:]
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return filepath.Clean(p)
	}
	expand := func(w *syntax.Word, kind Kind) {
		s, glob, ok := literal(w)
		if !ok {
			unknown = true
			return
		}
		p := abs(s)
		if glob {
			matches, _ := filepath.Glob(p)
			for _, m := range matches {
				targets = append(targets, Target{m, kind})
			}
			return
		}
		targets = append(targets, Target{p, kind})
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Redirect:
			if (n.Op == syntax.RdrOut || n.Op == syntax.RdrClob || n.Op == syntax.RdrAll) && n.Word != nil {
				if s, _, ok := literal(n.Word); ok && !strings.HasPrefix(s, "/dev/") {
					expand(n.Word, Overwrite)
				}
			}
		case *syntax.CallExpr:
			args := stripWrappers(n.Args)
			if len(args) == 0 {
				return true
			}
			name, _, _ := literal(args[0])
			ops, flags := operands(args[1:])
			switch filepath.Base(name) {
			case "rm", "rmdir", "unlink", "shred", "srm", "rimraf", "trash", "gio":
				for _, w := range ops {
					expand(w, Delete)
				}
			case "truncate":
				for _, w := range ops {
					expand(w, Overwrite)
				}
			case "sed", "gsed", "perl":
				if slices.ContainsFunc(flags, func(f string) bool {
					return f == "--in-place" || strings.HasPrefix(f, "-i") || !strings.HasPrefix(f, "--") && strings.Contains(f, "i")
				}) && len(ops) > 1 {
					for _, w := range ops[1:] {
						expand(w, Overwrite)
					}
				}
			case "mv":
				if len(ops) > 1 {
					for _, w := range ops[:len(ops)-1] {
						expand(w, Delete) // gone from where it was
					}
					expand(ops[len(ops)-1], Overwrite)
				}
			case "cp", "install", "ln":
				if len(ops) > 1 {
					expand(ops[len(ops)-1], Overwrite)
				}
			case "find":
				if slices.Contains(flags, "-delete") || hasWord(args, "rm") {
					for _, w := range ops {
						if s, _, _ := literal(w); strings.HasPrefix(s, "(") || strings.HasPrefix(s, "!") {
							break
						}
						expand(w, Delete)
					}
				}
			case "git":
				if len(ops) > 0 {
					if sub, _, _ := literal(ops[0]); sub == "rm" {
						for _, w := range ops[1:] {
							expand(w, Delete)
						}
					} else if sub == "clean" {
						unknown = true
					}
				}
			case "tar", "zip":
				if slices.ContainsFunc(flags, func(f string) bool {
					return strings.HasPrefix(f, "--remove") || f == "-m" || strings.HasPrefix(f, "--mo")
				}) {
					for _, w := range ops[1:] {
						expand(w, Delete)
					}
				}
			case "rsync":
				if slices.ContainsFunc(flags, func(f string) bool { return strings.HasPrefix(f, "--del") }) && len(ops) > 0 {
					expand(ops[len(ops)-1], Overwrite)
				}
			case "dd":
				for _, w := range ops {
					if s, _, ok := literal(w); ok && strings.HasPrefix(s, "of=") && !strings.HasPrefix(s, "of=/dev/") {
						targets = append(targets, Target{abs(s[3:]), Overwrite})
					}
				}
			}
		}
		return true
	})
	return targets, unknown
}

// stripWrappers drops the leading wrappers that run the rest (sudo -u x,
// env assignments, nice -n 5, time…: defaults/safety/wrappers.tsv) with
// their options and operands.
func stripWrappers(args []*syntax.Word) []*syntax.Word {
	for len(args) > 0 {
		s, _, _ := literal(args[0])
		w, ok := wrappers.Lookup(s)
		if !ok || !w.CommandFollows() {
			return args
		}
		rest := make([]string, len(args)-1)
		for i, a := range args[1:] {
			rest[i], _, _ = literal(a)
		}
		args = args[1+w.Skip(rest):]
	}
	return args
}

// operands splits arguments into operands and options (after -- all are
// operands).
func operands(args []*syntax.Word) (ops []*syntax.Word, flags []string) {
	opts := true
	for _, w := range args {
		s, _, ok := literal(w)
		switch {
		case opts && ok && s == "--":
			opts = false
		case opts && ok && strings.HasPrefix(s, "-") && len(s) > 1:
			flags = append(flags, s)
		default:
			ops = append(ops, w)
		}
	}
	return ops, flags
}

func hasWord(args []*syntax.Word, s string) bool {
	return slices.ContainsFunc(args, func(w *syntax.Word) bool { l, _, _ := literal(w); return l == s })
}

// literal returns a word after quote removal, whether it holds an unquoted
// glob, and false when it expands at run time ($x, $(…)).
func literal(w *syntax.Word) (s string, glob, ok bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "*?[") {
				glob = true
			}
			b.WriteString(strings.ReplaceAll(p.Value, `\`, ""))
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, isLit := q.(*syntax.Lit)
				if !isLit {
					return "", false, false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false, false
		}
	}
	return b.String(), glob, true
}
