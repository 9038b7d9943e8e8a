package translate

import (
	"os"
	"path/filepath"
)

func writeFile(dir, name string) error {
	return os.WriteFile(filepath.Join(dir, name), nil, 0o644)
}
