package main

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServesThenStopsOnSIGTERM runs the built site: it says where it
// listens, answers a rule page the same from the renderer and from its
// cache, and on SIGTERM shuts down and exits 0.
func TestServesThenStopsOnSIGTERM(t *testing.T) {
	bin := buildSite(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "-addr", addr, "-base-url", "https://rules.test")
	var logs bytes.Buffer
	cmd.Stderr = &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer cmd.Process.Kill()

	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	var bodies []string
	deadline := time.Now().Add(30 * time.Second)
	for len(bodies) < 2 {
		res, err := client.Get("http://" + addr + "/de/rules/100.1")
		if err != nil {
			if time.Now().After(deadline) {
				t.Fatalf("not serving after 30 s: %v\n%s", err, logs.String())
			}
			time.Sleep(10 * time.Millisecond)
			continue
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || res.Header.Get("Etag") == "" || res.Header.Get("Content-Length") != strconv.Itoa(len(b)) {
			t.Fatalf("GET /de/rules/100.1: %d, ETag %q, Content-Length %q for %d bytes", res.StatusCode, res.Header.Get("Etag"), res.Header.Get("Content-Length"), len(b))
		}
		bodies = append(bodies, string(b))
	}
	if bodies[0] != bodies[1] || !strings.Contains(bodies[0], `<link rel="canonical" href="https://rules.test/de/rules/100.1">`) {
		t.Errorf("rendered and kept pages differ (%v) or lack the canonical link", bodies[0] != bodies[1])
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit: %v\n%s", err, logs.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("still running 15 s after SIGTERM\n%s", logs.String())
	}
	for _, want := range []string{`msg="listening on http://` + addr + `"`, `msg="shutting down"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %s:\n%s", want, logs.String())
		}
	}
}
