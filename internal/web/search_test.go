package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/internal/sitetest"
)

func TestSearchRuleNumberJump(t *testing.T) {
	t.Parallel()
	for _, q := range []string{"117.3a", "CR 117.3a", "cr117.3a", "rule 117.3a", "Regel 117.3a", "117.3A", "１１７．３ａ", "117.3a.", " 117.3a "} {
		for _, lang := range []string{"en", "de", "ja"} {
			r := get(t, "/"+lang+"/search?q="+url.QueryEscape(q))
			if want := "/" + lang + "/rules/117.3a"; r.status != http.StatusSeeOther || r.header.Get("Location") != want {
				t.Errorf("%s %q: %d %q, want 303 %q", lang, q, r.status, r.header.Get("Location"), want)
			}
		}
	}
	r := get(t, "/en/search?q="+url.QueryEscape("R. 704.5a"))
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/rules/704.5a" {
		t.Errorf("R. 704.5a: %d %q", r.status, r.header.Get("Location"))
	}
	// A number that is no rule is searched as text, not redirected.
	if r := get(t, "/en/search?q=999.9z"); r.status != http.StatusOK {
		t.Errorf("999.9z: status %d, want 200", r.status)
	}
}

func TestSearchPageFindsPriority(t *testing.T) {
	t.Parallel()
	for lang, q := range map[string]string{"en": "priority", "de": "Priorität", "ja": "優先権"} {
		r := get(t, "/"+lang+"/search?q="+url.QueryEscape(q))
		if r.status != http.StatusOK {
			t.Fatalf("%s: status %d", lang, r.status)
		}
		mustContain(t, lang+" results", r.body, `<html lang="`+lang+`">`, `<ol class="hits">`, `href="/`+lang+`/rules/117`, `<mark>`, `value="`+q+`"`)
		if r.header.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("%s: X-Robots-Tag %q", lang, r.header.Get("X-Robots-Tag"))
		}
	}
}

func TestSearchNothingFoundIsLocalized(t *testing.T) {
	t.Parallel()
	r := get(t, "/de/search?q=xyzzyplugh")
	if r.status != http.StatusOK {
		t.Fatalf("status %d", r.status)
	}
	mustContain(t, "de nothing", r.body, "Nichts gefunden.", "0 Treffer")
}

