// lacy patch 053: a handler reads a variable as the shell sees it.

package interp

import "mvdan.cc/sh/v3/expand"

// LookupVar returns the variable name as the running shell sees it,
// including the ones it computes when read ($SHELLOPTS, $BASHOPTS, $?,
// $RANDOM), which [HandlerContext.Env] does not hold. It is a lacy patch.
func (hc HandlerContext) LookupVar(name string) expand.Variable {
	if hc.runner == nil {
		return hc.Env.Get(name)
	}
	return hc.runner.lookupVar(name)
}
