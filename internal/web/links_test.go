package web

import (
	"encoding/json"
	"encoding/xml"
	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/urls"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestShortLinkNegotiatesInOrder(t *testing.T) {
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
		`<meta name="twitter:card" content="summary">`,
		`type="application/json+oembed" href="`+srv.URL+`/oembed?format=json&amp;url=`+url.QueryEscape(srv.URL+"/en/rules/117.3a")+`"`,
	)
	if !strings.Contains(r.body, `<meta property="og:description" content="`) || len([]rune(desc)) > 201 {
		t.Errorf("description %q", desc)
	}
}

func TestDescribeTrimsAtWordBoundary(t *testing.T) {
	long := strings.Repeat("priority passes ", 30)
	got := ruleview.Describe(long, 1)
	if !strings.HasSuffix(got, "passes…") && !strings.HasSuffix(got, "priority…") {
		t.Errorf("not trimmed at a word: %q", got[len(got)-20:])
	}
	if ruleview.Describe("short.", 1) != "short." {
		t.Error("short text changed")
	}
}

func TestOEmbed(t *testing.T) {
	r := get(t, "/oembed?format=json&url="+url.QueryEscape(srv.URL+"/de/rules/117.3a"))
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(r.body), &got); err != nil {
		t.Fatal(err)
	}
	if got["version"] != "1.0" || got["type"] != "rich" || !strings.HasPrefix(got["title"].(string), "117.3a — ") {
		t.Errorf("oembed %v", got)
	}
	if h := got["html"].(string); !strings.Contains(h, `<blockquote class="mtg-rule" lang="de">`) || !strings.Contains(h, srv.URL+"/de/rules/117.3a") {
		t.Errorf("html %q", h)
	}
	for q, status := range map[string]int{
		"format=xml&url=" + url.QueryEscape(srv.URL+"/en/rules/117"): 501,
		"url=" + url.QueryEscape(srv.URL+"/en/rules/999.9"):          404,
		"url=" + url.QueryEscape("/en/elsewhere/x"):                  404,
		"url=%ff": 400,
	} {
		if r := get(t, "/oembed?"+q); r.status != status {
			t.Errorf("%s: %d, want %d", q, r.status, status)
		}
	}
}

func TestSitemapIsValidWithAlternates(t *testing.T) {
	r := get(t, "/sitemap.xml")
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/xml") {
		t.Fatalf("%d %s", r.status, r.header.Get("Content-Type"))
	}
	var set struct {
		URLs []struct {
			Loc   string `xml:"loc"`
			Links []struct {
				Rel      string `xml:"rel,attr"`
				Hreflang string `xml:"hreflang,attr"`
				Href     string `xml:"href,attr"`
			} `xml:"http://www.w3.org/1999/xhtml link"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(r.body), &set); err != nil {
		t.Fatal(err)
	}
	locs := map[string]int{}
	for _, u := range set.URLs {
		locs[u.Loc] = len(u.Links)
	}
	if n := locs[srv.URL+"/ja/rules/117.3a"]; n != 3 {
		t.Errorf("/ja/rules/117.3a has %d alternates, want 3", n)
	}
	ex := testExamples(t).List[0]
	for _, path := range []string{"/de/examples", "/en/linkify", urls.Example("ja", ex.Slug, len(ex.Snapshots))} {
		if n := locs[srv.URL+path]; n != 3 {
			t.Errorf("%s has %d alternates, want 3", path, n)
		}
	}
	book := testLibrary(t).Books["en"]
	if len(set.URLs) < 3*len(book.Rules()) {
		t.Errorf("sitemap has %d URLs for %d rules", len(set.URLs), len(book.Rules()))
	}
	if rb := get(t, "/robots.txt"); rb.status != 200 || !strings.Contains(rb.body, "Sitemap: "+srv.URL+"/sitemap.xml") {
		t.Errorf("robots %d %q", rb.status, rb.body)
	}
}
