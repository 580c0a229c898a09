package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHealthAsksReadiness(t *testing.T) {
	ready := true
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !ready || r.URL.Path != "/readyz" {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	defer srv.Close()
	if err := runHealth([]string{"-url", srv.URL + "/readyz"}); err != nil {
		t.Errorf("ready: %v", err)
	}
	ready = false
	if err := runHealth([]string{"-url", srv.URL + "/readyz"}); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("not ready: %v", err)
	}
}

func TestLocalURL(t *testing.T) {
	for addr, want := range map[string]string{":8080": "http://localhost:8080", "0.0.0.0:80": "http://localhost:80", "127.0.0.1:9": "http://127.0.0.1:9", "[::1]:8080": "http://[::1]:8080"} {
		if got := localURL(addr); got != want {
			t.Errorf("%s: %s, want %s", addr, got, want)
		}
	}
}
