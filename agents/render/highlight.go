package render

import (
	"strings"
	"unicode/utf8"

	"github.com/lacy-sh/lacy/internal/lazy"
)

// lang is what the highlighter knows of a language.
type lang struct {
	comment  string // line comment opener
	keywords string // space-separated
}

var langs = lazy.Value[map[string]lang]{New: func() map[string]lang {
	return map[string]lang{
		"go":     {"//", "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var nil true false err"},
		"python": {"#", "and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return True try while with yield self"},
		"sh":     {"#", "if then else elif fi for while until do done case esac in function return local export readonly set unset shift exit echo cd source alias"},
		"js":     {"//", "async await break case catch class const continue default delete do else export extends false finally for from function if import in instanceof let new null return super switch this throw true try typeof undefined var void while yield interface type enum"},
		"rust":   {"//", "as async await break const continue crate else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while"},
		"c":      {"//", "auto break case char class const continue default delete do double else enum extern float for goto if include define int long namespace new nullptr private public protected return short signed sizeof static struct switch template this throw try typedef union unsigned using virtual void volatile while bool true false final import package extends implements"},
		"lua":    {"--", "and break do else elseif end false for function goto if in local nil not or repeat return then true until while require"},
		"sql":    {"--", "select from where insert into values update set delete create table drop alter index join left right inner outer on group by order having limit and or not null as distinct union primary key"},
		"ruby":   {"#", "begin def class module end if elsif else unless while until for in do return yield nil true false self require"},
		"yaml":   {"#", "true false null yes no"},
		"json":   {"", "true false null"},
	}
}}

var aliases = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"bash": "sh", "shell": "sh", "zsh": "sh", "console": "sh", "shellscript": "sh", "fish": "sh",
		"py": "python", "python3": "python", "javascript": "js", "typescript": "js", "ts": "js", "tsx": "js", "jsx": "js",
		"rs": "rust", "cpp": "c", "c++": "c", "h": "c", "java": "c", "kotlin": "c", "cs": "c", "csharp": "c", "swift": "c",
		"golang": "go", "rb": "ruby", "yml": "yaml", "toml": "yaml", "ini": "yaml", "jsonc": "json", "psql": "sql",
	}
}}

// keywordSets holds each language's keyword set, built on first use.
var keywordSets = lazy.Value[map[string]map[string]bool]{New: func() map[string]map[string]bool {
	sets := map[string]map[string]bool{}
	for name, l := range langs.Get() {
		sets[name] = map[string]bool{}
		for _, k := range strings.Fields(l.keywords) {
			sets[name][k] = true
		}
	}
	return sets
}}

// Highlight colours one line of code in the named language (keywords,
// strings, numbers, comments); an unknown language comes back unchanged.
func Highlight(line, name string) string {
	if a, ok := aliases.Get()[name]; ok {
		name = a
	}
	l, ok := langs.Get()[name]
	if !ok {
		return line
	}
	kw := keywordSets.Get()[name]
	var b strings.Builder
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case l.comment != "" && strings.HasPrefix(line[i:], l.comment):
			b.WriteString(dim + line[i:] + reset)
			return b.String()
		case c == '"' || c == '\'' || c == '`':
			j := i + 1
			for j < len(line) && line[j] != c {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(line))
			b.WriteString(green + line[i:j] + reset)
			i = j
		case c >= '0' && c <= '9' && (i == 0 || !isWord(line[i-1])):
			j := i
			for j < len(line) && (isWord(line[j]) || line[j] == '.') {
				j++
			}
			b.WriteString(yellow + line[i:j] + reset)
			i = j
		case isWord(c):
			j := i
			for j < len(line) && isWord(line[j]) {
				j++
			}
			if w := line[i:j]; kw[w] {
				b.WriteString(magenta + w + reset)
			} else {
				b.WriteString(w)
			}
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

func decodeRune(s string) (rune, int) { return utf8.DecodeRuneInString(s) }
