// Package conformance holds lacy's bash-conformance test: the Oils
// project's shell spec suite (core tier, read by path from
// ../shared/conformance beside the checkout, Apache-2.0), run
// against bash and lacy, and a baseline of the cases where they agree
// (testdata/baseline.txt). TestConformance fails when one of those cases
// stops agreeing.
package conformance
