package correct

import (
	"testing"

	"github.com/lacy-sh/lacy/defaults"
)

// TestDefaultRulesCompile compiles every embedded rule: lacy compiles them
// on first use, so a mistake would otherwise only show as a rule that
// never fires.
func TestDefaultRulesCompile(t *testing.T) {
	rules, err := ParseRules("defaults/correct/rules.txt", string(defaults.Read("correct/rules.txt")))
	if err != nil {
		t.Fatal(err)
	}
	if len(rules) < 50 {
		t.Fatalf("only %d rules", len(rules))
	}
}

// BenchmarkLoadDefaults is the start-up cost of the rules in `lacy fix`.
func BenchmarkLoadDefaults(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := loadDefaults(); err != nil {
			b.Fatal(err)
		}
	}
}
