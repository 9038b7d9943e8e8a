package depcheck

import (
	"os/exec"
	"strings"
	"testing"
)

// notLinked says, per binary, the standard packages it must not link and
// why. Go runs every linked package's initialisation before main, and a
// static binary is almost wholly resident once started (docs/performance.md),
// so a package the binary does not need costs every start in time and memory
// (issue 21: `lacy -c true` ≤ 1.2× bash, idle RSS ≤ 12 MB).
var notLinked = []struct {
	cmd      string   // a directory under cmd/
	packages []string // import paths; "p/..." is p and every package below it
	why      string
}{
	{"lacy", []string{"crypto/...", "net", "net/http/...", "encoding/gob", "compress/...", "hash/crc32"},
		"the interactive shell reaches models and MCP servers, and tests a model's server (llm.Reach), through the agent process " +
			"(runtime/agentproc); crypto links the FIPS 140 module's initialisation (use internal/sysrand for random bytes); " +
			"compress/gzip came with lumberjack's backup compression, which lacy never used (runtime/logging rotates itself)"},
}

func TestShellBinariesDoNotLinkNetOrCrypto(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, b := range notLinked {
		cmd := b.cmd
		out, err := exec.Command("go", "list", "-deps", "-f", "{{if .Standard}}{{.ImportPath}}{{end}}", "../../cmd/"+cmd).Output()
		if err != nil {
			t.Fatalf("go list -deps ./cmd/%s: %v", cmd, err)
		}
		deps := strings.Fields(string(out))
		for _, p := range b.packages {
			var linked []string
			for _, dep := range deps {
				if dep == p || strings.HasSuffix(p, "/...") && (dep == p[:len(p)-4] || strings.HasPrefix(dep, p[:len(p)-3])) {
					linked = append(linked, dep)
				}
			}
			if len(linked) > 0 {
				t.Errorf("./cmd/%s links %s (%d packages: %s) — %s; find the importer with: go list -f '{{.ImportPath}} {{.Imports}}' -deps ./cmd/%s | grep '%s'",
					cmd, p, len(linked), strings.Join(linked[:min(len(linked), 4)], " "), b.why, cmd, linked[0])
			}
		}
	}
}