func TestSearchHostileQueries(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Priorität ", 1100) // about 11 KB
	for _, q := range []string{`<script>alert(1)</script>`, `"unclosed`, `+priority -stack`, `a:b`, `mana~2`, `^boost`, `*`, `(`, `)`, `title:"x" AND`, `\`, long} {
		r := get(t, "/en/search?q="+url.QueryEscape(q))
		if r.status != http.StatusOK {
			t.Errorf("%.40q: status %d, want 200", q, r.status)
		}
		if strings.Contains(r.body, "<script>alert") {
			t.Errorf("%.40q: query reflected unescaped", q)
		}
	}
	r := get(t, "/de/search?q="+url.QueryEscape(long))
	mustContain(t, "truncated", r.body, "nur nach den ersten 200 Zeichen")
	for path, want := range map[string]int{
		"/en/search?q=%ff%fe":           http.StatusBadRequest,
		"/en/search?q=stack&page=0":     http.StatusBadRequest,
		"/en/search?q=stack&page=x":     http.StatusBadRequest,
		"/en/search?q=stack&page=99999": http.StatusBadRequest,
		"/en/search?q=stack&in=xx":      http.StatusBadRequest,
		"/xx/search?q=stack":            http.StatusNotFound,
	} {
		if r := get(t, path); r.status != want {
			t.Errorf("%s: status %d, want %d", path, r.status, want)
		}
	}
	r = get(t, "/ja/search?q=stack&page=0")
	mustContain(t, "ja 400", r.body, "ページ番号は1から1000まで")
}

func TestSearchAPI(t *testing.T) {
	t.Parallel()
	r := get(t, "/api/en/search?q=priority")
	if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
		t.Fatalf("status %d, type %q", r.status, r.header.Get("Content-Type"))
	}
	var res apiResult
	if err := json.Unmarshal([]byte(r.body), &res); err != nil {
		t.Fatal(err)
	}
	if res.Total == 0 || len(res.Hits) == 0 || res.Lang != "en" || res.In != "en" {
		t.Fatalf("result %+v", res)
	}
	if !strings.HasPrefix(res.Hits[0].URL, srv.URL+"/en/") {
		t.Errorf("first hit URL %q", res.Hits[0].URL)
	}
	found := false
	for _, h := range res.Hits[:min(3, len(res.Hits))] {
		found = found || strings.HasPrefix(h.Number, "117")
	}
	if !found {
		t.Errorf("no rule 117 in the top 3: %+v", res.Hits)
	}

	// In all languages, read in German: hits are German rule pages.
	r = get(t, "/api/de/search?q=priority&in=all")
	res = apiResult{}
	if err := json.Unmarshal([]byte(r.body), &res); err != nil {
		t.Fatal(err)
	}
	if res.In != "all" || len(res.Hits) == 0 {
		t.Fatalf("all: %+v", res)
	}
	for _, h := range res.Hits {
		if h.Number != "" && !strings.HasPrefix(h.URL, srv.URL+"/de/rules/") {
			t.Errorf("all-language hit %q not read in German: %s", h.Number, h.URL)
		}
	}

	// The rule a query names is reported, errors are JSON in the reader's language.
	r = get(t, "/api/de/search?q="+url.QueryEscape("Regel 117.3a"))
	if !strings.Contains(r.body, `"rule":"117.3a"`) {
		t.Errorf("rule jump missing: %s", r.body)
	}
	r = get(t, "/api/de/search?q=x&page=-1")
	if r.status != http.StatusBadRequest || !strings.Contains(r.body, `"lang":"de"`) || !strings.Contains(r.body, "Seitenzahl") {
		t.Errorf("bad page: %d %s", r.status, r.body)
	}
}

func TestSearchPaging(t *testing.T) {
	t.Parallel()
	r := get(t, "/en/search?q=player")
	mustContain(t, "page 1", r.body, `rel="next" href="/en/search?page=2&amp;q=player"`)
	r = get(t, "/en/search?q=player&page=2")
	mustContain(t, "page 2", r.body, `rel="prev" href="/en/search?q=player"`, "Page 2 of")
}

func TestSearchUnavailableUntilIndexed(t *testing.T) {
	t.Parallel()
	testServer(t)
	failed := search.BuildLater(langs.Default, nil, nil) // finishes at once, without an index
	failed.Start()
	failed.Wait()
	h := New(Config{Library: sitetest.Library(t), Catalog: sitetest.Catalog(t), Assets: sitetest.Assets(t), Search: failed})
	for path, want := range map[string]string{
		"/de/search?q=Stapel":      "Die Suche wird noch vorbereitet.",
		"/api/ja/search?q=スタック":    "検索の準備中です。",
		"/en/search?q=" + "117.3a": "", // a rule number still jumps
		"/readyz":                  "search index not ready",
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/"+strings.TrimPrefix(path, "/"), nil))
		if want == "" {
			if rec.Code != http.StatusSeeOther {
				t.Errorf("%s: %d", path, rec.Code)
			}
			continue
		}
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "5" || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("%s: %d %q %.200s", path, rec.Code, rec.Header().Get("Retry-After"), rec.Body.String())
		}
	}
}

// TestSearchPageReadsOtherLanguagesNames: an English keyword on the German
// and Japanese pages finds the entry in the page's language and says what
// it searched; the count names the query and how many have every word
// (issue 25, 1 and 7).
func TestSearchPageReadsOtherLanguagesNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, readAs, count, first string }{
		{"de", "Gesucht als „Trampelschaden“", "Treffer für „trample“", `href="/de/rules/702.19"`},
		{"ja", "このサイトの日本語の名称「トランプル」で検索しました。", "「trample」の検索結果", `href="/ja/rules/702.19"`},
	} {
		r := get(t, "/"+c.lang+"/search?q=trample")
		if r.status != http.StatusOK {
			t.Fatalf("%s: status %d", c.lang, r.status)
		}
		mustContain(t, c.lang+" trample", r.body, c.readAs, `<p class="result-count" role="status">`, c.count, c.first)
		if strings.Contains(r.body, `href="/en/`) && strings.Contains(r.body, `class="hits"`) && strings.Contains(r.body[strings.Index(r.body, `class="hits"`):], `href="/en/rules`) {
			t.Errorf("%s: a hit links to the English text", c.lang)
		}
	}
	r := get(t, "/en/search?q="+url.QueryEscape("trample planeswalker"))
	mustContain(t, "en all words", r.body, "results for “trample planeswalker”", `<span class="all-words">The first `)
	if r := get(t, "/en/search?q=trample"); strings.Contains(r.body, "Searched as") {
		t.Error("en trample: read as another name")
	}
}
