package main

import (
	"bufio"
	"bytes"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkStartup runs the built site on the embedded texts, as
// `go run ./cmd/site` does, and reports how long after the process starts
// it accepts connections (listen-ms), how long until /readyz says the
// search index is built (ready-ms), and its resident memory then (rss-MB).
// Run: go test -run '^$' -bench Startup -benchtime 5x ./cmd/site
// BENCH_RULES passes -rules, e.g. en=a.txt,en=b.txt,en=c.txt for three
// official editions.
func BenchmarkStartup(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "site")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	fi, err := os.Stat(bin)
	if err != nil {
		b.Fatal(err)
	}
	var listen, ready, rss float64
	for b.Loop() {
		l, r, m := startOnce(b, bin)
		listen += l
		ready += r
		rss = max(rss, m)
	}
	b.ReportMetric(listen/float64(b.N), "listen-ms")
	b.ReportMetric(ready/float64(b.N), "ready-ms")
	b.ReportMetric(rss, "rss-MB")
	b.ReportMetric(float64(fi.Size())/(1<<20), "binary-MB")
	b.ReportMetric(0, "ns/op")
}

// startOnce starts the binary on a free port and waits for it to listen
// and to be ready; it returns both times in milliseconds and the resident
// memory in MB once ready.
func startOnce(b *testing.B, bin string) (listenMS, readyMS, rssMB float64) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	args := []string{"-addr", addr}
	if spec := os.Getenv("BENCH_RULES"); spec != "" {
		args = append(args, "-rules", spec)
	}
	cmd := exec.Command(bin, args...)
	var logs bytes.Buffer
	cmd.Stderr = &logs
	began := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	deadline := began.Add(30 * time.Second)
	for {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("not listening after 30 s:\n%s", logs.String())
		}
		time.Sleep(time.Millisecond)
	}
	listenMS = float64(time.Since(began).Microseconds()) / 1000
	for {
		res, err := http.Get("http://" + addr + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			b.Fatalf("not ready after 30 s:\n%s", logs.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	readyMS = float64(time.Since(began).Microseconds()) / 1000
	return listenMS, readyMS, residentMB(b, cmd.Process.Pid)
}

// residentMB reads VmRSS from /proc (Linux).
func residentMB(b *testing.B, pid int) float64 {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		b.Skip("no /proc: resident memory is measured on Linux only")
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}
