package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/library/librarytest"
	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/rules"
)

// newServer serves lib without search (these tests do not search), with
// testGuards.
func newServer(tb testing.TB, lib *library.Library) *echo.Echo {
	tb.Helper()
	cfg := testConfig(tb, lib)
	cfg.Guards = testGuards()
	return New(cfg)
}

// testGuards are budgets without per-client rates and with a slot for
// every test running at once, so parallel tests never answer each other
// 429 or 503 (tests of the budgets make their own).
func testGuards() *Guards {
	g := NewGuards(nil, true)
	g.heavy = make(chan struct{}, 64)
	for _, f := range []*family{g.search, g.linkify, g.sandbox, g.builder} {
		f.slots = make(chan struct{}, 64)
	}
	return g
}

// testConfig serves lib without search or examples, with the response
// cache.
func testConfig(tb testing.TB, lib *library.Library) Config {
	tb.Helper()
	return Config{Library: lib, Catalog: sitetest.Catalog(tb), Assets: sitetest.Assets(tb), BaseURL: "https://rules.test", CacheBytes: DefaultCacheBytes}
}

// do answers a GET without the network.
func do(h http.Handler, path string) response {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	return response{status: w.Code, header: w.Header(), body: w.Body.String()}
}

var editions sitetest.Shared[*echo.Echo]

// editionsServer loads two English editions (2026-04-17 embedded, and
// 2026-11-13) beside the embedded German and Japanese texts, which follow
// the first (librarytest.Source).
func editionsServer(t *testing.T) *echo.Echo {
	t.Helper()
	return editions.Get(t, func() (*echo.Echo, error) {
		dir, err := os.MkdirTemp("", "editions")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		files := map[string]string{"2025.txt": librarytest.Text(t, "en"), "2026.txt": librarytest.Next(t)}
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
				return nil, err
			}
		}
		lib, err := library.Load(librarytest.Source(t, library.Overrides{"en": {dir}}))
		if err != nil {
			return nil, err
		}
		cfg := testConfig(t, lib)
		ix, err := search.Build(lib.Langs, lib.Books, lib.Glossary.Names())
		if err != nil {
			return nil, err
		}
		cfg.Search, cfg.Guards = search.Ready(ix), testGuards()
		return New(cfg), nil
	})
}

func TestRulePageNamesItsEdition(t *testing.T) {
	t.Parallel()
	h := editionsServer(t)
	r := do(h, "/en/rules/117")
	if r.status != 200 {
		t.Fatalf("status %d", r.status)
	}
	mustContain(t, "newest", r.body, "Edition of 13 November 2026", `href="/en/rules/117/history">History of this rule`,
		`id="117.3e"`, "Zeppelins change nothing here.</p>")
	if strings.Contains(r.body, `id="117.7"`) {
		t.Error("the newest edition shows the removed 117.7")
	}
	// A single edition: the line, and the history, which says there is
	// one edition.
	for lang, want := range map[string]string{"en": "Edition of 17 April 2026", "de": "Fassung vom 17. April 2026", "ja": "2026年4月17日版"} {
		r := get(t, "/"+lang+"/rules/117")
		mustContain(t, lang, r.body, `<p class="edition">`+want, `href="/`+lang+`/rules/117/history">`)
	}
}

