// lacy patch: array assignments as bash does them.

package interp

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/internal"
	"mvdan.cc/sh/v3/syntax"
)

// inlineAssign is what bash makes of an assignment before a command:
// `a=(x y)` binds the string "(x y)", `a[i]=x` is not a valid identifier
// (reported, and skipped: nil); anything else is as.
func (r *Runner) inlineAssign(as *syntax.Assign) *syntax.Assign {
	switch {
	case as.Index != nil:
		r.errf("`%s[%s]': not a valid identifier\n", as.Name.Value, expand.ArithmText(as.Index))
		return nil
	case as.Array != nil:
		var parts []string
		for _, elem := range as.Array.Elems {
			prefix := ""
			if elem.Index != nil {
				prefix = "[" + expand.ArithmText(elem.Index) + "]="
			}
			if elem.Value == nil {
				parts = append(parts, prefix)
				continue
			}
			if prefix != "" {
				parts = append(parts, prefix+r.literal(elem.Value))
			} else {
				parts = append(parts, r.fields(elem.Value)...)
			}
		}
		val := "(" + strings.Join(parts, " ") + ")"
		return &syntax.Assign{Name: as.Name, Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: val}}}}
	}
	return as
}

// assignArray is the value of the array assignment as (`a=(...)`,
// `a+=(...)`) to name, whose value was prev, as bash computes it: all the
// values are expanded first, then the elements are assigned in order, an
// index evaluated just before its element is set (it sees the elements set
// before it), `[k]+=v` appending to the element. An associative array
// takes `[k]=v` elements or, when the first element has no `[k]=`, key
// value pairs. Changing an indexed array into an associative one (or back)
// with declare fails, as in bash.
func (r *Runner) assignArray(name string, prev expand.Variable, as *syntax.Assign, valType string) expand.Variable {
	elems := as.Array.Elems
	switch {
	case valType == "-A" && prev.Kind == expand.Indexed && prev.IsSet():
		r.errf("%s: cannot convert indexed to associative array\n", name)
		r.exit.code, r.exit.abortLine = 1, true
		return prev
	case valType == "-a" && prev.Kind == expand.Associative && prev.IsSet():
		r.errf("%s: cannot convert associative to indexed array\n", name)
		r.exit.code, r.exit.abortLine = 1, true
		return prev
	case valType == "":
		valType = "-a" // indexed
		if len(elems) > 0 && stringIndex(elems[0].Index) || prev.Kind == expand.Associative {
			valType = "-A" // associative (or already declared so)
		}
	}
	if valType == "-A" {
		return r.assignAssoc(name, prev, as)
	}
	type item struct {
		index  syntax.ArithmExpr
		append bool
		vals   []string
	}
	items := make([]item, 0, len(elems))
	dynamic := false // an index that may read the array being built
	for _, elem := range elems {
		if elem.Index == nil {
			if elem.Value != nil {
				items = append(items, item{vals: r.fields(elem.Value)})
			}
			continue
		}
		v := ""
		if elem.Value != nil {
			v = r.literal(elem.Value)
		}
		items = append(items, item{elem.Index, elem.Append, []string{v}})
		if w, ok := elem.Index.(*syntax.Word); !ok || w.Lit() == "" {
			dynamic = true
		}
	}
	var list []string
	var indexes []int
	if as.Append {
		switch prev.Kind {
		case expand.String:
			list = []string{prev.Str}
		case expand.Indexed:
			list = slices.Clone(prev.List)
			indexes = slices.Clone(prev.Indexes)
		case expand.Associative:
			return prev // TODO: bash treats the words as keys and values
		}
	}
	cur := prev
	update := func() {
		cur.Kind, cur.Str, cur.Map, cur.Set = expand.Indexed, "", nil, true
		cur.List, cur.Indexes = list, indexes
		if cur.List == nil {
			// An empty array like a=() must still expand to zero fields.
			cur.List = []string{}
		}
	}
	next := internal.IndexedMax(list, indexes) + 1
	for _, it := range items {
		if it.index == nil {
			for _, v := range it.vals {
				list, indexes = internal.SetIndexedElem(list, indexes, next, v)
				next++
			}
			continue
		}
		if dynamic {
			update()
			r.setVar(name, cur)
		}
		k := r.arithm(it.index)
		if k < 0 {
			// Negative indices count from one past the maximum index.
			if k += internal.IndexedMax(list, indexes) + 1; k < 0 {
				r.errf("%s: bad array subscript\n", name)
				r.exit.code = 1
				continue
			}
		}
		v := it.vals[0]
		if it.append {
			v = attrAppend(prev, indexedElem(list, indexes, k), v)
		}
		list, indexes = internal.SetIndexedElem(list, indexes, k, v)
		next = k + 1
	}
	update()
	return cur
}

// indexedElem is element k of an indexed array's list and indexes ("" when
// unset).
func indexedElem(list []string, indexes []int, k int) string {
	if indexes == nil {
		if k < len(list) {
			return list[k]
		}
		return ""
	}
	if i, ok := slices.BinarySearch(indexes, k); ok {
		return list[i]
	}
	return ""
}

