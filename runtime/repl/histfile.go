package repl

// histFileForAppend is the file a bare `history -a` appends to: $HISTFILE
// when the session sets it, as bash appends there. lacy's own history
// already has every line; tools that read the bash history file after
// `PROMPT_COMMAND="history -a; …"` (hstr, mcfly's start) find them there
// too. "" when HISTFILE is unset or empty (nothing to do, as before).
func (a *App) histFileForAppend() string {
	return a.Sh.Getenv("HISTFILE")
}
