package agents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/lacy-sh/lacy/agents/llm"
)

// MaxToolOutput bounds what one tool call returns to the model.
const MaxToolOutput = 16 << 10

// ShellFunc runs a command in a copy of the session's shell state (a
// subshell: a cd or a variable set there does not leak) and returns its
// combined output and exit status.
type ShellFunc func(ctx context.Context, command string) (output string, exit int, err error)

// Built-in tool names.
const (
	ToolShell     = "shell"
	ToolReadFile  = "read_file"
	ToolWriteFile = "write_file"
	ToolListDir   = "list_dir"
)

// builtinTools returns the built-in tools, running commands with sh and
// resolving paths against cwd().
func builtinTools(sh ShellFunc, cwd func() string) []ToolSpec {
	return []ToolSpec{
		{
			Name:            ToolShell,
			Description:     "Run a bash command in the user's shell session (a copy of its state: directory, variables, aliases) and return its output and exit status. The user sees and approves every command.",
			Params:          []Param{{Name: "command", Type: "string", Description: "the bash command line to run", Required: true}},
			NeedsPermission: true,
			Run: func(ctx context.Context, args map[string]any) (string, error) {
				cmd := str(args, "command")
				if cmd == "" {
					return "", errors.New("missing command")
				}
				if sh == nil {
					return "", errors.New("the shell tool is not available here")
				}
				out, exit, err := sh(ctx, cmd)
				if err != nil && out == "" {
					return "", err
				}
				return fmt.Sprintf("exit status %d\n%s", exit, bound(out)), nil
			},
		},
		{
			Name:        ToolReadFile,
			Description: "Read a text file (up to 16 KB; longer files are cut). Paths are relative to the shell's current directory.",
			Params:      []Param{{Name: "path", Type: "string", Description: "file path", Required: true}},
			Run: func(ctx context.Context, args map[string]any) (string, error) {
				p := resolve(cwd, str(args, "path"))
				b, err := os.ReadFile(p)
				if err != nil {
					return "", pathError(err)
				}
				if !utf8.Valid(b[:min(len(b), 4096)]) || strings.IndexByte(string(b[:min(len(b), 4096)]), 0) >= 0 {
					return fmt.Sprintf("(binary file, %d bytes)", len(b)), nil
				}
				return bound(string(b)), nil
			},
		},
		{
			Name:        ToolWriteFile,
			Description: "Create or replace a text file with the given content. The user sees a diff and approves it. Paths are relative to the shell's current directory.",
			Params: []Param{{Name: "path", Type: "string", Description: "file path", Required: true},
				{Name: "content", Type: "string", Description: "the complete new content of the file", Required: true}},
			NeedsPermission: true,
			Run: func(ctx context.Context, args map[string]any) (string, error) {
				p := resolve(cwd, str(args, "path"))
				content := str(args, "content")
				mode := fs.FileMode(0o644)
				if fi, err := os.Stat(p); err == nil {
					mode = fi.Mode().Perm()
				}
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					return "", pathError(err)
				}
				if err := os.WriteFile(p, []byte(content), mode); err != nil {
					return "", pathError(err)
				}
				return fmt.Sprintf("wrote %d bytes to %s", len(content), str(args, "path")), nil
			},
		},
		{
			Name:        ToolListDir,
			Description: "List a directory: names (directories end in /) and sizes. Paths are relative to the shell's current directory; default \".\".",
			Params:      []Param{{Name: "path", Type: "string", Description: "directory path"}},
			Run: func(ctx context.Context, args map[string]any) (string, error) {
				p := resolve(cwd, str(args, "path"))
				entries, err := os.ReadDir(p)
				if err != nil {
					return "", pathError(err)
				}
				var b strings.Builder
				for i, e := range entries {
					if i == 500 {
						fmt.Fprintf(&b, "… and %d more\n", len(entries)-i)
						break
					}
					name := e.Name()
					if e.IsDir() {
						b.WriteString(name + "/\n")
						continue
					}
					if info, err := e.Info(); err == nil {
						fmt.Fprintf(&b, "%s\t%d\n", name, info.Size())
					} else {
						b.WriteString(name + "\n")
					}
				}
				if b.Len() == 0 {
					return "(empty directory)", nil
				}
				return bound(b.String()), nil
			},
		},
	}
}

