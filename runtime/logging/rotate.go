package logging

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// rotatingFile is the log file: opened (and its directory made) by the
// first write, appended to, and rotated when a write would take it past
// maxSize: the file is renamed NAME-TIMESTAMP.EXT (UTC, as lumberjack, which
// this replaces, names its backups) and only the newest maxBackups of those
// are kept. lumberjack also compressed backups on request, which lacy never
// asked for, and its import linked compress/gzip into every binary that logs.
type rotatingFile struct {
	path       string
	maxSize    int64
	maxBackups int
	now        func() time.Time

	mu   sync.Mutex
	f    *os.File
	size int64
}

// backupTimeFormat is lumberjack's, so that backups of either sort in order.
const backupTimeFormat = "2006-01-02T15-04-05.000"

func newRotatingFile(path string, maxSize int64, maxBackups int) *rotatingFile {
	return &rotatingFile{path: path, maxSize: maxSize, maxBackups: maxBackups, now: time.Now}
}

// Write appends p, rotating first if p would not fit (a p larger than
// maxSize goes alone into a new file).
func (w *rotatingFile) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		if err := w.open(); err != nil {
			return 0, err
		}
	}
	if w.size > 0 && w.size+int64(len(p)) > w.maxSize {
		if err := w.rotate(); err != nil {
			return 0, err
		}
	}
	n, err := w.f.Write(p)
	w.size += int64(n)
	return n, err
}

// open opens the file for appending, making its directory.
func (w *rotatingFile) open() error {
	if err := os.MkdirAll(filepath.Dir(w.path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(w.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	w.f, w.size = f, fi.Size()
	return nil
}

// rotate renames the full file to a backup, opens a new one and drops the
// oldest backups.
func (w *rotatingFile) rotate() error {
	w.f.Close()
	w.f = nil
	if err := os.Rename(w.path, w.backupName(w.now())); err != nil && !os.IsNotExist(err) {
		return err
	}
	if err := w.open(); err != nil {
		return err
	}
	w.prune()
	return nil
}

// backupName is NAME-TIMESTAMP.EXT beside the file.
func (w *rotatingFile) backupName(t time.Time) string {
	ext := filepath.Ext(w.path)
	return strings.TrimSuffix(w.path, ext) + "-" + t.UTC().Format(backupTimeFormat) + ext
}

// prune removes all but the newest maxBackups backups.
func (w *rotatingFile) prune() {
	if w.maxBackups <= 0 {
		return
	}
	ext := filepath.Ext(w.path)
	prefix := filepath.Base(strings.TrimSuffix(w.path, ext)) + "-"
	entries, err := os.ReadDir(filepath.Dir(w.path))
	if err != nil {
		return
	}
	var backups []string
	for _, e := range entries {
		name := e.Name()
		stamp, ok := strings.CutPrefix(name, prefix)
		if !ok || !strings.HasSuffix(stamp, ext) {
			continue
		}
		if _, err := time.Parse(backupTimeFormat, strings.TrimSuffix(stamp, ext)); err == nil {
			backups = append(backups, name)
		}
	}
	slices.Sort(backups) // the timestamps sort as text
	for _, name := range backups[:max(0, len(backups)-w.maxBackups)] {
		os.Remove(filepath.Join(filepath.Dir(w.path), name))
	}
}

// Sync flushes the file to disk.
func (w *rotatingFile) Sync() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return nil
	}
	return w.f.Sync()
}

// Close closes the file; a later Write opens it again.
func (w *rotatingFile) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return nil
	}
	err := w.f.Close()
	w.f = nil
	return err
}
