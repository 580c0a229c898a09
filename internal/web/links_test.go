package web

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/urls"
)

func TestShortLinkNegotiatesInOrder(t *testing.T) {
	t.Parallel()
	cases := []struct {
		path   string
		header []string
		want   string
	}{
		{"/r/117.3a?lang=ja", []string{"Cookie", "lang=de", "Accept-Language", "en"}, "/ja/rules/117.3a"},
		{"/r/117.3a", []string{"Cookie", "lang=de", "Accept-Language", "ja"}, "/de/rules/117.3a"},
		{"/r/117.3a", []string{"Accept-Language", "ja-JP,ja;q=0.9"}, "/ja/rules/117.3a"},
		{"/r/117.3a", nil, "/en/rules/117.3a"},
		{"/r/117.3a?lang=xx", []string{"Cookie", "lang=zz"}, "/en/rules/117.3a"},
		{"/r/CR117.3a", nil, "/en/rules/117.3a"},
		{"/r/117.3A.", nil, "/en/rules/117.3a"},
		{"/r/" + url.PathEscape("１１７．３ａ"), nil, "/en/rules/117.3a"},
	}
	for _, tc := range cases {
		r := get(t, tc.path, tc.header...)
		if r.status != http.StatusFound || r.header.Get("Location") != tc.want {
			t.Errorf("%s %v: %d %q, want 302 %q", tc.path, tc.header, r.status, r.header.Get("Location"), tc.want)
		}
		if cc := r.header.Get("Cache-Control"); !strings.Contains(cc, "no-cache") {
			t.Errorf("%s: Cache-Control %q", tc.path, cc)
		}
	}
	r := get(t, "/r/117.7z", "Accept-Language", "de")
	if r.status != http.StatusNotFound {
		t.Fatalf("unknown short link: %d", r.status)
	}
	mustContain(t, "404", r.body, "In unseren Texten gibt es keine Regel", `href="/de/rules/117.7"`)
}

func TestRulePagePreviewMeta(t *testing.T) {
	t.Parallel()
	r := get(t, "/en/rules/117.3a")
	book := testLibrary(t).Books["en"]
	rule, _ := book.Rule("117.3a")
	desc := ruleview.Describe(rule.Text, 2)
	mustContain(t, "meta", r.body,
		`<meta property="og:title" content="117.3a — Timing and Priority">`,
		`<title>117.3a — Timing and Priority · Rules Explained</title>`,
		`<meta property="og:locale" content="en_US">`,
		`<meta property="og:locale:alternate" content="de_DE">`,
		`<meta property="og:locale:alternate" content="ja_JP">`,
		`<meta property="og:type" content="article">`,
		`<meta name="twitter:card" content="summary_large_image">`,
		`type="application/json+oembed" href="`+srv.URL+`/oembed?format=json&amp;url=`+url.QueryEscape(srv.URL+"/en/rules/117.3a")+`"`,
	)
	if !strings.Contains(r.body, `<meta property="og:description" content="`) || len([]rune(desc)) > 201 {
		t.Errorf("description %q", desc)
	}
}

func TestDescribeTrimsAtWordBoundary(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("priority passes ", 30)
	got := ruleview.Describe(long, 1)
	if !strings.HasSuffix(got, "passes…") && !strings.HasSuffix(got, "priority…") {
		t.Errorf("not trimmed at a word: %q", got[len(got)-20:])
	}
	if ruleview.Describe("short.", 1) != "short." {
		t.Error("short text changed")
	}
}

