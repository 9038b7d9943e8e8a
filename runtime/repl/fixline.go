package repl

import "fmt"

// fixChoices shows the model's fixes before the key line of askModelFix
// and returns what that line starts with. Several fixes are listed one per
// row ("[1] cmd"); a single one is not listed: it goes on the key line,
// which then reads as the offline fix line does, in one line:
//
//	fix:   git status   [Enter] run  [e] edit  [Esc] dismiss
func (a *App) fixChoices(cmds []string) string {
	if len(cmds) == 1 {
		return cmds[0] + "   "
	}
	for i, c := range cmds {
		fmt.Fprintf(a.IO.Out, "%s %s\n", a.keyHint(fmt.Sprint(i+1), ""), c)
	}
	return ""
}
