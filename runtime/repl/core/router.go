package core

import "github.com/lacy-sh/lacy/runtime/route"

// StartRouter builds the routing classifier in the background (its word
// lists take about a millisecond to load): the first prompt does not need
// it, as a blank line's route needs no word list (route.Blank); the first
// key typed does, and waits for what remains of the build, as it waits
// for the PATH index. Classifier, Route and everything else that
// classifies wait for it; until then Router must not be read directly.
func (c *Core) StartRouter(build func() *route.Classifier) {
	ready := make(chan struct{})
	c.routerReady = ready
	go func() {
		defer close(ready)
		c.Router = build()
	}()
}

// Classifier returns the routing classifier, waiting for StartRouter's
// build; nil: every line goes to the shell.
func (c *Core) Classifier() *route.Classifier {
	if ready := c.routerReady; ready != nil {
		<-ready
	}
	return c.Router
}

// RouterReady reports whether Classifier would return without waiting.
func (c *Core) RouterReady() bool {
	if ready := c.routerReady; ready != nil {
		select {
		case <-ready:
		default:
			return false
		}
	}
	return true
}
