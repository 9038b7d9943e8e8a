package route

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/lacy-sh/lacy/runtime/iostreams"
)

const classifyUsage = `usage: lacy classify [--mode auto|shell|agent] [line…]
Prints route<TAB>rule<TAB>line for each line given as an argument, or for
each line of standard input when there is none.
`

// RunClassify is `lacy classify`: it classifies each argument, or each line
// of standard input when there are no arguments, and prints
// route<TAB>rule<TAB>line per line, in order. The mode is auto unless
// --mode says otherwise. It returns the exit status: 0, 1 when reading or
// writing fails, 2 on a usage error.
func RunClassify(ios *iostreams.IO, args []string, c *Classifier) int {
	mode := ModeAuto
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			args = args[1:]
			break
		}
		if a == "-h" || a == "--help" {
			fmt.Fprint(ios.Out, classifyUsage)
			return 0
		}
		val, isMode := strings.CutPrefix(a, "--mode=")
		if !isMode && (a == "--mode" || a == "-m") {
			if len(args) < 2 {
				fmt.Fprint(ios.ErrOut, "lacy: classify: --mode needs a value\n", classifyUsage)
				return 2
			}
			val, isMode, args = args[1], true, args[1:]
		}
		if !isMode {
			break
		}
		m, ok := ParseMode(val)
		if !ok {
			fmt.Fprintf(ios.ErrOut, "lacy: classify: unknown mode %q (want auto, shell or agent)\n", val)
			return 2
		}
		mode, args = m, args[1:]
	}
	out := bufio.NewWriterSize(ios.Out, 64<<10)
	emit := func(line string) {
		d := c.Classify(line, mode)
		out.WriteString(d.Route.String())
		out.WriteByte('\t')
		out.WriteString(d.Rule)
		out.WriteByte('\t')
		out.WriteString(line)
		out.WriteByte('\n')
	}
	if len(args) > 0 {
		for _, a := range args {
			emit(a)
		}
	} else {
		sc := bufio.NewScanner(ios.In)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			emit(strings.TrimSuffix(sc.Text(), "\r"))
		}
		if err := sc.Err(); err != nil {
			out.Flush()
			fmt.Fprintf(ios.ErrOut, "lacy: classify: %v\n", err)
			return 1
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: classify: %v\n", err)
		return 1
	}
	return 0
}
