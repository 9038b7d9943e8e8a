package redact

import "testing"

// The @secret-name expression compiled alone is the table's.
func TestSecretNameAlone(t *testing.T) {
	if got, want := secretName().String(), rules().name.String(); got != want {
		t.Fatalf("secretName() = %q, the table's is %q", got, want)
	}
}
