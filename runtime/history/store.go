// Package history is lacy's persistent command history: an append-only file
// shared by every session, mirrored in memory with a prefix index for ghost
// text and a readline adapter for ↑/↓ and Ctrl-R.
//
// Several sessions append to the same file at once. Each entry is written
// with one write(2) on a file opened O_APPEND, under flock(2), so entries
// never interleave; a reader consumes only whole lines, so it never sees half
// an entry. The in-memory copy is always a prefix of the file: entries, this
// session's included, enter memory by reading the file past the last offset
// read, so every session sees the same order and other sessions' commands
// show up at the next Append or Refresh (one fstat when nothing changed).
//
// Open does not read the file: a goroutine loads it (about 30 ms for 200k
// entries), so the first prompt never waits on the disk; OpenDeferred does
// not even start that until Start or the first use, so the load does not
// compete with drawing the first prompt. Until the load is done, Len is 0
// and Suggest finds nothing (the readline adapter waits briefly, see
// Lines). The prefix index (about 80 ms for 200k entries) is built in the
// background on the first Suggest or Next, not before: an idle shell keeps
// only the entries. Until it is built, Suggest scans the newest 50k entries
// linearly (about 250 µs).
//
// Memory: an entry is a 24-byte record without pointers (the garbage
// collector never scans them), the records of a loaded file one allocation
// (the lines are counted first). Command texts are interned as the file
// loads (a history repeats itself: each repeat costs only its record) and
// live in a text space of blocks, one allocation each (text.go), never one
// allocation per entry; directories and sessions are interned too. At 200k
// entries that is 24 bytes per entry plus each distinct command's text once
// (BenchmarkHistoryLoad200k reports it). The load holds no lock while it
// reads, so Append (Enter at the first prompt) does not wait for it.
package history

import (
	"bytes"
	"errors"
	"fmt"
	"iter"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"
)

// Entry is one command in the history.
type Entry struct {
	Command  string        // the command line as typed; may span lines
	Time     time.Time     // when it started (stored with millisecond precision)
	Cwd      string        // the working directory it ran in
	Exit     int           // its exit status
	Duration time.Duration // how long it ran (stored in milliseconds)
	Session  string        // the session that ran it; Append fills in Store.Session when empty
}

// record is the in-memory form of an entry: 24 bytes, no pointers. Its
// command, directory and session are ids (view.command, view.cwds,
// view.sessions); its time is 48 bits of Unix milliseconds (±4,400 years),
// its exit status 16 bits: values beyond those are clamped in memory (the
// file keeps them as written).
type record struct {
	msLo  uint32 // start time in Unix milliseconds: the low 32 bits
	msHi  int16  // and the high 16
	exit  int16
	cmd   uint32
	cwd   uint32
	sess  uint32
	durMs uint32 // at most math.MaxInt32
}

// newRecord packs the numbers of an entry into a record.
func newRecord(timeMs, durMs int64, exit int) record {
	const maxMs = 1<<47 - 1
	ms := min(max(timeMs, -maxMs-1), maxMs)
	return record{
		msLo:  uint32(ms),
		msHi:  int16(ms >> 32),
		exit:  int16(min(max(exit, math.MinInt16), math.MaxInt16)),
		durMs: uint32(clampMs(durMs)),
	}
}

// timeMs returns the record's start time in Unix milliseconds.
func (r *record) timeMs() int64 { return int64(r.msHi)<<32 | int64(r.msLo) }

// view is an immutable snapshot of the history, published atomically so
// readers (Suggest on every keystroke, readline's GetLine in loops) never
// take a lock. recs only grows: the writer appends past len(recs) of every
// published view, which readers of that view never touch.
type view struct {
	recs     []record
	cmdAt    []uint32          // where each command's text starts in the text space, and the space's end (text.go)
	blocks   []textBlock       // the text space's blocks, by start
	cwds     []string          // cwd text by id
	sessions []string          // session text by id
	cwdIDs   map[string]uint32 // cwd id by text; replaced, never mutated, once published
	idx      *index            // prefix index over recs[:idx.n]; nil until built
}

