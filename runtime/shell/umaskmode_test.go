package shell

import "testing"

// TestUmaskMode: octal and bash's symbolic umask modes, from a mask of 022.
func TestUmaskMode(t *testing.T) {
	cases := []struct {
		mode string
		want int
		bad  bool
	}{
		{"027", 0o027, false},
		{"0", 0, false},
		{"g-w,o=", 0o027, false},
		{"u=rwx,g=rx,o=", 0o027, false},
		{"a+rwx", 0, false},
		{"o-r", 0o026, false},
		{"=r", 0o333, false},
		{"go=", 0o077, false},
		{"u+r-w", 0, true},
		{"a=X", 0, true},
		{"+=", 0, true},
		{"u+r,g-w", 0o022, false},
		{"888", 0, true},
		{"u", 0, true},
		{"u*r", 0, true},
		{"u=q", 0, true},
	}
	for _, c := range cases {
		got, err := umaskMode(0o022, c.mode)
		if (err != nil) != c.bad || !c.bad && got != c.want {
			t.Errorf("umaskMode(022, %q) = %04o, %v; want %04o (error %v)", c.mode, got, err, c.want, c.bad)
		}
	}
}
