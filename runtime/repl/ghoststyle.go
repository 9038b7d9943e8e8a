package repl

// Ghost text styles without colour (NO_COLOR): dim for history, dim italic
// for the predict model. Attributes, not colours, so the ghost text still
// reads as a suggestion.
const (
	plainGhostStyle      = "\x1b[2m"
	plainModelGhostStyle = "\x1b[2;3m"
)

// ghostStyle returns the SGR sequence the ghost text is drawn with: ""
// (readline's dim grey) for history and modelGhostStyle for the predict
// model, or the colourless ones when colour is off.
func (a *App) ghostStyle(byModel bool) string {
	switch {
	case !a.Color && byModel:
		return plainModelGhostStyle
	case !a.Color:
		return plainGhostStyle
	case byModel:
		return modelGhostStyle
	}
	return ""
}
