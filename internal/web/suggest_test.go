package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/site/internal/langs"
)

// suggest asks /api/{lang}/suggest, validated against the OpenAPI
// document, and returns "kind number label" per completion.
func suggest(t *testing.T, h http.Handler, lang, q string) []string {
	t.Helper()
	var out suggestAnswer
	path := "/api/" + lang + "/suggest?q=" + url.QueryEscape(q)
	if h == nil {
		apiGet(t, path, http.StatusOK, &out)
	} else {
		apiDo(t, h, path, http.StatusOK, &out)
	}
	if out.Query != q || out.Lang != lang {
		t.Errorf("%s: query %q, lang %q", path, out.Query, out.Lang)
	}
	var got []string
	for _, s := range out.Suggestions {
		got = append(got, s.Kind+" "+s.Number+" "+s.Label+" "+strings.TrimPrefix(s.URL, srv.URL))
	}
	return got
}

func wantSuggestions(t *testing.T, lang, q string, want ...string) {
	t.Helper()
	if got := suggest(t, nil, lang, q); !slices.Equal(got, want) {
		t.Errorf("%s %q:\n got %q\nwant %q", lang, q, got, want)
	}
}

// Rule numbers complete in number order, written as people write them:
// full width, upper case, with "CR" or "Regel" in front.
func TestSuggestRuleNumbers(t *testing.T) {
	t.Parallel()
	heading := map[string]string{"en": "Timing and Priority", "de": "Timing und Priorität", "ja": "タイミングと優先権"}
	for _, lang := range langs.Default.Codes() {
		var want []string
		for _, n := range []string{"117.3", "117.3a", "117.3b", "117.3c", "117.3d"} {
			want = append(want, "rule "+n+" "+n+" · "+heading[lang]+" /"+lang+"/rules/"+n)
		}
		for _, q := range []string{"117.3", "１１７．３", "CR 117.3", "Regel 117.3", "総合ルール117.3"} {
			wantSuggestions(t, lang, q, want...)
		}
		wantSuggestions(t, lang, "117.3A", want[1])
		got := suggest(t, nil, lang, "117")
		if len(got) != maxSuggestions || got[0] != "rule 117 117. "+heading[lang]+" /"+lang+"/rules/117" || !strings.HasPrefix(got[1], "rule 117.1 ") || !strings.HasPrefix(got[9], "rule 117.2c ") {
			t.Errorf("%s 117: %q", lang, got)
		}
		got = suggest(t, nil, lang, "1")
		if len(got) != maxSuggestions || !strings.HasPrefix(got[0], "rule 100 ") || !strings.HasPrefix(got[9], "rule 100.3 ") {
			t.Errorf("%s 1: %q", lang, got)
		}
		wantSuggestions(t, lang, "117.3z")
		wantSuggestions(t, lang, "999")
	}
}

// Headings and glossary terms complete by their start, or a later word's,
// whatever the case and width.
func TestSuggestHeadingsAndTerms(t *testing.T) {
	t.Parallel()
	wantSuggestions(t, "en", "PRIO",
		"term  Priority /en/glossary/priority",
		"heading 117 Timing and Priority /en/rules/117")
	wantSuggestions(t, "en", "tramp",
		"term  Trample /en/glossary/trample",
		"heading 702.19 Trample /en/rules/702.19",
		"term  Trample Over Planeswalkers /en/glossary/trample-over-planeswalkers")
	wantSuggestions(t, "de", "trampel",
		"term  Trampelschaden /de/glossary/trampelschaden",
		"heading 702.19 Trampelschaden /de/rules/702.19",
		"term  Trampelschaden bei Planeswalkern /de/glossary/trampelschaden-bei-planeswalkern")
	want := []string{"term  スタック /ja/glossary/%E3%82%B9%E3%82%BF%E3%83%83%E3%82%AF", "heading 405 スタック /ja/rules/405"}
	wantSuggestions(t, "ja", "スタック", want...)
	// Unspaced: names that start so first, then those with it inside.
	for _, q := range []string{"スタ", "ｽﾀ"} {
		got := suggest(t, nil, "ja", q)
		if len(got) < 3 || !slices.Equal(got[:2], want) || !strings.HasPrefix(got[2], "term  インスタント ") {
			t.Errorf("ja %q: %q", q, got)
		}
	}
	for _, lang := range langs.Default.Codes() {
		wantSuggestions(t, lang, "")
		wantSuggestions(t, lang, "   ")
		wantSuggestions(t, lang, "xyzzy")
		wantSuggestions(t, lang, strings.Repeat("Priorität ", 30)) // longer than any label
		short := map[string]string{"en": "a", "de": "a", "ja": "ス"}[lang]
		if got := suggest(t, nil, lang, short); len(got) != maxSuggestions {
			t.Errorf("%s %s: %d completions", lang, short, len(got))
		}
	}
	wantAPIError(t, nil, "/api/xx/suggest?q=a", http.StatusNotFound, "en", "This site is available in English, German and Japanese only.")
}

