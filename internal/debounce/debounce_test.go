package debounce

import (
	"context"
	"sync"
	"testing"
	"time"
)

func TestSlot(t *testing.T) {
	var s Slot[string]
	if _, ok := s.Pending(); ok {
		t.Fatal("a new slot has a request")
	}
	ctx1, t1 := s.Start(context.Background(), "git st")
	if k, ok := s.Pending(); !ok || k != "git st" || !s.Current(t1) {
		t.Fatalf("Pending = %q, %v", k, ok)
	}
	ctx2, t2 := s.Start(context.Background(), "git sta")
	if ctx1.Err() == nil {
		t.Error("the replaced request was not cancelled")
	}
	if s.Current(t1) || s.Finish(t1) {
		t.Error("the replaced request is still current")
	}
	if !s.Finish(t2) || s.Current(t2) {
		t.Error("the request in flight did not finish")
	}
	if ctx2.Err() != nil {
		t.Error("a finished request's context was cancelled")
	}
	ctx3, t3 := s.Start(context.Background(), "ls")
	if k, ok := s.Stop(); !ok || k != "ls" || ctx3.Err() == nil || s.Current(t3) || s.Finish(t3) {
		t.Errorf("Stop = %q, %v; ctx %v", k, ok, ctx3.Err())
	}
	if _, ok := s.Stop(); ok {
		t.Error("Stop on an empty slot reported a request")
	}
}

func TestSlotConcurrent(t *testing.T) {
	var s Slot[int]
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 100 {
				_, tk := s.Start(context.Background(), i*100+j)
				s.Current(tk)
				s.Finish(tk)
			}
		}()
	}
	wg.Wait()
	if _, ok := s.Pending(); ok {
		t.Error("a request is left in flight")
	}
}

func TestPause(t *testing.T) {
	if !Pause(context.Background(), 0) || !Pause(context.Background(), time.Millisecond) {
		t.Error("Pause without cancel returned false")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if Pause(ctx, 0) || Pause(ctx, time.Hour) {
		t.Error("Pause of a cancelled request returned true")
	}
}

func TestSpin(t *testing.T) {
	// Stopped before its delay: nothing is drawn or cleared.
	stop := Spin(time.Hour, time.Millisecond, func(string) { t.Error("drawn") }, func() { t.Error("cleared") })
	stop()
	stop() // twice is fine

	// Drawn at once, then cleared when stopped.
	drawn := make(chan string, 100)
	cleared := 0
	stop = Spin(0, time.Hour, func(f string) { drawn <- f }, func() { cleared++ })
	if f := <-drawn; f != Frames[0] {
		t.Errorf("first frame %q", f)
	}
	stop()
	if cleared != 1 {
		t.Errorf("cleared %d times", cleared)
	}
}
