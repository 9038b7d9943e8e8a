package depcheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestShellPackagesBuildNothingAtInit reads the source of lacy's own
// packages that the shell binary (cmd/lacy) links and fails on a
// package-level var whose value is built when the package is initialised: a
// map literal, a compiled regular expression, a parsed template. Build them
// on first use with internal/lazy (lazy.Value, lazy.Regexp), a switch, or a
// func returning the literal (docs/performance.md). sync.OnceValue is let
// through (it defers the work; its closure's two allocations are counted by
// TestPackageInitAllocationsStayWithinBudget, which measures the whole; this
// test names the line).
func TestShellPackagesBuildNothingAtInit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \",\"}}{{end}}",
		"../../cmd/lacy").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || !strings.HasPrefix(f[0], "github.com/lacy-sh/lacy/") || strings.Contains(f[0], "/third_party/") || seen[f[0]] {
			continue
		}
		seen[f[0]] = true
		for _, name := range strings.Split(f[2], ",") {
			if name == "" {
				continue
			}
			path := filepath.Join(f[1], name)
			for _, what := range builtAtInit(t, path) {
				t.Errorf("%s: %s is built at package initialisation; build it on first use (internal/lazy)", what.pos, what.desc)
			}
		}
	}
	if len(seen) < 20 {
		t.Fatalf("only %d of lacy's packages found: %q", len(seen), out)
	}
}

type initWork struct{ pos, desc string }

// builtAtInit lists the package-level vars of a file whose initial value
// runs code that allocates.
func builtAtInit(t *testing.T, path string) []initWork {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var found []initWork
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, v := range vs.Values {
				if desc := initCost(v); desc != "" {
					found = append(found, initWork{fset.Position(v.Pos()).String(), vs.Names[min(i, len(vs.Names)-1)].Name + " (" + desc + ")"})
				}
			}
		}
	}
	return found
}

// initCost says what in an initial value runs at init and allocates, or "".
// It looks at the value itself and into composite literals (a struct or
// slice holding a map); a func literal's body runs later and is skipped,
// unless the literal is called there.
func initCost(e ast.Expr) string {
	var desc string
	ast.Inspect(e, func(n ast.Node) bool {
		if desc != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CompositeLit:
			if _, isMap := n.Type.(*ast.MapType); isMap && len(n.Elts) > 0 {
				desc = "a map literal"
			}
		case *ast.CallExpr:
			if _, ok := n.Fun.(*ast.FuncLit); ok {
				desc = "a func literal called"
				return false
			}
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok {
					switch pkg.Name + "." + sel.Sel.Name {
					case "regexp.MustCompile", "regexp.Compile", "regexp.MustCompilePOSIX":
						desc = "a regular expression compiled"
					case "template.Must", "template.New":
						desc = "a template parsed"
					}
				}
			}
		}
		return true
	})
	return desc
}