// Japanese completes inside a name (優先 is in タイミングと優先権), and
// every language completes the other languages' glossary names as its own
// entry, the name typed beside (issue 25, 1 and 2).
func TestSuggestInsideAndOtherLanguages(t *testing.T) {
	t.Parallel()
	got := suggest(t, nil, "ja", "優先")
	if len(got) == 0 || !strings.HasPrefix(got[0], "term  優先権 ") || !slices.Contains(got, "heading 117 タイミングと優先権 /ja/rules/117") {
		t.Errorf("ja 優先: %q", got)
	}
	for _, c := range []struct{ lang, q, want, detail string }{
		{"de", "trample", "term  Trampelschaden /de/glossary/trampelschaden", "Glossar · Trample"},
		{"de", "Tramp", "term  Trampelschaden /de/glossary/trampelschaden", "Glossar"},
		{"ja", "trample", "term  トランプル /ja/glossary/%E3%83%88%E3%83%A9%E3%83%B3%E3%83%97%E3%83%AB", "用語集 · Trample"},
		{"en", "Trampel", "term  Trample /en/glossary/trample", "Glossary · Trampelschaden"},
		{"en", "トランプル", "term  Trample /en/glossary/trample", "Glossary · トランプル"},
	} {
		var out suggestAnswer
		apiGet(t, "/api/"+c.lang+"/suggest?q="+url.QueryEscape(c.q), http.StatusOK, &out)
		if len(out.Suggestions) == 0 {
			t.Errorf("%s %q: no completions", c.lang, c.q)
			continue
		}
		s := out.Suggestions[0]
		if got := s.Kind + " " + s.Number + " " + s.Label + " " + strings.TrimPrefix(s.URL, srv.URL); got != c.want || s.Detail != c.detail || s.Lang != c.lang {
			t.Errorf("%s %q: first %q (%q, %s), want %q (%q)", c.lang, c.q, got, s.Detail, s.Lang, c.want, c.detail)
		}
	}
}

// German and Japanese complete the numbers of rules only English has, as
// their pages show them (in English).
func TestSuggestFallbackNumbers(t *testing.T) {
	t.Parallel()
	h := editionsServer(t)
	for _, lang := range []string{"de", "ja"} {
		got := suggest(t, h, lang, "117.3e")
		if want := []string{"rule 117.3e 117.3e · Timing and Priority https://rules.test/" + lang + "/rules/117.3e"}; !slices.Equal(got, want) {
			t.Errorf("%s: %q", lang, got)
		}
		var out suggestAnswer
		apiDo(t, h, "/api/"+lang+"/suggest?q=124", http.StatusOK, &out)
		if len(out.Suggestions) != 3 || out.Suggestions[0].Lang != "en" || out.Suggestions[0].Label != "124. Brand-New Rules" {
			t.Errorf("%s 124: %+v", lang, out.Suggestions)
		}
	}
}

