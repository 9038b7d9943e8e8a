package translate

import "testing"

func TestOffline(t *testing.T) {
	describe := func(name string) string {
		return map[string]string{"find": "search for files in a directory hierarchy", "xargs": "build and execute command lines from standard input"}[name]
	}
	tests := []struct{ cmd, want string }{
		{"find . -type f -size +100M", "run find . -type f -size +100M\n  find: search for files in a directory hierarchy"},
		{"find . -name '*.o' | xargs rm", "run find . -name '*.o'\n  find: search for files in a directory hierarchy\nits output piped (|) into:\nrun xargs rm\n  xargs: build and execute command lines from standard input"},
		{"make && ./app > out.log", "run make\nthen, if it succeeded (&&):\nrun ./app\n  redirect >out.log"},
		{"cd /tmp; ls", "run cd /tmp\nthen:\nrun ls"},
	}
	for _, tt := range tests {
		got, err := Offline(tt.cmd, describe)
		if err != nil || got != tt.want {
			t.Errorf("Offline(%q) = %q, %v; want %q", tt.cmd, got, err, tt.want)
		}
	}
	if _, err := Offline("ls 'x", describe); err == nil {
		t.Error("Offline of a line that does not parse: no error")
	}
}
