package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/clientip"
	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/internal/urls"
)

// TestExpensiveRoutesAreRateLimited: one address hammering search, the
// sandbox or linkify gets a localized 429 with Retry-After once its burst
// is spent; another address is not affected, and cached pages never count.
func TestExpensiveRoutesAreRateLimited(t *testing.T) {
	lib := testLibrary(t)
	cfg := testConfig(t, lib)
	cfg.Search = search.Ready(sitetest.Index(t))
	h := New(cfg)
	send := func(method, path, addr, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.RemoteAddr = addr + ":4242"
		if body != "" {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	for _, c := range []struct {
		name, method, path, body, want string
		burst                          int
	}{
		{"search", http.MethodGet, "/de/search?q=Stapel%20", "", "Zu viele Anfragen", 30},
		{"search API", http.MethodGet, "/api/ja/search?q=x", "", `"status":429`, 0}, // shares the search budget
		{"linkify", http.MethodPost, "/en/linkify", "text=see+117.3a", "Too many requests", 10},
		{"linkify API", http.MethodPost, "/api/linkify", "text=see+117.3a", `"status":429`, 0}, // shares the linkify budget
	} {
		var last *httptest.ResponseRecorder
		n, path := 0, c.path
		for ; n < 2*c.burst+20; n++ {
			path = c.path
			if c.method == http.MethodGet {
				path += strings.Repeat("a", n) // a distinct query each time: cached answers would not count
			}
			if last = send(c.method, path, "192.0.2.7", c.body); last.Code != http.StatusOK {
				break
			}
		}
		if n < c.burst || last.Code != http.StatusTooManyRequests || last.Header().Get("Retry-After") != "1" || !strings.Contains(last.Body.String(), c.want) {
			t.Errorf("%s: after %d requests %d %q %.120s", c.name, n, last.Code, last.Header().Get("Retry-After"), last.Body.String())
		}
		if urls.IsAPI(path) { // the 429 is documented, with its headers
			checkSpec(t, c.method, path, nil, response{status: last.Code, header: last.Header(), body: last.Body.String()}, false)
		}
	}
	if w := send(http.MethodGet, "/de/search?q=Stapel", "192.0.2.8", ""); w.Code != http.StatusOK {
		t.Errorf("another address: %d", w.Code)
	}
	if w := send(http.MethodGet, "/de/rules/117", "192.0.2.7", ""); w.Code != http.StatusOK {
		t.Errorf("a rule page from the limited address: %d", w.Code)
	}
}

// TestRateLimitKeys: without trusted proxies a rotating X-Forwarded-For
// changes nothing (the connection's address is the key); behind a trusted
// proxy the header's right-most untrusted hop is. The linkifier's page and
// API share one bucket, and every 429 is the same prebuilt bytes.
func TestRateLimitKeys(t *testing.T) {
	lib := testLibrary(t)
	send := func(h http.Handler, path, remote, xff string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader("text=see+117.3a"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.RemoteAddr = remote + ":4242"
		req.Header.Set("X-Forwarded-For", xff)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	cfg := testConfig(t, lib)
	cfg.Guards = NewGuards(nil, false)
	cfg.Guards.pause = 0 // counts refusals, not time
	direct := New(cfg)
	var refused []string
	for i := range 30 {
		path := []string{"/en/linkify", "/api/linkify"}[i%2]
		if w := send(direct, path, "192.0.2.7", fmt.Sprintf("203.0.113.%d", i)); w.Code == http.StatusTooManyRequests {
			refused = append(refused, w.Body.String())
		}
	}
	if len(refused) != 20 { // a burst of 10 for the page and the API together
		t.Errorf("%d of 30 linkify requests with rotating X-Forwarded-For refused; want 20", len(refused))
	}
	var pages []string
	for _, b := range refused {
		if strings.HasPrefix(b, "<!") {
			pages = append(pages, b)
		}
	}
	if len(pages) != 10 || pages[0] != pages[9] || !strings.Contains(pages[0], "Too many requests") {
		t.Errorf("%d refused pages, alike %v", len(pages), len(pages) > 0 && pages[0] == pages[len(pages)-1])
	}

	cfg = testConfig(t, lib)
	cfg.Guards = NewGuards(nil, false)
	cfg.Guards.pause = 0
	cfg.Proxies, _ = clientip.Parse("192.0.2.0/24")
	behind := New(cfg)
	for i := range 30 {
		if w := send(behind, "/en/linkify", "192.0.2.7", fmt.Sprintf("198.51.100.1, 203.0.113.%d", i)); w.Code != http.StatusOK {
			t.Fatalf("client %d behind a trusted proxy: %d", i, w.Code)
		}
	}
	for i := range 12 {
		w := send(behind, "/en/linkify", "192.0.2.7", fmt.Sprintf("198.51.100.%d, 203.0.113.1", i))
		if want := i < 9; (w.Code == http.StatusOK) != want {
			t.Errorf("request %d of one client behind the proxy (its own header rotating): %d", i+2, w.Code)
		}
	}
}
