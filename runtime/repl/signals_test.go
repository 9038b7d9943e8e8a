package repl

import (
	"os"
	"testing"
)

// catchSignals catches SIGTTIN and SIGTTOU only for a terminal whose
// foreground process group lacy is in; shell.New asks as often as it
// likes.
func TestCatchSignalsJobSignals(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "notatty")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, tc := range []struct {
		name string
		tty  *os.File
	}{
		{"no terminal", nil},
		{"not a terminal", f},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := catchSignals(tc.tty)
			<-c.done
			for range 3 {
				if c.jobSignalsCaught() {
					t.Fatal("SIGTTIN and SIGTTOU caught without a terminal in the foreground")
				}
			}
			if c.ch == nil || c.hup == nil {
				t.Fatal("no channels for the caught signals")
			}
		})
	}
}
