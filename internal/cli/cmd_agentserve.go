package cli

import (
	"bufio"
	"io"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/runtime/agentproc"
)

// cmdAgentServe is `lacy-full agent-serve`, the agent process: it answers
// the interactive shell's model and MCP calls on stdin and stdout
// (runtime/agentproc) until stdin ends. The MCP servers' error output goes
// to lacy's log, a line at a time.
func cmdAgentServe(f *app.Factory, _ []string) error {
	log, closeLog := f.OpenLog()
	defer closeLog()
	r, w := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(r)
		mlog := log.Named("mcp")
		for sc.Scan() {
			mlog.Info("mcp server stderr", zap.String("line", sc.Text()))
		}
		_, _ = io.Copy(io.Discard, r)
	}()
	err := agentproc.Serve(f.IO.In, f.IO.Out, w)
	_ = w.Close()
	<-done
	return err
}
