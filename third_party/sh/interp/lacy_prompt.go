package interp

// PromptEscapes sets the function ${var@P} decodes a prompt string's
// backslash escapes (\u, \h, \w, \$…) with, as bash expands the value
// as a prompt (oh-my-posh renders its prompt so). Without it the value is
// left as it is. It is a lacy patch.
func PromptEscapes(fn func(string) string) RunnerOption {
	return func(r *Runner) error {
		r.promptEscapes = fn
		return nil
	}
}
