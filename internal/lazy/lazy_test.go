package lazy

import (
	"sync"
	"sync/atomic"
	"testing"
)

var builds atomic.Int32

var counted = Value[[]string]{New: func() []string {
	builds.Add(1)
	return []string{"built"}
}}

func TestValueIsBuiltOnceOnFirstGet(t *testing.T) {
	if n := builds.Load(); n != 0 {
		t.Fatalf("built %d times before the first Get", n)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if v := counted.Get(); len(v) != 1 || v[0] != "built" {
				t.Errorf("Get() = %q", v)
			}
		})
	}
	wg.Wait()
	if n := builds.Load(); n != 1 {
		t.Fatalf("built %d times, want 1", n)
	}
}

var word = Regexp{Expr: `^[a-z]+$`}

func TestRegexpCompilesOnFirstGet(t *testing.T) {
	if word.re != nil {
		t.Fatal("compiled before the first Get")
	}
	for _, tc := range []struct {
		in   string
		want bool
	}{{"abc", true}, {"a1", false}, {"", false}} {
		if got := word.Get().MatchString(tc.in); got != tc.want {
			t.Errorf("MatchString(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestInvalidRegexpPanicsAtGet(t *testing.T) {
	bad := &Regexp{Expr: `(`}
	defer func() {
		if recover() == nil {
			t.Error("Get of an invalid expression did not panic")
		}
	}()
	bad.Get()
}

// BenchmarkGet is the cost of a use after the first: one atomic load.
func BenchmarkGet(b *testing.B) {
	for b.Loop() {
		_ = counted.Get()
	}
}
