// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

//go:build !unix

package interp

func signalName(n int) (string, bool) {
	switch n {
	case 1:
		return "SIGHUP", true
	case 2:
		return "SIGINT", true
	case 9:
		return "SIGKILL", true
	case 15:
		return "SIGTERM", true
	}
	return "", false
}

func signalNumber(name string) (int, bool) {
	for n := 1; n < 32; n++ {
		if s, ok := signalName(n); ok && s == name {
			return n, true
		}
	}
	return 0, false
}

type sigState struct{}

func (s *sigState) pending() []string { return nil }

func (r *Runner) setSignalTrap(name, action string, reset bool) {}
