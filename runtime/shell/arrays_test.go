package shell

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestBashArraysAndAttributes covers the interpreter patches 060-079
// (third_party/sh/PATCHES.md, section sh-b): variable attributes, arrays
// and arithmetic as bash 5.2 has them.
func TestBashArraysAndAttributes(t *testing.T) {
	tests := []struct {
		name, src, out string
		status         int
	}{
		{"declare -i makes assignments arithmetic", "declare -i x; x=1+2; echo $x; x+=4; echo $x; read x <<< '2*4'; echo $x", "3\n7\n8\n", 0},
		{"declare -i array", "declare -ia a=(1+1 2); a+=(3*3); a[0]+=5; echo ${a[@]}", "7 2 9\n", 0},
		{"declare -i error skips the line", "declare -i j; j='1 +'; echo same\necho next $?", "next 1\n", 0},
		{"declare +i drops the attribute", "declare -i i=2; declare +i i; i=1+1; echo $i", "1+1\n", 0},
		{"declare -l and -u convert case", "declare -l l=ABC; declare -u u=abc; echo $l $u; l+=DEF; declare -u l; l=ghi; echo $l ${l@a}", "abc ABC\nGHI u\n", 0},
		{"local -i in a function", "f() { local -i n=3*3; echo $n; }; f", "9\n", 0},
		{"declare -p attributes and quoting", "declare -ilx x; declare -p x; y=$'a\\nb\"$'; declare -p y; z='q\"$`\\'; declare -p z",
			"declare -ixl x\ndeclare -- y=$'a\\nb\"$'\ndeclare -- z=\"q\\\"\\$\\`\\\\\"\n", 0},
		{"declare -p sparse and associative", "a[3]=x; declare -p a; declare -A A=([c]=3 [\"a b\"]=2); declare -p A",
			"declare -a a=([3]=\"x\")\ndeclare -A A=([c]=\"3\" [\"a b\"]=\"2\" )\n", 0},
		{"zsh subscript flags and nested expansions in a dead branch", "if [ -n \"$ZSH_VERSION\" ]; then\n  echo ${a[(r)y]} ${(k)a[(I)*x*]} ${${(%):-%x}:A:h} ${+x} ${#${x}}\nfi\necho ok", "ok\n", 0},
		{"zsh subscript flags fail at run time", "echo ${a[(r)y]}; echo same\necho next $?", "next 1\n", 0},
		{"parenthesised subscripts stay arithmetic", "a=(1 2 3); i=1; echo ${a[(i)+1]} ${a[(i)]} ${a[(1+1)*1]}", "3 2 3\n", 0},
		{"[[ ]]: ! binds tighter than &&, && than ||", "[[ ! '' && -r /nonexistent ]] && echo a; [[ -n '' && -n '' || -n x ]] && echo b; [[ ! -n x || -n x ]] && echo c", "b\nc\n", 0},
		{"test: ! binds tighter than -a, -a than -o", "[ ! '' -a -r /nonexistent ] && echo a; [ -n '' -a -n '' -o -n x ] && echo b; test ! -n x -o -n x && echo c", "b\nc\n", 0},
		{"arithmetic evaluates variables' values as expressions", "e=1+2; echo $(( e * 2 )); a=(zero one two three); code=1+2; echo ${a[$code]}; x='1+2'; (( x += 1 )); echo $x", "6\nthree\n4\n", 0},
		{"invalid arithmetic constants fail", "echo $(( 09 )); echo same\necho $(( 2#A ))\necho $(( 42x ))\necho $(( 16#ff )) $(( 64#@_ )) $?", "255 4031 1\n", 0},
		{"arithmetic on an unset variable under set -u exits", "set -u; (( u++ )); echo no", "", 1},
		{"an associative array is its element 0 in arithmetic", "declare -A A; A[0]=42; echo $(( A + 5 ))", "47\n", 0},
		{"out-of-range negative index reads as unset", "a=(x); echo \"[${a[-2]}]\" $?; echo $(( a[-2] ))", "[] 0\n0\n", 0},
		{"unset of an out-of-range negative index fails", "a=(1); unset -v 'a[-2]'; echo $?", "1\n", 0},
		{"array assignments before a command", "a=(1 2); B=(b   \"c d\") printenv B; a[0]=x true; echo $? ${a[@]}", "(b c d)\n0 1 2\n", 0},
		{"array literal: values first, then indexes in order", "i=1; a=([100+i++]=$((i++)) [200+i++]=$((i++))); echo ${!a[@]} ${a[@]}; b=([0]=1+2+3 [b[0]]=10); echo ${!b[@]}", "103 204 1 2\n0 6\n", 0},
		{"array literal: [k]+=v", "a=([1]=x [1]+=y); echo ${a[1]}; declare -A A=([k]=1); A+=([k]+=2); echo ${A[k]}", "xy\n12\n", 0},
		{"indexed and associative arrays do not convert", "declare -a a=(1 2); declare -A a=([k]=v); echo same\necho $? ${a[@]}", "1 1 2\n", 0},
		{"arithmetic follows names to their values", "foo=5; bar=foo; spam=bar; s=str; echo $((spam+1)) $((s+5))", "6 5\n", 0},
		{"test's integer operands are plain integers", "[ e -eq 3 ]; echo $?; [ ' 3 ' -eq +3 ]; echo $?; [[ 1+2 -eq 3 ]]; echo $?", "2\n0\n0\n", 0},
		{"associative keys that look like arithmetic (no panic)", "declare -A a; a['a+1']=c; echo \"${a[a+1]}\"; i=1; a[i+1]=d; echo ${a[\"i+1\"]}", "c\nd\n", 0},
		{"quoted and expanded keys in unset, test -v, printf -v", "declare -A A=([K]=v [L]=w); k=L; unset -v 'A[\"K\"]'; test -v 'A[$k]' && echo set; printf -v 'A[$k]' '/%s/' x; echo ${#A[@]} ${A[L]}", "set\n1 /x/\n", 0},
		{"arithmetic text is parsed when it runs", "foo=bar; echo $(( x$foo = 42 )) $xbar; base=16; echo $(( ${base}#a )); (( )); echo $?", "42 42\n10\n1\n", 0},
		{"an invalid arithmetic expression fails at run time", "if false; then echo $(( 1 + 2.5 )); fi; echo ok; echo $(( 1 + 2.5 )); echo same\necho $?", "ok\n1\n", 0},
		{"shift counts are masked as bash", "echo $(( 5 << -1 )) $(( 16 >> -1 )) $(( 1 << 64 ))", "-9223372036854775808 0 1\n", 0},
		{"local without a value starts unset", "x=1; a=(1 2); f() { local x; local -a a; echo \"[$x][${a[@]}]\"; a+=(y); echo ${a[@]}; }; f; echo $x ${a[@]}", "[][]\ny\n1 1 2\n", 0},
		{"indirect expansion through an element", "foo=bar; a=(x foo); echo \"${!a[1]}\"; declare -A A=([K]=v); r='A[\"K\"]'; echo ${!r}; set -- p q; r=2; echo ${!r}", "bar\nv\nq\n", 0},
		{"declared empty arrays have no elements or keys", "declare -a a; declare -A A; set -- \"${a[@]}\" \"${!a[@]}\" \"${!A[@]}\"; echo $#", "0\n", 0},
		{"namerefs to array elements", "declare -A A=([K]=val); declare -n ref='A[\"K\"]'; echo $ref; ref=v2; echo ${A[K]}; a=(1 2 3); declare -n r='a[1]'; r=X; echo ${a[@]}", "val\nv2\n1 X 3\n", 0},
		{"a nameref's first assignment names its target", "f() { local -n ref; ref=$1; ref=7; }; f v; echo $v; a=(1 2); declare -n r=a; r[1]=Z; echo ${a[@]}", "7\n1 Z\n", 0},
		{"assigning a string to an associative array sets key 0", "declare -A A; A[1]=1; A=string; echo ${A[0]} ${A[1]}", "string 1\n", 0},
		{"\"x${a[@]}y\" and \"x$@y\" split at the elements", "set -- 1 2; a=(3 4); printf '<%s>' \"x$@y\" \"x${a[@]}y\" \"x${a[*]}y\" \"${a[@]#3}z\"; echo; e=(); set -- \"x${e[@]}\" \"${e[@]}$none\"; echo $#", "<x1><2y><x3><4y><x3 4y><><4z>\n1\n", 0},
		{"declare without names lists variables", "x='a b'; a=(1 2); declare -i n=3; declare | grep -E '^(x|a)='; declare -pi | grep ' n='; declare -p | grep ' x='", "a=([0]=\"1\" [1]=\"2\")\nx='a b'\ndeclare -i n=\"3\"\ndeclare -- x=\"a b\"\n", 0},
		{"associative arrays in bash's order", "declare -A C; for k in one two three four five six seven eight nine ten; do C[$k]=$k; done; echo ${!C[@]}; echo ${C[@]}",
			"ten four nine seven two three six one five eight\nten four nine seven two three six one five eight\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: t.TempDir(), Env: []string{"PATH=/usr/bin:/bin"}})
			if err != nil {
				t.Fatal(err)
			}
			defer sh.Close()
			status, _ := sh.RunScript(context.Background(), tt.src, "")
			if out.String() != tt.out || status != tt.status {
				t.Errorf("got status %d, stdout %q (stderr %q); want %d, %q", status, out.String(), errOut.String(), tt.status, tt.out)
			}
		})
	}
}
