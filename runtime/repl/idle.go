package repl

// dropIdleSignals forgets the signals that reached lacy while it sat at the
// prompt (kill -INT from another terminal, a Ctrl-C meant for a job that had
// just ended): they were meant for nothing that runs now, and left queued
// the first of them would cancel the next command line the moment it
// starts. (An interactive lacy ignores SIGTERM, as bash does, so none of
// them asks for anything.)
func (a *App) dropIdleSignals() {
	for {
		select {
		case <-a.sigs:
		default:
			return
		}
	}
}
