package instantprompt

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func baseInputs(t *testing.T) Inputs {
	dir := t.TempDir()
	rc := filepath.Join(dir, "rc")
	if err := os.WriteFile(rc, []byte("alias ll='ls -l'\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return Inputs{
		Binary: "/usr/bin/lacy 100 1", UID: 1000, Home: "/home/u", Cwd: "/home/u/src",
		Width: 100, Term: "xterm-256color", ColorTerm: "truecolor", NoColor: "", PS1: "",
		Login: false, Files: []string{rc, filepath.Join(dir, "absent.lua")},
	}
}

// Each input the first prompt depends on changes the key.
func TestKeyChangesWithEachInput(t *testing.T) {
	base := baseInputs(t)
	baseKey := Key(base)
	if Key(base) != baseKey {
		t.Fatal("the key is not stable")
	}
	tests := []struct {
		name   string
		change func(*Inputs)
	}{
		{"binary", func(in *Inputs) { in.Binary = "/usr/bin/lacy 101 1" }},
		{"uid", func(in *Inputs) { in.UID = 0 }},
		{"home", func(in *Inputs) { in.Home = "/root" }},
		{"cwd", func(in *Inputs) { in.Cwd = "/home/u" }},
		{"width", func(in *Inputs) { in.Width = 80 }},
		{"term", func(in *Inputs) { in.Term = "xterm" }},
		{"colorterm", func(in *Inputs) { in.ColorTerm = "" }},
		{"no_color", func(in *Inputs) { in.NoColor = "1" }},
		{"ps1", func(in *Inputs) { in.PS1 = `\w$ ` }},
		{"login", func(in *Inputs) { in.Login = true }},
		{"one more file", func(in *Inputs) { in.Files = append(in.Files, "/etc/profile") }},
		{"file order", func(in *Inputs) { in.Files = []string{in.Files[1], in.Files[0]} }},
		{"file written", func(in *Inputs) {
			_ = os.WriteFile(in.Files[0], []byte("alias ll='ls -la'\n"), 0o600)
		}},
		{"file touched", func(in *Inputs) {
			later := time.Now().Add(time.Hour)
			_ = os.Chtimes(in.Files[0], later, later)
		}},
		{"file created", func(in *Inputs) { _ = os.WriteFile(in.Files[1], nil, 0o600) }},
		{"file removed", func(in *Inputs) { _ = os.Remove(in.Files[0]) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := baseInputs(t)
			before := Key(in)
			tc.change(&in)
			if Key(in) == before {
				t.Errorf("changing %s kept the key", tc.name)
			}
		})
	}
}

func TestStoreLoad(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lacy", "prompt")
	key := Key(baseInputs(t))
	if _, ok := Load(dir, key); ok {
		t.Fatal("an entry before any was stored")
	}
	prompt := []byte("\x1b]133;A\x07\x1b[1mlacy\x1b[0m ~/src ▌ \x1b]133;B\x07")
	if err := Store(dir, key, prompt); err != nil {
		t.Fatal(err)
	}
	got, ok := Load(dir, key)
	if !ok || !bytes.Equal(got, prompt) {
		t.Fatalf("Load = %q, %v", got, ok)
	}
	st, err := os.Stat(filepath.Join(dir, name(key)))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("entry mode %v, %v", st.Mode(), err)
	}
	// The same bytes again: the file is left as it is.
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	_ = os.Chtimes(filepath.Join(dir, name(key)), old, old)
	if err := Store(dir, key, prompt); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(filepath.Join(dir, name(key))); !st.ModTime().Equal(old) {
		t.Error("storing the same prompt rewrote the entry")
	}
	if _, ok := Load(dir, key+"x"); ok {
		t.Error("another key loaded the entry")
	}
	if err := Remove(dir, key); err != nil {
		t.Fatal(err)
	}
	if _, ok := Load(dir, key); ok {
		t.Error("a removed entry loaded")
	}
	if err := Remove(dir, key); err != nil {
		t.Errorf("removing no entry: %v", err)
	}
}

