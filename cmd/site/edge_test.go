package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// buildSite builds the site's binary into a test's directory.
func buildSite(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "site")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// syncBuffer is a log the child writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startLimited runs the site with at most files open file descriptors
// (RLIMIT_NOFILE, soft and hard, set by the shell before it execs the
// site) and waits until it answers a rule page.
func startLimited(t *testing.T, bin string, files int, args ...string) (addr string, logs *syncBuffer, proc *exec.Cmd) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr = ln.Addr().String()
	ln.Close()
	script := fmt.Sprintf(`ulimit -n %d && exec "$0" "$@"`, files)
	proc = exec.Command("sh", append([]string{"-c", script, bin, "-addr", addr, "-base-url", "https://rules.test"}, args...)...)
	logs = &syncBuffer{}
	proc.Stderr = logs
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { proc.Process.Kill(); proc.Wait() })
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if status, err := get(addr, "/en/rules/117"); err == nil && status == http.StatusOK {
			return addr, logs, proc
		}
		if time.Now().After(deadline) {
			t.Fatalf("not serving after 30 s\n%s", logs.String())
		}
	}
}

// get asks for path on a new connection.
func get(addr, path string) (int, error) {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", path)
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, res.Body)
	return res.StatusCode, nil
}

// hold opens n idle connections to addr and returns them.
func hold(t *testing.T, addr string, n int) []net.Conn {
	t.Helper()
	var conns []net.Conn
	for range n {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			break // the backlog is full: the server is not accepting
		}
		conns = append(conns, c)
	}
	return conns
}

func closeAll(conns []net.Conn) {
	for _, c := range conns {
		c.Close()
	}
}

// TestOutOfDescriptorsKeepsServing: with 256 file descriptors and no
// connection bound below that, 400 idle connections run the site out of
// descriptors; it logs the accept failures (bounded), stays up, and
// answers a normal request once they close. With the default bound (192
// connections for 256 descriptors) the connections over it are answered
// 503 instead, and the site answers afterwards too.
func TestOutOfDescriptorsKeepsServing(t *testing.T) {
	bin := buildSite(t)

	addr, logs, proc := startLimited(t, bin, 256, "-max-conns", "100000", "-conns-per-addr", "0")
	conns := hold(t, addr, 400)
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(logs.String(), "too many open files") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(logs.String(), `msg=refused reason="accept failed: accept tcp`) {
		t.Errorf("no accept failure logged with %d connections open:\n%.2000s", len(conns), logs.String())
	}
	closeAll(conns)
	if err := proc.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatalf("the site exited: %v\n%.2000s", err, logs.String())
	}
	if status := eventually(t, addr); status != http.StatusOK {
		t.Errorf("after the flood: %d", status)
	}
	if n := strings.Count(logs.String(), "msg=refused"); n > 200 {
		t.Errorf("%d refusal lines: not bounded", n)
	}

	addr, logs, _ = startLimited(t, bin, 256, "-conns-per-addr", "0")
	if !strings.Contains(logs.String(), "max_conns=192") {
		t.Errorf("default bound for 256 descriptors not logged as 192:\n%.2000s", logs.String())
	}
	conns = hold(t, addr, 250)
	busy := 0
	for _, c := range conns[192:] {
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		if res, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil && res.StatusCode == http.StatusServiceUnavailable && res.Close {
			busy++
		}
	}
	if busy < 50 {
		t.Errorf("%d of %d connections over the bound answered 503", busy, len(conns)-192)
	}
	closeAll(conns)
	if status := eventually(t, addr); status != http.StatusOK {
		t.Errorf("after the bound was reached: %d", status)
	}
}

// eventually is the status of a rule page once the server has noticed
// closed connections (within 5 s).
func eventually(t *testing.T, addr string) int {
	t.Helper()
	var status int
	var err error
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if status, err = get(addr, "/en/rules/117"); err == nil && status == http.StatusOK {
			return status
		}
	}
	t.Logf("last error: %v", err)
	return status
}