// oEmbed answers for every page a reader shares — a rule, a glossary
// entry (in any language's slug), a step of a worked example, an
// example's sandbox, a short link (in the language it names) and an old
// number's — on this site's origin only, within maxwidth and maxheight.
func TestOEmbed(t *testing.T) {
	t.Parallel()
	type card struct {
		Version, Type, Title, HTML string
		Width, Height              int
		ProviderName               string `json:"provider_name"`
	}
	embed := func(page, size string) (response, card) {
		t.Helper()
		r := get(t, "/oembed?format=json&url="+url.QueryEscape(page)+size)
		var c card
		if r.status == http.StatusOK {
			if err := json.Unmarshal([]byte(r.body), &c); err != nil {
				t.Fatal(err)
			}
		}
		return r, c
	}
	testServer(t)
	ex := "/examples/giant-growth-answered-by-shock"
	for _, c := range []struct {
		page, title, lang, link, provider string
	}{
		{"/de/rules/117.3a", "117.3a — Timing und Priorität", "de", "/de/rules/117.3a", "Regeln erklärt"},
		{"/en/rules/117.3A", "117.3a — Timing and Priority", "en", "/en/rules/117.3a", "Rules Explained"},
		{"/ja/glossary/priority", "優先権", "ja", "/ja/glossary/" + url.PathEscape("優先権"), "ルール解説"},
		{"/en" + ex + "?step=2", "Giant Growth on a blocker, answered by Shock · 2", "en", "/en" + ex + "?step=2", "Rules Explained"},
		{"/ja" + ex, "ブロック・クリーチャーへの巨大化にショックで対応 · 1", "ja", "/ja" + ex + "?step=1", "ルール解説"},
		{"/de/play/giant-growth-answered-by-shock?m=p0", "Sandbox: Riesenwuchs auf einen Blocker, beantwortet mit Schock", "de", "/de/play/giant-growth-answered-by-shock?m=p0", "Regeln erklärt"},
		{"/r/117.3a?lang=ja", "117.3a — タイミングと優先権", "ja", "/r/117.3a?lang=ja", "ルール解説"},
		{"/r/117.3a", "117.3a — Timing and Priority", "en", "/r/117.3a", "Rules Explained"},
		{"/r/2008/102.3b", "104.3b — Ending the Game", "en", "/r/2008/102.3b", "Rules Explained"},
	} {
		r, got := embed(srv.URL+c.page, "")
		if r.status != http.StatusOK {
			t.Errorf("%s: %d", c.page, r.status)
			continue
		}
		blockquote := `<blockquote class="mtg-rule" lang="` + c.lang + `" style="box-sizing:border-box;max-width:600px;max-height:200px;overflow:auto">`
		if got.Version != "1.0" || got.Type != "rich" || got.Title != c.title || got.Width != 600 || got.Height != 200 || got.ProviderName != c.provider ||
			!strings.HasPrefix(got.HTML, blockquote) || !strings.Contains(got.HTML, `<a href="`+srv.URL+c.link+`">`+c.provider+`</a>`) {
			t.Errorf("%s: %+v", c.page, got)
		}
	}
	// A short link without ?lang= is embedded in the fallback language
	// whoever asks: the answer is cached for everyone.
	if r := get(t, "/oembed?url="+url.QueryEscape(srv.URL+"/r/117.3a"), "Accept-Language", "ja", "Cookie", "lang=de"); !strings.Contains(r.body, `"title":"117.3a — Timing and Priority"`) {
		t.Errorf("/r/117.3a for a Japanese reader: %.200s", r.body)
	}
	// The consumer's size limits: the card is no larger.
	for size, want := range map[string][2]int{"&maxwidth=300": {300, 200}, "&maxheight=120": {600, 120}, "&maxwidth=2000&maxheight=50": {600, 50}} {
		r, got := embed(srv.URL+"/en/rules/117.3a", size)
		if r.status != http.StatusOK || got.Width != want[0] || got.Height != want[1] ||
			!strings.Contains(got.HTML, fmt.Sprintf("max-width:%dpx;max-height:%dpx", want[0], want[1])) {
			t.Errorf("%s: %d %dx%d", size, r.status, got.Width, got.Height)
		}
	}
	for q, status := range map[string]int{
		"format=xml&url=" + url.QueryEscape(srv.URL+"/en/rules/117"):                                    501,
		"url=" + url.QueryEscape(srv.URL+"/en/rules/999.9"):                                             404,
		"url=" + url.QueryEscape(srv.URL+"/en/elsewhere/x"):                                             404,
		"url=" + url.QueryEscape(srv.URL+"/en/play/custom?s=3.0"):                                       404,
		"url=" + url.QueryEscape(srv.URL+"/en"+ex+"?step=99"):                                           404,
		"url=" + url.QueryEscape(srv.URL+"/r/117.3z"):                                                   404,
		"url=" + url.QueryEscape("/en/rules/117"):                                                       404, // not an address of this origin
		"url=" + url.QueryEscape("https://elsewhere.example/en/rules/117"):                              404,
		"url=" + url.QueryEscape(strings.Replace(srv.URL, "http:", "https:", 1)+"/en/rules/117"):        404,
		"url=" + url.QueryEscape("http://user@"+strings.TrimPrefix(srv.URL, "http://")+"/en/rules/117"): 404,
		"maxwidth=x&url=" + url.QueryEscape(srv.URL+"/en/rules/117"):                                    400,
		"maxheight=0&url=" + url.QueryEscape(srv.URL+"/en/rules/117"):                                   400,
		"url=%ff": 400,
	} {
		if r := get(t, "/oembed?"+q); r.status != status {
			t.Errorf("%s: %d, want %d", q, r.status, status)
		}
	}
	// Example steps and sandboxes name their oEmbed address.
	for _, page := range []string{"/en" + ex + "?step=2", "/en/play/giant-growth-answered-by-shock?m=p0"} {
		r := get(t, page)
		mustContain(t, page, r.body, `type="application/json+oembed" href="`+srv.URL+`/oembed?format=json&amp;url=`+url.QueryEscape(srv.URL+page)+`"`)
	}
}

