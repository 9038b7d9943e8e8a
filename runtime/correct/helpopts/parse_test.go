package helpopts

import (
	"slices"
	"strings"
	"testing"
)

const lsHelp = `Usage: ls [OPTION]... [FILE]...
List information about the FILEs (the current directory by default).

Mandatory arguments to long options are mandatory for short options too.
  -a, --all                  do not ignore entries starting with .
  -A, --almost-all           do not list implied . and ..
      --color[=WHEN]         color the output WHEN; more info below
  -I, --ignore=PATTERN       do not list implied entries matching shell PATTERN
  -1                         list one file per line
`

const dockerHelp = `
Usage:  docker [OPTIONS] COMMAND

Common Commands:
  run         Create and run a new container from an image
  ps          List containers
  images      List images

Management Commands:
  builder     Manage builds
  compose*    Docker Compose

Global Options:
      --config string      Location of client config files
  -D, --debug              Enable debug mode
`

func TestParse(t *testing.T) {
	tests := []struct {
		name, help      string
		opts, subs, not []string
	}{
		{"ls", lsHelp, []string{"--all", "--almost-all", "--color", "--ignore", "-a", "-A", "-I", "-1"}, nil, []string{"--", "-l"}},
		{"docker", dockerHelp, []string{"--config", "--debug", "-D"}, []string{"run", "ps", "images", "builder"}, []string{"compose*", "Usage"}},
		{"cargo", "Commands:\n    build, b    Compile the current package\n    test, t     Run the tests\n    ...         See all commands with --list\n", nil, []string{"build", "test"}, []string{"b"}},
		{"prose dashes", "a well-known tool -- nothing else; e-mail me", nil, nil, []string{"--nothing", "-known", "-mail"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts, subs := Parse(tt.help)
			for _, w := range tt.opts {
				if !slices.Contains(opts, w) {
					t.Errorf("options %q lack %q", opts, w)
				}
			}
			for _, w := range tt.subs {
				if !slices.Contains(subs, w) {
					t.Errorf("subcommands %q lack %q", subs, w)
				}
			}
			for _, w := range tt.not {
				if slices.Contains(opts, w) || slices.Contains(subs, w) {
					t.Errorf("%q taken from %q", w, tt.help)
				}
			}
		})
	}
}

// FuzzParse: any text parses without a panic into options that start with
// a dash and subcommands without blanks.
func FuzzParse(f *testing.F) {
	for _, s := range []string{lsHelp, dockerHelp, "Commands:\n  a\n", "--", "-", "Commands:\n\t-x\n", "--x=y [--z]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		opts, subs := Parse(s)
		for _, o := range opts {
			if !strings.HasPrefix(o, "-") || strings.ContainsAny(o, " \t\n=") {
				t.Fatalf("bad option %q", o)
			}
		}
		for _, c := range subs {
			if c == "" || strings.ContainsAny(c, " \t\n") {
				t.Fatalf("bad subcommand %q", c)
			}
		}
	})
}
