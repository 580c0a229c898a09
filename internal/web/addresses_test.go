package web

import (
	"net/http"
	"testing"
)

// TestAddressesAsTyped: glossary slugs in any case, with spaces, and
// addresses with a trailing slash reach their page by one 301 (issue 25, 3).
func TestAddressesAsTyped(t *testing.T) {
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
