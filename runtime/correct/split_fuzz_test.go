package correct_test

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/runtime/correct"
)

// FuzzParseMatchesSyntax checks correction's hand-written word splitter
// against mvdan/sh's parser: on a line that parses as one simple command of
// plain, quoted and escaped words (no expansions, no operators), Parse gives
// the same words, quotes removed.
func FuzzParseMatchesSyntax(f *testing.F) {
	for _, s := range []string{
		`git commit -m "fix it"`, `echo 'a b' c\ d`, `ls "My Documents"`, `grep -e "a\"b" f`,
		`printf '%s\n' x`, `a\\b`, `"" x`, `cp a\ b "c d"/e`, `x="a b" y`,
	} {
		f.Add(s)
	}
	p := syntax.NewParser()
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\r\x00") {
			return
		}
		want, ok := plainWords(p, line)
		if !ok {
			return
		}
		l := correct.Parse(line)
		var got []string
		for _, w := range l.Words {
			if raw := line[w.Start:w.End]; raw == ";" || raw == "&" {
				continue // Parse keeps a statement's terminator as a word
			}
			got = append(got, w.Text)
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Fatalf("Parse(%q) = %q, syntax says %q", line, got, want)
		}
	})
}

// plainWords returns the words of line when it is one simple command whose
// words are literals, single- and double-quoted literals only.
func plainWords(p *syntax.Parser, line string) ([]string, bool) {
	file, err := p.Parse(strings.NewReader(line), "")
	if err != nil || len(file.Stmts) != 1 {
		return nil, false
	}
	st := file.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(call.Assigns) > 0 || len(file.Last) > 0 || len(st.Comments) > 0 {
		return nil, false
	}
	var out []string
	for _, w := range call.Args {
		var b strings.Builder
		for _, part := range w.Parts {
			switch x := part.(type) {
			case *syntax.Lit:
				if strings.ContainsAny(x.Value, "$`*?[{~#") {
					return nil, false
				}
				b.WriteString(unescape(x.Value))
			case *syntax.SglQuoted:
				if x.Dollar {
					return nil, false
				}
				b.WriteString(x.Value)
			case *syntax.DblQuoted:
				if x.Dollar {
					return nil, false
				}
				for _, q := range x.Parts {
					l, ok := q.(*syntax.Lit)
					if !ok {
						return nil, false
					}
					b.WriteString(unescapeDbl(l.Value))
				}
			default:
				return nil, false
			}
		}
		out = append(out, b.String())
	}
	return out, true
}

// unescape removes the backslashes of an unquoted literal.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeDbl removes the backslashes that quote \ " $ ` inside double quotes.
func unescapeDbl(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\\\"$`", s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
