// lacy patch: associative arrays list their elements in bash's order.

package expand

import (
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// AssocKeys returns the keys of an associative array in the order bash
// lists them (`${!a[@]}`, `${a[@]}`, `declare -p`): bash keeps them in a
// hash table of 1024 buckets (four times more each time it holds twice as
// many elements as buckets) indexed by the FNV-1 hash of the key, and walks
// it bucket by bucket. Keys in one bucket are sorted, where bash puts the
// newest first.
func AssocKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m)) // not nil: "${!a[@]}" of no keys is no field
	for k := range m {
		keys = append(keys, k)
	}
	buckets := uint32(1024)
	for n := uint32(len(keys)); n > 2*buckets; {
		buckets *= 4
	}
	slices.SortFunc(keys, func(a, b string) int {
		ha, hb := bashHash(a)&(buckets-1), bashHash(b)&(buckets-1)
		switch {
		case ha < hb:
			return -1
		case ha > hb:
			return 1
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	})
	return keys
}

// AssocValues returns the values of an associative array in the order of
// [AssocKeys].
func AssocValues(m map[string]string) []string {
	keys := AssocKeys(m)
	vals := make([]string, len(keys))
	for i, k := range keys {
		vals[i] = m[k]
	}
	return vals
}

// bashHash is bash's hash_string: 32-bit FNV-1 over signed chars.
func bashHash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h *= 16777619
		h ^= uint32(int32(int8(s[i]))) // bash's char is signed
	}
	return h
}

// ArithmText is the source text of an arithmetic expression, such as the
// key "i+1" that `A[i+1]` names in an associative array.
func ArithmText(x syntax.ArithmExpr) string {
	var sb strings.Builder
	syntax.NewPrinter(syntax.Minify(true)).Print(&sb, &syntax.ArithmExp{Left: x.Pos(), Right: x.End(), X: x})
	s := sb.String()
	s = strings.TrimPrefix(s, "$((")
	return strings.TrimSuffix(s, "))")
}

// atStar reports whether a subscript is `@` or `*`.
func atStar(index syntax.ArithmExpr) bool {
	lit := nodeLit(index)
	return lit == "@" || lit == "*"
}

// indirectRef is the value of ${!ref} when ref's value s is not a plain
// name: bash expands ${s}, so s may be a positional parameter or an array
// element such as `a[1]` or `A["k"]`.
func (cfg *Config) indirectRef(s string) (string, error) {
	w, err := syntax.NewParser().Document(strings.NewReader("${" + s + "}"))
	if err != nil || w == nil || len(w.Parts) != 1 {
		return "", fmt.Errorf("%s: invalid indirect expansion", s)
	}
	if _, ok := w.Parts[0].(*syntax.ParamExp); !ok {
		return "", fmt.Errorf("%s: invalid indirect expansion", s)
	}
	return Literal(cfg, w)
}

// elemRef is pe with its parameter replaced by the array element a
// nameref names (declare -n r='a[1]'), or false when ref is no element.
func elemRef(pe *syntax.ParamExp, ref string) (*syntax.ParamExp, bool) {
	if pe.Index != nil || pe.Excl || !strings.HasSuffix(ref, "]") {
		return nil, false
	}
	w, err := syntax.NewParser().Document(strings.NewReader("${" + ref + "}"))
	if err != nil || w == nil || len(w.Parts) != 1 {
		return nil, false
	}
	target, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok || target.Index == nil || target.Param == nil || !syntax.ValidName(target.Param.Value) {
		return nil, false
	}
	pe2 := *pe
	pe2.Param, pe2.Index = target.Param, target.Index
	return &pe2, true
}
