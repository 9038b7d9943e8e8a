package helpopts

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/lacy-sh/lacy/internal/atomicfile"
)

// DefaultTimeout bounds one program's --help.
const DefaultTimeout = 3 * time.Second

// maxEntries bounds the cache file.
const maxEntries = 400

// entry is what is known of one program (and subcommand) at one version.
type entry struct {
	Path    string   `json:"path"`
	Version string   `json:"version"`
	Opts    []string `json:"opts,omitempty"`
	Subs    []string `json:"subs,omitempty"`
}

// Cache holds the options and subcommands learned, per program version.
// It is safe for concurrent use.
type Cache struct {
	path string
	// Complete asks the bash-completion bridge for the candidates of
	// words (the last one is completed); nil means no bridge. Run runs a
	// program's help and returns its output (nil: exec with Timeout).
	Complete func(ctx context.Context, words []string) []string
	Run      func(ctx context.Context, path string, args []string) string
	Timeout  time.Duration
	// LookPath finds a program (nil: exec.LookPath).
	LookPath func(name string) (string, error)

	mu       sync.Mutex
	loaded   bool
	m        map[string]entry
	inflight map[string]bool
	runs     int // --help runs, for tests
}

// Open returns the cache kept in file (created on first Learn); "" keeps
// it in memory only.
func Open(file string) *Cache {
	return &Cache{path: file, Timeout: DefaultTimeout}
}

// DefaultFile is the cache's file: $XDG_CACHE_HOME/lacy/options.json (or
// ~/.cache/lacy/…); "" when there is no cache directory.
func DefaultFile() string {
	d, err := os.UserCacheDir()
	if err != nil || !filepath.IsAbs(d) {
		return ""
	}
	return filepath.Join(d, "lacy", "options.json")
}

func key(prog, sub string) string { return prog + "\x00" + sub }

// load reads the file once (the caller holds mu).
func (c *Cache) load() {
	if c.loaded {
		return
	}
	c.loaded = true
	c.m = map[string]entry{}
	if c.path == "" {
		return
	}
	if b, err := os.ReadFile(c.path); err == nil {
		_ = json.Unmarshal(b, &c.m)
		if c.m == nil {
			c.m = map[string]entry{}
		}
	}
}

// version identifies a program's build: its size and modification time.
func version(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%d-%d", fi.Size(), fi.ModTime().UnixNano())
}

// Lookup returns what is known of prog (sub: its subcommand, or "") at its
// current version; ok is false when nothing is. It reads memory and stats
// one file: it never runs anything.
func (c *Cache) Lookup(prog, sub string) (opts, subs []string, ok bool) {
	if c == nil {
		return nil, nil, false
	}
	c.mu.Lock()
	c.load()
	e, found := c.m[key(prog, sub)]
	c.mu.Unlock()
	if !found || version(e.Path) != e.Version {
		return nil, nil, false
	}
	return e.Opts, e.Subs, true
}

// Learn finds prog's options and subcommands (sub's, when sub is set) if
// its current version is not known yet: from the completion bridge, else
// from `prog [sub] --help`. At most one Learn per program runs at a time,
// and a version is learned once (what it gave, even nothing, is kept).
func (c *Cache) Learn(ctx context.Context, prog, sub string) error {
	if c == nil || prog == "" || strings.ContainsAny(prog+sub, "\x00") || strings.HasPrefix(sub, "-") {
		return nil
	}
	look := c.LookPath
	if look == nil {
		look = exec.LookPath
	}
	path, err := look(prog)
	if err != nil {
		return nil // not a program: nothing to ask
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	v := version(path)
	k := key(prog, sub)
	c.mu.Lock()
	c.load()
	if e, ok := c.m[k]; ok && e.Path == path && e.Version == v || c.inflight[k] {
		c.mu.Unlock()
		return nil
	}
	if c.inflight == nil {
		c.inflight = map[string]bool{}
	}
	c.inflight[k] = true
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.inflight, k)
		c.mu.Unlock()
	}()

	words := []string{prog}
	if sub != "" {
		words = append(words, sub)
	}
	var opts, subs []string
	if c.Complete != nil {
		for _, o := range c.Complete(ctx, append(words, "-")) {
			if o = strings.TrimRight(o, "= "); strings.HasPrefix(o, "-") && !strings.ContainsAny(o, " \t") {
				opts = append(opts, o)
			}
		}
		if sub == "" {
			for _, s := range c.Complete(ctx, append(words, "")) {
				if s = strings.TrimSpace(s); s != "" && !strings.HasPrefix(s, "-") && !strings.ContainsAny(s, " \t/") {
					subs = append(subs, s)
				}
			}
		}
	}
	if !hasLong(opts) {
		// No spec, or one that gives short options only: the help.
		hopts, hsubs := Parse(c.help(ctx, path, append(words[1:], "--help")))
		opts = append(opts, hopts...)
		if len(subs) == 0 {
			subs = hsubs
		}
	}
	if ctx.Err() != nil {
		return ctx.Err() // cut short: try again next time
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[k] = entry{Path: path, Version: v, Opts: uniq(opts), Subs: uniq(subs)}
	if len(c.m) > maxEntries {
		for other := range c.m {
			if other != k {
				delete(c.m, other)
				break
			}
		}
	}
	if c.path == "" {
		return nil
	}
	b, err := json.Marshal(c.m)
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Dir(c.path), filepath.Base(c.path), b)
}

// help runs a program's help with the cache's timeout: no input, the C
// locale, standard output and error together.
func (c *Cache) help(ctx context.Context, path string, args []string) string {
	c.mu.Lock()
	c.runs++
	c.mu.Unlock()
	if c.Run != nil {
		return c.Run(ctx, path, args)
	}
	t := c.Timeout
	if t <= 0 {
		t = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, t)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C", "LANG=C", "PAGER=cat", "GIT_PAGER=cat", "MANPAGER=cat", "NO_COLOR=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &limited{&out}, &limited{&out}
	cmd.WaitDelay = time.Second
	_ = cmd.Run()
	return out.String()
}

// limited keeps the first maxHelp bytes written.
type limited struct{ b *bytes.Buffer }

func (l *limited) Write(p []byte) (int, error) {
	if room := maxHelp - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// Runs is how many times a help was run.
func (c *Cache) Runs() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.runs
}

func hasLong(opts []string) bool {
	for _, o := range opts {
		if strings.HasPrefix(o, "--") {
			return true
		}
	}
	return false
}

// uniq sorts a list and drops repeats.
func uniq(l []string) []string {
	sort.Strings(l)
	return slices.Compact(l)
}
