package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/sitetest"
)

// TestHeadAnswersLikeGet: every GET route answers HEAD with the same status
// and headers and no body (link checkers and unfurlers send HEAD first).
func TestHeadAnswersLikeGet(t *testing.T) {
	t.Parallel()
	s := testServer(t)
	for _, path := range []string{"/en/", "/de/rules/117", "/ja/glossary", "/en/search?q=trample", "/api/en/search?q=stack",
		"/en/examples", "/sitemap.xml", "/robots.txt", "/healthz", "/en/rules/999.9", "/r/117.3a"} {
		get := fetch(t, s.URL+path, http.MethodGet, nil)
		head := fetch(t, s.URL+path, http.MethodHead, nil)
		if head.status != get.status || len(head.body) != 0 {
			t.Errorf("HEAD %s: %d with %d bytes, GET %d", path, head.status, len(head.body), get.status)
		}
		for _, h := range []string{"Content-Type", "Content-Length", "ETag", "Last-Modified", "Cache-Control", "Location"} {
			if head.header.Get(h) != get.header.Get(h) {
				t.Errorf("HEAD %s: %s %q, GET %q", path, h, head.header.Get(h), get.header.Get(h))
			}
		}
	}
}

// TestPagesAreSharedCacheable: pages are public with a strong ETag, a
// Last-Modified and a Content-Length, set no cookie, and answer 304 to their
// ETag and to If-Modified-Since; redirects
// that depend on the reader stay private.
func TestPagesAreSharedCacheable(t *testing.T) {
	t.Parallel()
	s := testServer(t)
	for path, cc := range map[string]string{
		"/de/rules/117.3a":                             cachePage,
		"/ja/glossary/優先権":                             cachePage,
		"/en/search?q=priority":                        cacheSearch,
		"/en/play/" + "giant-growth-answered-by-shock": cachePosition,
	} {
		r := fetch(t, s.URL+path, http.MethodGet, nil)
		etag := r.header.Get("ETag")
		if r.status != 200 || r.header.Get("Cache-Control") != cc || r.header.Get("Set-Cookie") != "" ||
			!strings.HasPrefix(etag, `"`) || r.header.Get("Content-Length") == "" {
			t.Errorf("%s: %d, headers %v", path, r.status, r.header)
			continue
		}
		again := fetch(t, s.URL+path, http.MethodGet, map[string]string{"If-None-Match": etag})
		if again.status != http.StatusNotModified || len(again.body) != 0 || again.header.Get("ETag") != etag {
			t.Errorf("%s with its ETag: %d, %d bytes", path, again.status, len(again.body))
		}
		// The edition's date, the same on every replica (a test binary
		// carries no commit time, which would count when later).
		lastMod := r.header.Get("Last-Modified")
		if lastMod != "Fri, 17 Apr 2026 00:00:00 GMT" {
			t.Errorf("%s: Last-Modified %q; want the edition's date", path, lastMod)
		}
		if again := fetch(t, s.URL+path, http.MethodGet, map[string]string{"If-Modified-Since": lastMod}); again.status != http.StatusNotModified {
			t.Errorf("%s since its Last-Modified: %d", path, again.status)
		}
	}
	for _, path := range []string{"/", "/r/117.3a"} {
		if cc := fetch(t, s.URL+path, http.MethodGet, nil).header.Get("Cache-Control"); !strings.Contains(cc, "no-") || strings.Contains(cc, "public") {
			t.Errorf("%s: Cache-Control %q", path, cc)
		}
	}
}

// TestChoosingALanguageSetsTheCookie: the switcher's ?lang= remembers the
// choice and returns to the same page without the parameter.
func TestChoosingALanguageSetsTheCookie(t *testing.T) {
	t.Parallel()
	s := testServer(t)
	r := fetch(t, s.URL+"/de/rules/117.3a?compare=en&lang=de", http.MethodGet, nil)
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/de/rules/117.3a?compare=en" ||
		!strings.HasPrefix(r.header.Get("Set-Cookie"), "lang=de;") || r.header.Get("Cache-Control") != "no-store" {
		t.Errorf("choice: %d %v", r.status, r.header)
	}
	if r := fetch(t, s.URL+"/de/rules/117.3a?lang=xx", http.MethodGet, nil); r.status != http.StatusSeeOther || r.header.Get("Set-Cookie") != "" {
		t.Errorf("unknown language: %d %v", r.status, r.header)
	}
	root := fetch(t, s.URL+"/", http.MethodGet, map[string]string{"Cookie": "lang=de", "Accept-Language": "ja"})
	if root.header.Get("Location") != "/de/" {
		t.Errorf("/ with the cookie: %q", root.header.Get("Location"))
	}
}

type fetched struct {
	status int
	header http.Header
	body   []byte
}

// fetch sends one request without following redirects, taking no
// compression (compare what is sent).
func fetch(t *testing.T, url, method string, header map[string]string) fetched {
	t.Helper()
	pairs := []string{"Accept-Encoding", "identity"}
	for k, v := range header {
		pairs = append(pairs, k, v)
	}
	r := sitetest.Fetch(t, sitetest.Request(t, method, url, "", "", pairs...))
	return fetched{r.Status, r.Header, []byte(r.Body)}
}
