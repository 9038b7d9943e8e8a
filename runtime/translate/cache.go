package translate

import (
	"container/list"
	"strings"
	"sync"
	"time"
	"unicode"
)

// Cache bounds, as the issue sets them.
const (
	CacheTTL     = 10 * time.Minute
	CacheEntries = 100
)

// Cache keeps answers per (normalised request, cwd, OS, model) for a
// while, so asking again is instant. It is safe for concurrent use; the
// least recently used entry goes first when it is full.
type Cache struct {
	mu    sync.Mutex
	ttl   time.Duration
	max   int
	now   func() time.Time
	ll    *list.List
	items map[cacheKey]*list.Element
}

type cacheKey struct{ query, cwd, os, model string }

type cacheEntry struct {
	key     cacheKey
	cands   []Candidate
	expires time.Time
}

// NewCache returns a cache of max entries that expire after ttl.
func NewCache(max int, ttl time.Duration) *Cache {
	return &Cache{ttl: ttl, max: max, now: time.Now, ll: list.New(), items: map[cacheKey]*list.Element{}}
}

// Normalize is the cache's form of a request: lower case, blanks
// collapsed, trailing punctuation dropped, so "Find large files?" and
// "find  large files" are the same request.
func Normalize(q string) string {
	q = strings.Join(strings.Fields(strings.ToLower(q)), " ")
	return strings.TrimRightFunc(q, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
}

func (c *Cache) get(k cacheKey) ([]Candidate, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[k]
	if !ok {
		return nil, false
	}
	ent := e.Value.(*cacheEntry)
	if c.now().After(ent.expires) {
		c.ll.Remove(e)
		delete(c.items, k)
		return nil, false
	}
	c.ll.MoveToFront(e)
	return append([]Candidate(nil), ent.cands...), true
}

func (c *Cache) put(k cacheKey, cands []Candidate) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.ll.Remove(e)
	}
	c.items[k] = c.ll.PushFront(&cacheEntry{key: k, cands: append([]Candidate(nil), cands...), expires: c.now().Add(c.ttl)})
	for c.ll.Len() > c.max {
		old := c.ll.Back()
		c.ll.Remove(old)
		delete(c.items, old.Value.(*cacheEntry).key)
	}
}

// Len returns the number of entries, expired ones included.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len()
}
