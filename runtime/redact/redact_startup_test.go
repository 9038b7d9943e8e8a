package redact

import "testing"

// The @secret-name expression compiled alone is the table's.
func TestSecretNameAlone(t *testing.T) {
	if got, want := secretName().String(), rules().name.String(); got != want {
		t.Fatalf("secretName() = %q, the table's is %q", got, want)
	}
}

// mayName lets through every name the expression matches, and not the
// variables every environment has.
func TestMayNameFilter(t *testing.T) {
	for _, tc := range []struct {
		name   string
		secret bool
	}{
		{"PWD", false}, {"OLDPWD", false}, {"HOME", false}, {"PATH", false},
		{"DB_PWD", true}, {"db_pwd_old", true}, {"PASSWORD", true}, {"MYSQL_PASSWD", true},
		{"pass", true}, {"GITHUB_TOKEN", true}, {"OPENAI_API_KEY", true}, {"AWS_SECRET_ACCESS_KEY", true},
		{"GOOGLE_CREDENTIALS", true}, {"SSH_KEY", true}, {"PASSPHRASE", true},
	} {
		if got := IsSecretName(tc.name); got != tc.secret {
			t.Errorf("IsSecretName(%q) = %v, want %v", tc.name, got, tc.secret)
		}
		if secretName().MatchString(tc.name) && !mayName(tc.name) {
			t.Errorf("mayName(%q) = false for a name the expression matches", tc.name)
		}
	}
}

// FuzzMayName: mayName never filters out a name the expression matches.
func FuzzMayName(f *testing.F) {
	for _, s := range []string{"DB_PWD", "PWD", "api_key", "x_pass_1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if secretName().MatchString(name) && !mayName(name) {
			t.Fatalf("mayName(%q) = false for a name the expression matches", name)
		}
	})
}
