package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
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
