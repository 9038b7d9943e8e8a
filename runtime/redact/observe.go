package redact

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// SecretNames returns the secret-named variables (IsSecretName) that a
// shell line assigns, exports or reads: `export API_TOKEN=…`,
// `DB_PASSWORD=$(pass show db)`, `read -rs GITHUB_TOKEN`, `declare -x
// SECRET`. A line that does not parse names none.
func SecretNames(line string) []string {
	if !mayName(line) {
		return nil
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return nil
	}
	var names []string
	add := func(n string) {
		if IsSecretName(n) {
			for _, x := range names {
				if x == n {
					return
				}
			}
			names = append(names, n)
		}
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Assign:
			if n.Name != nil {
				add(n.Name.Value)
			}
		case *syntax.CallExpr:
			if len(n.Args) > 1 && n.Args[0].Lit() == "read" {
				for _, a := range n.Args[1:] {
					if l := a.Lit(); l != "" && !strings.HasPrefix(l, "-") {
						add(l)
					}
				}
			}
		}
		return true
	})
	return names
}

// mayName is a cheap filter: a line with no secret-looking word names no
// secret variable (every name the @secret-name rule matches holds one of
// these words), so most lines and names never compile the rules.
func mayName(line string) bool {
	l := strings.ToLower(line)
	// "_pwd", not "pwd": every secret name the table matches holds one
	// of these, and PWD and OLDPWD, in every environment, do not.
	for _, w := range []string{"pass", "_pwd", "secret", "token", "key", "credential"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// Observe learns, into Default, the values of the secret-named variables a
// shell line just ran has set: call it after the line ran with the
// session's variable lookup. `export API_TOKEN=xyz` is then masked in what
// `echo $API_TOKEN` prints, wherever that output goes.
func Observe(line string, getenv func(string) string) {
	for _, n := range SecretNames(line) {
		LearnVar(n, getenv(n))
	}
}

// LearnVar learns, into Default, the value of a variable whose name says it
// holds a secret (IsSecretName); other variables are ignored.
func LearnVar(name, value string) {
	if IsSecretName(name) {
		Learn(value)
	}
}
