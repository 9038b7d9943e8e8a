package logging

import (
	"fmt"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/lacy-sh/lacy/runtime/redact"
)

// Redacted replaces a secret in Redact's output.
const Redacted = redact.Mask

// Redact returns s with secrets replaced by Redacted: it is
// redact.String, lacy's one rule set (defaults/redact/rules.tsv) plus the
// secret values the session learned. Loggers built by New apply it to
// every message and string field already; use it for text that goes
// elsewhere.
func Redact(s string) string { return redact.String(s) }

// String is zap.String with the value passed through Redact.
func String(key, val string) zap.Field { return zap.String(key, Redact(val)) }

// redactCore masks secrets in the message and in the string, error and
// Stringer fields of every entry before it is encoded, so that no log line
// carries a secret whatever the caller passed.
type redactCore struct{ zapcore.Core }

func (c redactCore) With(fs []zapcore.Field) zapcore.Core {
	return redactCore{c.Core.With(redactFields(fs))}
}

func (c redactCore) Check(e zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if c.Enabled(e.Level) {
		return ce.AddCore(e, c)
	}
	return ce
}

func (c redactCore) Write(e zapcore.Entry, fs []zapcore.Field) error {
	e.Message = redact.String(e.Message)
	return c.Core.Write(e, redactFields(fs))
}

// redactFields returns fs with its text values redacted; fs itself is not
// changed (zap may reuse it).
func redactFields(fs []zapcore.Field) []zapcore.Field {
	var out []zapcore.Field
	for i, f := range fs {
		g := f
		switch f.Type {
		case zapcore.StringType:
			g.String = redact.String(f.String)
		case zapcore.ErrorType:
			if err, ok := f.Interface.(error); ok && err != nil {
				g = zap.String(f.Key, redact.String(err.Error()))
			}
		case zapcore.StringerType:
			if s, ok := f.Interface.(fmt.Stringer); ok && s != nil {
				g = zap.String(f.Key, redact.String(s.String()))
			}
		default:
			continue
		}
		if g.String == f.String && g.Type == f.Type {
			continue
		}
		if out == nil {
			out = append([]zapcore.Field(nil), fs...)
		}
		out[i] = g
	}
	if out == nil {
		return fs
	}
	return out
}
