package shell

import "github.com/lacy-sh/lacy/runtime/bashprompt"

// promptEscapes decodes a prompt string's backslash escapes for ${var@P},
// as bash does: \u, \h, \w, \$… from the session, \[ \] dropped. bash
// then expands $VAR and $(…) in the result when promptvars is on; lacy
// does not (as with `shopt -u promptvars`, which oh-my-posh sets first).
func (s *Shell) promptEscapes(v string) string {
	in := s.promptInfo()
	in.ForExpand = false
	p, _ := bashprompt.Split(bashprompt.Decode(v, &in))
	return p
}
