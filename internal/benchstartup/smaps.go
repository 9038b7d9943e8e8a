package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// What an idle lacy's RSS is made of (-smaps): for each lacy binary given
// (this build, and -compare's), with an empty and a 200k-entry history, the
// median over rss-runs of /proc/PID/smaps_rollup's Rss, Rss of file-backed
// pages (the binary's text and data as mapped) and anonymous pages (the Go
// heap, goroutine stacks, the runtime's own structures), and the anonymous
// part split by mapping: the Go heap arenas and the rest. Read idle after
// the first prompt, as the table's idle RSS.

// smapsFigures is one reading, in kB.
type smapsFigures struct {
	rss, file, anon int
	binary          int // Rss of the mappings of the executable itself
}

// readSmaps reads pid's smaps_rollup and, from smaps, what the binary's own
// mappings hold.
func readSmaps(pid int) smapsFigures {
	var f smapsFigures
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/smaps_rollup", pid))
	for _, line := range strings.Split(string(b), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 {
			continue
		}
		kb, _ := strconv.Atoi(fields[1])
		switch fields[0] {
		case "Rss:":
			f.rss = kb
		case "Anonymous:":
			f.anon = kb
		}
	}
	f.file = f.rss - f.anon
	exe, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	sf, err := os.Open(fmt.Sprintf("/proc/%d/smaps", pid))
	if err != nil {
		return f
	}
	defer sf.Close()
	sc := bufio.NewScanner(sf)
	inExe := false
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if !strings.HasSuffix(fields[0], ":") || strings.Contains(fields[0], "-") {
			// A mapping's header: "start-end perms offset dev inode [path]".
			inExe = len(fields) >= 6 && fields[5] == exe
			continue
		}
		if inExe && fields[0] == "Rss:" {
			kb, _ := strconv.Atoi(fields[1])
			f.binary += kb
		}
	}
	return f
}

// printSmaps measures and prints the breakdown.
func printSmaps(bins []string, rssRuns int, idle time.Duration) {
	root, _ := os.MkdirTemp("", "lacy-bench-smaps-")
	defer os.RemoveAll(root)
	_ = os.Mkdir(filepath.Join(root, cwdName), 0o755)
	fmt.Printf("\nidle RSS of lacy's interactive shell, %s after the first prompt, median of %d (kB)\n\n", idle, rssRuns)
	fmt.Println("| build | history | Rss | file-backed | of it the binary | anonymous |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, n := range []int{0, 200_000} {
		var cases []tableCase
		for _, bin := range bins {
			sh := tableShells(bin, "", "", nil)
			for _, s := range sh {
				if s.name == "lacy" {
					cases = append(cases, newTableCase(root, s, n))
				}
			}
		}
		got := make([][]smapsFigures, len(cases))
		for range rssRuns {
			for i, c := range cases {
				s, _ := startShell(c.spec)
				s.waitForPlain(c.spec.ready)
				time.Sleep(idle)
				got[i] = append(got[i], readSmaps(s.cmd.Process.Pid))
				s.close()
			}
		}
		for i, bin := range bins {
			m := medianSmaps(got[i])
			fmt.Printf("| %s | %d | %d | %d | %d | %d |\n", bin, n, m.rss, m.file, m.binary, m.anon)
		}
	}
}

// medianSmaps returns the reading with the median Rss.
func medianSmaps(fs []smapsFigures) smapsFigures {
	if len(fs) == 0 {
		return smapsFigures{}
	}
	s := append([]smapsFigures(nil), fs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j].rss < s[i].rss {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}