// BenchmarkSuggest answers a mix of completions through the echo handler,
// without the network, and reports the 50th and 99th percentile latency
// (target: p99 ≤ 5 ms). "uncached" turns the response cache off, so every
// request looks up and encodes its answer; "cached" is the site as it runs,
// where repeated queries come from the response cache.
func BenchmarkSuggest(b *testing.B) {
	queries := []string{"1", "11", "117", "117.3", "７０４．５", "CR 704.5a", "702.1", "p", "pri", "Priority", "tr", "trample", "combat d",
		"Schaden", "Prio", "kampf", "stap", "ス", "スタ", "ｽﾀｯｸ", "優先", "戦闘", "a", "the", "xyzzy", strings.Repeat("a", 100)}
	var reqs []*http.Request
	for _, q := range queries {
		for _, l := range langs.Default.Codes() {
			reqs = append(reqs, httptest.NewRequest(http.MethodGet, "/api/"+l+"/suggest?q="+url.QueryEscape(q), nil))
		}
	}
	uncached := testConfig(b, testLibrary(b))
	uncached.CacheBytes = 0
	testServer(b)
	for name, h := range map[string]http.Handler{"uncached": New(uncached), "cached": handler} {
		b.Run(name, func(b *testing.B) {
			times := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				req := reqs[i%len(reqs)]
				i++
				start := time.Now()
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				times = append(times, time.Since(start))
				if w.Code != http.StatusOK {
					b.Fatalf("%s: %d", req.URL, w.Code)
				}
			}
			slices.Sort(times)
			pct := func(p float64) float64 {
				return float64(times[int(p*float64(len(times)-1))]) / float64(time.Millisecond)
			}
			b.ReportMetric(pct(0.50), "p50-ms")
			b.ReportMetric(pct(0.99), "p99-ms")
		})
	}
}

// BenchmarkSuggestLookup is the lookup alone, without HTTP.
func BenchmarkSuggestLookup(b *testing.B) {
	testServer(b)
	cfg := testConfig(b, testLibrary(b))
	s := &Server{Config: cfg, langs: cfg.Library.Langs}
	ix := newSuggestIndex(s)
	queries := []string{"1", "117.3", "pri", "a", "tr", "ｽﾀ", "Schaden"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ix.langs[langs.Default.Codes()[i%3]].lookup(queries[i%len(queries)], maxSuggestions)
		i++
	}
}

// BenchmarkSuggestIndex builds the lookup of all three languages, as
// every start and reload does.
func BenchmarkSuggestIndex(b *testing.B) {
	cfg := testConfig(b, testLibrary(b))
	s := &Server{Config: cfg, langs: cfg.Library.Langs}
	b.ReportAllocs()
	for b.Loop() {
		newSuggestIndex(s)
	}
}

// Without JavaScript the search box is the plain form it always was; the
// script finds the suggestion endpoint and its localized announcements in
// the form's data attributes (no inline script: the CSP forbids it).
func TestSearchBoxMarkupForSuggestions(t *testing.T) {
	t.Parallel()
	many := map[string]string{
		"en": "{n} suggestions. Choose with the up and down arrow keys.",
		"de": "{n} Vorschläge. Mit den Pfeiltasten nach oben und unten auswählen.",
		"ja": "候補が{n}件あります。上下の矢印キーで選べます。",
	}
	for _, lang := range langs.Default.Codes() {
		r := get(t, "/"+lang+"/glossary")
		mustContain(t, lang+" search form", r.body,
			`method="get" action="/`+lang+`/search" data-suggest="/api/`+lang+`/suggest"`,
			`data-suggest-many="`+many[lang]+`"`,
			`<input id="q" type="search" name="q"`)
		if strings.Contains(r.body, "combobox") || strings.Contains(r.body, "<script>") {
			t.Errorf("%s: the combobox is in the markup, not added by the script", lang)
		}
	}
}
