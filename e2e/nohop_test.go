package e2e

import (
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// A terminal session runs in the lacy binary the terminal started, with no
// exec into another program first (issue 21: the interactive shell does not
// pay for an exec hop); $BASH names it too.
func TestTerminalSessionRunsInLacyItself(t *testing.T) {
	tm, _ := start(t, nil)
	bin := ptytest.Binary(t)
	tm.Line(`echo "exe=$(readlink /proc/$$/exe) bash=$BASH"`)
	tm.WaitText("exe=" + bin + " bash=" + bin)
	tm.Line("exit")
	tm.Wait(10 * time.Second)
}
