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

	"github.com/mtgrules/site/content"
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

// TestFetchNewestFromTheRulesPage: without a URL the newest text file
// linked from the rules page is fetched into the editions directory.
func TestFetchNewestFromTheRulesPage(t *testing.T) {
	text, err := content.FS.ReadFile("en/rules.txt")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/en/rules":
			io.WriteString(w, `<a href="/dl/MagicCompRules%2020251114.txt">old</a> <a href="/dl/MagicCompRules%2020260417.txt">new</a>`)
		case "/dl/MagicCompRules 20260417.txt":
			w.Write(text)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	res, err := fetchNewest(context.Background(), "", srv.URL+"/en/rules", fetch.Options{Out: dir, Client: srv.Client()})
	if err != nil || res.Edition != "2026-04-17" || res.Path != filepath.Join(dir, "MagicCompRules-2026-04-17.txt") {
		t.Fatalf("%+v %v", res, err)
	}
	if got, _ := os.ReadFile(res.Path); !strings.HasPrefix(string(got), "Magic: The Gathering") {
		t.Error("the file in place is not the download")
	}
}
