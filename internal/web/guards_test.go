package web

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/site/internal/refusal"
)

// TestBusyRouteAnswersPrebuilt503: with every slot of the sandbox taken, a
// sandbox request waits at most slotWait, then gets the prebuilt 503 in its
// language with Retry-After; a rule page is answered meanwhile, and the
// sandbox again once a slot is free.
func TestBusyRouteAnswersPrebuilt503(t *testing.T) {
	cfg := testConfig(t, testLibrary(t))
	cfg.Examples, cfg.Guards = testExamples(t), NewGuards(nil, true)
	h := New(cfg)
	f := cfg.Guards.sandbox
	for range cap(f.slots) {
		f.slots <- struct{}{}
	}
	path := "/de/play/apnap-two-dies-triggers"
	var bodies []string
	for range 2 {
		began := time.Now()
		w := do(h, path)
		if took := time.Since(began); w.status != http.StatusServiceUnavailable || took < slotWait || took > slotWait+time.Second {
			t.Fatalf("busy sandbox: %d after %v", w.status, took)
		}
		if w.header.Get("Retry-After") != "1" || w.header.Get("Cache-Control") != "no-store" || !strings.Contains(w.body, "Der Server ist gerade ausgelastet.") {
			t.Errorf("busy sandbox: Retry-After %q, Cache-Control %q, %.200s", w.header.Get("Retry-After"), w.header.Get("Cache-Control"), w.body)
		}
		bodies = append(bodies, w.body)
	}
	if bodies[0] != bodies[1] {
		t.Error("two 503 pages differ")
	}
	if w := do(h, "/de/rules/117"); w.status != http.StatusOK {
		t.Errorf("a rule page while the sandbox is busy: %d", w.status)
	}
	<-f.slots
	if w := do(h, path); w.status != http.StatusOK {
		t.Errorf("with a slot free: %d", w.status)
	}
	if len(f.slots) != cap(f.slots)-1 {
		t.Errorf("%d slots taken after the request; want %d", len(f.slots), cap(f.slots)-1)
	}
}

// TestSearchUnderTheRequestContext: a search whose client has gone (its
// context cancelled) does not run: 503, never a result.
func TestSearchUnderTheRequestContext(t *testing.T) {
	testServer(t)
	h := handler
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/en/search?q=priority", nil).WithContext(ctx))
	if w.Code != http.StatusServiceUnavailable || strings.Contains(w.Body.String(), `"hits"`) {
		t.Errorf("search of a client gone: %d %.200s", w.Code, w.Body.String())
	}
	if w := do(h, "/api/en/search?q=priority"); w.status != http.StatusOK || !strings.Contains(w.body, `"hits"`) {
		t.Errorf("search: %d", w.status)
	}
}

// TestLanguageSwitchStaysOnTheSite: ?lang= redirects only a routed page
// of this site; any other path is a 404, never a redirect elsewhere.
func TestLanguageSwitchStaysOnTheSite(t *testing.T) {
	h := newServer(t, testLibrary(t))
	for _, path := range []string{"//evil.example/?lang=en", "//evil.example/en/rules/117?lang=de", "/nowhere/at/all?lang=de"} {
		if w := do(h, path); w.status != http.StatusNotFound || w.header.Get("Location") != "" {
			t.Errorf("%s: %d Location %q; want 404", path, w.status, w.header.Get("Location"))
		}
	}
	// An escaped slash stays a path segment of this site.
	if w := do(h, "/%2F%2Fevil.example/?lang=en"); w.header.Get("Location") != "/%2F%2Fevil.example/" {
		t.Errorf("/%%2F%%2Fevil.example/?lang=en: %d Location %q", w.status, w.header.Get("Location"))
	}
	if w := do(h, "/de/rules/117?lang=en"); w.status != http.StatusSeeOther || w.header.Get("Location") != "/de/rules/117" {
		t.Errorf("a routed page: %d %q", w.status, w.header.Get("Location"))
	}
}

// TestOnlyChosenRoutesAreKept: a rule page is kept once, whatever query
// it is asked with (unknown parameters redirect to its canonical
// address); sandbox positions and the builder are never kept.
func TestOnlyChosenRoutesAreKept(t *testing.T) {
	cfg := testConfig(t, testLibrary(t))
	cfg.Examples, cfg.Cache = testExamples(t), cfg.NewCache()
	h := New(cfg)
	for path, want := range map[string]string{
		"/en/rules/117?v=1":                     "/en/rules/117",
		"/en/rules/117?compare=de&utm_source=x": "/en/rules/117?compare=de",
		"/ja/glossary/優先権?x=1":                  "/ja/glossary/%E5%84%AA%E5%85%88%E6%A8%A9",
	} {
		if w := do(h, path); w.status != http.StatusMovedPermanently || w.header.Get("Location") != want {
			t.Errorf("%s: %d to %q; want 301 to %s", path, w.status, w.header.Get("Location"), want)
		}
	}
	for _, path := range []string{"/en/rules/117", "/en/rules/117", "/en/play/giant-growth-answered-by-shock", "/en/play/new"} {
		if w := do(h, path); w.status != http.StatusOK {
			t.Fatalf("%s: %d", path, w.status)
		}
	}
	if n, _ := cfg.Cache.Len(); n != 1 {
		t.Errorf("%d answers kept; want the rule page only", n)
	}
}

// TestRefusalsLoggedWithoutHeaders: each refused request logs one line
// with the reason and the client's address, and nothing the client sent.
func TestRefusalsLoggedWithoutHeaders(t *testing.T) {
	var buf bytes.Buffer
	cfg := testConfig(t, testLibrary(t))
	cfg.Guards = NewGuards(refusal.New(slog.New(slog.NewTextHandler(&buf, nil))), false)
	cfg.Guards.pause = 0 // counts refusals, not time
	h := New(cfg)
	for range 12 {
		req := httptest.NewRequest(http.MethodPost, "/api/linkify", strings.NewReader(`{"text":"117.3a"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", "session=SECRET-COOKIE")
		req.Header.Set("Authorization", "Bearer SECRET-TOKEN")
		req.RemoteAddr = "198.51.100.4:5555"
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	log := buf.String()
	if n := strings.Count(log, `msg=refused reason="rate limit: linkify" client=198.51.100.4`); n != 2 {
		t.Errorf("%d refusal lines for 2 refused requests:\n%s", n, log)
	}
	if strings.Contains(log, "SECRET") {
		t.Errorf("a header value reached the log:\n%s", log)
	}
}

// TestRefusalWaitsForTheRate: a request over its client's rate gets its
// 429 only when the next token is near (at most maxPause), so a client
// hammering the site gets its refusals no faster than its rate.
func TestRefusalWaitsForTheRate(t *testing.T) {
	cfg := testConfig(t, testLibrary(t))
	h := New(cfg)
	send := func() (int, time.Duration) {
		req := httptest.NewRequest(http.MethodPost, "/api/linkify", strings.NewReader(`{"text":"117.3a"}`))
		req.Header.Set("Content-Type", "application/json")
		began := time.Now()
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w.Code, time.Since(began)
	}
	for range 10 { // the burst
		send()
	}
	// Linkify allows 2 a second: the next token is 0.5 s away.
	if status, took := send(); status != http.StatusTooManyRequests || took < 400*time.Millisecond || took > maxPause+time.Second {
		t.Errorf("over the rate: %d after %v; want 429 after about %v", status, took, maxPause)
	}
}