// rebuildAfter is how many entries may pile up past the prefix index before
// it is rebuilt in the background; Suggest scans them linearly meanwhile.
const rebuildAfter = 2048

// Store is a history file and its in-memory mirror. Its methods are safe for
// concurrent use.
type Store struct {
	path    string
	log     *zap.Logger
	session string
	file    *os.File
	view    atomic.Pointer[view]
	filter  atomic.Pointer[func(string) bool]
	loaded  chan struct{}
	indexed chan struct{}  // closed once the first prefix index is published
	done    sync.WaitGroup // the loader and index builds

	startOnce   sync.Once
	indexWanted atomic.Bool // a Suggest or Next asked for the index

	mu         sync.Mutex // guards the fields below and publishing a view
	off        int64      // file bytes mirrored in memory
	sessIDs    map[string]uint32
	damaged    int
	building   bool
	wasIndexed bool // indexed is closed
	gen        int  // bumped when the file shrank and memory was reset
	closed     bool
	wbuf       []byte
	text       textWriter
	isLoaded   bool
	lastErrLog time.Time
}

// Open opens (creating it and its directory if needed) the history file at
// path and starts loading it in the background. It costs a mkdir and an
// open; reading never blocks the caller. log may be nil.
func Open(path string, log *zap.Logger) (*Store, error) {
	s, err := OpenDeferred(path, log)
	if err == nil {
		s.Start()
	}
	return s, err
}

// OpenDeferred is Open without starting the load: it starts on Start, or
// on the first Append, Suggest, Next, Refresh, Loaded or readline use,
// whichever comes first. The REPL starts it once the first prompt is drawn.
func OpenDeferred(path string, log *zap.Logger) (*Store, error) {
	if log == nil {
		log = zap.NewNop()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	s := &Store{
		path:    path,
		log:     log,
		session: strconv.FormatInt(int64(os.Getpid()), 36) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36),
		file:    f,
		loaded:  make(chan struct{}),
		indexed: make(chan struct{}),
		sessIDs: map[string]uint32{},
	}
	s.view.Store(&view{cwdIDs: map[string]uint32{}})
	return s, nil
}

// Start starts loading the file in the background, once; later calls, and
// calls after Close, do nothing.
func (s *Store) Start() {
	s.startOnce.Do(func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.closed {
			return
		}
		s.done.Add(1)
		go s.load()
	})
}

// Path returns the history file's path.
func (s *Store) Path() string { return s.path }

// Session returns this store's session id, used for entries appended with
// an empty Session.
func (s *Store) Session() string { return s.session }

// Loaded returns a channel closed once the file as it was at Open is in
// memory. The `history` builtin waits on it; the prompt never should.
func (s *Store) Loaded() <-chan struct{} {
	s.Start()
	return s.loaded
}

// Indexed returns a channel closed once the first prefix index is built
// (on the first Suggest or Next, in the background). Building it at 200k
// entries allocates several times what it keeps: the REPL returns that
// garbage to the OS then, as it does after the load.
func (s *Store) Indexed() <-chan struct{} { return s.indexed }

// Damaged returns how many damaged lines were skipped so far.
func (s *Store) Damaged() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.isLoaded {
		return 0 // the loader counts them without the lock
	}
	return s.damaged
}

// SetFilter installs a hook deciding whether a command is recorded: Append
// drops the command when f returns false. Use it to keep secrets out of the
// file. A nil f removes the hook.
func (s *Store) SetFilter(f func(cmd string) bool) {
	if f == nil {
		s.filter.Store(nil)
		return
	}
	s.filter.Store(&f)
}

