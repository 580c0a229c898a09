package reload

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/library/librarytest"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/internal/web"
)

func baseConfig(t *testing.T) web.Config {
	t.Helper()
	return web.Config{Catalog: sitetest.Catalog(t), Assets: sitetest.Assets(t), BaseURL: "https://rules.test"}
}

// page fetches a path through real HTTP and returns status and body.
func page(t *testing.T, srv *httptest.Server, path string) (int, string) {
	t.Helper()
	r := sitetest.Fetch(t, sitetest.Request(t, http.MethodGet, srv.URL+path, "", ""))
	return r.Status, r.Body
}

// A newer edition dropped into the rules directory takes over on Reload,
// search included; a broken file is refused and the last good library
// keeps serving.
func TestReloadSwapsOnlyAGoodLibrary(t *testing.T) {
	t.Parallel()
	text := librarytest.Text(t, "en")
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("2025.txt", text)
	site, err := New(baseConfig(t), library.Embedded(library.Overrides{"en": {dir}}))
	if err != nil {
		t.Fatal(err)
	}
	defer site.Close()
	srv := httptest.NewServer(site)
	defer srv.Close()

	if _, body := page(t, srv, "/en/rules/117"); !strings.Contains(body, "Edition of 17 April 2026") {
		t.Fatal("first load does not show the embedded edition")
	}
	newer := strings.Replace(text, "April 17, 2026", "November 13, 2026", 1)
	newer = librarytest.WithRule124(newer, "\n124. Brand-New Rules\n\n124.1. A zebrafish rule of the newer edition.\n")
	write("2026.txt", newer)
	if err := site.Reload(); err != nil {
		t.Fatal(err)
	}
	if status, body := page(t, srv, "/en/rules/124.1"); status != http.StatusOK || !strings.Contains(body, "Edition of 13 November 2026") {
		t.Errorf("after reload: %d, newest edition shown: %v", status, strings.Contains(body, "13 November 2026"))
	}
	if status, body := page(t, srv, "/api/en/search?q=zebrafish"); status != http.StatusOK || !strings.Contains(body, `"number":"124.1"`) {
		t.Errorf("search after reload: %d %s", status, body)
	}
	if site.Library().Books["en"].Edition() != "2026-11-13" {
		t.Errorf("Library() is %s", site.Library().Books["en"].Edition())
	}

	// A download cut off in the middle of a rule: the reload fails, naming
	// the file, and the 2026 edition stays.
	cut := newer[:strings.Index(newer, "\n117.3a")] + "\n117.3a\n"
	write("2027.txt", strings.Replace(cut, "November 13, 2026", "March 1, 2027", 1))
	err = site.Reload()
	if err == nil || !strings.Contains(err.Error(), "2027.txt") {
		t.Fatalf("broken file: err %v", err)
	}
	if status, body := page(t, srv, "/en/rules/124.1"); status != http.StatusOK || !strings.Contains(body, "Edition of 13 November 2026") {
		t.Errorf("after a failed reload: %d", status)
	}
	if _, body := page(t, srv, "/api/en/search?q=zebrafish"); !strings.Contains(body, `"number":"124.1"`) {
		t.Errorf("search after a failed reload: %s", body)
	}
}

// Without operator files the embedded texts are served.
func TestNewServesEmbeddedTexts(t *testing.T) {
	t.Parallel()
	site, err := New(baseConfig(t), library.Embedded(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer site.Close()
	srv := httptest.NewServer(site)
	defer srv.Close()
	if status, body := page(t, srv, "/ja/rules/117.3a"); status != http.StatusOK || !strings.Contains(body, `<html lang="ja">`) {
		t.Errorf("/ja/rules/117.3a: %d", status)
	}
}