func TestOlderEditionStaysReachable(t *testing.T) {
	t.Parallel()
	h := editionsServer(t)
	r := do(h, "/en/rules/117?edition=2026-04-17")
	if r.status != 200 {
		t.Fatalf("status %d", r.status)
	}
	mustContain(t, "2025 edition", r.body,
		"Edition of 17 April 2026", `href="/en/rules/117">Go to the current edition`,
		`id="117.7"`,
		`class="ref" href="/en/rules/514.3?edition=2026-04-17"`, // links in the text stay in the edition
		`rel="next" href="/en/rules/118?edition=2026-04-17"`,
		`<link rel="canonical" href="https://rules.test/en/rules/117?edition=2026-04-17">`,
		`hreflang="de" href="https://rules.test/de/rules/117"`, // German's current text is that edition
	)
	if strings.Contains(r.body, `id="117.3e"`) || strings.Contains(r.body, "compare=") {
		t.Error("the 2025 edition shows 117.3e or comparison links")
	}
	if r := do(h, "/en/rules/117.7?edition=2026-04-17"); r.status != 200 {
		t.Errorf("117.7 in 2025: %d", r.status)
	}
	if r := do(h, "/en/rules/117.7"); r.status != 404 {
		t.Errorf("removed 117.7 in the newest edition: %d", r.status)
	}
	// The newest edition named explicitly is the default page.
	if r := do(h, "/en/rules/117?edition=2026-11-13"); r.status != 200 || !strings.Contains(r.body, `id="117.3e"`) || !strings.Contains(r.body, `rel="canonical" href="https://rules.test/en/rules/117"`) {
		t.Errorf("explicit newest edition: %d", r.status)
	}
}

func TestBadEditionsAreLocalizedErrors(t *testing.T) {
	t.Parallel()
	h := editionsServer(t)
	cases := []struct {
		path   string
		status int
		msg    string
	}{
		{"/en/rules/117?edition=2024-01-01", 404, "not loaded on this site"},
		{"/de/rules/117?edition=2024-01-01", 404, "auf dieser Website nicht geladen"},
		{"/ja/rules/117?edition=2026-11-13", 404, "読み込まれていません"},
		{"/en/rules/117?edition=latest", 400, "written like 2026-04-17"},
		{"/de/rules/117?edition=2025-02-30", 404, "auf dieser Website nicht geladen"}, // well-formed, as openapi.json's pattern says
		{"/de/rules/117?edition=0000-00-00", 400, "Gültigkeitsdatum"},
		{"/en/rules/117?edition=", 400, "written like 2026-04-17"},
		{"/en/changes?from=2024-01-01", 404, "not loaded"},
		{"/en/changes?to=20260206", 400, "written like"},
		{"/en/changes?rule=banana", 400, "such as 117.3a"},
	}
	for _, tc := range cases {
		r := do(h, tc.path)
		if r.status != tc.status {
			t.Errorf("%s: status %d, want %d", tc.path, r.status, tc.status)
		}
		mustContain(t, tc.path, r.body, tc.msg)
	}
	r := do(h, "/en/rules/117?edition=2024-01-01")
	mustContain(t, "suggestions", r.body, `href="/en/rules/117?edition=2026-11-13"`, `href="/en/rules/117?edition=2026-04-17"`)
}

func TestChangesBetweenEditions(t *testing.T) {
	t.Parallel()
	h := editionsServer(t)
	r := do(h, "/en/changes")
	if r.status != 200 {
		t.Fatalf("status %d", r.status)
	}
	mustContain(t, "changes", r.body,
		"From the edition of 17 April 2026 to the edition of 13 November 2026",
		"4 added, 1 removed, 1 changed",
		`<a class="num" href="/en/rules/117.3e">117.3e</a>`,
		`<a class="num" href="/en/rules/124.1a">124.1a</a>`,
		`<a class="num" href="/en/rules/117.7?edition=2026-04-17">117.7</a>`,
		"<ins> Zeppelins change nothing here.</ins>",
		`<option value="2026-04-17" selected>`,
	)
	// Reversed, and limited to one rule's history.
	r = do(h, "/en/changes?from=2026-11-13&to=2026-04-17")
	mustContain(t, "reversed", r.body, "1 added, 4 removed, 1 changed", "<del> Zeppelins change nothing here.</del>")
	r = do(h, "/en/changes?rule=117.3")
	mustContain(t, "history of 117.3", r.body, "Only rule 117.3 and its subrules.", "1 added, 0 removed, 1 changed", ">117.3b<", ">117.3e<", `name="rule" value="117.3"`)
	if strings.Contains(r.body, ">117.7<") || strings.Contains(r.body, ">124<") {
		t.Error("the history of 117.3 lists other rules")
	}
	r = do(h, "/en/changes?from=2026-11-13&to=2026-11-13")
	mustContain(t, "same edition", r.body, "No rule changed between these editions.")
	r = do(h, "/en/changes?to=2026-04-17")
	mustContain(t, "nothing older", r.body, "There is no older edition")
}