func (s *Store) load() {
	defer s.done.Done()
	start := time.Now()
	// The file is read without the lock: until isLoaded is set nothing
	// else changes the mirror (Append only writes, Refresh waits), so an
	// Append (Enter at the first prompt) never waits for the load.
	v, err := s.loadFile()
	s.mu.Lock()
	if err == nil {
		s.view.Store(v)
		err = s.refreshLocked() // lines appended during the load
	}
	s.isLoaded = true
	n, damaged := len(s.view.Load().recs), s.damaged
	s.mu.Unlock()
	close(s.loaded)
	if err != nil {
		s.log.Warn("history: load", zap.String("path", s.path), zap.Error(err))
	}
	if damaged > 0 {
		s.log.Warn("history: skipped damaged lines", zap.String("path", s.path), zap.Int("damaged", damaged))
	}
	s.log.Debug("history: loaded", zap.Int("entries", n), zap.Duration("took", time.Since(start)))
	s.mu.Lock()
	s.maybeRebuildLocked(true)
	s.mu.Unlock()
}

// wantIndex asks for the prefix index (Suggest and Next call it): the first
// call starts the load if needed and a background build. It never waits, not
// even for the lock the loader holds while it parses the file: a keystroke
// calls it.
func (s *Store) wantIndex() {
	if s.indexWanted.Load() || !s.indexWanted.CompareAndSwap(false, true) {
		return
	}
	s.Start()
	// Not counted in s.done: Close may be waiting already. Under the lock,
	// a closed store starts no build (maybeRebuildLocked checks).
	go func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.isLoaded {
			s.maybeRebuildLocked(true)
		}
	}()
}

// loadChunk is how much of the file the load reads at a time.
const loadChunk = 1 << 20

// loadFile reads the file as it is now into a view, in chunks, without
// publishing it: Len stays 0 until the whole file is in (so `!!` never
// names an old command). It counts the lines first so the records are
// allocated once, and yields between chunks, so a keystroke's goroutine
// gets the processor at once. Only the loader calls it, before isLoaded.
func (s *Store) loadFile() (*view, error) {
	v := *s.view.Load()
	fi, err := s.file.Stat()
	if err != nil {
		return nil, err
	}
	size := fi.Size()
	buf := make([]byte, min(loadChunk, size)) // an empty file allocates nothing
	lines := 0
	for off := int64(0); off < size; {
		n, err := s.file.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
		if n == 0 && err != nil {
			return nil, err
		}
		lines += bytes.Count(buf[:n], []byte{'\n'})
		off += int64(n)
	}
	v.recs = make([]record, 0, lines)
	if lines > 0 {
		s.text.intern = newInternTable(lines)
	}
	defer func() { s.text.intern = nil }()
	for s.off < size {
		n, err := s.file.ReadAt(buf[:min(int64(len(buf)), size-s.off)], s.off)
		if n == 0 && err != nil {
			return nil, err
		}
		chunk := buf[:n]
		end := bytes.LastIndexByte(chunk, '\n')
		if end < 0 {
			if s.off+int64(n) >= size {
				break // only a partial line is left
			}
			buf = make([]byte, 2*len(buf)) // a line longer than the buffer
			continue
		}
		s.ingest(&v, chunk[:end+1], loadTextBlock)
		s.off += int64(end + 1)
		runtime.Gosched()
	}
	s.text.compact(&v)
	v.cmdAt = slices.Clip(v.cmdAt) // appends copy it once, instead of every load keeping spare room
	return &v, nil
}

// Refresh reads entries other sessions appended since the last read. When
// nothing changed it costs one fstat. Append refreshes by itself.
func (s *Store) Refresh() error {
	s.Start()
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.isLoaded || s.closed {
		return nil
	}
	return s.refreshLocked()
}

// refreshLocked mirrors the file from s.off to its last complete line.
func (s *Store) refreshLocked() error {
	fi, err := s.file.Stat()
	if err != nil {
		return err
	}
	size := fi.Size()
	if size < s.off {
		// The file was truncated or rewritten under us: start over.
		s.log.Info("history: file shrank, reloading", zap.String("path", s.path))
		s.off, s.damaged = 0, 0
		s.gen++
		s.sessIDs = map[string]uint32{}
		s.text.reset()
		s.view.Store(&view{cwdIDs: map[string]uint32{}})
	}
	if size == s.off {
		return nil
	}
	buf := make([]byte, size-s.off)
	n, err := s.file.ReadAt(buf, s.off)
	if err != nil && n < len(buf) {
		return err
	}
	buf = buf[:n]
	end := bytes.LastIndexByte(buf, '\n')
	if end < 0 {
		return nil // only a partial line so far
	}
	buf = buf[:end+1]
	s.off += int64(len(buf))
	s.ingestLocked(buf)
	s.maybeRebuildLocked(false)
	return nil
}

