package redact

import (
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	cases := []struct{ in, want string }{
		{"key sk-proj-abcdefghijklmnop1234 here", "key [REDACTED] here"},
		{"ANTHROPIC sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA", "ANTHROPIC [REDACTED]"},
		{"token ghp_0123456789abcdefghijABCDEFGHIJ", "token [REDACTED]"},
		{"aws AKIAIOSFODNN7EXAMPLE ok", "aws [REDACTED] ok"},
		{"curl -H 'Authorization: Bearer abc.def.ghi-123456'", "curl -H 'Authorization: [REDACTED]"},
		{"Bearer abcdefghijklmnop", "Bearer [REDACTED]"},
		{"export PASSWORD=hunter22", "export PASSWORD=[REDACTED]"},
		{"DB_PASSWORD='x y z' make", "DB_PASSWORD=[REDACTED] make"},
		{`GITHUB_TOKEN="abc" ./deploy`, `GITHUB_TOKEN=[REDACTED] ./deploy`},
		{"openai_api_key: sk123456", "openai_api_key: [REDACTED]"},
		{"mysql --password=s3cret -u root", "mysql --password=[REDACTED] -u root"},
		{"git clone https://user:pa55word@github.com/x/y", "git clone https://user:[REDACTED]@github.com/x/y"},
		{"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----\nafter", "[REDACTED]\nafter"},
		{"-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA (truncated", "[REDACTED]"},
		{"jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "jwt [REDACTED]"},
		// Not secrets: left alone.
		{"cd /home/me && PWD=/tmp ls", "cd /home/me && PWD=/tmp ls"},
		{"git commit -m 'tokenize input'", "git commit -m 'tokenize input'"},
		{"skip-this-file", "skip-this-file"},
		{"the token validation uses basic authentication", "the token validation uses basic authentication"},
		{"Authorization header: Basic dXNlcjpwYXNz", "Authorization header: Basic [REDACTED]"},
		{"sent Basic dXNlcjpwYXNz", "sent Basic [REDACTED]"},
		{"go test ./... exit 1", "go test ./... exit 1"},
	}
	for _, c := range cases {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

func TestLiterals(t *testing.T) {
	r := New("my-plain-key-value", "abc") // too short literals are ignored
	got := r.Redact("the key is my-plain-key-value; abc stays")
	if got != "the key is [REDACTED]; abc stays" {
		t.Fatal(got)
	}
	env := EnvSecrets([]string{"HOME=/root", "MY_SERVICE_TOKEN=tok-123456", "PATH=/bin", "X_API_KEY=short"})
	if len(env) != 1 || env[0] != "tok-123456" {
		t.Fatalf("%q", env)
	}
}

func FuzzRedact(f *testing.F) {
	f.Add("PASSWORD=x sk-abcdefghijklmnopqrstu")
	f.Add("-----BEGIN PRIVATE KEY-----\nabc")
	f.Fuzz(func(t *testing.T, s string) {
		secret := "sk-FUZZSECRETabcdefghijk"
		out := New(secret).Redact(s + " " + secret)
		if strings.Contains(out, secret) {
			t.Fatalf("secret survived in %q", out)
		}
	})
}
