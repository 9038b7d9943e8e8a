package agents

import (
	"errors"
	"os"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/runtime/blast"
	"github.com/lacy-sh/lacy/runtime/undo"
)

// snapshot keeps what a call may change in the working tree, before it
// runs: the file of a write_file, the targets of a destructive command
// (runtime/blast). A failure (a full disk, too much to keep) is logged and
// told in one line; the call goes on.
func (g *Guard) snapshot(t ToolSpec, args map[string]any, req ToolCallRequest, sink Sink) {
	if g.undo == nil {
		return
	}
	var paths []string
	what := ""
	switch {
	case t.Name == ToolWriteFile && t.Server == "":
		paths, what = []string{req.Path}, "write_file "+str(args, "path")
	case t.Name == ToolShell && req.Destructive:
		home, _ := os.UserHomeDir()
		targets, _ := blast.Targets(req.Preview, g.cwd(), home)
		for _, tg := range targets {
			paths = append(paths, tg.Path)
		}
		what = firstLine(req.Preview)
		if len(what) > 80 {
			what = what[:77] + "…"
		}
	default:
		return
	}
	if len(paths) == 0 {
		return
	}
	snap, err := g.undo.Take(g.redactor.Redact(what), WorkTree(g.cwd()), paths)
	switch {
	case err == nil:
		g.log.Info("undo snapshot", zap.String("id", snap.ID), zap.Int("files", len(snap.Files)), zap.Int64("bytes", snap.Bytes))
	case errors.Is(err, undo.ErrTooLarge):
		sink.ToolResult("undo", "not kept for /undo: what it changes is too large to snapshot", true)
	default:
		g.log.Warn("no undo snapshot", zap.Error(err))
	}
}
