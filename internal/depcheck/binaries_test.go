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
	cmd      string
	packages []string // import paths; "p/..." is p and every package below it
	why      string
}{
	{"./cmd/lacy", []string{"net/...", "crypto/...", "compress/...", "hash/crc32", "encoding/json", "text/template", "math/big", "encoding/gob"},
		"the lean binary runs -c and scripts: the shell, nothing of the network, crypto, logging or templates"},
	{"./cmd/lacy-shell", []string{"crypto/...", "net", "net/http/...", "encoding/gob", "compress/...", "hash/crc32"},
		"the interactive shell reaches models and MCP servers, and tests a model's server (llm.Reach), through the agent process " +
			"(runtime/agentproc); crypto links the FIPS 140 module's initialisation (use internal/sysrand for random bytes); " +
			"compress/gzip came with lumberjack's backup compression, which lacy never used (runtime/logging rotates itself)"},
}

func TestShellBinariesDoNotLinkNetOrCrypto(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, b := range notLinked {
		out, err := exec.Command("go", "list", "-deps", "-f", "{{if .Standard}}{{.ImportPath}}{{end}}", "../../"+b.cmd[2:]).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", b.cmd, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, p := range b.packages {
				if dep == p || strings.HasSuffix(p, "/...") && (dep == p[:len(p)-4] || strings.HasPrefix(dep, p[:len(p)-3])) {
					t.Errorf("%s links %s (%s); find the importer with: go list -f '{{.ImportPath}} {{.Imports}}' -deps %s | grep '%s'",
						b.cmd, dep, b.why, b.cmd, dep)
				}
			}
		}
	}
}
