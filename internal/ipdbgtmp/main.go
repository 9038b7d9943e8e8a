package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/creack/pty"
)

func rss(bin string, extra ...string) string {
	home, _ := os.MkdirTemp("", "ipdbg")
	defer os.RemoveAll(home)
	var out string
	for run := 0; run < 2; run++ {
		cmd := exec.Command(bin)
		cmd.Env = append(append(os.Environ(), "HOME="+home, "XDG_STATE_HOME="+filepath.Join(home, "state"), "XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "INPUTRC=/dev/null", "TERM=xterm-256color"), extra...)
		cmd.Dir = home
		ptmx, _ := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
		go io.Copy(io.Discard, ptmx)
		time.Sleep(2500 * time.Millisecond)
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "VmRSS") || strings.HasPrefix(l, "RssAnon") || strings.HasPrefix(l, "RssFile") {
				out += fmt.Sprintf("run%d %s; ", run, strings.Join(strings.Fields(l), " "))
			}
		}
		ptmx.Write([]byte("exit\r"))
		cmd.Wait()
		ptmx.Close()
	}
	return out
}

func main() {
	for _, b := range os.Args[1:] {
		fmt.Println(b, rss(b))
		fmt.Println(b, "LACY_INSTANT_PROMPT=0", rss(b, "LACY_INSTANT_PROMPT=0"))
	}
}
