package translate

import "github.com/lacy-sh/lacy/spec"

// Config is lacy.config{ translate = { … } } (spec.Translate: the
// configuration's types live in the leaf package spec).
type Config = spec.Translate

// DefaultConfig is the configuration without a translate table.
var DefaultConfig = spec.DefaultTranslate

// ParseConfig reads the translate table of lacy.config (see
// spec.ParseTranslate; nil gives DefaultConfig). An error names the bad
// field ("translate: alternatives: …"); the defaults stand for it.
func ParseConfig(v any) (Config, error) { return spec.ParseTranslate(v) }

// ValidPrefix reports whether p can start a request (see spec.ValidPrefix).
func ValidPrefix(p string) bool { return spec.ValidPrefix(p) }
