package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/internal/sitetest"
)

var (
	srvOnce sync.Once
	srv     *httptest.Server
	handler http.Handler
)

// testServer serves the embedded content over real HTTP.
func testServer(t testing.TB) *httptest.Server {
	t.Helper()
	cfg := testConfig(t, sitetest.Library(t))
	cfg.Search, cfg.Examples, cfg.Guards = search.Ready(sitetest.Index(t)), sitetest.Examples(t), testGuards()
	srvOnce.Do(func() {
		// The public origin is the test server's own, as -base-url would say.
		srv = httptest.NewUnstartedServer(nil)
		cfg.BaseURL = "http://" + srv.Listener.Addr().String()
		handler = New(cfg)
		srv.Config.Handler = handler
		srv.Start()
	})
	return srv
}

var uncached sitetest.Shared[http.Handler]

// uncachedHandler serves the embedded content without the response cache:
// a benchmark measures the work of a page rather than a cache hit, and a
// test that reads thousands of pages does not compress each for the cache
// at gzip's best level.
func uncachedHandler(tb testing.TB) http.Handler {
	tb.Helper()
	cfg := testConfig(tb, testLibrary(tb))
	cfg.Examples, cfg.BaseURL, cfg.CacheBytes, cfg.Guards = testExamples(tb), "", 0, testGuards()
	return uncached.Get(tb, func() (http.Handler, error) { return New(cfg), nil })
}

type response struct {
	status int
	header http.Header
	body   string
}

func fromSitetest(r sitetest.Response) response {
	return response{status: r.Status, header: r.Header, body: r.Body}
}

// get fetches a path from testServer without following redirects.
func get(t testing.TB, path string, header ...string) response {
	t.Helper()
	return getAt(t, testServer(t).URL, path, header...)
}

// getAt fetches a path from the server at origin without following
// redirects; header holds name, value pairs.
func getAt(t testing.TB, origin, path string, header ...string) response {
	t.Helper()
	return fromSitetest(sitetest.Fetch(t, sitetest.Request(t, http.MethodGet, origin+path, "", "", header...)))
}

func mustContain(t *testing.T, what, body string, subs ...string) {
	t.Helper()
	for _, s := range subs {
		if !strings.Contains(body, s) {
			t.Errorf("%s lacks %q", what, s)
		}
	}
}

func TestSubrulePageInEveryLanguage(t *testing.T) {
	t.Parallel()
	for _, lang := range langs.Default.Codes() {
		t.Run(lang, func(t *testing.T) {
			r := get(t, "/"+lang+"/rules/117.2c")
			if r.status != http.StatusOK {
				t.Fatalf("status %d", r.status)
			}
			mustContain(t, "page", r.body,
				`<html lang="`+lang+`">`,
				`id="117.2c"`, `class="para level-2 target"`,
				`href="/`+lang+`/rules/117.3a"`, // a linked rule number inside the text
				`<link rel="canonical" href="`+srv.URL+`/`+lang+`/rules/117.2c">`,
				`hreflang="de" href="`+srv.URL+`/de/rules/117.2c"`,
				`hreflang="ja" href="`+srv.URL+`/ja/rules/117.2c"`,
				`hreflang="x-default"`,
			)
			if ct := r.header.Get("Content-Type"); ct != "text/html; charset=UTF-8" {
				t.Errorf("content type %q", ct)
			}
		})
	}
}

// Example paragraphs start with the label and a space before the text.
func TestExamplesAreLabelled(t *testing.T) {
	t.Parallel()
	for lang, label := range map[string]string{"en": "Example:", "de": "Beispiel:", "ja": "例："} {
		r := get(t, "/"+lang+"/rules/602")
		if n := strings.Count(r.body, `<p class="example"><strong>`+label+`</strong> `); n != 1 {
			t.Errorf("%s 602: %d labelled examples, want 1", lang, n)
		}
	}
}

