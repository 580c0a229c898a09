package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/internal/urls"
)

// TestExpensiveRoutesAreRateLimited: one address hammering search, the
// sandbox or linkify gets a localized 429 with Retry-After once its burst
// is spent; another address is not affected, and cached pages never count.
func TestExpensiveRoutesAreRateLimited(t *testing.T) {
	lib := testLibrary(t)
	cfg := testConfig(t, lib)
	ix, err := search.Build(lib.Langs, lib.Books)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	cfg.Search = search.Ready(ix)
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
		{"search", http.MethodGet, "/de/search?q=Stapel%20", "", "Zu viele Anfragen", limitSearch.burst},
		{"search API", http.MethodGet, "/api/ja/search?q=x", "", `"status":429`, 0}, // shares the search budget
		{"linkify", http.MethodPost, "/en/linkify", "text=see+117.3a", "Too many requests", limitLinkify.burst},
		{"linkify API", http.MethodPost, "/api/linkify", "text=see+117.3a", `"status":429`, limitLinkify.burst},
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
