package agents

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/spec"
)

// ProjectFileNames are the project context files read by default, in each
// directory from the repository root down to the working directory.
var ProjectFileNames = []string{"AGENTS.md", ".lacy/context.md"}

// DefaultProjectBytes bounds the project files sent with a request, all
// together.
const DefaultProjectBytes = 8 << 10

// ParseContextConfig reads the context table of lacy.config (see
// spec.ParseContext; nil gives the zero value).
func ParseContextConfig(v any) (ContextConfig, error) { return spec.ParseContext(v) }

// ContextFile is a project context file read for a request.
type ContextFile struct {
	Path    string // absolute
	Content string // at most what the size bound left; "" when Skipped
	Size    int64  // the file's size
	Cut     bool   // Content is the file's beginning only
	Skipped bool   // the bound was used up by the files before it
}

// ProjectFiles reads the project context files for a request made in dir:
// in each directory from the repository root (see WorkTree) down to dir,
// each of the names (ProjectFileNames, then c.Names) that is a regular
// file there. Outside a repository only dir is read. A file whose real
// path (symlinks followed) leaves the working tree, or a credential file,
// is not read. Together they keep within c.MaxBytes.
func ProjectFiles(dir string, c ContextConfig) []ContextFile {
	if c.NoFiles || dir == "" {
		return nil
	}
	root := WorkTree(dir)
	var dirs []string
	for d := dir; ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if d == root || filepath.Dir(d) == d {
			break
		}
	}
	budget := c.MaxBytes
	if budget <= 0 {
		budget = DefaultProjectBytes
	}
	names := append(append([]string(nil), ProjectFileNames...), c.Names...)
	rootReal := realPath(root)
	var out []ContextFile
	seen := map[string]bool{}
	for i := len(dirs) - 1; i >= 0; i-- {
		for _, name := range names {
			p := filepath.Join(dirs[i], name)
			st, err := os.Stat(p)
			if err != nil || !st.Mode().IsRegular() {
				continue
			}
			real := realPath(p)
			if seen[real] || !within(rootReal, real) || redact.CredentialFile(p) || redact.CredentialFile(real) {
				continue
			}
			seen[real] = true
			f := ContextFile{Path: p, Size: st.Size()}
			if budget <= 0 {
				f.Skipped = true
				out = append(out, f)
				continue
			}
			b, err := readHead(p, budget)
			if err != nil {
				continue
			}
			f.Content = strings.ToValidUTF8(string(b), "")
			f.Cut = int64(len(b)) < st.Size()
			budget -= len(b)
			out = append(out, f)
		}
	}
	return out
}

// readHead reads at most n bytes of a file.
func readHead(p string, n int) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, int64(n)))
}

// renderFiles is the project files' part of the context block.
func renderFiles(b *strings.Builder, files []ContextFile) {
	if len(files) == 0 {
		return
	}
	b.WriteString("project instructions (files in the repository, from its root down to cwd):\n")
	for _, f := range files {
		switch {
		case f.Skipped:
			fmt.Fprintf(b, "--- %s (not sent: the size bound was reached)\n", f.Path)
			continue
		case f.Cut:
			fmt.Fprintf(b, "--- %s (first %d of %d bytes)\n", f.Path, len(f.Content), f.Size)
		default:
			fmt.Fprintf(b, "--- %s\n", f.Path)
		}
		b.WriteString(indent(f.Content))
	}
}

// FilesSummary is one line naming the project files read, for /context.
func FilesSummary(files []ContextFile) string {
	if len(files) == 0 {
		return "project files: none found (" + strings.Join(ProjectFileNames, ", ") + " from cwd up to the repository root)"
	}
	parts := make([]string, len(files))
	for i, f := range files {
		switch {
		case f.Skipped:
			parts[i] = f.Path + " (skipped: size bound)"
		case f.Cut:
			parts[i] = fmt.Sprintf("%s (%d of %d bytes)", f.Path, len(f.Content), f.Size)
		default:
			parts[i] = fmt.Sprintf("%s (%d bytes)", f.Path, len(f.Content))
		}
	}
	return "project files: " + strings.Join(parts, ", ")
}

// withProjectFiles returns c with its project files read, unless they
// were read already or are turned off.
func (m *Manager) withProjectFiles(c Context) Context {
	if c.Files == nil && !m.opts.Context.NoFiles && c.Cwd != "" {
		c.Files = ProjectFiles(c.Cwd, m.opts.Context)
		if c.Files == nil {
			c.Files = []ContextFile{}
		}
	}
	return c
}