func TestChangesWithOneEdition(t *testing.T) {
	t.Parallel()
	for lang, msg := range map[string]string{"en": "nothing to compare", "de": "nichts zu vergleichen", "ja": "比較できるものはありません"} {
		r := get(t, "/"+lang+"/changes")
		if r.status != 200 {
			t.Errorf("%s: %d", lang, r.status)
		}
		mustContain(t, lang, r.body, msg)
	}
	if r := get(t, "/de/changes?from=2026-04-17&to=2026-04-17"); r.status != 200 {
		t.Errorf("the one edition named: %d", r.status)
	}
}

// A rule the English file has and our German and Japanese texts lack is
// shown in English, said so in the reader's language, and offered in
// hreflang only where it really exists.
func TestUntranslatedRulesFallBackToEnglish(t *testing.T) {
	t.Parallel()
	h := editionsServer(t)
	for lang, notice := range map[string]string{"de": "fehlt in unserem deutschen Text", "ja": "まだ日本語に翻訳されていない"} {
		r := do(h, "/"+lang+"/rules/124")
		if r.status != 200 {
			t.Fatalf("%s: status %d", lang, r.status)
		}
		mustContain(t, lang+" 124", r.body,
			`<html lang="`+lang+`">`, notice,
			`<div class="text" lang="en"><p class="missing" lang="`+lang+`">`,
			"A rule only the newest English edition has.",
			`hreflang="en" href="https://rules.test/en/rules/124"`,
			`<link rel="canonical" href="https://rules.test/en/rules/124">`,
		)
		for _, l := range []string{"de", "ja"} {
			if strings.Contains(r.body, `hreflang="`+l+`" href=`) {
				t.Errorf("%s 124: hreflang %s for a rule it lacks", lang, l)
			}
		}
		// Inside a rule the language has, the missing subrule joins in order.
		r = do(h, "/"+lang+"/rules/117.3e")
		if r.status != 200 {
			t.Fatalf("%s 117.3e: status %d", lang, r.status)
		}
		body := r.body
		if d, e := strings.Index(body, `id="117.3d"`), strings.Index(body, `id="117.3e"`); d < 0 || e < d {
			t.Errorf("%s: 117.3e not after 117.3d", lang)
		}
		mustContain(t, lang+" 117.3e", body, `class="para level-2 target" id="117.3e"`, notice,
			`<link rel="canonical" href="https://rules.test/`+lang+`/rules/117.3">`)
		if n := strings.Count(body, `<p class="missing"`); n != 1 {
			t.Errorf("%s 117.3: %d paragraphs marked untranslated, want 1", lang, n)
		}
		if strings.Contains(body, `hreflang="`+lang+`" href=`) {
			t.Errorf("%s 117.3e: hreflang for itself", lang)
		}
	}
	// Short links and oEmbed reach the same English text.
	r := do(h, "/r/124.1a?lang=ja")
	if r.status != http.StatusFound || r.header.Get("Location") != "/ja/rules/124.1a" {
		t.Errorf("/r/124.1a?lang=ja: %d %q", r.status, r.header.Get("Location"))
	}
	r = do(h, "/oembed?format=json&url="+url.QueryEscape("https://rules.test/de/rules/124.1a"))
	mustContain(t, "oembed 124.1a", r.body, `"title":"124.1a — Brand-New Rules"`,
		`lang=\"en\"`, "A subrule of it, see rule 117.3e.")
	if r.status != http.StatusOK {
		t.Errorf("oembed 124.1a: %d", r.status)
	}
	if r := do(h, "/r/125?lang=de"); r.status != http.StatusNotFound {
		t.Errorf("/r/125: %d", r.status)
	}
	// Search in German and Japanese finds it, in English and marked; a
	// subrule of a translated rule is titled with that rule's title.
	title117 := map[string]string{"de": rulesTitle(t, "de", "117"), "ja": rulesTitle(t, "ja", "117")}
	for lang, mark := range map[string]string{"de": "Noch nicht übersetzt.", "ja": "まだ翻訳されていません。"} {
		r := do(h, "/"+lang+"/search?q=newest")
		if r.status != http.StatusOK {
			t.Fatalf("%s search: %d", lang, r.status)
		}
		mustContain(t, lang+" search", r.body,
			`<a href="/`+lang+`/rules/124.1" lang="en"><strong>124.1</strong>  Brand-New Rules</a>  <span class="badge">`+mark+`</span>`,
			`<p class="snippet" lang="en">A rule only the <mark>newest</mark> English edition has.</p>`,
			`<a href="/`+lang+`/rules/117.3e"><strong>117.3e</strong>  `+title117[lang]+`</a>  <span class="badge">`+mark+`</span>`,
			`<p class="snippet" lang="en">A new subrule only the <mark>newest</mark> English edition has.</p>`)
		r = do(h, "/api/"+lang+"/search?q=newest")
		mustContain(t, lang+" api", r.body, `"number":"124.1"`, `"lang":"en"`, `"untranslated":true`)
	}
	// Where the language has the rule, no notice.
	r = do(h, "/de/rules/117.3a")
	if strings.Contains(r.body, "fehlt in unserem") {
		t.Error("notice on a translated rule")
	}
	if r := do(h, "/de/rules/125"); r.status != 404 {
		t.Errorf("a rule no language has: %d", r.status)
	}
}

