package reload

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/internal/web"
	"github.com/mtgrules/site/locales"
)

// liveHeap is the heap the garbage collector found live, after a full
// collection.
func liveHeap() int64 {
	runtime.GC()
	runtime.GC() // finalizers queued by the first run free on the second
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// TestReloadsLeaveNoGeneration: after 50 reloads (each generation's cache
// holding pages, its search index used) and their grace periods, the live
// heap is within 10 % of one generation of what it was with the first
// one: every retired library, index, cache and timer is gone.
func TestReloadsLeaveNoGeneration(t *testing.T) {
	full, err := content.FS.ReadFile("en/rules.txt")
	if err != nil {
		t.Fatal(err)
	}
	// Section 1 and the glossary (in the contents and the text): a
	// generation of a few MB that loads fast.
	text := string(full)
	text = text[:strings.Index(text, "\n2. Parts of a Card\n")] + text[strings.Index(text, "\nGlossary\nCredits\n"):]
	text = text[:strings.Index(text, "\n2. Parts of a Card\n")] + text[strings.LastIndex(text, "\nGlossary\n"):]
	en, err := langs.New(*langs.Default.Get("en"))
	if err != nil {
		t.Fatal(err)
	}
	src := library.Source{Langs: en, Content: fstest.MapFS{
		"en/rules.txt":         {Data: []byte(text)},
		"glossary.tsv":         {Data: []byte("en\n")},
		"renumbering-2008.tsv": {Data: []byte("# none\n")},
		"sources.tsv":          {Data: []byte("# none\n")},
	}}
	cat, err := locales.Load(en, locales.Files)
	if err != nil {
		t.Fatal(err)
	}
	base := web.Config{Catalog: cat, Assets: sitetest.Assets(t), BaseURL: "https://rules.test", CacheBytes: web.DefaultCacheBytes}
	use := func(s *Handler) {
		for _, path := range []string{"/en/rules/117", "/en/rules/100.1", "/en/glossary", "/api/en/search?q=priority"} {
			w := httptest.NewRecorder()
			s.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
			if w.Code != http.StatusOK {
				t.Fatalf("%s: %d", path, w.Code)
			}
		}
	}

	before := liveHeap()
	site, err := New(base, src)
	if err != nil {
		t.Fatal(err)
	}
	defer site.Close()
	if _, err := site.Search().Wait(); err != nil {
		t.Fatal(err)
	}
	use(site)
	one := liveHeap()
	generation := one - before

	site.Grace = 10 * time.Millisecond
	for range 50 {
		if err := site.Reload(); err != nil {
			t.Fatal(err)
		}
		use(site)
	}
	for deadline := time.Now().Add(10 * time.Second); site.Retired() > 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d generations still retired", site.Retired())
		}
	}
	after := liveHeap()
	t.Logf("live heap: %d KB before, %d KB with one generation (%d KB), %d KB after 50 reloads", before>>10, one>>10, generation>>10, after>>10)
	if generation <= 0 || after-one > generation/10 {
		t.Errorf("after 50 reloads the live heap grew %d KB over one generation's %d KB; want at most 10 %%", (after-one)>>10, generation>>10)
	}
}