// ingestLocked parses whole lines and publishes a view with them appended.
func (s *Store) ingestLocked(buf []byte) {
	v := *s.view.Load()
	s.ingest(&v, buf, minTextBlock)
	s.view.Store(&v)
}

// ingest parses whole lines and appends them to v (a copy of the published
// view, not yet published), their texts into blocks of at least blockSize
// bytes.
func (s *Store) ingest(v *view, buf []byte, blockSize int) {
	cwdsShared := true
	type lastLine struct {
		rawEntry
		rec record
	}
	var last lastLine
	haveLast := false
	v.recs = slices.Grow(v.recs, bytes.Count(buf, []byte{'\n'}))
	for len(buf) > 0 {
		i := bytes.IndexByte(buf, '\n')
		line := buf[:i]
		buf = buf[i+1:]
		if len(line) == 0 {
			continue
		}
		r, ok := decodeLine(line)
		if !ok {
			s.damaged++
			continue
		}
		rec := newRecord(r.timeMs, r.durMs, r.exit)
		if rec.cmd, ok = s.text.add(v, r.command, blockSize); !ok {
			s.damaged++
			continue
		}
		// Consecutive entries mostly share a session and a directory:
		// the previous line's ids save two map lookups.
		if haveLast && bytes.Equal(r.cwd, last.cwd) {
			rec.cwd = last.rec.cwd
		} else {
			id, ok := v.cwdIDs[string(r.cwd)]
			if !ok {
				if cwdsShared {
					v.cwdIDs = cloneMap(v.cwdIDs)
					cwdsShared = false
				}
				id = uint32(len(v.cwds))
				v.cwds = append(v.cwds, unescape(r.cwd))
				v.cwdIDs[v.cwds[id]] = id
			}
			rec.cwd = id
		}
		if haveLast && bytes.Equal(r.session, last.session) {
			rec.sess = last.rec.sess
		} else {
			id, ok := s.sessIDs[string(r.session)]
			if !ok {
				id = uint32(len(v.sessions))
				v.sessions = append(v.sessions, unescape(r.session))
				s.sessIDs[v.sessions[id]] = id
			}
			rec.sess = id
		}
		v.recs = append(v.recs, rec)
		last, haveLast = lastLine{r, rec}, true
	}
}

func clampMs(ms int64) int32 {
	return int32(max(0, min(ms, math.MaxInt32)))
}