// A file that is not a valid entry for the key is never drawn.
func TestLoadIgnoresCorruptAndForeignFiles(t *testing.T) {
	key := Key(baseInputs(t))
	other := Key(Inputs{Cwd: "/elsewhere"})
	valid := string(encode(key, []byte("lacy ~ ▌ ")))
	tests := map[string]string{
		"empty":               "",
		"not lacy's":          "#!/bin/sh\necho hi\n",
		"another version":     "lacy instant prompt 2\n" + valid[len(header):],
		"another key":         string(encode(other, []byte("lacy / ▌ "))),
		"cut":                 valid[:len(valid)-5],
		"no final newline":    valid[:len(valid)-1],
		"trailing bytes":      valid + "x",
		"unquoted prompt":     header + `"` + key + "\"\nlacy ~ ▌ \n",
		"empty prompt":        string(encode(key, nil)),
		"larger than a entry": header + string(bytes.Repeat([]byte("x"), maxEntry+10)),
	}
	for name_, content := range tests {
		t.Run(name_, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, name(key)), []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			if p, ok := Load(dir, key); ok {
				t.Errorf("loaded %q", p)
			}
		})
	}
	t.Run("valid", func(t *testing.T) {
		dir := t.TempDir()
		_ = os.WriteFile(filepath.Join(dir, name(key)), []byte(valid), 0o600)
		if p, ok := Load(dir, key); !ok || string(p) != "lacy ~ ▌ " {
			t.Errorf("Load = %q, %v", p, ok)
		}
	})
}

func TestCacheable(t *testing.T) {
	tests := []struct {
		prompt string
		cols   int
		want   bool
	}{
		{"lacy ~ ▌ ", 80, true},
		{"\x1b]133;A\x07\x1b]7;file://h/home/u\x07\x1b[1mlacy\x1b[0m \x1b[34m~\x1b[0m \x1b[2m▌\x1b[0m \x1b]133;B\x07", 80, true},
		{"\x1b]2;title\x1b\\lacy ▌ ", 80, true},
		{"two\nlines ▌ ", 80, false},
		{"cr\r▌ ", 80, false},
		{"tab\t▌ ", 80, false},
		{"bell\a▌ ", 80, false},
		{"c1 \u0085 ▌ ", 80, false},
		{"\x1b[1", 80, false},             // an unfinished CSI
		{"\x1b]133;A lacy ▌ ", 80, false}, // an unfinished OSC
		{"\x1bcreset", 80, false},         // not a sequence prompts use
		{"0123456789", 10, false},         // the cursor would wrap
		{"012345678", 10, true},
		{"日本語 ▌ ", 10, true}, // width 9
		{"日本語 ▌ ", 9, false},
		{"", 80, false},
		{"lacy ▌ ", 0, false},
	}
	for _, tc := range tests {
		if got := Cacheable(tc.prompt, tc.cols); got != tc.want {
			t.Errorf("Cacheable(%q, %d) = %v, want %v", tc.prompt, tc.cols, got, tc.want)
		}
	}
}

func TestDir(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_CACHE_HOME": "/c", "HOME": "/h"}, "/c/lacy/prompt"},
		{map[string]string{"XDG_CACHE_HOME": "rel", "HOME": "/h"}, "/h/.cache/lacy/prompt"},
		{map[string]string{"HOME": "/h"}, "/h/.cache/lacy/prompt"},
		{map[string]string{}, ""},
	}
	for _, tc := range tests {
		if got := Dir(env(tc.env)); got != tc.want {
			t.Errorf("Dir(%v) = %q, want %q", tc.env, got, tc.want)
		}
	}
}

// decode reads whatever a file holds without panicking, and what it
// accepts encodes back to the same bytes.
func FuzzDecode(f *testing.F) {
	f.Add(encode("k", []byte("lacy ~ ▌ ")), "k")
	f.Add([]byte(header+"\"k\"\n\"\\x1b[1m\"\n"), "k")
	f.Add([]byte("garbage"), "k")
	f.Fuzz(func(t *testing.T, data []byte, key string) {
		p, ok := decode(data, key)
		if ok && !bytes.Equal(encode(key, p), data) {
			// Quoting has several spellings; the decoded prompt must
			// survive a round trip.
			if q, ok2 := decode(encode(key, p), key); !ok2 || !bytes.Equal(q, p) {
				t.Fatalf("round trip of %q failed", p)
			}
		}
		_, _ = Cacheable(string(p), 80), ok
	})
}
