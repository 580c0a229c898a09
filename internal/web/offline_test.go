package web

import (
	"bytes"
	"encoding/json"
	"image/png"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/offline"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/static"
)

// offlineIndex reads lang's pack index from testServer.
func offlineIndex(t *testing.T, lang string) offline.Index {
	t.Helper()
	r := get(t, urls.OfflineIndex(lang))
	if r.status != 200 || r.header.Get("Cache-Control") != cacheWorker {
		t.Fatalf("%s index: %d %q", lang, r.status, r.header.Get("Cache-Control"))
	}
	var ix offline.Index
	if err := json.Unmarshal([]byte(r.body), &ix); err != nil {
		t.Fatal(err)
	}
	return ix
}

// TestOfflinePackFitsInSixMegabytes fetches every batch of each
// language's pack as a browser does, gzipped and with brotli: each
// language's whole rules take less than 6 MB either way, every page the
// pack lists is in it once, and it is the page the site serves there.
func TestOfflinePackFitsInSixMegabytes(t *testing.T) {
	t.Parallel()
	lib, ex := testLibrary(t), testExamples(t).List[0]
	for _, lang := range langs.Default.Codes() {
		ix := offlineIndex(t, lang)
		sizes := map[string]int{}
		pages := map[string]string{}
		for i, b := range ix.Batches {
			for _, enc := range []string{"br", "gzip"} {
				r := get(t, b, "Accept-Encoding", enc)
				n, _ := strconv.Atoi(r.header.Get("Content-Length"))
				if r.status != 200 || r.header.Get("Content-Encoding") != enc || n == 0 {
					t.Fatalf("%s %s: %d %q %d", b, enc, r.status, r.header.Get("Content-Encoding"), n)
				}
				sizes[enc] += n
				if enc == "br" {
					continue
				}
				var batch []offline.Page
				if err := json.Unmarshal([]byte(r.body), &batch); err != nil {
					t.Fatal(err)
				}
				if len(batch) != ix.BatchPages[i] {
					t.Errorf("%s holds %d pages, the index says %d", b, len(batch), ix.BatchPages[i])
				}
				for _, p := range batch {
					if _, dup := pages[p.URL]; dup {
						t.Errorf("%s: %s twice", lang, p.URL)
					}
					pages[p.URL] = p.HTML
				}
			}
		}
		t.Logf("%s: %d pages, %.1f MB of HTML in %d batches; transfer %.2f MB gzip, %.2f MB brotli",
			lang, ix.Pages, float64(ix.Bytes)/1e6, len(ix.Batches), float64(sizes["gzip"])/1e6, float64(sizes["br"])/1e6)
		for enc, n := range sizes {
			if n > 6e6 {
				t.Errorf("%s: saving takes %d bytes with %s, more than 6 MB", lang, n, enc)
			}
		}
		if len(pages) != ix.Pages {
			t.Errorf("%s: %d pages in the batches, the index says %d", lang, len(pages), ix.Pages)
		}
		for _, path := range []string{urls.Rule(lang, "702.19"), urls.Rule(lang, "117.3"), urls.Contents(lang), urls.Glossary(lang), urls.Term(lang, lib.Books[lang].Glossary[0].Slug), urls.Example(lang, ex.Slug, 2), urls.OfflineUnavailable(lang)} {
			if html, ok := pages[path]; !ok || html != get(t, path).body {
				t.Errorf("%s: the saved %s (%v) is not the page served there", lang, path, ok)
			}
		}
		for _, path := range []string{urls.Rule(lang, "117.3b"), urls.Search(lang, "priority", "", 1)} {
			if _, ok := pages[path]; ok {
				t.Errorf("%s: the pack holds %s", lang, path)
			}
		}
	}
}