// bigCorpus writes a rules text of about 3,000 rule paragraphs, as the
// official files have, from a language's embedded text: the top-level
// numbers x00–x32 of every section, each with the subrules of one of the
// embedded rules, cycled, and the glossary.
func bigCorpus(tb testing.TB, lang string) []byte {
	tb.Helper()
	src, err := rules.Parse([]byte(librarytest.Text(tb, lang)), lang, lang, langs.Default.RulesWords())
	if err != nil {
		tb.Fatal(err)
	}
	var tops []*rules.Rule
	for _, r := range src.Rules() {
		if r.Level() == 0 && len(r.Children) > 0 {
			tops = append(tops, r)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n%s\n\n", src.Title, src.Effective)
	var write func(num string, r *rules.Rule)
	write = func(num string, r *rules.Rule) {
		fmt.Fprintf(&b, "%s %s\n\n", num, r.Text)
		for _, e := range r.Examples {
			fmt.Fprintf(&b, "%s %s\n\n", map[string]string{"en": "Example:", "de": "Beispiel:", "ja": "例："}[lang], e)
		}
		for _, c := range r.Children {
			n := num[:3] + c.Number[3:]
			if c.Level() == 1 {
				n += "."
			}
			write(n, c)
		}
	}
	for n := 100; n <= 999; n++ {
		if n%100 >= 33 {
			continue
		}
		if n%100 == 0 {
			fmt.Fprintf(&b, "%d. %s\n\n", n/100, src.Sections[0].Title)
		}
		write(fmt.Sprintf("%d.", n), tops[n%len(tops)])
	}
	b.WriteString(map[string]string{"en": "Glossary", "de": "Glossar", "ja": "用語集"}[lang] + "\n\n")
	for _, t := range src.Glossary {
		fmt.Fprintf(&b, "%s\n%s\n\n", t.Name, strings.Join(t.Definition, "\n"))
	}
	return []byte(b.String())
}

// BenchmarkBigCorpus measures start-up with ~3,000 rules per language —
// parsing, loading three languages (parse and linkers), building the
// server (linking every paragraph), indexing for search — and rule pages
// and searches on it.
func BenchmarkBigCorpus(b *testing.B) {
	dir := b.TempDir()
	o := library.Overrides{}
	sizes := map[string]int{}
	for _, lang := range langs.Default.Codes() {
		data := bigCorpus(b, lang)
		path := filepath.Join(dir, lang+".txt")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			b.Fatal(err)
		}
		o[lang] = []string{path}
		sizes[lang] = len(data)
	}
	for _, lang := range langs.Default.Codes() {
		data, _ := os.ReadFile(o[lang][0])
		b.Run("parse/"+lang, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var n int
			for b.Loop() {
				book, err := rules.Parse(data, lang, lang, langs.Default.RulesWords())
				if err != nil {
					b.Fatal(err)
				}
				n = len(book.Rules())
			}
			b.ReportMetric(float64(n), "rules")
		})
	}
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			if _, err := library.Load(library.Embedded(o)); err != nil {
				b.Fatal(err)
			}
		}
	})
	lib, err := library.Load(library.Embedded(o))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("new-server", func(b *testing.B) {
		for b.Loop() {
			New(Config{Library: lib, Catalog: sitetest.Catalog(b), Assets: sitetest.Assets(b)})
		}
	})
	b.Run("search-index", func(b *testing.B) {
		for b.Loop() {
			ix, err := search.Build(lib.Langs, lib.Books, lib.Glossary.Names())
			if err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			ix.Close()
			b.StartTimer()
		}
	})
	start := time.Now()
	cfg := testConfig(b, lib)
	ix, err := search.Build(lib.Langs, lib.Books, lib.Glossary.Names())
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	cfg.Search = search.Ready(ix)
	h := New(cfg)
	b.Logf("start-up with search: %v for %d+%d+%d rules", time.Since(start), len(lib.Books["en"].Rules()), len(lib.Books["de"].Rules()), len(lib.Books["ja"].Rules()))
	for _, path := range []string{"/en/rules/117", "/de/rules/704", "/ja/rules/929.1", "/en/rules/117?compare=ja",
		"/en/search?q=mana+pool+empties", "/de/search?q=Priorit%C3%A4t", "/ja/search?q=%E5%84%AA%E5%85%88%E6%A8%A9", "/de/search?q=Kampfschaden&in=all"} {
		b.Run("page"+strings.ReplaceAll(path, "/", "_"), func(b *testing.B) { benchPath(b, h, path) })
	}
}