func TestTopLevelRulePageHasEverySubruleAnchored(t *testing.T) {
	t.Parallel()
	r := get(t, "/en/rules/117")
	if r.status != http.StatusOK {
		t.Fatalf("status %d", r.status)
	}
	book := testLibrary(t).Books["en"]
	top, _ := book.Rule("117")
	count := 0
	for _, rr := range book.Rules() {
		if rr.Top() == top && rr != top {
			count++
			mustContain(t, "117 page", r.body, `id="`+rr.Number+`"`)
		}
	}
	if count < 10 {
		t.Errorf("rule 117 has only %d paragraphs", count)
	}
	mustContain(t, "117 page", r.body, `rel="prev" href="/en/rules/116"`, `rel="next"`, `class="term" href="/en/glossary/`)
}

func TestRuleNumberNormalisationRedirects(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]string{
		"/en/rules/117.3a.":             "/en/rules/117.3a",
		"/en/rules/117.3A":              "/en/rules/117.3a",
		"/de/rules/CR117.3a?compare=ja": "/de/rules/117.3a?compare=ja",
	} {
		r := get(t, path)
		if r.status != http.StatusMovedPermanently || r.header.Get("Location") != want {
			t.Errorf("%s: %d %q, want 301 %q", path, r.status, r.header.Get("Location"), want)
		}
	}
}

func TestUnknownRulesAndLanguagesAre404(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"/en/rules/999.9z":          "There is no rule with this number",
		"/de/rules/999.9z":          "In unseren Texten gibt es keine Regel",
		"/ja/rules/117.7z":          "その番号のルールは",
		"/en/rules/banana":          "There is no rule with this number",
		"/xx/rules/117":             "English, German and Japanese only",
		"/en/glossary/no-such-term": "no glossary entry",
		"/en/nope":                  "no page at this address",
	}
	for path, msg := range cases {
		r := get(t, path)
		if r.status != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", path, r.status)
		}
		mustContain(t, path, r.body, msg)
	}
	r := get(t, "/ja/rules/117.7z")
	mustContain(t, "suggestions", r.body, `href="/ja/rules/117.7"`)
}

func TestHostileInputGets4xxInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	cases := []struct {
		path   string
		status int
		msg    string
	}{
		{"/en/rules/%2e%2e/%2e%2e/etc/passwd", 400, "characters or parts"},
		{"/de/rules/..%2f..%2fetc", 400, "Zeichen oder Teile"},
		{"/en/rules/%ff%fe", 400, "characters or parts"},
		{"/ja/rules/117%00", 400, "このアドレスには"},
		{"/en/rules/" + strings.Repeat("1", 10*1024), 414, "too long"},
		{"/en/rules/117?compare=%ff", 400, "characters or parts"},
		{"/en/rules/117?compare=xx", 400, "Comparison is available"},
		{"/en/rules/%3Cscript%3E", 404, "There is no rule"},
	}
	for _, tc := range cases {
		r := get(t, tc.path)
		if r.status != tc.status {
			t.Errorf("%.60s: status %d, want %d", tc.path, r.status, tc.status)
		}
		mustContain(t, tc.path, r.body, tc.msg)
		if strings.Contains(r.body, "<script>") {
			t.Errorf("%s: reflected markup", tc.path)
		}
	}
}

func TestRootRedirectsByCookieThenAcceptLanguage(t *testing.T) {
	t.Parallel()
	cases := []struct {
		header []string
		want   string
	}{
		{nil, "/en/"},
		{[]string{"Accept-Language", "de-DE,de;q=0.9,en;q=0.5"}, "/de/"},
		{[]string{"Accept-Language", "ja"}, "/ja/"},
		{[]string{"Accept-Language", "fr"}, "/en/"},
		{[]string{"Accept-Language", "de", "Cookie", "lang=ja"}, "/ja/"},
		{[]string{"Accept-Language", "de", "Cookie", "lang=xx"}, "/de/"},
	}
	for _, tc := range cases {
		r := get(t, "/", tc.header...)
		if r.status != http.StatusFound || r.header.Get("Location") != tc.want {
			t.Errorf("%v: %d %q, want 302 %q", tc.header, r.status, r.header.Get("Location"), tc.want)
		}
	}
}