func TestOfflineBatchAnswers(t *testing.T) {
	t.Parallel()
	ix := offlineIndex(t, "ja")
	// A saved copy keeps every static file a page links.
	var linked []string
	for _, part := range strings.Split(get(t, urls.Rule("ja", "117")).body, `="`+static.Prefix)[1:] {
		linked = append(linked, static.Prefix+part[:strings.IndexByte(part, '"')])
	}
	if !slices.Equal(linked, ix.Assets) {
		t.Errorf("a page links %q, a saved copy keeps %q", linked, ix.Assets)
	}
	b := ix.Batches[1]
	r := get(t, b, "Accept-Encoding", "gzip, deflate, br")
	if r.status != 200 || r.header.Get("Content-Encoding") != "br" || r.header.Get("Cache-Control") != "max-age=31536000, immutable" ||
		r.header.Get("Vary") != "Accept-Encoding" || r.header.Get("Content-Type") != "application/json" {
		t.Errorf("brotli batch: %d %v", r.status, r.header)
	}
	plain, err := io.ReadAll(brotli.NewReader(strings.NewReader(r.body)))
	if err != nil || !json.Valid(plain) {
		t.Errorf("brotli batch does not decode: %v", err)
	}
	// A client that takes neither gets the batch as it is.
	id := get(t, b, "Accept-Encoding", "identity")
	if id.status != 200 || id.header.Get("Content-Encoding") != "" || !bytes.Equal([]byte(id.body), plain) {
		t.Errorf("plain batch: %d %q", id.status, id.header.Get("Content-Encoding"))
	}
	// Gzip is preferred when the client ranks it first.
	if r := get(t, b, "Accept-Encoding", "br;q=0.5, gzip"); r.header.Get("Content-Encoding") != "gzip" || r.body != string(plain) {
		t.Errorf("gzip first: %q", r.header.Get("Content-Encoding"))
	}
	for _, path := range []string{
		urls.OfflineBatch("ja", "0123456789ab", 1),           // another version
		urls.OfflineBatch("ja", ix.Version, len(ix.Batches)), // past the last
		"/ja/offline/" + ix.Version + "/01",
		"/ja/offline/" + ix.Version + "/-1",
		"/ja/offline/" + ix.Version + "/x",
	} {
		if r := get(t, path); r.status != 404 || !strings.Contains(r.body, testConfig(t, nil).Catalog.T("ja", msg.ErrNotFound)) {
			t.Errorf("%s: %d", path, r.status)
		}
	}
	if r := get(t, "/xx/offline/index.json"); r.status != 404 {
		t.Errorf("unknown language's index: %d", r.status)
	}
	if ix.Lang != "ja" || ix.Edition != "2026-04-17" || ix.Label != "2026年4月17日版" || ix.Fallback != "/ja/offline/unavailable" ||
		!strings.Contains(ix.Header["Content-Security-Policy"], "script-src 'self'") || ix.Header["Content-Type"] != "text/html; charset=UTF-8" ||
		!strings.Contains(ix.Messages.Stale, "{edition}") || len(ix.Assets) != len(pageAssets) {
		t.Errorf("index %+v", ix)
	}
}

// TestServiceWorkerAtTheRoot: the worker's address is stable and at the
// root, so its scope is the whole site; browsers check it for changes on
// every visit; what it keeps on install is there.
func TestServiceWorkerAtTheRoot(t *testing.T) {
	t.Parallel()
	r := get(t, urls.ServiceWorker())
	if r.status != 200 || r.header.Get("Content-Type") != "text/javascript; charset=utf-8" || r.header.Get("Cache-Control") != "public, no-cache" || r.header.Get("ETag") == "" {
		t.Fatalf("sw.js: %d %v", r.status, r.header)
	}
	head, _, ok := strings.Cut(r.body, ";\n")
	cfg, found := strings.CutPrefix(head, "self.SITE = ")
	var site workerSite
	if !ok || !found || json.Unmarshal([]byte(cfg), &site) != nil {
		t.Fatalf("sw.js starts %q", head)
	}
	if strings.Join(site.Order, ",") != "en,de,ja" || site.Langs["de"] != (workerLang{Home: "/de/", Rules: "/de/rules/", Index: "/de/offline/index.json", Fallback: "/de/offline/unavailable"}) {
		t.Errorf("the worker's site: %+v", site)
	}
	for _, path := range site.Shell {
		if r := get(t, path); r.status != 200 {
			t.Errorf("shell %s: %d", path, r.status)
		}
	}
	if len(site.Shell) != 3+len(pageAssets) || !strings.Contains(r.body, `addEventListener("fetch"`) {
		t.Errorf("shell %v", site.Shell)
	}
}

