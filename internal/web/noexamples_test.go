package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Without worked examples (and without a search index) the site still
// starts and answers every page: the examples list is empty, what needs
// examples is a localized 404, search is 503 — never a 500.
func TestEveryPageWithoutExamples(t *testing.T) {
	t.Parallel()
	h := newServer(t, testLibrary(t))
	for path, want := range map[string]int{
		"/en/":                      http.StatusOK,
		"/de/rules":                 http.StatusOK,
		"/ja/rules/117.3a":          http.StatusOK,
		"/en/rules/117?compare=de":  http.StatusOK,
		"/en/glossary":              http.StatusOK,
		"/en/glossary/priority":     http.StatusOK,
		"/en/changes":               http.StatusOK,
		"/en/examples":              http.StatusOK,
		"/de/examples/shock":        http.StatusNotFound,
		"/en/play/shock":            http.StatusNotFound,
		"/en/play/new":              http.StatusNotFound,
		"/en/play/new?go=1":         http.StatusNotFound,
		"/en/play/custom?s=3.0":     http.StatusNotFound,
		"/en/linkify":               http.StatusOK,
		"/en/api":                   http.StatusOK,
		"/en/search?q=priority":     http.StatusServiceUnavailable,
		"/api/en/search?q=priority": http.StatusServiceUnavailable,
		"/api/en/examples":          http.StatusOK,
		"/api/en/examples/shock":    http.StatusNotFound,
		"/api/en/rules/117.3a":      http.StatusOK,
		"/api/en/suggest?q=117":     http.StatusOK,
		"/sitemap.xml":              http.StatusOK,
		"/r/117.3a":                 http.StatusFound,
		"/oembed?url=" + url.QueryEscape("https://rules.test/en/rules/117.3a"): http.StatusOK,
	} {
		r := do(h, path)
		if r.status != want {
			t.Errorf("%s: %d, want %d", path, r.status, want)
		}
	}
	r := do(h, "/de/play/new")
	mustContain(t, "builder without cards", r.body, `href="/de/examples"`)
	if body := do(h, "/en/examples").body; strings.Contains(body, `href="/en/play/new"`) {
		t.Error("the examples list links the builder, which has no cards")
	}
}