func TestSecurityAndCacheHeaders(t *testing.T) {
	t.Parallel()
	r := get(t, "/en/rules/117", "Accept-Encoding", "gzip")
	h := r.header
	for name, want := range map[string]string{
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "strict-origin-when-cross-origin",
		"Content-Encoding":       "gzip",
	} {
		if got := h.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("CSP %q", csp)
	}
	if strings.Contains(r.body, "<script>") || strings.Contains(r.body, " style=") {
		t.Error("inline script or style in page")
	}
	// The stylesheet is served under its hash, cached forever.
	i := strings.Index(r.body, `href="/static/style.`)
	if i < 0 {
		t.Fatal("no hashed stylesheet link")
	}
	href := r.body[i+6 : i+6+strings.IndexByte(r.body[i+6:], '"')]
	css := get(t, href)
	if css.status != 200 || css.header.Get("Cache-Control") != "public, max-age=31536000, immutable" || !strings.HasPrefix(css.header.Get("Content-Type"), "text/css") {
		t.Errorf("%s: %d %v", href, css.status, css.header)
	}
	if get(t, "/static/style.css").status != 404 {
		t.Error("unhashed static URL should 404")
	}
}

// TestPagesStayUnder30KB checks what a phone downloads (gzip, as every
// browser asks for it): at most 30 KB. The HTML of a single-language page
// stays under 64 KB, room for the whole of rule 704 and the 730-entry
// glossary index.
func TestPagesStayUnder30KB(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/en/", "/de/rules", "/ja/rules/117", "/en/rules/704", "/de/glossary", "/en/rules/117?compare=ja", "/de/rules/704?compare=ja"} {
		r := get(t, path)
		if r.status != 200 {
			t.Errorf("%s: %d", path, r.status)
		}
		if !strings.Contains(path, "compare") && len(r.body) > 64*1024 {
			t.Errorf("%s weighs %d bytes", path, len(r.body))
		}
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		wire, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.Header.Get("Content-Encoding") != "gzip" || len(wire) > 30*1024 {
			t.Errorf("%s: %d bytes over the wire, encoding %q", path, len(wire), res.Header.Get("Content-Encoding"))
		}
	}
}

func TestLanguageSwitcherKeepsTheRule(t *testing.T) {
	t.Parallel()
	r := get(t, "/de/rules/117.3a?compare=en")
	mustContain(t, "switcher", r.body, `href="/en/rules/117.3a?lang=en"`, `href="/ja/rules/117.3a?compare=en&amp;lang=ja"`,
		`lang="en"`, `class="rule compare"`)
}

func TestCompareShowsBothLanguagesParagraphByParagraph(t *testing.T) {
	t.Parallel()
	r := get(t, "/en/rules/117?compare=ja")
	if r.status != 200 {
		t.Fatal(r.status)
	}
	// Every paragraph has an English and a Japanese cell.
	if en, ja := strings.Count(r.body, `<div class="text" lang="en">`), strings.Count(r.body, `<div class="text" lang="ja">`); en != ja || en < 10 {
		t.Errorf("en cells %d, ja cells %d", en, ja)
	}
}

func TestGlossaryPages(t *testing.T) {
	t.Parallel()
	for _, lang := range langs.Default.Codes() {
		r := get(t, "/"+lang+"/glossary")
		if r.status != 200 {
			t.Fatalf("%s: %d", lang, r.status)
		}
		book := testLibrary(t).Books[lang]
		if len(book.Glossary) < 40 {
			t.Errorf("%s glossary has %d terms", lang, len(book.Glossary))
		}
		term := book.Glossary[0]
		tr := get(t, "/"+lang+"/glossary/"+urlEscape(term.Slug))
		if tr.status != 200 {
			t.Errorf("%s %s: %d", lang, term.Slug, tr.status)
		}
		mustContain(t, term.Slug, tr.body, "<h1>"+term.Name+"</h1>")
	}
}

