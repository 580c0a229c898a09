package web

import (
	"net/http"
	"net/url"
	"testing"
	"testing/fstest"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/library/librarytest"
)

// TestMovedGlossarySlugsRedirect: with content/terms/moved-{lang}.tsv
// naming a renamed headword's old slug, its page and its API entry answer
// 301 to the new slug's, the query kept; the old slug means nothing in
// another language, and an unknown slug stays 404.
func TestMovedGlossarySlugsRedirect(t *testing.T) {
	t.Parallel()
	texts := librarytest.Copy(t, content.FS, nil)
	texts["terms/moved-de.tsv"] = &fstest.MapFile{Data: []byte("# old\tnew\nvorrang\tpriorität\n")}
	texts["terms/moved-ja.tsv"] = &fstest.MapFile{Data: []byte("優先順位\t優先権\n")}
	lib, err := library.Load(library.Source{Langs: langs.Default, Content: texts})
	if err != nil {
		t.Fatal(err)
	}
	h := New(testConfig(t, lib))
	ja := url.PathEscape("優先順位")
	for path, want := range map[string]string{
		"/de/glossary/vorrang":               "/de/glossary/priorit%C3%A4t",
		"/de/glossary/vorrang?compare=en":    "/de/glossary/priorit%C3%A4t?compare=en",
		"/ja/glossary/" + ja:                 "/ja/glossary/" + url.PathEscape("優先権"),
		"/api/de/glossary/vorrang":           "/api/de/glossary/priorit%C3%A4t",
		"/api/ja/glossary/" + ja + "?pretty": "/api/ja/glossary/" + url.PathEscape("優先権") + "?pretty",
	} {
		r := do(h, path)
		if r.status != http.StatusMovedPermanently || r.header.Get("Location") != want {
			t.Errorf("%s: %d to %q, want 301 to %q", path, r.status, r.header.Get("Location"), want)
		}
	}
	for _, path := range []string{"/en/glossary/vorrang", "/de/glossary/" + ja, "/api/en/glossary/vorrang", "/de/glossary/vorrang-nicht"} {
		if r := do(h, path); r.status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, r.status)
		}
	}
}