// assignAssoc is [Runner.assignArray] for an associative array.
func (r *Runner) assignAssoc(name string, prev expand.Variable, as *syntax.Assign) expand.Variable {
	elems := as.Array.Elems
	amap := make(map[string]string, len(elems))
	if as.Append {
		switch prev.Kind {
		case expand.Associative:
			maps.Copy(amap, prev.Map)
		case expand.String:
			amap["0"] = prev.Str
		case expand.Indexed:
			for i, v := range prev.List {
				k := i
				if prev.Indexes != nil {
					k = prev.Indexes[i]
				}
				amap[strconv.Itoa(k)] = v
			}
		}
	}
	if len(elems) > 0 && elems[0].Index == nil {
		// Key value pairs: declare -A a=(k1 v1 k2 v2).
		for i := 0; i < len(elems); i++ {
			k, v := "", ""
			if elems[i].Value != nil {
				k = r.literal(elems[i].Value)
			}
			if i+1 < len(elems) && elems[i+1].Index == nil {
				i++
				if elems[i].Value != nil {
					v = r.literal(elems[i].Value)
				}
			}
			amap[k] = v
		}
	} else {
		for _, elem := range elems {
			if elem.Index == nil {
				if elem.Value != nil {
					r.errf("%s: %s: must use subscript when assigning associative array\n", name, r.literal(elem.Value))
				}
				continue
			}
			k := r.assocKey(elem.Index)
			v := ""
			if elem.Value != nil {
				v = r.literal(elem.Value)
			}
			if elem.Append {
				old := prev.Map[k] // a=(...) appends to the old array's element
				if as.Append {
					old = amap[k]
				}
				v = attrAppend(prev, old, v)
			}
			amap[k] = v
		}
	}
	prev.Kind, prev.Map, prev.Set = expand.Associative, amap, true
	prev.List, prev.Indexes, prev.Str = nil, nil, ""
	return prev
}

// subscriptKey is the associative array key that the subscript text sub
// of an argument like 'A["K"]' or 'A[$key]' (unset, test -v, printf -v)
// names: bash expands it as a word, removing quotes and expanding
// parameters.
func (r *Runner) subscriptKey(sub string) string {
	if !strings.ContainsAny(sub, "\"'\\$`") {
		return sub
	}
	var parts []string
	for w, err := range syntax.NewParser().WordsSeq(strings.NewReader(sub)) {
		if err != nil {
			return sub
		}
		parts = append(parts, r.literal(w))
	}
	return strings.Join(parts, " ")
}

// setElemRef assigns vr's string to the array element name stands for,
// such as `a[1]` or `A["k"]`, the target of a nameref (declare -n
// r='a[1]'; r=x). It reports false when name is no element.
func (r *Runner) setElemRef(name string, vr expand.Variable) bool {
	base, sub, ok := cutElemSubscript(name)
	if !ok || vr.Kind != expand.String {
		return false
	}
	prev := r.lookupVar(base)
	if n, v := prev.Resolve(r.writeEnv); n != "" {
		base, prev = n, v
	}
	var index syntax.ArithmExpr
	if prev.Kind == expand.Associative {
		index = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: r.subscriptKey(sub)}}}
	} else {
		x, err := syntax.NewParser().Arithmetic(strings.NewReader(sub))
		if err != nil || x == nil {
			r.errf("%s: bad array subscript\n", name)
			r.exit.code = 1
			return true
		}
		index = x
	}
	r.setVarWithIndex(prev, base, index, expand.Variable{Set: true, Kind: expand.String, Str: vr.Str})
	return true
}

// declElem is prev after `declare name[index]=value` (or typeset, local):
// that element set, prev becoming an indexed array unless it is, or valType
// makes it, an associative one. It is a lacy patch.
func (r *Runner) declElem(prev expand.Variable, as *syntax.Assign, valType string) expand.Variable {
	s, err := expand.Assign(r.ecfg, as.Value)
	r.expandErr(err)
	if valType == "-A" || prev.Kind == expand.Associative {
		prev.Map = maps.Clone(prev.Map)
		if prev.Map == nil {
			prev.Map = make(map[string]string)
		}
		prev.Map[r.assocKey(as.Index)] = s
		prev.Kind, prev.Set = expand.Associative, true
		return prev
	}
	var list []string
	var indexes []int
	switch prev.Kind {
	case expand.String:
		list = []string{prev.Str}
	case expand.Indexed:
		list, indexes = slices.Clone(prev.List), slices.Clone(prev.Indexes)
	}
	k := r.arithm(as.Index)
	if k < 0 {
		k += internal.IndexedMax(list, indexes) + 1
	}
	if k >= 0 {
		list, indexes = internal.SetIndexedElem(list, indexes, k, s)
	}
	prev.Kind, prev.List, prev.Indexes, prev.Str, prev.Set = expand.Indexed, list, indexes, "", true
	return prev
}