func TestHealthz(t *testing.T) {
	t.Parallel()
	if r := get(t, "/readyz"); r.status != 200 || r.body != "ready" {
		t.Errorf("readyz: %d %q", r.status, r.body)
	}
	if r := get(t, "/healthz"); r.status != 200 || r.body != "ok" {
		t.Errorf("%d %q", r.status, r.body)
	}
}

// TestGlossaryEntriesAreAlignedAcrossLanguages: the language switch and
// ?compare= keep the term, and another language's slug redirects to this
// language's entry.
func TestGlossaryEntriesAreAlignedAcrossLanguages(t *testing.T) {
	t.Parallel()
	de, ja := "/de/glossary/"+urlEscape("priorität"), "/ja/glossary/"+urlEscape("優先権")
	r := get(t, "/en/glossary/priority")
	if r.status != 200 {
		t.Fatal(r.status)
	}
	mustContain(t, "switcher and hreflang", r.body,
		`href="`+de+`?lang=de" hreflang="de"`, `href="`+ja+`?lang=ja" hreflang="ja"`,
		`<link rel="alternate" hreflang="de" href="http://127.0.0.1:`, de+`"><link rel="alternate" hreflang="ja"`,
		`href="/en/glossary/priority?compare=ja" hreflang="ja"`)

	for path, want := range map[string]string{
		"/ja/glossary/priority":            ja,
		"/de/glossary/priority?compare=ja": de + "?compare=ja",
		"/en/glossary/" + urlEscape("優先権"): "/en/glossary/priority",
	} {
		r := get(t, path)
		if r.status != http.StatusMovedPermanently || r.header.Get("Location") != want {
			t.Errorf("%s: %d → %q, want 301 → %q", path, r.status, r.header.Get("Location"), want)
		}
	}

	r = get(t, "/en/glossary/priority?compare=de")
	if r.status != 200 {
		t.Fatal(r.status)
	}
	mustContain(t, "comparison", r.body, `<article class="term-entry compare">`, `<div class="text" lang="de">`,
		`<a class="term" href="`+de+`">Priorität</a>`, `<a href="/en/glossary/priority" hreflang="">`)
	if r := get(t, "/en/glossary/priority?compare=xx"); r.status != http.StatusBadRequest {
		t.Errorf("compare=xx: %d", r.status)
	}
}

// TestGiantRulesListTheirParts: 701 and 702 (hundreds of paragraphs) list
// their rules, each with its heading and first words, linking its own
// page; no rule page grows past 100 KB of HTML.
func TestGiantRulesListTheirParts(t *testing.T) {
	t.Parallel()
	for lang, trample := range map[string]string{"en": "Trample", "de": "Trampelschaden", "ja": "トランプル"} {
		for _, top := range []string{"701", "702"} {
			r := get(t, "/"+lang+"/rules/"+top)
			if r.status != 200 || len(r.body) > 100*1024 {
				t.Errorf("%s %s: %d, %d bytes", lang, top, r.status, len(r.body))
			}
			if strings.Contains(r.body, `class="para`) || !strings.Contains(r.body, `<ol class="parts">`) {
				t.Errorf("%s %s shows its paragraphs instead of its parts", lang, top)
			}
		}
		r := get(t, "/"+lang+"/rules/702")
		mustContain(t, lang+" 702", r.body, `<a href="/`+lang+`/rules/702.19"><span class="num">702.19</span> <strong>`+trample+`</strong></a>`)
		if r := get(t, "/"+lang+"/rules/702.19b"); !strings.Contains(r.body, `id="702.19b"`) || strings.Contains(r.body, `id="702.2a"`) {
			t.Errorf("%s 702.19b: the page is not 702.19 with its subrules", lang)
		}
	}
	if r := get(t, "/en/rules/117"); !strings.Contains(r.body, `id="117.3b"`) || strings.Contains(r.body, `class="parts"`) {
		t.Error("117 lists parts instead of its paragraphs")
	}
}
