package agentproc

import (
	"errors"
	"os"
	"path/filepath"
)

// findFull finds lacy-full: beside the running binary, else on PATH.
func findFull() (string, error) {
	if exe, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(exe), "lacy-full"); isFile(p) {
			return p, nil
		}
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if p := filepath.Join(dir, "lacy-full"); dir != "" && isFile(p) {
			return p, nil
		}
	}
	return "", errors.New("lacy-full not found beside lacy or on PATH")
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}
