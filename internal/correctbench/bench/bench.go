// Package bench scores lacy's offline correction on the corrections corpus
// of ../shared/bench (thefuck's rule tests): right first fix on the rows
// whose output carries the error signal, and how often a fix is offered
// where none should be. `make bench-correct` and the corpus test share it.
package bench

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/lacy-sh/lacy/runtime/correct"
)

// Row is one case of corrections.tsv with its metadata.
type Row struct {
	Line     int
	Rule     string // thefuck's rule the case comes from
	Group    string
	Split    string // dev or test
	Script   string
	Output   string
	Expected []string // acceptable fixes, best first; nil: no fix should be offered
	Signal   bool     // the output carries the error signal (fix rows only)
	TheFuck  string   // thefuck's own first fix ("-" for none)
}

// Load reads corrections.tsv and corrections.meta.tsv from dir.
func Load(dir string) ([]Row, error) {
	data, err := readTSV(filepath.Join(dir, "corrections.tsv"))
	if err != nil {
		return nil, err
	}
	meta, err := readTSV(filepath.Join(dir, "corrections.meta.tsv"))
	if err != nil {
		return nil, err
	}
	if len(meta) > 0 && meta[0][0] == "line" {
		meta = meta[1:]
	}
	if len(meta) != len(data) {
		return nil, fmt.Errorf("corrections: %d rows but %d rows of metadata", len(data), len(meta))
	}
	rows := make([]Row, len(data))
	for i, d := range data {
		m := meta[i]
		if len(d) < 4 || len(m) < 11 {
			return nil, fmt.Errorf("corrections: row %d: too few columns", i+1)
		}
		r := Row{Line: i + 1, Rule: d[0], Script: d[1], Output: d[2], Group: m[2], Split: m[4],
			Signal: m[8] == "yes", TheFuck: m[10]}
		if d[3] != "-" {
			r.Expected = strings.Split(d[3], " ||| ")
		}
		rows[i] = r
	}
	return rows, nil
}

// readTSV reads a TSV file, undoing the \t \n \\ escapes.
func readTSV(name string) ([][]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		for i, c := range cols {
			cols[i] = unescape(c)
		}
		out = append(out, cols)
	}
	return out, sc.Err()
}

func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case 'n':
				b.WriteByte('\n')
				i++
				continue
			case 't':
				b.WriteByte('\t')
				i++
				continue
			case '\\':
				b.WriteByte('\\')
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// notFoundRe is the shell's own word that a program does not exist.
var notFoundRe = regexp.MustCompile(`(?i)command not found|: not found|is not recogni[sz]ed as`)

// Failure turns a row into what lacy would know: the row's command and
// output, status 127 when the output is the shell's "not found" and 1
// otherwise (every row is a failed command).
func (r Row) Failure() correct.Failure {
	exit := 1
	if notFoundRe.MatchString(r.Output) {
		exit = 127
	}
	return correct.Failure{Line: r.Script, Exit: exit, Output: r.Output, Cwd: "/nonexistent"}
}

// Result is the score of a set of rows.
type Result struct {
	Signal, SignalOK     int // fix rows whose output has the signal
	NoSignal, NoSignalOK int
	NoFix, NoFixOffered  int
	ByGroup              map[string]*[2]int // signal rows: ok, total
	Wrong                []Miss
	Offered              []Miss
}

// Miss is a row lacy got wrong.
type Miss struct {
	Row Row
	Got []correct.Fix
}

// Score runs c over rows with knowledge k.
func Score(c *correct.Corrector, k correct.Knowledge, rows []Row) Result {
	res := Result{ByGroup: map[string]*[2]int{}}
	for _, r := range rows {
		fixes := c.Fix(r.Failure(), k)
		if r.Expected == nil {
			res.NoFix++
			if len(fixes) > 0 {
				res.NoFixOffered++
				res.Offered = append(res.Offered, Miss{r, fixes})
			}
			continue
		}
		ok := len(fixes) > 0 && accepted(fixes[0].Command, r.Expected)
		if !r.Signal {
			res.NoSignal++
			if ok {
				res.NoSignalOK++
			}
			continue
		}
		g := res.ByGroup[r.Group]
		if g == nil {
			g = &[2]int{}
			res.ByGroup[r.Group] = g
		}
		g[1]++
		res.Signal++
		if ok {
			res.SignalOK++
			g[0]++
		} else {
			res.Wrong = append(res.Wrong, Miss{r, fixes})
		}
	}
	return res
}

// accepted compares a fix with the acceptable ones, ignoring runs of
// spaces.
func accepted(fix string, want []string) bool {
	f := strings.Join(strings.Fields(fix), " ")
	for _, w := range want {
		if f == strings.Join(strings.Fields(w), " ") {
			return true
		}
	}
	return false
}

// Pct formats a/b as a percentage.
func Pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}
