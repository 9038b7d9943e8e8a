// Package textsim measures how alike two short strings are.
package textsim

// Matching is the number of characters a and b have in common, counted as
// Ratcliff and Obershelp do (Python's difflib): the longest common
// substring, then recursively the parts left and right of it. 2·Matching
// over the total length is their similarity ratio. It is quadratic in the
// lengths: callers bound them.
func Matching(a, b string) int {
	if a == "" || b == "" {
		return 0
	}
	bi, bj, bn := 0, 0, 0
	for i := 0; i < len(a); i++ {
		for j := 0; j < len(b); j++ {
			n := 0
			for i+n < len(a) && j+n < len(b) && a[i+n] == b[j+n] {
				n++
			}
			if n > bn {
				bi, bj, bn = i, j, n
			}
		}
	}
	if bn == 0 {
		return 0
	}
	return bn + Matching(a[:bi], b[:bj]) + Matching(a[bi+bn:], b[bj+bn:])
}
