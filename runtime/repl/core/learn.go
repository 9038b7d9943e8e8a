package core

import (
	"fmt"
	"strings"
	"time"

	"github.com/lacy-sh/lacy/internal/timelimit"
	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/learn"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/session"
)

// learnFrom tells the store about a line that ran: a failure followed by a
// typed success in the same directory teaches a correction; a line forced
// to a route the classifier would not have chosen teaches a route. It
// runs after the line, never while typing.
func (c *Core) learnFrom(line string, d route.Decision, status int) {
	s, _ := session.Learned()
	if s == nil {
		return
	}
	s.Refresh()            // another lacy may have forgotten something
	if c.IsPrivate(line) { // /private and a leading space: nothing of the line is kept
		s.Other()
		return
	}
	typed := !c.picked
	switch d.Route {
	default:
		s.Other()
	case route.Shell, route.Neutral:
		src := line
		if d.Rule == route.RuleBang {
			src = d.Text
		}
		if lc, on := s.Ran(src, c.Sh.Dir(), status, typed); on {
			from, to := lc.From, lc.To
			if lc.Program {
				from, to = lc.From+" …", lc.To+" …"
			}
			c.Dim(fmt.Sprintf("learned: %s → %s (lacy rules lists, forgets)", from, to))
		}
	}
	router := c.Classifier()
	if !typed || router == nil || c.Mode() != route.ModeAuto {
		return
	}
	forced := ""
	switch {
	case d.Rule == route.RuleBang:
		forced = "shell"
	case d.Rule == route.RuleAt && !strings.HasPrefix(d.Text, "/"):
		forced = "agent"
	default:
		return
	}
	alone := router.Classify(d.Text, route.ModeAuto)
	if alone.Route.String() == forced || alone.Route != route.Shell && alone.Route != route.Agent {
		return // the prefix changed nothing: nothing to learn
	}
	to := route.Shell
	if forced == "agent" {
		to = route.Agent
	}
	shape := router.Shape(d.Text, to)
	if o, on := s.Forced(shape, forced); on {
		c.Dim(fmt.Sprintf("learned: lines starting %q go to the %s (lacy rules lists, forgets)", o.Shape, o.Route))
		c.forgetRoute() // the indicator must see the new route
	}
}

// slashRules is /rules: lacy rules inside the session.
func (c *Core) slashRules(args []string) int {
	s, err := session.Learned()
	if err != nil {
		fmt.Fprintf(c.IO.ErrOut, "lacy: /rules: %v\n", err)
		return 1
	}
	status := learn.Run(c.IO.Out, c.IO.ErrOut, s, args)
	c.forgetRoute()
	return status
}

// learnedFirst reports whether the best fix is one the user taught.
func learnedFirst(fixes []correct.Fix) bool {
	return len(fixes) > 0 && fixes[0].Rule == (session.LearnedRule{}).Name()
}

// LearnOptionsTimeout bounds the background learning of one program's
// options (its completion spec, else its --help).
func LearnOptionsTimeout() time.Duration { return timelimit.Scale(10 * time.Second) }

// learnOptionsLater is the corrector's Knowledge.Missing in the session:
// the options of a program that failed on one are learned off the
// prompt's path.
func learnOptionsLater(prog, sub string) { session.LearnOptions(prog, sub, LearnOptionsTimeout()) }
