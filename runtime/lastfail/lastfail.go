// Package lastfail keeps the interactive shell's last failed command, with
// the tail of its error output, in a small file of the state directory, so
// that other programs (`lacy mcp`) can read it. The file is written
// redacted and readable by the user only.
package lastfail

import (
	"encoding/json"
	"os"
	"path/filepath"
	"time"

	"github.com/lacy-sh/lacy/internal/atomicfile"
)

// FileName is the file's name in the state directory.
const FileName = "last-failure.json"

// MaxTail bounds the error output kept.
const MaxTail = 4 << 10

// Failure is a failed command.
type Failure struct {
	Command string    `json:"command"`
	Exit    int       `json:"exit"`
	Cwd     string    `json:"cwd"`
	Time    time.Time `json:"time"`
	// Tail is the end of what the command wrote to stderr (or, with output
	// capture, to the terminal).
	Tail string `json:"tail"`
}

// Save replaces the file in dir with f, its text passed through redact
// first and its tail bounded.
func Save(dir string, f Failure, redact func(string) string) error {
	if len(f.Tail) > MaxTail {
		f.Tail = f.Tail[len(f.Tail)-MaxTail:]
	}
	f.Command, f.Tail, f.Cwd = redact(f.Command), redact(f.Tail), redact(f.Cwd)
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	return atomicfile.Write(dir, FileName, b)
}

// Load reads the file in dir; false when there is none (or it is damaged).
func Load(dir string) (Failure, bool) {
	var f Failure
	b, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil || json.Unmarshal(b, &f) != nil || f.Command == "" {
		return Failure{}, false
	}
	return f, true
}
