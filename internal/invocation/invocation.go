// Package invocation reads lacy's command line the way bash reads its own
// (bash(1), INVOCATION): -c, -i, -l/--login, -s, --noprofile, --norc, set
// options such as -e and -x, grouped single-letter options (-lc, -il), and
// a login shell named by a leading dash in argv[0].
//
// It imports only the standard library: lacy parses with it before deciding
// whether to run a script, start a terminal session or hand over to
// lacy-full.
package invocation

import (
	"fmt"
	"os"
	"strings"
)

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

// Invocation is a parsed command line.
type Invocation struct {
	Command     bool     // -c: Operands[0] is the command string
	Interactive bool     // -i
	Login       bool     // -l, --login, or argv[0] "-lacy"
	Stdin       bool     // -s: commands come from stdin; Operands are $1…
	NoProfile   bool     // --noprofile: a login shell skips the profile files
	NoRC        bool     // --norc: skip ~/.lacyrc
	Shopts      []string // -O name (as "-name") and +O name ("+name"): shopt options
	RCFile      string   // --rcfile FILE / --init-file FILE: an interactive shell runs FILE instead of ~/.lacyrc

	// SetOptions are the `set` options given on the command line, in
	// order, as set takes them ("-e", "+x", "-o", "pipefail").
	SetOptions []string

	// Operands are the arguments after the options: the command string and
	// then $0 and $1… for -c, the script and its arguments, or the
	// positional parameters for -s.
	Operands []string
}

// setLetters are the single-letter set options bash accepts at start-up
// and mvdan/sh implements.
const setLetters = "aefnuvxC"

// IsLoginName reports whether argv0 names a login shell: login(1), sshd
// and terminal programs start a login shell as "-lacy".
func IsLoginName(argv0 string) bool { return strings.HasPrefix(argv0, "-") }

// Parse reads args (without argv[0]). Options end at the first operand or
// at "--" or "-"; as in bash, `-c` takes the first operand as its command
// string, wherever the other options are.
func Parse(args []string) (Invocation, error) {
	var inv Invocation
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" {
			i++
			break
		}
		if strings.HasPrefix(a, "--") {
			switch a {
			case "--login":
				inv.Login = true
			case "--noprofile":
				inv.NoProfile = true
			case "--norc":
				inv.NoRC = true
			case "--rcfile", "--init-file":
				if i+1 >= len(args) {
					return inv, fmt.Errorf("%s: option requires an argument", a)
				}
				i++
				inv.RCFile = args[i]
			default:
				return inv, fmt.Errorf("%s: invalid option", a)
			}
			continue
		}
		if len(a) < 2 || (a[0] != '-' && a[0] != '+') {
			break
		}
		on := a[0] == '-'
		for j := 1; j < len(a); j++ {
			c := a[j]
			switch {
			case c == 'O':
				if i+1 >= len(args) {
					return inv, fmt.Errorf("%cO: option requires an argument", a[0])
				}
				i++
				inv.Shopts = append(inv.Shopts, a[:1]+args[i])
			case c == 'o':
				if i+1 >= len(args) {
					return inv, fmt.Errorf("%co: option requires an argument", a[0])
				}
				i++
				inv.SetOptions = append(inv.SetOptions, a[:1]+"o", args[i])
			case on && c == 'c':
				inv.Command = true
			case on && c == 'i':
				inv.Interactive = true
			case on && c == 'l':
				inv.Login = true
			case on && c == 's':
				inv.Stdin = true
			case strings.IndexByte(setLetters, c) >= 0:
				inv.SetOptions = append(inv.SetOptions, a[:1]+string(c))
			default:
				return inv, fmt.Errorf("%c%c: invalid option", a[0], c)
			}
		}
	}
	inv.Operands = args[i:]
	if inv.Command && len(inv.Operands) == 0 {
		return inv, fmt.Errorf("-c: option requires an argument")
	}
	return inv, nil
}

// Profiles are the files a login shell runs before ~/.lacyrc, in order: the
// system's /etc/profile, then the first of ~/.lacy_profile and ~/.profile
// that exists (bash reads ~/.bash_profile or ~/.bash_login first; lacy
// leaves those to bash, as zsh does, since they usually source ~/.bashrc).
// Each is a path and the name to show in messages.
func Profiles(home string) [][2]string {
	files := [][2]string{{"/etc/profile", "/etc/profile"}}
	if home == "" {
		return files
	}
	for _, name := range []string{".lacy_profile", ".profile"} {
		p := home + "/" + name
		if fileExists(p) {
			return append(files, [2]string{p, "~/" + name})
		}
	}
	return files
}
