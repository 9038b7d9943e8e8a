package translate

import (
	"strings"
	"testing"
)

// TestExtractTags covers replies that wrap the command in XML-ish tags.
func TestExtractTags(t *testing.T) {
	tests := []struct {
		name, reply string
		want        []string
	}{
		{"command tag", "<command>ls -la</command>", []string{"ls -la"}},
		{"prose around", "Here you go:\n<command>du -sh * | sort -h</command>\nThis sorts by size.", []string{"du -sh * | sort -h"}},
		{"attributes and case", `<Command lang="bash">git log --oneline</Command>`, []string{"git log --oneline"}},
		{"entities", "<cmd>grep -r &quot;TODO&quot; . &amp;&amp; echo done</cmd>", []string{`grep -r "TODO" . && echo done`}},
		{"nested", "<commands>\n  <command>make build</command>\n  <command>make test</command>\n</commands>", []string{"make build", "make test"}},
		{"answer holding a fence", "<answer>\n```bash\nfind . -name '*.go'\n```\n</answer>", []string{"find . -name '*.go'"}},
		{"bash tag multi-line", "<bash>\n$ docker ps -a\n</bash>", []string{"docker ps -a"}},
		{"code with class", `Use <code class="language-sh">tar xzf a.tgz</code> to unpack.`, []string{"tar xzf a.tgz"}},
		{"tag inside a fence is text", "```bash\necho '<command>x</command>'\n```", []string{"echo '<command>x</command>'"}},
		{"unknown tag ignored", "<foo>bar</foo>\n```\nls\n```", []string{"ls"}},
		{"unclosed tag", "<command>ls -la", []string{"<command>ls -la"}},
		{"after think", "<think>maybe rm</think><command>df -h</command>", []string{"df -h"}},
		{"empty tag falls through", "<command></command>\n`uptime`", []string{"uptime"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Extract(tt.reply)
			if strings.Join(got, "\x00") != strings.Join(tt.want, "\x00") {
				t.Errorf("Extract(%q) = %q, want %q", tt.reply, got, tt.want)
			}
		})
	}
}

// FuzzTags checks that tag bodies are found without a panic, within the
// input, and that Extract's candidates stay trimmed and unique.
func FuzzTags(f *testing.F) {
	for _, s := range []string{"<command>ls</command>", "<commands><command>a</command><command>b</command></commands>",
		"<code a='>'>x</code>", "<command><command></command>", "</command><command>", "<cmd/>", "<answer>```\nls\n```</answer>",
		"<COMMAND >x</command >", "<bash\n>echo</bash>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, b := range tagBodies(s) {
			if !strings.Contains(s, b) && !strings.Contains(strings.ToLower(s), strings.ToLower(b)) {
				t.Fatalf("tagBodies(%q): body %q not in input", s, b)
			}
		}
		seen := map[string]bool{}
		for _, c := range Extract(s) {
			if c == "" || c != strings.TrimSpace(c) || seen[c] {
				t.Fatalf("Extract(%q): bad candidate %q", s, c)
			}
			seen[c] = true
		}
	})
}
