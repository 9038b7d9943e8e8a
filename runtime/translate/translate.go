// Package translate turns a request in plain language (`? find files
// bigger than 100mb`) into command lines the user can review, best first:
// it asks the model of the `translate` role with a small context (cwd, OS,
// project type, relevant programs, recent commands), extracts the commands
// from whatever shape the reply takes, checks that each parses and names
// only programs that exist here (asking the model once more with the
// problem when not), marks destructive ones, and caches the answer. It is
// not a conversation: nothing is saved in any agent's history.
package translate

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"text/template"
	"time"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/runtime/blast"
	"github.com/lacy-sh/lacy/runtime/safety"
	"github.com/lacy-sh/lacy/spec"
)

// DefaultAlternatives is how many commands the model is asked for.
const DefaultAlternatives = spec.DefaultAlternatives

// Candidate is one proposed command line.
type Candidate struct {
	Command string
	// Problem says why the command may not run here ("`fnd`: not
	// installed here"); "" when it passed the checks.
	Problem string
	// Destructive commands need the word yes before they run; Reason says
	// why (runtime/safety).
	Destructive bool
	Reason      string
	// Blast previews what a destructive command would delete or
	// overwrite, counted (runtime/blast); "" when nothing could be.
	Blast string
}

// Result is a translation.
type Result struct {
	Candidates []Candidate // best first; the first is the one to show
	Model      string      // the model's name
	Cached     bool        // answered from the cache, without a model call
	Retried    bool        // the model was asked a second time
}

// Best returns the best candidate.
func (r Result) Best() Candidate {
	if len(r.Candidates) == 0 {
		return Candidate{}
	}
	return r.Candidates[0]
}

// ModelFunc returns the model to ask and its name.
type ModelFunc func(ctx context.Context) (llm.Model, string, error)

// Translator turns requests into commands.
type Translator struct {
	// Model picks the model (the translate role's, else the agent's).
	Model ModelFunc
	// Known accepts the command names that can run here besides keywords
	// and mvdan/sh's builtins (functions, aliases, PATH, lacy builtins).
	Known Known
	// Redact removes secrets from everything sent to the model; nil sends
	// the text as it is.
	Redact func(string) string
	// Cache, if set, keeps answers (see Cache).
	Cache *Cache
	// Alternatives is how many commands to ask for; 0 means
	// DefaultAlternatives.
	Alternatives int
}

// ErrNoCommand is returned when the model's reply holds no command.
var ErrNoCommand = errors.New("the model's reply has no command in it")

// Translate asks for commands that do what request says, in the context c.
func (t *Translator) Translate(ctx context.Context, request string, c Context) (Result, error) {
	m, name, err := t.Model(ctx)
	if err != nil {
		return Result{}, err
	}
	key := cacheKey{query: Normalize(request), cwd: c.Cwd, os: c.OS, model: name}
	if cands, ok := t.Cache.get(key); ok {
		return Result{Candidates: cands, Model: name, Cached: true}, nil
	}
	req := &llm.Request{
		System:   t.redact(render("templates/translate.md", promptData(c, t.alternatives()))),
		Messages: []llm.Message{{Role: llm.User, Content: t.redact(strings.TrimSpace(request))}},
	}
	resp, err := m.Chat(ctx, req)
	if err != nil {
		return Result{Model: name}, err
	}
	res := Result{Model: name, Candidates: t.judge(Extract(resp.Text), c.Cwd)}
	if best := res.Best(); best.Command == "" || best.Problem != "" {
		problem := "the reply has no command in it"
		if best.Problem != "" {
			problem = best.Problem
		}
		req.Messages = append(req.Messages,
			llm.Message{Role: llm.Assistant, Content: resp.Text},
			llm.Message{Role: llm.User, Content: t.redact(render("templates/translate-retry.md", map[string]string{"Problem": problem}))})
		res.Retried = true
		if resp, err := m.Chat(ctx, req); err == nil {
			again := t.judge(Extract(resp.Text), c.Cwd)
			res.Candidates = rank(append(again, res.Candidates...))
		} else if ctx.Err() != nil {
			return res, ctx.Err()
		}
	}
	// Prose ("I'm sorry, …") is not a command: no candidate.
	res.Candidates = limit(slices.DeleteFunc(res.Candidates, func(c Candidate) bool {
		return strings.HasPrefix(c.Problem, problemParse)
	}), t.alternatives())
	if len(res.Candidates) == 0 {
		return res, ErrNoCommand
	}
	if res.Best().Problem == "" {
		t.Cache.put(key, res.Candidates)
	}
	return res, nil
}

// judge checks each command and marks destructive ones, valid ones first.
func (t *Translator) judge(cmds []string, dir string) []Candidate {
	out := make([]Candidate, 0, len(cmds))
	for _, cmd := range cmds {
		out = append(out, Judge(cmd, dir, t.Known))
	}
	return rank(out)
}

// BlastTimeout bounds the blast-radius preview of one destructive
// candidate (runtime/blast).
var BlastTimeout = 100 * time.Millisecond

// Judge checks one command line: Check's problem, and runtime/safety's
// judgement.
func Judge(cmd, dir string, known Known) Candidate {
	c := Candidate{Command: cmd}
	if err := Check(cmd, dir, known); err != nil {
		c.Problem = err.Error()
	}
	c.Destructive, c.Reason = safety.IsDestructiveIn(cmd, dir)
	if c.Destructive {
		// A request may bring several candidates: each walk is kept short.
		c.Blast = blast.Preview(context.Background(), cmd, blast.Options{Dir: dir, Timeout: BlastTimeout}).String()
	}
	return c
}

// rank puts the candidates without a problem first, keeping the order
// otherwise, and drops repeated commands.
func rank(cands []Candidate) []Candidate {
	seen := map[string]bool{}
	var good, bad []Candidate
	for _, c := range cands {
		if seen[c.Command] {
			continue
		}
		seen[c.Command] = true
		if c.Problem == "" {
			good = append(good, c)
		} else {
			bad = append(bad, c)
		}
	}
	return append(good, bad...)
}

func limit(c []Candidate, n int) []Candidate {
	if len(c) > n {
		return c[:n]
	}
	return c
}

func (t *Translator) alternatives() int {
	if t.Alternatives > 0 {
		return t.Alternatives
	}
	return DefaultAlternatives
}

func (t *Translator) redact(s string) string {
	if t.Redact == nil {
		return s
	}
	return t.Redact(s)
}

// promptData is what templates/translate.md is filled with.
func promptData(c Context, alternatives int) map[string]any {
	osName := c.OS
	if osName == "" {
		osName = "unknown"
	}
	return map[string]any{"OS": osName, "Cwd": c.Cwd, "Project": c.Project,
		"Programs": strings.Join(c.Programs, ", "), "Recent": c.Recent, "Alternatives": alternatives}
}

// render fills an embedded template; a template that does not parse (a
// broken build) gives its raw text.
func render(name string, data any) string {
	src := string(defaults.Read(name))
	tpl, err := template.New(name).Parse(src)
	if err != nil {
		return src
	}
	var b bytes.Buffer
	if err := tpl.Execute(&b, data); err != nil {
		return src
	}
	return strings.TrimSpace(b.String())
}
