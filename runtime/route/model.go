package route

import (
	"fmt"
	"strconv"
	"strings"
)

// model is the linear scorer: weights per feature and the score above which
// a line goes to the agent.
type model struct {
	w         vector
	threshold float64
}

// Weights is a copy of the model's weights by feature name, plus the
// threshold under the name "threshold". internal/routingbench uses it to fit
// and write defaults/route/weights.tsv.
func (c *Classifier) Weights() map[string]float64 {
	m := map[string]float64{"threshold": c.m.threshold}
	for i, n := range featNames {
		m[n] = c.m.w[i]
	}
	return m
}

// FeatureNames lists the model's features in a stable order.
func FeatureNames() []string { return featNames[:] }

// Features returns the feature values the model sees for line in auto mode,
// by name, and whether the model decides the line at all (prefixes, lone
// words and the other rules decide before it). For fitting and debugging.
func (c *Classifier) Features(line string) ([]float64, bool) {
	var v vector
	ok := c.classifyAuto(strings.TrimSpace(line), &v) == ruleModel
	return v[:], ok
}

func (m *model) score(v *vector) float64 {
	s := 0.0
	for i, x := range v {
		if x != 0 {
			s += x * m.w[i]
		}
	}
	return s
}

// parseWeights reads weights.tsv: "name<TAB>weight" lines; "threshold" sets
// the decision threshold. Every feature must be given.
func parseWeights(lines []string) (*model, error) {
	m := &model{}
	idx := map[string]int{}
	for i, n := range featNames {
		idx[n] = i
	}
	seen := map[string]bool{}
	for _, l := range lines {
		name, val, ok := strings.Cut(l, "\t")
		if !ok {
			return nil, fmt.Errorf("want name<TAB>weight, got %q", l)
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if name == "threshold" {
			m.threshold = f
			continue
		}
		i, ok := idx[name]
		if !ok {
			return nil, fmt.Errorf("unknown feature %q", name)
		}
		m.w[i] = f
		seen[name] = true
	}
	for _, n := range featNames {
		if !seen[n] {
			return nil, fmt.Errorf("no weight for feature %q", n)
		}
	}
	return m, nil
}

// SetWeights replaces the model's weights (by feature name; "threshold" for
// the threshold). Names not given keep their value. For fitting only: a
// Classifier must not be used concurrently with SetWeights.
func (c *Classifier) SetWeights(w map[string]float64) error {
	for n, x := range w {
		if n == "threshold" {
			c.m.threshold = x
			continue
		}
		found := false
		for i, fn := range featNames {
			if fn == n {
				c.m.w[i] = x
				found = true
			}
		}
		if !found {
			return fmt.Errorf("route: unknown feature %q", n)
		}
	}
	return nil
}