// TestInstallableManifest holds the web app manifest to what browsers ask
// of an installable site, in each language.
func TestInstallableManifest(t *testing.T) {
	t.Parallel()
	cat := testConfig(t, nil).Catalog
	for _, lang := range langs.Default.Codes() {
		page := get(t, urls.Home(lang))
		mustContain(t, lang+" home", page.body, `<link rel="manifest" href="/`+lang+`/manifest.webmanifest">`,
			`<meta name="theme-color" content="#5b3a8c">`, `data-sw="/sw.js"`, `href="/`+lang+`/offline">`+cat.T(lang, msg.FooterOffline)+`</a>`)
		if csp := page.header.Get("Content-Security-Policy"); !strings.Contains(csp, "worker-src 'self'") || !strings.Contains(csp, "manifest-src 'self'") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("CSP %q", csp)
		}
		r := get(t, urls.WebManifest(lang))
		if r.status != 200 || r.header.Get("Content-Type") != "application/manifest+json" {
			t.Fatalf("%s manifest: %d %q", lang, r.status, r.header.Get("Content-Type"))
		}
		var m offline.Manifest
		if err := json.Unmarshal([]byte(r.body), &m); err != nil {
			t.Fatal(err)
		}
		if m.Name != cat.T(lang, msg.SiteName) || m.ShortName != cat.T(lang, msg.SiteShortName) || len(m.ShortName) > 15 ||
			m.StartURL != "/"+lang+"/" || m.Scope != "/" || m.ID != "/" || m.Display != "standalone" || m.ThemeColor != "#5b3a8c" || m.Lang != lang {
			t.Errorf("%s manifest %+v", lang, m)
		}
		if r := get(t, m.StartURL); r.status != 200 {
			t.Errorf("start_url %s: %d", m.StartURL, r.status)
		}
		sizes := map[string]bool{}
		for _, ic := range m.Icons {
			r := get(t, ic.Src)
			if r.status != 200 || r.header.Get("Content-Type") != ic.Type {
				t.Errorf("icon %s: %d %q", ic.Src, r.status, r.header.Get("Content-Type"))
				continue
			}
			if ic.Type != "image/png" {
				continue
			}
			c, err := png.DecodeConfig(strings.NewReader(r.body))
			if err != nil || strconv.Itoa(c.Width)+"x"+strconv.Itoa(c.Height) != ic.Sizes {
				t.Errorf("icon %s is %dx%d (%v), the manifest says %s", ic.Src, c.Width, c.Height, err, ic.Sizes)
			}
			sizes[ic.Sizes+" "+ic.Purpose] = true
		}
		if !sizes["192x192 "] || !sizes["512x512 "] || !sizes["512x512 maskable"] {
			t.Errorf("%s icons: %v", lang, sizes)
		}
	}
}

func TestOfflinePages(t *testing.T) {
	t.Parallel()
	cat := testConfig(t, nil).Catalog
	for _, lang := range langs.Default.Codes() {
		r := get(t, urls.Offline(lang))
		if r.status != 200 {
			t.Fatalf("%s offline page: %d", lang, r.status)
		}
		mustContain(t, lang+" offline page", r.body, "<h1>"+cat.T(lang, msg.OfflineHeading)+"</h1>",
			`data-offline="`+lang+`"`, `data-offline-save hidden>`+cat.T(lang, msg.OfflineSave)+"</button>",
			`data-offline-ready hidden`, `data-offline-remove>`+cat.T(lang, msg.OfflineRemove)+"</button>",
			`<noscript><p>`+cat.T(lang, msg.OfflineNoScript), `<p class="edition">`)
		u := get(t, urls.OfflineUnavailable(lang))
		if u.status != 200 || u.header.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("%s stand-in page: %d %q", lang, u.status, u.header.Get("X-Robots-Tag"))
		}
		mustContain(t, lang+" stand-in page", u.body, "<h1>"+cat.T(lang, msg.OfflineUnavailableHeading)+"</h1>",
			`href="/`+lang+`/rules">`+cat.T(lang, msg.ContentsHeading), `href="/`+lang+`/glossary">`, `href="/`+lang+`/offline">`)
	}
	if r := get(t, "/xx/offline"); r.status != 404 {
		t.Errorf("unknown language: %d", r.status)
	}
}

// TestEveryReplicaBuildsTheSamePack: replicas behind a load balancer
// build their packs each; a saved copy is current on all of them, and a
// batch named by one is served by another.
func TestEveryReplicaBuildsTheSamePack(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, testLibrary(t))
	cfg.Examples = testExamples(t)
	one, other := New(cfg), New(cfg)
	var a, b offline.Index
	if err := json.Unmarshal([]byte(do(one, urls.OfflineIndex("de")).body), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(do(other, urls.OfflineIndex("de")).body), &b); err != nil {
		t.Fatal(err)
	}
	if a.Version == "" || a.Version != b.Version || a.Bytes != b.Bytes {
		t.Errorf("replicas built versions %q (%d bytes) and %q (%d bytes)", a.Version, a.Bytes, b.Version, b.Bytes)
	}
	if r := do(other, a.Batches[len(a.Batches)-1]); r.status != 200 {
		t.Errorf("another replica answers %s with %d", a.Batches[len(a.Batches)-1], r.status)
	}
}
