package redact

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/internal/shareddata"
)

// ruleCases are, per rule, texts and what must remain of them. Every rule
// of the table has at least one case (TestEveryRuleTested).
var ruleCases = []struct{ rule, in, want string }{
	{"azure-key", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=Zm9vYmFyYmF6cXV4==;EndpointSuffix=core.windows.net", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=[REDACTED];EndpointSuffix=core.windows.net"},
	{"azure-key", "Endpoint=sb://x.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=abc123def=", "Endpoint=sb://x.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=[REDACTED]"},
	{"azure-sas", "https://a.blob.core.windows.net/c/f?sv=2021-06-08&sp=r&sig=AbCdEf%2BghIjKlMn0pQ%3D", "https://a.blob.core.windows.net/c/f?sv=2021-06-08&sp=r&sig=[REDACTED]"},
	{"kube-key-data", "    client-key-data: LS0tLS1CRUdJTiBSU0E=", "    client-key-data: [REDACTED]"},
	{"auth-header", "curl -H 'Authorization: token ghx_abcdefghijklmnop' https://api", "curl -H 'Authorization: token [REDACTED]' https://api"},
	{"telegram-bot", "https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawQ/getMe", "https://api.telegram.org/bot123456789:[REDACTED]/getMe"},
	{"age-key", "AGE-SECRET-KEY-1QQPQ9MZ3K5H7ZP6N8XQ0N6KZ8LUQ3J3XQ2Y0W9ZK9V3L4S7Y5QGSZ4QP4", "[REDACTED]"},
	{"mailgun-key", "curl -s --user api:key-3ax6xnjp29jd6fds4gc373sgvjxteol0 https://api.mailgun.net", "curl -s --user api:[REDACTED] https://api.mailgun.net"},
	{"vault-legacy-token", "vault read -address=x secret/y # token s.AbCdEfGhIjKlMnOpQrStUvWx", "vault read -address=x secret/y # token [REDACTED]"},
	{"az-login", "az login -u me@x.com -p Hunter2Secret!", "az login -u me@x.com -p [REDACTED]"},
	{"az-login", "az login --service-principal -u id --password 'Hunter2 Secret' --tenant t", "az login --service-principal -u id --password [REDACTED] --tenant t"},
	{"secret-assignment", "VAULT_TOKEN_OLD=abcdef123456 API_KEY_2=zz GITHUB_TOKEN_BACKUP=q", "VAULT_TOKEN_OLD=[REDACTED] API_KEY_2=[REDACTED] GITHUB_TOKEN_BACKUP=[REDACTED]"},
	{"secret-setting", "/root/.aws/credentials:aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "/root/.aws/credentials:aws_secret_access_key = [REDACTED]"},
	{"private-key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----\nafter", "[REDACTED]\nafter"},
	{"private-key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA (truncated", "[REDACTED]"},
	{"private-key", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQdGBF\n-----END PGP PRIVATE KEY BLOCK-----", "[REDACTED]"},
	{"auth-header", "curl -H 'Authorization: Bearer abc.def.ghi-123456' https://x.io/api", "curl -H 'Authorization: Bearer [REDACTED]' https://x.io/api"},
	{"auth-header", `curl -H "Authorization: token ghx0123" -d '{"a":1}' https://x`, `curl -H "Authorization: token [REDACTED]" -d '{"a":1}' https://x`},
	{"auth-header", "Proxy-Authorization: Basic dXNlcjpwYXNz", "Proxy-Authorization: Basic [REDACTED]"},
	{"key-header", "curl -H 'X-Api-Key: abcd1234' https://x", "curl -H 'X-Api-Key: [REDACTED]' https://x"},
	{"key-header", "curl -H 'PRIVATE-TOKEN: qwerty99' https://gitlab/api", "curl -H 'PRIVATE-TOKEN: [REDACTED]' https://gitlab/api"},
	{"cookie-header", "curl -H 'Cookie: session=abc; csrftoken=def' x", "curl -H 'Cookie: [REDACTED]' x"},
	{"bearer", "got Bearer abcdefghijklmnop from the server", "got Bearer [REDACTED] from the server"},
	{"basic", "sent Basic dXNlcjpwYXNz ok", "sent Basic [REDACTED] ok"},
	{"basic", "the token validation uses basic authentication", "the token validation uses basic authentication"},
	{"url-credentials", "git clone https://user:pa55word@github.com/x/y", "git clone https://user:[REDACTED]@github.com/x/y"},
	{"url-credentials", "psql postgres://app:s3cr3t@db:5432/app", "psql postgres://app:[REDACTED]@db:5432/app"},
	{"url-credentials", "https://x-access-token:abc123@github.com", "https://x-access-token:[REDACTED]@github.com"},
	{"slack-webhook", "curl -X POST https://hooks.slack.com/services/T000/B000/XXXXXXXX -d x", "curl -X POST https://hooks.slack.com/services/[REDACTED] -d x"},
	{"discord-webhook", "https://discord.com/api/webhooks/123456/abcDEF_-x", "https://discord.com/api/webhooks/[REDACTED]"},
	{"teams-webhook", "https://acme.webhook.office.com/webhookb2/abc@def/IncomingWebhook/x/y", "https://acme.webhook.office.com/[REDACTED]"},
	{"npm-auth", "//registry.npmjs.org/:_authToken=npmsecretvalue", "//registry.npmjs.org/:_authToken=[REDACTED]"},
	{"npm-auth", "//registry.npmjs.org/:_authToken=${NPM_TOKEN}", "//registry.npmjs.org/:_authToken=${NPM_TOKEN}"},
	{"npm-auth", "_auth = dXNlcjpwYXNz", "_auth = [REDACTED]"},
	{"json-secret", `{"auths":{"ghcr.io":{"auth":"dXNlcjpwYXNz"}}}`, `{"auths":{"ghcr.io":{"auth":"[REDACTED]"}}}`},
	{"json-secret", `{"identitytoken": "abc", "password": "p\"w"}`, `{"identitytoken": "[REDACTED]", "password": "[REDACTED]"}`},
	{"json-secret", `{"max_tokens": 100, "author": "me"}`, `{"max_tokens": 100, "author": "me"}`},
	{"secret-assignment", "export API_TOKEN=xyz; echo $API_TOKEN", "export API_TOKEN=[REDACTED]; echo $API_TOKEN"},
	{"secret-assignment", "DB_PASSWORD='x y z' make", "DB_PASSWORD=[REDACTED] make"},
	{"secret-assignment", `GITHUB_TOKEN="abc" ./deploy`, `GITHUB_TOKEN=[REDACTED] ./deploy`},
	{"secret-assignment", "STRIPE_KEY=abc123 MY_SECRET=q AWS_SECRET_ACCESS_KEY=z", "STRIPE_KEY=[REDACTED] MY_SECRET=[REDACTED] AWS_SECRET_ACCESS_KEY=[REDACTED]"},
	{"secret-assignment", "PGPASSWORD=pw psql; MYSQL_PWD=pw2 mysql", "PGPASSWORD=[REDACTED] psql; MYSQL_PWD=[REDACTED] mysql"},
	{"secret-assignment", "TOKEN=$(cat ~/.tok) ./run", "TOKEN=$(cat ~/.tok) ./run"},
	{"secret-setting", "openai_api_key: sk123456", "openai_api_key: [REDACTED]"},
	{"secret-setting", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG", "aws_secret_access_key = [REDACTED]"},
	{"secret-setting", "  password: hunter2\n  user: bob", "  password: [REDACTED]\n  user: bob"},
	{"secret-setting", "oauth_token: gho_abc", "oauth_token: [REDACTED]"},
	{"secret-setting", "self.api_key = api_key", "self.api_key = api_key"},
	{"secret-setting", `api_key = os.environ["OPENAI_API_KEY"]`, `api_key = os.environ["OPENAI_API_KEY"]`},
	{"secret-setting", "password = get_password()", "password = get_password()"},
	{"secret-flag", "mysql --password=s3cret -u root", "mysql --password=[REDACTED] -u root"},
	{"secret-flag", "gh auth login --token abc123 --hostname x", "gh auth login --token [REDACTED] --hostname x"},
	{"secret-flag", "docker login --password-stdin -u me", "docker login --password-stdin -u me"},
	{"secret-flag", "redis-cli --pass s3cret ping", "redis-cli --pass [REDACTED] ping"},
	{"secret-flag", "keytool -list -keystore ks.jks -storepass changeit", "keytool -list -keystore ks.jks -storepass [REDACTED]"},
	{"secret-flag", "gpg --batch --passphrase s3cret -d f.gpg", "gpg --batch --passphrase [REDACTED] -d f.gpg"},
	{"url-token", "git clone https://abcdef0123456789abcd@github.com/x/y", "git clone https://[REDACTED]@github.com/x/y"},
	{"url-token", "git clone https://bob@github.com/x/y", "git clone https://bob@github.com/x/y"},
	{"mongo-p", "mongosh -u admin -p s3cret --authenticationDatabase admin", "mongosh -u admin -p [REDACTED] --authenticationDatabase admin"},
	{"sqlcmd-P", "sqlcmd -S db -U sa -P 'Str0ng!' -Q 'select 1'", "sqlcmd -S db -U sa -P [REDACTED] -Q 'select 1'"},
	{"smb-user", "smbclient //host/share -U bob%s3cret", "smbclient //host/share -U bob%[REDACTED]"},
	{"ldap-w", "ldapsearch -x -D cn=admin -w s3cret -b dc=x", "ldapsearch -x -D cn=admin -w [REDACTED] -b dc=x"},
	{"zip-P", "zip -P s3cret out.zip a.txt; 7z a -ps3cret out.7z a", "zip -P [REDACTED] out.zip a.txt; 7z a -p[REDACTED] out.7z a"},
	{"ssh-keygen-N", "ssh-keygen -t ed25519 -N 'my phrase' -f k", "ssh-keygen -t ed25519 -N [REDACTED] -f k"},
	{"ssh-keygen-N", "ssh-keygen -t ed25519 -N '' -f k", "ssh-keygen -t ed25519 -N '' -f k"},
	{"config-set", "npm config set //registry.npmjs.org/:_authToken s3cretnpm", "npm config set //registry.npmjs.org/:_authToken [REDACTED]"},
	{"config-set", "yarn config set npmAuthToken s3cret", "yarn config set npmAuthToken [REDACTED]"},
	{"config-set", "npm config set registry https://r.example.com", "npm config set registry https://r.example.com"},
	{"secret-assignment", "PASS=hunter2 ./login", "PASS=[REDACTED] ./login"},
	{"mysql-p", "mysql -u root -pHunter2 shop", "mysql -u root -p[REDACTED] shop"},
	{"mysql-p", "mysqldump -h db -p'a b' x > x.sql", "mysqldump -h db -p[REDACTED] x > x.sql"},
	{"mysql-p", "mysql -u root -p shop", "mysql -u root -p shop"},
	{"mysql-p", "mysql -P 3306 -h db", "mysql -P 3306 -h db"},
	{"redis-a", "redis-cli -h r -a s3cret ping", "redis-cli -h r -a [REDACTED] ping"},
	{"sshpass", "sshpass -p 'hunter 2' ssh me@host", "sshpass -p [REDACTED] ssh me@host"},
	{"sshpass", "sshpass -pxyz ssh host", "sshpass -p[REDACTED] ssh host"},
	{"user-password", "curl -u alice:pw123 https://api.x", "curl -u alice:[REDACTED] https://api.x"},
	{"user-password", "curl --user 'bob:p w' https://x", "curl --user 'bob:[REDACTED] w' https://x"},
	{"user-password", "curl -u alice https://api.x", "curl -u alice https://api.x"},
	{"docker-login", "docker login -u me -p s3cret registry.io", "docker login -u me -p [REDACTED] registry.io"},
	{"docker-login", "echo x | docker login --password-stdin", "echo x | docker login --password-stdin"},
	{"htpasswd", "htpasswd -b .htpasswd alice s3cret", "htpasswd -b .htpasswd alice [REDACTED]"},
	{"htpasswd", "htpasswd -nbB alice s3cret && ls", "htpasswd -nbB alice [REDACTED] && ls"},
	{"htpasswd", "htpasswd -c .htpasswd alice", "htpasswd -c .htpasswd alice"},
	{"openssl-k", "openssl enc -aes-256-cbc -k s3cret -in a -out b", "openssl enc -aes-256-cbc -k [REDACTED] -in a -out b"},
	{"openssl-pass", "openssl pkcs12 -export -passout pass:s3cret -out a.p12", "openssl pkcs12 -export -passout pass:[REDACTED] -out a.p12"},
	{"openssl-pass", "openssl enc -d -pass file:key.txt", "openssl enc -d -pass file:key.txt"},
	{"vault-login", "vault login s.abc", "vault login [REDACTED]"},
	{"vault-login", "vault login -method=userpass username=bob", "vault login -method=userpass username=bob"},
	{"vault-token", "token hvs.CAESIJ1abcdefghijklmnopqrstuvw", "token [REDACTED]"},
	{"aws-configure", "aws configure set aws_secret_access_key wJalrXUtnFEMI", "aws configure set aws_secret_access_key [REDACTED]"},
	{"aws-configure", "aws configure set profile.dev.aws_session_token FQoGZXIvYXdzE", "aws configure set profile.dev.aws_session_token [REDACTED]"},
	{"aws-configure", "aws configure set region eu-west-1", "aws configure set region eu-west-1"},
	{"netrc", "machine github.com login bob password s3cret", "machine github.com login bob password [REDACTED]"},
	{"netrc", "machine x\n  login bob\n  password s3cret\n", "machine x\n  login bob\n  password [REDACTED]\n"},
	{"netrc", "Password reset link sent to you", "Password reset link sent to you"},
	{"pgpass", "db.example.com:5432:app:alice:s3cret\n*:*:*:bob:pw2", "db.example.com:5432:app:alice:[REDACTED]\n*:*:*:bob:[REDACTED]"},
	{"shadow-hash", "root:$6$salt$abcdefHASH:19000:0:99999:7:::", "root:[REDACTED]:19000:0:99999:7:::"},
	{"openai-key", "key sk-proj-abcdefghijklmnop1234 here", "key [REDACTED] here"},
	{"openai-key", "ANTHROPIC sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA", "ANTHROPIC [REDACTED]"},
	{"openai-key", "short sk-abc12345 key", "short [REDACTED] key"},
	{"openai-key", "pip install sk-learn; desk-top", "pip install sk-learn; desk-top"},
	{"stripe-key", "sk_live_abcdefghij1234", "[REDACTED]"},
	{"github-token", "token ghp_0123456789abcdefghijABCDEFGHIJ", "token [REDACTED]"},
	{"gitlab-token", "glpat-abcdefghij0123456789", "[REDACTED]"},
	{"aws-key-id", "aws AKIAIOSFODNN7EXAMPLE ok", "aws [REDACTED] ok"},
	{"slack-token", "xoxb-123456789012-abcdefghij", "[REDACTED]"},
	{"google-key", "AIzaSyA1234567890abcdefghijklmnopqrstuv", "[REDACTED]"},
	{"google-oauth", "ya29.a0AfH6SMBabcdefghijklmnop", "[REDACTED]"},
	{"jwt", "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "jwt [REDACTED]"},
	{"package-tokens", "hf_abcdefghijklmnopqrstuvwxyz0123456 npm_abcdefghijklmnopqrstuvwxyz0123456", "[REDACTED] [REDACTED]"},
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases {
		if got := (&Redactor{}).Redact(c.in); got != c.want {
			t.Errorf("%s: Redact(%q)\n got %q\nwant %q", c.rule, c.in, got, c.want)
		}
	}
}

func TestEveryRuleTested(t *testing.T) {
	tested := map[string]bool{}
	for _, c := range ruleCases {
		tested[c.rule] = true
	}
	for _, r := range Rules() {
		if !tested[r] {
			t.Errorf("rule %s has no test case", r)
		}
	}
}

// TestEveryday: ordinary commands and output carry no secret; the history
// filter must keep them.
func TestEveryday(t *testing.T) {
	for _, s := range readLines(t, "testdata/everyday.txt") {
		if got := (&Redactor{}).Redact(s); got != s {
			t.Errorf("false positive:\n  %s\n  %s", s, got)
		}
	}
}

// TestNL2Bash measures false positives on 12,607 one-liners people wrote
// for NL2Bash (none holds a real secret).
func TestNL2Bash(t *testing.T) {
	cmds := nl2bash(t)
	changed := 0
	for _, c := range cmds {
		if (&Redactor{}).Redact(c) != c {
			changed++
			if testing.Verbose() {
				t.Logf("masked: %s", c)
			}
		}
	}
	rate := float64(changed) / float64(len(cmds))
	t.Logf("nl2bash: %d of %d commands masked (%.2f%%)", changed, len(cmds), 100*rate)
	if rate > 0.005 {
		t.Errorf("too many false positives: %.2f%%", 100*rate)
	}
}

func TestLearn(t *testing.T) {
	r := &Redactor{}
	r.Learn("my-plain-key-value", "ab", "true", "xyz")
	for in, want := range map[string]string{
		"the key is my-plain-key-value; ok": "the key is [REDACTED]; ok",
		"xyz":                               "[REDACTED]",
		"echo xyz done":                     "echo [REDACTED] done",
		"xyzzy stays, ab stays, true stays": "xyzzy stays, ab stays, true stays",
	} {
		if got := r.Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
	child := &Redactor{parent: r}
	if got := child.Redact("xyz"); got != Mask {
		t.Errorf("a child does not mask its parent's values: %q", got)
	}
	env := EnvSecrets([]string{"HOME=/root", "MY_SERVICE_TOKEN=tok-123456", "PATH=/bin", "X_API_KEY=sh", "GIT_ASKPASS=/usr/bin/x"})
	if len(env) != 1 || env[0] != "tok-123456" {
		t.Fatalf("%q", env)
	}
}

func TestSecretNames(t *testing.T) {
	for line, want := range map[string]string{
		"export API_TOKEN=xyz; echo $API_TOKEN":     "API_TOKEN",
		"DB_PASSWORD=$(pass show db) ./migrate":     "DB_PASSWORD",
		"read -rs GITHUB_TOKEN":                     "GITHUB_TOKEN",
		"declare -x MY_SECRET=1 OTHER=2":            "MY_SECRET",
		"export PATH=$PATH:/x; cd /tmp":             "",
		"for KEY in a b; do echo $KEY; done":        "",
		"f() { local aws_secret_access_key=$1; }":   "aws_secret_access_key",
		"echo 'export API_TOKEN=xyz' > notes.txt":   "",
		"export OPENAI_API_KEY ANTHROPIC_API_KEY=k": "OPENAI_API_KEY ANTHROPIC_API_KEY",
	} {
		if got := strings.Join(SecretNames(line), " "); got != want {
			t.Errorf("SecretNames(%q) = %q, want %q", line, got, want)
		}
	}
}

func TestObserve(t *testing.T) {
	vars := map[string]string{"API_TOKEN": "observed-xyz-value"}
	Observe("export API_TOKEN=observed-xyz-value", func(n string) string { return vars[n] })
	if got := String("$ echo $API_TOKEN\nobserved-xyz-value"); strings.Contains(got, "observed-xyz-value") {
		t.Fatalf("learned value survived: %q", got)
	}
	if got := New().Redact("observed-xyz-value"); got != Mask {
		t.Fatalf("a new Redactor does not mask Default's values: %q", got)
	}
}

func TestTable(t *testing.T) {
	for _, bad := range []string{
		"name\t-\t-",
		"name\t-\tnope\tx",
		"name\t-\t-\t(",
	} {
		if _, err := loadTable([]byte("@secret-name\t-\t-\tx\n" + bad + "\n")); err == nil {
			t.Errorf("table %q: no error", bad)
		}
	}
}

func FuzzRedact(f *testing.F) {
	for _, c := range ruleCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		const secret = "FUZZSECRETabcdefghijk"
		r := &Redactor{}
		r.Learn(secret)
		out := r.Redact(s + " " + secret + " " + s)
		if strings.Contains(out, secret) {
			t.Fatalf("learned secret survived in %q", out)
		}
		once := r.Redact(s)
		if twice := r.Redact(once); twice != once {
			t.Fatalf("not idempotent:\n%q\n%q\n%q", s, once, twice)
		}
	})
}

// BenchmarkRedact redacts real command lines (NL2Bash) mixed with a few
// secret-bearing ones; it reports lines/s.
func BenchmarkRedact(b *testing.B) {
	lines := nl2bash(b)
	for _, c := range ruleCases {
		lines = append(lines, c.in)
	}
	r := New()
	r.Learn("learned-secret-value")
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		r.Redact(lines[i%len(lines)])
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "lines/s")
}

func readLines(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// nl2bash reads the commands of the shared benchmark data, or skips.
func nl2bash(t testing.TB) []string {
	f, err := os.Open(filepath.Join(shareddata.Dir(t, "bench"), "nl2bash.tsv"))
	if err != nil {
		shareddata.Missing(t, "nl2bash.tsv", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	sc.Scan()
	for sc.Scan() {
		if f := strings.Split(sc.Text(), "\t"); len(f) == 3 {
			out = append(out, strings.ReplaceAll(f[2], `\t`, "\t"))
		}
	}
	return out
}

func TestCredentialFile(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for p, want := range map[string]bool{
		home + "/.netrc":               true,
		home + "/.pgpass":              true,
		home + "/.ssh/id_ed25519":      true,
		home + "/.ssh/keys/old":        true,
		home + "/.docker/config.json":  true,
		home + "/.aws/credentials":     true,
		home + "/.git-credentials":     true,
		home + "/.config/gh/hosts.yml": true,
		"/etc/shadow":                  true,
		"/work/app/.env":               true,
		"/work/app/.env.production":    true,
		"/work/app/.env.example":       false,
		"/work/app/main.go":            false,
		home + "/.bashrc":              false,
		home + "/src/app/docs/ssh.md":  false,
		"/work/app/certs/server.key":   true,
		"/work/app/deploy/id_rsa":      true,
	} {
		if got := CredentialFile(p); got != want {
			t.Errorf("CredentialFile(%q) = %v, want %v", p, got, want)
		}
	}
}

// BenchmarkRedactToolOutput redacts one tool result of the largest size
// sent to a model (16 KB of command lines).
func BenchmarkRedactToolOutput(b *testing.B) {
	var sb strings.Builder
	for _, l := range nl2bash(b) {
		if sb.Len()+len(l) > 16<<10 {
			break
		}
		sb.WriteString(l + "\n")
	}
	text := sb.String()
	r := New()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		r.Redact(text)
	}
}

// IsSecretName compiles the @secret-name pattern alone (the whole table
// waits for the first redaction), and the everyday PWD and OLDPWD do not
// even get that far.
func TestIsSecretName(t *testing.T) {
	if got, want := secretName().String(), rules().name.String(); got != want {
		t.Fatalf("IsSecretName's pattern %q, the table's %q", got, want)
	}
	for _, tc := range []struct {
		name          string
		secret, maybe bool
	}{
		{"PWD", false, false},
		{"OLDPWD", false, false},
		{"DB_PWD", true, true},
		{"MYSQL_PASSWD", true, true},
		{"OPENAI_API_KEY", true, true},
		{"GITHUB_TOKEN", true, true},
		{"PATH", false, false},
		{"KEYMAP", false, true},
	} {
		if got := mayName(tc.name); got != tc.maybe {
			t.Errorf("mayName(%q) = %v, want %v", tc.name, got, tc.maybe)
		}
		if got := IsSecretName(tc.name); got != tc.secret {
			t.Errorf("IsSecretName(%q) = %v, want %v", tc.name, got, tc.secret)
		}
	}
}
