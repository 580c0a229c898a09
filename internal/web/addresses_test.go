package web

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestAddressesAsTyped: glossary slugs in any case, with spaces, and
// addresses with a trailing slash reach their page by one 301 (issue 25, 3).
func TestAddressesAsTyped(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ path, want string }{
		{"/de/glossary/Trampelschaden", "/de/glossary/trampelschaden"},
		{"/en/glossary/Trample", "/en/glossary/trample"},
		{"/en/glossary/TRAMPLE", "/en/glossary/trample"},
		{"/en/glossary/Trample%20Over%20Planeswalkers", "/en/glossary/trample-over-planeswalkers"},
		{"/ja/glossary/Trample", "/ja/glossary/%E3%83%88%E3%83%A9%E3%83%B3%E3%83%97%E3%83%AB"},
		{"/de/glossary/Trample?compare=en", "/de/glossary/trampelschaden?compare=en"},
		{"/en/rules/117.3a/", "/en/rules/117.3a"},
		{"/en/rules/117.3a//", "/en/rules/117.3a"},
		{"/de/glossary/trampelschaden/", "/de/glossary/trampelschaden"},
		{"/en/rules/", "/en/rules"},
		{"/en/search/?q=trample", "/en/search?q=trample"},
		{"/api/en/rules/117/", "/api/en/rules/117"},
	} {
		r := get(t, c.path)
		if r.status != http.StatusMovedPermanently || r.header.Get("Location") != c.want {
			t.Errorf("%s: %d %q, want 301 %q", c.path, r.status, r.header.Get("Location"), c.want)
		}
	}
	for _, path := range []string{"/en/", "/de/glossary/trampelschaden", "/en/rules/117.3a"} {
		if r := get(t, path); r.status != http.StatusOK {
			t.Errorf("%s: %d, want 200", path, r.status)
		}
	}
	// Never off the site, never a made-up entry.
	for _, path := range []string{"//evil.example/", "/de/glossary/Nichtsdergleichen"} {
		if r := get(t, path); r.status == http.StatusMovedPermanently {
			t.Errorf("%s: 301 to %q", path, r.header.Get("Location"))
		}
	}
}

// TestHeadingsAndListLabels: the contents page goes from h1 to h2, and no
// plain list carries an aria-label, which screen readers ignore there
// (issue 25, 10).
func TestHeadingsAndListLabels(t *testing.T) {
	t.Parallel()
	r := get(t, "/en/rules")
	h1, h2, h3 := strings.Index(r.body, "<h1"), strings.Index(r.body, "<h2"), strings.Index(r.body, "<h3")
	if h1 < 0 || h2 < h1 || h3 >= 0 && h3 < h2 {
		t.Errorf("/en/rules headings: h1 at %d, h2 at %d, h3 at %d", h1, h2, h3)
	}
	for _, path := range []string{"/en/examples/giant-growth-answered-by-shock?step=2", "/en/play/giant-growth-answered-by-shock", "/en/rules/117"} {
		body := get(t, path).body
		if m := regexp.MustCompile(`<(ol|ul)[^>]* aria-label=`).FindString(body); m != "" && !strings.Contains(m, "role=") {
			t.Errorf("%s: %s", path, m)
		}
	}
}
