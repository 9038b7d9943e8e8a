package complete

import (
	"os"
	"strings"
)

// Users reads the login names in /etc/passwd, for Request.Users.
func Users() []string {
	b, err := os.ReadFile("/etc/passwd")
	if err != nil {
		return nil
	}
	var names []string
	for _, l := range strings.Split(string(b), "\n") {
		if name, _, ok := strings.Cut(l, ":"); ok && name != "" && name[0] != '#' {
			names = append(names, name)
		}
	}
	return names
}

// isLogin reports whether a name can follow ~ unquoted.
func isLogin(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c == '-' || c == '.' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return name != ""
}
