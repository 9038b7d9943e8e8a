package history

import (
	"bytes"
	"fmt"
	"io"
)

// Keep rewrites the history file with only the entries keep accepts
// (`history -d N`, `history -c; history -w`), under the file's lock, and
// reloads memory from it. Other sessions see the file shrink and reload it
// too. keep is called with each entry's index, oldest first, as Len and At
// number them; damaged lines are dropped.
func (s *Store) Keep(keep func(i int, e Entry) bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	fd := int(s.file.Fd())
	if err := lockFile(fd); err != nil {
		return err
	}
	defer unlockFile(fd)
	buf, err := io.ReadAll(io.NewSectionReader(s.file, 0, 1<<62))
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	out := make([]byte, 0, len(buf))
	i := 0
	for len(buf) > 0 {
		line := buf
		if j := bytes.IndexByte(buf, '\n'); j >= 0 {
			line, buf = buf[:j], buf[j+1:]
		} else {
			buf = nil
		}
		r, ok := decodeLine(line)
		if !ok {
			continue
		}
		e := Entry{Command: unescape(r.command), Time: entryTime(r.timeMs), Exit: r.exit, Cwd: unescape(r.cwd), Session: unescape(r.session)}
		if keep(i, e) {
			out = append(append(out, line...), '\n')
		}
		i++
	}
	if err := s.file.Truncate(0); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	if _, err := s.file.Write(out); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	// Start memory over from the rewritten file.
	s.off, s.damaged = 0, 0
	s.gen++
	s.sessIDs = map[string]uint32{}
	s.text.reset()
	s.view.Store(&view{cwdIDs: map[string]uint32{}})
	if !s.isLoaded {
		return nil
	}
	err = s.refreshLocked()
	s.maybeRebuildLocked(true)
	return err
}

// SetStart hides the entries before start from readline (`history -c`:
// ↑ and Ctrl-R begin after it).
func (l *Lines) SetStart(start int) { l.start.Store(int64(start)) }
