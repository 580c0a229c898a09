package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mtgrules/site/internal/fetch"
)

// TestKeepCurrentRetriesAndReloads: failures are retried with a growing
// wait and keep the rules in place; a new file is followed by a reload; an
// unchanged one is not.
func TestKeepCurrentRetriesAndReloads(t *testing.T) {
	var (
		mu      sync.Mutex
		calls   []time.Time
		reloads int
	)
	results := []error{errors.New("rules page down"), errors.New("rules page down"), nil, nil}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	start := time.Now()
	go func() {
		keepCurrent(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), 200*time.Millisecond, 20*time.Millisecond,
			func(context.Context) (fetch.Result, error) {
				mu.Lock()
				defer mu.Unlock()
				calls = append(calls, time.Now())
				n := len(calls)
				if n == len(results) {
					cancel()
				}
				if n > len(results) {
					return fetch.Result{}, nil
				}
				return fetch.Result{Edition: "2026-04-17", Unchanged: n == 4}, results[n-1]
			}, func() error {
				mu.Lock()
				reloads++
				mu.Unlock()
				return nil
			})
		close(done)
	}()
	<-done
	mu.Lock()
	defer mu.Unlock()
	if len(calls) != 4 || reloads != 1 {
		t.Fatalf("%d checks, %d reloads", len(calls), reloads)
	}
	// Waits: first after 20 ms, retries after 20 and 40 ms, then the interval.
	gaps := []time.Duration{calls[0].Sub(start), calls[1].Sub(calls[0]), calls[2].Sub(calls[1]), calls[3].Sub(calls[2])}
	for i, min := range []time.Duration{20, 20, 40, 200} {
		if gaps[i] < min*time.Millisecond {
			t.Errorf("wait %d was %v, want at least %v ms", i, gaps[i], min)
		}
	}
}

// TestSiteFetchRefusesLoopback: "site fetch" connects to public addresses
// only; no flag lets it reach the machine it runs on.
func TestSiteFetchRefusesLoopback(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the fetch reached %s", r.URL)
	}))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "rules.txt")
	err := runFetch([]string{"-url", srv.URL + "/rules.txt", "-out", out, "-timeout", "5s"})
	if err == nil || !strings.Contains(err.Error(), "not a public address") {
		t.Errorf("error %v", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a file was written: %v", err)
	}
}