// str returns a string argument ("" when absent); numbers and booleans are
// formatted.
func str(args map[string]any, name string) string {
	switch v := args[name].(type) {
	case string:
		return v
	case nil:
		return ""
	default:
		b, _ := json.Marshal(v)
		return string(b)
	}
}

// resolve makes p absolute against the shell's directory.
func resolve(cwd func() string, p string) string {
	if p == "" {
		p = "."
	}
	if strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, p[2:])
		}
	}
	if !filepath.IsAbs(p) && cwd != nil {
		p = filepath.Join(cwd(), p)
	}
	return filepath.Clean(p)
}

// pathError drops the Go wording of a file error: "open x: no such file".
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", pe.Path, pe.Err)
	}
	return err
}

// bound keeps text within MaxToolOutput, keeping its head and its tail.
func bound(s string) string {
	if len(s) <= MaxToolOutput {
		return s
	}
	half := MaxToolOutput / 2
	return s[:half] + fmt.Sprintf("\n… [%d bytes cut here: the output is longer than the %d KB a tool result may be] …\n", len(s)-2*half, MaxToolOutput>>10) + s[len(s)-half:]
}

// toolDef is the definition sent to the model.
func toolDef(t ToolSpec) llm.ToolDef {
	if t.Schema != nil {
		return llm.ToolDef{Name: t.Name, Description: t.Description, Parameters: t.Schema}
	}
	props := map[string]any{}
	required := []string{}
	for _, p := range t.Params {
		typ := p.Type
		if typ == "" {
			typ = "string"
		}
		prop := map[string]any{"type": typ}
		if p.Description != "" {
			prop["description"] = p.Description
		}
		if typ == "array" {
			prop["items"] = map[string]any{"type": "string"}
		}
		props[p.Name] = prop
		if p.Required {
			required = append(required, p.Name)
		}
	}
	sort.Strings(required)
	return llm.ToolDef{Name: t.Name, Description: t.Description,
		Parameters: map[string]any{"type": "object", "properties": props, "required": required}}
}

// Diff returns a unified diff from old to new, with three lines of
// context, for write_file previews.
func Diff(name, old, new string) string {
	a, b := splitLines(old), splitLines(new)
	if len(a)*len(b) > 4_000_000 {
		return fmt.Sprintf("--- %s\n+++ %s\n(replaces %d lines with %d lines; too large to diff)\n", name, name, len(a), len(b))
	}
	// Longest common subsequence table, from the end.
	lcs := make([][]int32, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type op struct {
		kind byte // ' ', '-', '+'
		text string
		ai   int // line numbers (0-based) before the op in a and b
		bi   int
	}
	var ops []op
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, op{' ', a[i], i, j})
			i, j = i+1, j+1
		case j < len(b) && (i == len(a) || lcs[i][j+1] > lcs[i+1][j]):
			ops = append(ops, op{'+', b[j], i, j})
			j++
		default:
			ops = append(ops, op{'-', a[i], i, j})
			i++
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", name, name)
	const ctxLines = 3
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		start := max(0, k-ctxLines)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run-end > 2*ctxLines || run == len(ops) {
				end = min(end+ctxLines, len(ops))
				break
			}
			end = run
		}
		na, nb := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				na++
			}
			if o.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", ops[start].ai+1, na, ops[start].bi+1, nb)
		for _, o := range ops[start:end] {
			out.WriteByte(o.kind)
			out.WriteString(o.text + "\n")
		}
		k = end
	}
	return out.String()
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
