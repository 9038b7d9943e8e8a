package stdlib

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// fsModule builds lacy.fs. Paths may start with ~/ for the home directory.
// Failures raise errors ("lacy.fs.read: notes.txt: no such file or
// directory"); exists and stat are the way to test for a file.
func (l *lib) fsModule(L *lua.LState) *lua.LTable {
	return module(L, map[string]lua.LGFunction{
		"read":   fsRead,
		"write":  func(L *lua.LState) int { return fsWrite(L, "lacy.fs.write", os.O_TRUNC) },
		"append": func(L *lua.LState) int { return fsWrite(L, "lacy.fs.append", os.O_APPEND) },
		"exists": fsExists,
		"list":   fsList,
		"glob":   fsGlob,
		"mkdir":  fsMkdir,
		"remove": fsRemove,
		"stat":   fsStat,
	})
}

// expandHome replaces a leading ~ or ~/ with $HOME.
func expandHome(p string) string {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return p
	}
	return home + p[1:]
}

// checkPath reads argument n as a path.
func checkPath(L *lua.LState, fn string, n int) string {
	p := checkString(L, fn, n)
	if p == "" {
		argError(L, fn, n, "path expected, got an empty string")
	}
	return expandHome(p)
}

// fsError raises "fn: path: reason" for err.
func fsError(L *lua.LState, fn, p string, err error) {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	L.RaiseError("%s: %s: %v", fn, p, err)
}

// fsRead is lacy.fs.read(path) → string.
func fsRead(L *lua.LState) int {
	const fn = "lacy.fs.read"
	p := checkPath(L, fn, 1)
	b, err := os.ReadFile(p)
	if err != nil {
		fsError(L, fn, p, err)
	}
	L.Push(lua.LString(b))
	return 1
}

// fsWrite is lacy.fs.write(path, data) and lacy.fs.append(path, data).
func fsWrite(L *lua.LState, fn string, mode int) int {
	p := checkPath(L, fn, 1)
	data := checkString(L, fn, 2)
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|mode, 0o666)
	if err != nil {
		fsError(L, fn, p, err)
	}
	_, err = f.WriteString(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fsError(L, fn, p, err)
	}
	return 0
}

// fsExists is lacy.fs.exists(path) → boolean.
func fsExists(L *lua.LState) int {
	_, err := os.Stat(checkPath(L, "lacy.fs.exists", 1))
	L.Push(lua.LBool(err == nil))
	return 1
}

// fsList is lacy.fs.list(dir) → sorted names (no "." or "..").
func fsList(L *lua.LState) int {
	const fn = "lacy.fs.list"
	dir := "."
	if L.Get(1) != lua.LNil {
		dir = checkPath(L, fn, 1)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		fsError(L, fn, dir, err)
	}
	t := L.CreateTable(len(entries), 0)
	for _, e := range entries {
		t.Append(lua.LString(e.Name()))
	}
	L.Push(t)
	return 1
}

// fsGlob is lacy.fs.glob(pattern) → sorted paths. Besides *, ? and [...],
// a path element ** matches any number of directories.
func fsGlob(L *lua.LState) int {
	const fn = "lacy.fs.glob"
	pattern := checkPath(L, fn, 1)
	matches, err := glob(pattern)
	if err != nil {
		L.RaiseError("%s: %s: %v", fn, pattern, err)
	}
	t := L.CreateTable(len(matches), 0)
	for _, m := range matches {
		t.Append(lua.LString(m))
	}
	L.Push(t)
	return 1
}

// glob expands pattern like filepath.Glob, plus ** for any number of
// directories (hidden ones included).
func glob(pattern string) ([]string, error) {
	pattern = filepath.ToSlash(pattern)
	if !strings.Contains(pattern, "**") {
		if _, err := path.Match(pattern, ""); err != nil {
			return nil, err
		}
		m, err := filepath.Glob(pattern)
		return m, err
	}
	// Walk from the longest directory prefix without metacharacters.
	parts := strings.Split(pattern, "/")
	i := 0
	for i < len(parts)-1 && !strings.ContainsAny(parts[i], "*?[\\") {
		i++
	}
	root := strings.Join(parts[:i], "/")
	switch {
	case root == "" && strings.HasPrefix(pattern, "/"):
		root = "/"
	case root == "":
		root = "."
	}
	rest := parts[i:]
	for _, p := range rest {
		if p == "**" {
			continue
		}
		if _, err := path.Match(p, ""); err != nil {
			return nil, err
		}
	}
	var matches []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable directories are skipped, as Glob does
		}
		rel, _ := filepath.Rel(root, p)
		if rel == "." {
			return nil
		}
		if matchParts(rest, strings.Split(filepath.ToSlash(rel), "/")) {
			if root == "." {
				matches = append(matches, p)
			} else {
				matches = append(matches, filepath.Join(root, rel))
			}
		}
		return nil
	})
	slices.Sort(matches)
	return matches, err
}

// matchParts matches path elements against pattern elements, where "**"
// matches zero or more elements.
func matchParts(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for k := 0; k <= len(name); k++ {
				if matchParts(pat[1:], name[k:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// fsMkdir is lacy.fs.mkdir(path): the directory and its parents; an
// existing directory is fine.
func fsMkdir(L *lua.LState) int {
	const fn = "lacy.fs.mkdir"
	p := checkPath(L, fn, 1)
	if err := os.MkdirAll(p, 0o777); err != nil {
		fsError(L, fn, p, err)
	}
	return 0
}

// fsRemove is lacy.fs.remove(path, { recursive = bool }): a file or an
// empty directory; with recursive, a whole tree. A missing path is an
// error unless recursive is set (like rm -f).
func fsRemove(L *lua.LState) int {
	const fn = "lacy.fs.remove"
	p := checkPath(L, fn, 1)
	o := optTable(L, fn, 2, "recursive")
	var err error
	if o.boolean("recursive", false) {
		err = os.RemoveAll(p)
	} else {
		err = os.Remove(p)
	}
	if err != nil {
		fsError(L, fn, p, err)
	}
	return 0
}

// fsStat is lacy.fs.stat(path) → { name, size, mode, is_dir, is_file,
// is_link, mtime }, or nil when the path does not exist. Links are not
// followed.
func fsStat(L *lua.LState) int {
	const fn = "lacy.fs.stat"
	p := checkPath(L, fn, 1)
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		L.Push(lua.LNil)
		return 1
	}
	if err != nil {
		fsError(L, fn, p, err)
	}
	t := L.CreateTable(0, 7)
	t.RawSetString("name", lua.LString(fi.Name()))
	t.RawSetString("size", lua.LNumber(fi.Size()))
	t.RawSetString("mode", lua.LString(fi.Mode().String()))
	t.RawSetString("is_dir", lua.LBool(fi.IsDir()))
	t.RawSetString("is_file", lua.LBool(fi.Mode().IsRegular()))
	t.RawSetString("is_link", lua.LBool(fi.Mode()&fs.ModeSymlink != 0))
	t.RawSetString("mtime", lua.LNumber(fi.ModTime().Unix()))
	L.Push(t)
	return 1
}