// The sitemap lists every page once, each with its last change (its
// language's edition) and, when it has any, its alternates as its page
// names them — every language's version and x-default — the same for each
// page of a group: rules, glossary entries through the aligned glossary,
// example steps and the pages every language has.
func TestSitemapIsValidWithAlternates(t *testing.T) {
	t.Parallel()
	r := get(t, "/sitemap.xml")
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/xml") {
		t.Fatalf("%d %s", r.status, r.header.Get("Content-Type"))
	}
	type link struct {
		Rel      string `xml:"rel,attr"`
		Hreflang string `xml:"hreflang,attr"`
		Href     string `xml:"href,attr"`
	}
	var set struct {
		URLs []struct {
			Loc     string `xml:"loc"`
			Lastmod string `xml:"lastmod"`
			Links   []link `xml:"http://www.w3.org/1999/xhtml link"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(r.body), &set); err != nil {
		t.Fatal(err)
	}
	// The order the sitemap schema asks for: loc, lastmod, then the links.
	mustContain(t, "sitemap", r.body, `<url><loc>`+srv.URL+`/en/</loc><lastmod>2026-04-17</lastmod><xhtml:link rel="alternate" hreflang="en" href="`+srv.URL+`/en/"></xhtml:link>`)
	groups := map[string][]link{}
	for _, u := range set.URLs {
		if _, dup := groups[u.Loc]; dup {
			t.Errorf("%s listed twice", u.Loc)
		}
		groups[u.Loc] = u.Links
		if u.Lastmod != "2026-04-17" {
			t.Errorf("%s: lastmod %q", u.Loc, u.Lastmod)
		}
	}
	for loc, links := range groups {
		if len(links) == 0 {
			t.Errorf("%s has no alternates", loc)
			continue
		}
		if x := links[len(links)-1]; x.Hreflang != "x-default" || x.Href != links[0].Href {
			t.Errorf("%s: last alternate %+v, want x-default %s", loc, x, links[0].Href)
		}
		self := false
		for _, l := range links[:len(links)-1] {
			self = self || l.Href == loc
			if other, ok := groups[l.Href]; !ok || !slices.Equal(other, links) {
				t.Errorf("%s names %s, whose alternates differ: %v", loc, l.Href, other)
			}
		}
		if !self {
			t.Errorf("%s is not among its own alternates", loc)
		}
	}
	want := map[string][]string{
		"/ja/rules/117.3a":      {"en", "/en/rules/117.3a", "de", "/de/rules/117.3a", "ja", "/ja/rules/117.3a", "x-default", "/en/rules/117.3a"},
		"/en/glossary/priority": {"en", "/en/glossary/priority", "de", "/de/glossary/priorit%C3%A4t", "ja", "/ja/glossary/" + url.PathEscape("優先権"), "x-default", "/en/glossary/priority"},
	}
	ex := testExamples(t).List[0]
	for _, path := range []string{"/de/examples", "/en/linkify", urls.Example("ja", ex.Slug, len(ex.Snapshots))} {
		if n := len(groups[srv.URL+path]); n != 4 {
			t.Errorf("%s has %d alternates, want 4", path, n)
		}
	}
	for loc, pairs := range want {
		var got []string
		for _, l := range groups[srv.URL+loc] {
			got = append(got, l.Hreflang, strings.TrimPrefix(l.Href, srv.URL))
		}
		if !slices.Equal(got, pairs) {
			t.Errorf("%s: alternates %q, want %q", loc, got, pairs)
		}
	}
	lib := testLibrary(t)
	glossary := 0
	for _, b := range lib.Books {
		glossary += len(b.Glossary)
	}
	if terms := len(slices.DeleteFunc(slices.Collect(maps.Keys(groups)), func(loc string) bool { return !strings.Contains(loc, "/glossary/") })); terms != glossary {
		t.Errorf("%d glossary pages listed, the glossaries have %d entries", terms, glossary)
	}
	if len(set.URLs) < 3*len(lib.Books["en"].Rules()) {
		t.Errorf("sitemap has %d URLs for %d rules", len(set.URLs), len(lib.Books["en"].Rules()))
	}
	if rb := get(t, "/robots.txt"); rb.status != 200 || !strings.Contains(rb.body, "Sitemap: "+srv.URL+"/sitemap.xml") {
		t.Errorf("robots %d %q", rb.status, rb.body)
	}
}
