package provider

import (
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		h    string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"0", 0, true},
		{"3", 3 * time.Second, true},
		{"1.5", 1500 * time.Millisecond, true},
		{"Thu, 01 Jan 2026 12:00:10 GMT", 10 * time.Second, true},
		{"Thu, 01 Jan 2026 11:00:00 GMT", 0, true},
		{"soon", 0, false},
		{"-1", 0, false},
	}
	for _, c := range cases {
		got, ok := retryAfter(c.h, now)
		if got != c.want || ok != c.ok {
			t.Errorf("retryAfter(%q) = %v, %v; want %v, %v", c.h, got, ok, c.want, c.ok)
		}
	}
}