// Older editions' paragraphs and comparisons are built on first use; many
// first requests at once get the same answers (run with -race).
func TestEditionsBuiltOnceUnderConcurrentRequests(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": librarytest.Text(t, "en"), "b.txt": librarytest.Next(t)} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	lib, err := library.Load(library.Embedded(library.Overrides{"en": {dir}}))
	if err != nil {
		t.Fatal(err)
	}
	h := newServer(t, lib)
	paths := []string{"/en/rules/117?edition=2026-04-17", "/en/changes", "/en/changes?rule=117"}
	want := map[string]string{}
	for _, p := range paths {
		want[p] = do(newServer(t, lib), p).body
	}
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			p := paths[i%len(paths)]
			if r := do(h, p); r.status != 200 || r.body != want[p] {
				t.Errorf("%s: status %d, body differs: %v", p, r.status, r.body != want[p])
			}
		})
	}
	wg.Wait()
}

// rulesTitle is the title of a top-level rule in a language's embedded text.
func rulesTitle(tb testing.TB, lang, num string) string {
	tb.Helper()
	b, err := rules.Parse([]byte(librarytest.Text(tb, lang)), lang, lang, langs.Default.RulesWords())
	if err != nil {
		tb.Fatal(err)
	}
	r, ok := b.Rule(num)
	if !ok {
		tb.Fatalf("%s lacks %s", lang, num)
	}
	return r.Title()
}
