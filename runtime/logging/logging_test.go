package logging

import (
	"encoding/json"
	"errors"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// These tests share the package-level level and the std logger: no
// t.Parallel.

func readLines(t *testing.T, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		out = append(out, m)
	}
	return out
}

func TestNewWritesJSONToFile(t *testing.T) {
	t.Setenv(EnvLevel, "")
	path := filepath.Join(t.TempDir(), "state", "lacy", "lacy.log")
	lg, closeLog, err := New(path, "info")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("New touched the disk: %v", err)
	}
	lg.Debug("hidden")
	lg.Info("shown", zap.String("k", "v"))
	log.Printf("from std log")
	if err := SetLevel("debug"); err != nil {
		t.Fatal(err)
	}
	lg.Debug("now shown")
	closeLog()
	SetLevel("info")

	lines := readLines(t, path)
	var msgs []string
	for _, l := range lines {
		msgs = append(msgs, l["msg"].(string))
	}
	if want := []string{"shown", "from std log", "now shown"}; strings.Join(msgs, "|") != strings.Join(want, "|") {
		t.Errorf("messages %q, want %q", msgs, want)
	}
	if lines[0]["k"] != "v" || lines[0]["level"] != "info" || lines[0]["ts"] == nil {
		t.Errorf("first line: %v", lines[0])
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("log file mode %v, %v; want 0600", fi.Mode(), err)
	}
}

func TestLevels(t *testing.T) {
	for _, tc := range []struct {
		arg, env string
		want     zapcore.Level
		err      bool
	}{
		{"", "", DefaultLevel, false},
		{"debug", "", zapcore.DebugLevel, false},
		{"WARN", "", zapcore.WarnLevel, false},
		{"warning", "", zapcore.WarnLevel, false},
		{"error", "", zapcore.ErrorLevel, false},
		{"info", "debug", zapcore.DebugLevel, false}, // LACY_LOG wins
		{"", "error", zapcore.ErrorLevel, false},
		{"loud", "", DefaultLevel, true},
		{"info", "loud", DefaultLevel, true},
	} {
		t.Setenv(EnvLevel, tc.env)
		level.Get().SetLevel(DefaultLevel)
		_, closeLog, err := New(filepath.Join(t.TempDir(), "lacy.log"), tc.arg)
		if (err != nil) != tc.err {
			t.Errorf("New(%q) with LACY_LOG=%q: err %v", tc.arg, tc.env, err)
		}
		if err == nil {
			closeLog()
		}
		if Level() != tc.want {
			t.Errorf("New(%q) with LACY_LOG=%q: level %v, want %v", tc.arg, tc.env, Level(), tc.want)
		}
	}
	level.Get().SetLevel(DefaultLevel)
}

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"git status", "git status"},
		{"ls -la --color=auto", "ls -la --color=auto"},
		{"OPENAI_API_KEY=sk-abc123 lacy ask hi", "OPENAI_API_KEY=[REDACTED] lacy ask hi"},
		{"export GITHUB_TOKEN='a b c'; gh pr list", "export GITHUB_TOKEN=[REDACTED]; gh pr list"},
		{"mysql --password=hunter2 db", "mysql --password=[REDACTED] db"},
		{"cli --token abc.def", "cli --token [REDACTED]"},
		{`curl -H "Authorization: Bearer abcdefghijkl" x`, `curl -H "Authorization: Bearer [REDACTED]" x`},
		{"git clone https://bob:s3cret@example.com/r.git", "git clone https://bob:[REDACTED]@example.com/r.git"},
		{"key sk-ant-api03-AAAAAAAAAAAAAAAAAAAA here", "key [REDACTED] here"},
		{"ghp_0123456789abcdefghijABCDEFGHIJ", "[REDACTED]"},
		{"aws AKIAIOSFODNN7EXAMPLE", "aws [REDACTED]"},
		{"PATH=/usr/bin:/bin make", "PATH=/usr/bin:/bin make"},
		{"PWD=/tmp OLDPWD=/ env", "PWD=/tmp OLDPWD=/ env"},
		{"DB_PASSWORD=x; echo ok", "DB_PASSWORD=[REDACTED]; echo ok"},
	} {
		if got := Redact(tc.in); got != tc.want {
			t.Errorf("Redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// BenchmarkNew measures building the logger at startup (no I/O).
func BenchmarkNew(b *testing.B) {
	path := filepath.Join(b.TempDir(), "lacy.log")
	b.ReportAllocs()
	for b.Loop() {
		_, closeLog, err := New(path, "info")
		if err != nil {
			b.Fatal(err)
		}
		closeLog()
	}
}

// BenchmarkInfo measures one enabled log line (a write(2) to the file).
func BenchmarkInfo(b *testing.B) {
	lg, closeLog, err := New(filepath.Join(b.TempDir(), "lacy.log"), "info")
	if err != nil {
		b.Fatal(err)
	}
	defer closeLog()
	b.ReportAllocs()
	for b.Loop() {
		lg.Info("command", zap.String("cmd", "git status"), zap.Int("exit", 0))
	}
}

func BenchmarkRedact(b *testing.B) {
	for _, in := range []string{"git commit -m 'fix the build'", "OPENAI_API_KEY=sk-abc123 lacy ask hi"} {
		b.Run(in[:10], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Redact(in)
			}
		})
	}
}

// TestLogLinesRedacted: whatever a caller passes, no secret reaches the
// file: message, string fields, errors and fields added with With.
func TestLogLinesRedacted(t *testing.T) {
	t.Setenv(EnvLevel, "")
	path := filepath.Join(t.TempDir(), "lacy.log")
	lg, closeLog, err := New(path, "info")
	if err != nil {
		t.Fatal(err)
	}
	lg.With(zap.String("url", "https://bob:hunter2x@example.com")).Info("ran mysql -u root -pHunter2x db",
		zap.String("cmd", "curl -u bob:hunter2x https://x"), zap.Error(errors.New("token ghp_0123456789abcdefghijABCDEFGHIJ refused")))
	closeLog()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"hunter2x", "Hunter2x", "ghp_0123"} {
		if strings.Contains(string(b), s) {
			t.Errorf("log holds %q:\n%s", s, b)
		}
	}
	if !strings.Contains(string(b), Redacted) {
		t.Errorf("nothing redacted:\n%s", b)
	}
}