func cloneMap(m map[string]uint32) map[string]uint32 {
	c := make(map[string]uint32, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	return c
}

// maybeRebuildLocked starts a background index build when the entries past
// the index are too many to scan on every keystroke (or when force is set
// and there is no index yet).
func (s *Store) maybeRebuildLocked(force bool) {
	v := s.view.Load()
	covered := 0
	if v.idx != nil {
		covered = v.idx.n
	}
	pending := len(v.recs) - covered
	if s.building || s.closed || pending == 0 || (pending < rebuildAfter && !(force && v.idx == nil)) ||
		(v.idx == nil && !s.indexWanted.Load()) {
		return
	}
	s.building = true
	gen := s.gen
	s.done.Add(1)
	go func() {
		defer s.done.Done()
		idx := buildIndex(v)
		s.mu.Lock()
		defer s.mu.Unlock()
		s.building = false
		cur := *s.view.Load()
		if s.gen != gen {
			s.maybeRebuildLocked(true) // reset meanwhile: index the new contents
			return
		}
		first := cur.idx == nil && !s.wasIndexed
		cur.idx = idx
		s.view.Store(&cur)
		if first {
			s.wasIndexed = true
			close(s.indexed)
		}
		s.maybeRebuildLocked(false)
	}()
}

// ErrClosed is returned by Append after Close.
var ErrClosed = errors.New("history: store closed")

// Append records e: it writes one line to the file and mirrors the file's new
// entries (from any session) in memory. Commands that are empty, start with a
// space (bash's HISTCONTROL=ignorespace), equal the newest entry (ignoredups)
// or are rejected by the filter are dropped without error. Call it after the
// command ran, with its exit status and duration. It costs about 10 µs; only
// in the first tens of milliseconds after Open may it wait for the load.
func (s *Store) Append(e Entry) error {
	s.Start()
	if strings.TrimSpace(e.Command) == "" || e.Command[0] == ' ' {
		return nil
	}
	if f := s.filter.Load(); f != nil && !(*f)(e.Command) {
		return nil
	}
	if e.Session == "" {
		e.Session = s.session
	}
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	if v := s.view.Load(); len(v.recs) > 0 && v.cmd(len(v.recs)-1) == e.Command {
		return nil
	}
	s.wbuf = appendEntry(append(s.wbuf[:0], '\n'), &e)
	if err := s.writeLine(s.wbuf); err != nil {
		s.logWriteError(err)
		return fmt.Errorf("history: %w", err)
	}
	if !s.isLoaded {
		return nil // the loader reads it with the rest
	}
	return s.refreshLocked()
}

// writeLine appends line (which starts with a spare '\n') with one write
// under an exclusive flock; a write that fails is undone. The spare newline is written only when the file
// does not end with one, so an entry torn by a crash damages one line, not
// the next one too.
func (s *Store) writeLine(line []byte) error {
	fd := int(s.file.Fd())
	if err := lockFile(fd); err != nil {
		return err
	}
	defer unlockFile(fd)
	fi, err := s.file.Stat()
	if err != nil {
		return err
	}
	size := fi.Size()
	if size == 0 {
		line = line[1:]
	} else {
		var last [1]byte
		if _, err := s.file.ReadAt(last[:], size-1); err != nil {
			return err
		}
		if last[0] == '\n' {
			line = line[1:]
		}
	}
	if _, err = s.file.Write(line); err != nil {
		// An entry is whole or absent: a write cut short (a full disk)
		// would leave a truncated entry that reads as valid.
		_ = s.file.Truncate(size)
	}
	return err
}

// logWriteError logs a failed write at most once a minute: a full disk must
// not flood the log on every Enter.
func (s *Store) logWriteError(err error) {
	if time.Since(s.lastErrLog) > time.Minute {
		s.lastErrLog = time.Now()
		s.log.Warn("history: append", zap.String("path", s.path), zap.Error(err))
	}
}

// Close waits for background work and closes the file. Later Appends fail.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	s.done.Wait()
	return s.file.Close()
}

// Len returns the number of entries in memory.
func (s *Store) Len() int { return len(s.view.Load().recs) }

// At returns entry i, oldest first (0 ≤ i < Len()).
func (s *Store) At(i int) Entry { return s.view.Load().entry(i) }

func (v *view) entry(i int) Entry {
	r := &v.recs[i]
	return Entry{
		Command:  v.command(r.cmd),
		Time:     entryTime(r.timeMs()),
		Cwd:      v.cwds[r.cwd],
		Exit:     int(r.exit),
		Duration: time.Duration(r.durMs) * time.Millisecond,
		Session:  v.sessions[r.sess],
	}
}

// All iterates over a snapshot of the entries, oldest first, with their
// index.
func (s *Store) All() iter.Seq2[int, Entry] {
	v := s.view.Load()
	return func(yield func(int, Entry) bool) {
		for i := range v.recs {
			if !yield(i, v.entry(i)) {
				return
			}
		}
	}
}

// Backward iterates over a snapshot of the entries, newest first, with their
// index.
func (s *Store) Backward() iter.Seq2[int, Entry] {
	v := s.view.Load()
	return func(yield func(int, Entry) bool) {
		for i := len(v.recs) - 1; i >= 0; i-- {
			if !yield(i, v.entry(i)) {
				return
			}
		}
	}
}
