package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

// TestSecretLinesReachNeitherHistoryNorModel types secret-bearing lines at
// the prompt (as arguments of the no-op `:`), exports a secret-named
// variable and prints it, then asks the agent: no secret is in the history
// file, and none in what reached the model (its context carries the recent
// commands).
func TestSecretLinesReachNeitherHistoryNorModel(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "secret-check-answer"})
	tm, home := start(t, agentConfig(srv))
	lines := []string{
		": sshpass -p SshpassSecret2 ssh me@host",
		": docker login -u bob -p DockerSecret4 ghcr.io",
		": aws configure set aws_secret_access_key AwsSecret5",
		": htpasswd -b .htpasswd alice HtpasswdSecret7",
		": vault login s.VaultSecret8abcdefghijklmn",
		": https://hooks.slack.com/services/T00/B00/SlackSecret9",
		": mysql -u root -pMysqlSecret1 shop",
		": curl -u bob:CurlSecret3 https://api.example.com",
		"export API_TOKEN=LearnedSecret12",
		"echo token-is-$API_TOKEN",
		": LearnedSecret12 typed again",
	}
	secrets := []string{"SshpassSecret2", "DockerSecret4", "AwsSecret5", "HtpasswdSecret7", "VaultSecret8",
		"SlackSecret9", "MysqlSecret1", "CurlSecret3", "LearnedSecret12"}
	for _, l := range lines {
		tm.Line(l)
	}
	tm.Line("echo history-marker")
	tm.WaitText("\nhistory-marker")
	tm.Line("@what did I just do?")
	tm.WaitText("secret-check-answer")
	tm.Line("exit")
	tm.Wait(5 * time.Second)
	b, err := os.ReadFile(filepath.Join(home, ".local", "state", "lacy", "history"))
	if err != nil || !strings.Contains(string(b), "history-marker") {
		t.Fatalf("history file: %v\n%s", err, b)
	}
	body := string(srv.Last(t).Body)
	if !strings.Contains(body, "[REDACTED]") {
		t.Errorf("the recent commands did not reach the model: %s", body)
	}
	for _, s := range secrets {
		if strings.Contains(string(b), s) {
			t.Errorf("%s is in the history file", s)
		}
		if strings.Contains(body, s) {
			t.Errorf("%s reached the model", s)
		}
	}
}
