package search

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library/librarytest"
	"github.com/mtgrules/site/rules"
)

const hostileRules = `Magic: The Gathering Comprehensive Rules

These rules are effective as of April 17, 2026.

1. Game Concepts

100. General <b>&amp;</b>

100.1. A rule whose text has <script>alert(1)</script> in it & "quotes" 'too'.

100.2. Comparisons: 3 < 4 and 5 > 2 when a player's priority <passes>.

Example: An example with <img src=x onerror=alert(1)> inside.

Glossary

Script Tag
A term with <script> in its definition.

Credits
`

func hostileIndex(t *testing.T) *Index {
	t.Helper()
	b, err := rules.Parse([]byte(hostileRules), "hostile.txt", "en", langs.Default.RulesWords())
	if err != nil {
		t.Fatal(err)
	}
	ix, err := Build(langs.Default, map[string]*rules.Book{"en": b}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

// markRe finds the highlight tags; after removing them no raw '<' may remain.
var markRe = regexp.MustCompile(`</?mark>`)

func checkSafe(t *testing.T, s string) {
	t.Helper()
	rest := markRe.ReplaceAllString(s, "")
	if strings.ContainsAny(rest, "<>\"'") {
		t.Errorf("snippet has unescaped markup: %q", s)
	}
	if strings.Count(s, "<mark>") != strings.Count(s, "</mark>") {
		t.Errorf("unbalanced marks: %q", s)
	}
}

func TestSnippetEscaping(t *testing.T) {
	t.Parallel()
	ix := hostileIndex(t)
	for _, q := range []string{"<script>alert(1)</script>", "script", "priority", "img onerror", "quotes", "3 < 4", "\"quotes\" & 'too'"} {
		res, err := ix.Search(Query{Text: q, Lang: "en"})
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if res.Total == 0 {
			t.Errorf("%q: no hits", q)
		}
		for _, h := range res.Hits {
			checkSafe(t, h.Snippet)
			if !strings.Contains(h.Snippet, "<mark>") {
				t.Errorf("%q: no highlight in %q", q, h.Snippet)
			}
		}
	}
	res, _ := ix.Search(Query{Text: "<script>alert(1)</script>", Lang: "en"})
	if res.Hits[0].Number != "100.1" {
		t.Fatalf("top hit %+v", res.Hits[0])
	}
	want := `A rule whose text has &lt;<mark>script</mark>&gt;<mark>alert</mark>(<mark>1</mark>)&lt;/<mark>script</mark>&gt; in it &amp; &#34;quotes&#34; &#39;too&#39;.`
	if got := res.Hits[0].Snippet; got != want {
		t.Errorf("snippet\n got %s\nwant %s", got, want)
	}
	// Unescaping the snippet without the marks gives the text back.
	if got := html.UnescapeString(markRe.ReplaceAllString(res.Hits[0].Snippet, "")); !strings.Contains(got, "<script>alert(1)</script>") {
		t.Errorf("round trip %q", got)
	}
}

func TestHostileInputs(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	inputs := []string{
		`"`, `"abc`, `+`, `-`, `+-`, `:`, `foo:`, `foo:(`, `x:>`, `~`, `~~`, `^`, `*`, `*schaden*`, `(`, `)`, `/[/`, `/.*/`,
		`\`, `C++`, `a:b`, `priority^100`, `text:priority`, `_id:r/117`, `prority~2`, `+priority -stack`,
		"\xff\xfe\xfd", "prio\xc3rity", "\x00\x01\x02", "\u200b\u200d", "　", "", "   ", "🂡🂱", "<script>alert(1)</script>",
		strings.Repeat("a", 10<<10), strings.Repeat("優先権 ", 3000), strings.Repeat("\xff", 10<<10), strings.Repeat("(", 10<<10),
		strings.Repeat("priority ", 2000),
	}
	for _, in := range inputs {
		for _, lang := range []string{"en", "de", "ja", "xx", ""} {
			for _, all := range []bool{false, true} {
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%q (%s, all=%v): panic %v", clip(in), lang, all, r)
						}
					}()
					res, err := ix.Search(Query{Text: in, Lang: lang, All: all, Page: -3, PerPage: -1})
					if err != nil {
						t.Errorf("%q (%s): error %v", clip(in), lang, err)
						return
					}
					if res.Hits == nil {
						t.Errorf("%q: nil Hits", clip(in))
					}
					for _, h := range res.Hits {
						checkSafe(t, h.Snippet)
					}
				}()
			}
		}
	}
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

func TestNoSearchableTerms(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	for _, in := range []string{"", "   ", "+-:~^*()", "the", "\xff", "!!!"} {
		res, err := ix.Search(Query{Text: in, Lang: "en"})
		if err != nil || res.Total != 0 || len(res.Hits) != 0 {
			t.Errorf("%q: %+v %v", in, res, err)
		}
	}
}

func TestTruncation(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	res, err := ix.Search(Query{Text: "priority " + strings.Repeat("x", 10<<10), Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Truncated {
		t.Error("10 KB query not marked Truncated")
	}
	res, _ = ix.Search(Query{Text: "priority", Lang: "en"})
	if res.Truncated {
		t.Error("short query marked Truncated")
	}
	s, tr := sanitize(strings.Repeat("優", MaxQueryRunes+5))
	if !tr || len([]rune(s)) != MaxQueryRunes {
		t.Errorf("sanitize kept %d runes, truncated=%v", len([]rune(s)), tr)
	}
	if s, _ := sanitize("a\xffb\x00c\u200bd  e"); s != "a b c d e" {
		t.Errorf("sanitize %q", s)
	}
}

func TestPaging(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	first, err := ix.Search(Query{Text: "player", Lang: "en", PerPage: 5})
	if err != nil {
		t.Fatal(err)
	}
	if first.Total <= 5 || len(first.Hits) != 5 || first.Page != 1 || first.Pages != (first.Total+4)/5 {
		t.Fatalf("first page: total %d hits %d page %d pages %d", first.Total, len(first.Hits), first.Page, first.Pages)
	}
	seen := map[string]bool{}
	n := 0
	for p := 1; p <= first.Pages; p++ {
		res, err := ix.Search(Query{Text: "player", Lang: "en", PerPage: 5, Page: p})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range res.Hits {
			k := h.Number + "/" + h.Slug
			if seen[k] {
				t.Errorf("page %d repeats %s", p, k)
			}
			seen[k] = true
			n++
		}
	}
	if n != first.Total {
		t.Errorf("paged through %d hits, total %d", n, first.Total)
	}
	for _, all := range []bool{false, true} {
		mode, err := ix.Search(Query{Text: "player", Lang: "en", All: all, PerPage: 5})
		if err != nil {
			t.Fatal(err)
		}
		for _, page := range []int{mode.Pages + 1, 1000, 1 << 30, int(^uint(0) >> 1)} {
			res, err := ix.Search(Query{Text: "player", Lang: "en", All: all, PerPage: 5, Page: page})
			if err != nil {
				t.Fatalf("page %d: %v", page, err)
			}
			if len(res.Hits) != 0 || res.Total == 0 || res.Hits == nil {
				t.Errorf("page %d (all=%v): %d hits, total %d", page, all, len(res.Hits), res.Total)
			}
		}
	}
	res, _ := ix.Search(Query{Text: "player", Lang: "en", PerPage: 1 << 20})
	if len(res.Hits) > MaxPerPage {
		t.Errorf("PerPage not capped: %d hits", len(res.Hits))
	}
}

func TestFuzzyAndSuggestions(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	res, _ := ix.Search(Query{Text: "priority", Lang: "en"})
	if res.Fuzzy || res.Total == 0 {
		t.Errorf("exact query: fuzzy=%v total=%d", res.Fuzzy, res.Total)
	}
	for _, c := range []struct{ lang, q string }{{"en", "prority"}, {"de", "Stapal"}, {"en", "tramlpe"}} {
		res, _ := ix.Search(Query{Text: c.q, Lang: c.lang})
		if !res.Fuzzy || res.Total == 0 {
			t.Errorf("%s %q: fuzzy=%v total=%d", c.lang, c.q, res.Fuzzy, res.Total)
		}
		marked := false
		for _, h := range res.Hits {
			marked = marked || strings.Contains(h.Snippet, "<mark>")
		}
		if res.Total > 0 && !marked {
			t.Errorf("%s %q: no fuzzy hit highlighted: %+v", c.lang, c.q, res.Hits)
		}
	}
	// Japanese has no typo tolerance: bigrams already match parts.
	res, _ = ix.Search(Query{Text: "優先楫", Lang: "ja"})
	if res.Fuzzy {
		t.Error("ja query marked fuzzy")
	}
	res, _ = ix.Search(Query{Text: "xyzzyplugh", Lang: "en"})
	if res.Total != 0 || len(res.Suggestions) != 0 {
		t.Errorf("nonsense: %+v", res)
	}
	res, _ = ix.Search(Query{Text: "zzemblemz", Lang: "en"})
	if res.Total != 0 {
		t.Fatalf("zzemblemz found %d", res.Total)
	}
	if len(res.Suggestions) == 0 || res.Suggestions[0] != "Emblem" {
		t.Errorf("suggestions for zzemblemz: %q", res.Suggestions)
	}
	res, _ = ix.Search(Query{Text: "Legendeenregeln", Lang: "de"})
	t.Logf("Legendeenregeln: total %d fuzzy %v suggestions %q", res.Total, res.Fuzzy, res.Suggestions)
}

func TestNumberQuery(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	for _, c := range []struct{ lang, q, want string }{
		{"en", "117.3a", "117.3a"}, {"en", "rule 704.5j", "704.5j"}, {"de", "Regel 510.2", "510.2"},
		{"ja", "１１７．３ａ", "117.3a"}, {"en", "510.4", "510.4"}, {"en", "117", "117"},
	} {
		res, err := ix.Search(Query{Text: c.q, Lang: c.lang})
		if err != nil || len(res.Hits) == 0 || res.Hits[0].Number != c.want {
			t.Errorf("%s %q: top %v, want %s (%v)", c.lang, c.q, topNumbers(res.Hits, 3), c.want, err)
		}
	}
}

func TestAllMode(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	// An English reader searching a German word finds the rule, titled in English.
	res, err := ix.Search(Query{Text: "ungeblockte", Lang: "en", All: true, PerPage: 50})
	if err != nil {
		t.Fatal(err)
	}
	if res.Total == 0 {
		t.Fatal("no hits")
	}
	seen := map[string]bool{}
	var rule *Hit
	for i, h := range res.Hits {
		key := h.Number
		if key == "" {
			key = h.Lang + "/g/" + h.Slug
		}
		if seen[key] {
			t.Errorf("duplicate hit %s", key)
		}
		seen[key] = true
		if rule == nil && strings.HasPrefix(h.Number, "510") {
			rule = &res.Hits[i]
		}
		checkSafe(t, h.Snippet)
	}
	if rule == nil {
		t.Fatalf("no 510 hit: %v", topNumbers(res.Hits, 10))
	}
	if rule.Title != "Combat Damage Step" || rule.Lang != "de" || !strings.Contains(rule.Snippet, "<mark>ungeblockte") {
		t.Errorf("510 hit %+v", *rule)
	}
	// A German glossary name is read as the English one: the rules it
	// finds are shown in English.
	res, _ = ix.Search(Query{Text: "Kampfschaden", Lang: "en", All: true})
	for _, h := range res.Hits {
		if h.Number != "" && (h.Lang != "en" || !strings.HasPrefix(h.Number, "510")) {
			t.Errorf("Kampfschaden in All mode: first rule %s in %s, want 510 in English", h.Number, h.Lang)
		}
		if h.Number != "" {
			break
		}
	}
	// The same word in the reader's own language is shown in that language.
	res, _ = ix.Search(Query{Text: "stack", Lang: "en", All: true})
	if len(res.Hits) == 0 || res.Hits[0].Lang != "en" {
		t.Errorf("stack in All mode: %+v", res.Hits)
	}
	// A Japanese reader searching in Japanese and German at once.
	res, _ = ix.Search(Query{Text: "優先権", Lang: "ja", All: true})
	if len(res.Hits) == 0 || !strings.HasPrefix(topNumbers(res.Hits, 1)[0], "117") && res.Hits[0].Number != "" {
		t.Errorf("優先権 in All mode: %v", topNumbers(res.Hits, 5))
	}
	for _, h := range res.Hits {
		if h.Number != "" && h.Lang != "ja" {
			t.Errorf("rule %s shown in %s although Japanese matched", h.Number, h.Lang)
		}
	}
	// Rule numbers are deduplicated across the three languages.
	one, _ := ix.Search(Query{Text: "704.5a", Lang: "de", All: true})
	if len(one.Hits) == 0 || one.Hits[0].Number != "704.5a" || one.Hits[0].Lang != "de" || one.Hits[0].Title != "Zustandsbasierte Aktionen" {
		t.Errorf("704.5a in All mode: %+v", one.Hits)
	}
	n := 0
	for _, h := range one.Hits {
		if h.Number == "704.5a" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("704.5a listed %d times", n)
	}
}

func TestGermanCompoundHighlight(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	res, _ := ix.Search(Query{Text: "Schaden gleichzeitig zugeteilt", Lang: "de"})
	if len(res.Hits) == 0 || res.Hits[0].Number != "510.2" {
		t.Fatalf("top %v", topNumbers(res.Hits, 3))
	}
	if want := "Als Zweites wird aller <mark>zugeteilte</mark> <mark>Kampfschaden</mark> <mark>gleichzeitig</mark> zugefügt. Diese zugbasierte Aktion benutzt den Stapel nicht. Zwischen dem Zuteilen und dem Zufügen des <mark>Kampfschadens</mark> hat kein Spieler Gelegenheit,…"; res.Hits[0].Snippet != want {
		t.Errorf("snippet %q", res.Hits[0].Snippet)
	}
	res, _ = ix.Search(Query{Text: "優先権", Lang: "ja"})
	if len(res.Hits) == 0 || !strings.Contains(res.Hits[0].Snippet, "<mark>優先権</mark>") {
		t.Errorf("ja snippet %v", res.Hits)
	}
	// 優先権 must not match 優先 alone (AND over bigrams).
	for _, h := range res.Hits {
		if strings.Contains(h.Snippet, "<mark>優先</mark>") {
			t.Errorf("partial bigram highlighted: %q", h.Snippet)
		}
	}
}

func TestSnippetWindow(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("filler words here ", 40) + "the needle word " + strings.Repeat("more filler text ", 40)
	ix := fixture(t)
	li := ix.li["en"]
	s := li.snippet(long, newMatcher(li.analyze("needle"), false, false))
	if !strings.HasPrefix(s, "…") || !strings.HasSuffix(s, "…") || !strings.Contains(s, "<mark>needle</mark>") {
		t.Errorf("window %q", s)
	}
	if n := len([]rune(markRe.ReplaceAllString(s, ""))); n > snippetRunes+2 {
		t.Errorf("snippet %d runes", n)
	}
}

func TestBuildErrors(t *testing.T) {
	t.Parallel()
	if _, err := Build(langs.Default, nil, nil); err == nil {
		t.Error("Build(langs.Default, nil, nil) succeeded")
	}
}

// TestUntranslatedRulesFoundInEnglish: rules an official English file has
// and the German and Japanese books lack are searched in English from
// /de/ and /ja/ and marked; rules both books have are never shown twice.
func TestUntranslatedRulesFoundInEnglish(t *testing.T) {
	t.Parallel()
	books := fixtureBooks(t)
	extra := librarytest.WithRule124(librarytest.Text(t, "en"), "\n124. Brand-New Rules\n\n124.1. A zebrafish rule only the English file has.\n\n124.2. It mentions Priorität, a German word.\n")
	var err error
	if books["en"], err = rules.Parse([]byte(extra), "en.txt", "en", langs.Default.RulesWords()); err != nil {
		t.Fatal(err)
	}
	ix, err := Build(langs.Default, books, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	for _, lang := range []string{"de", "ja"} {
		res, err := ix.Search(Query{Text: "zebrafish", Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		want := Hit{Lang: "en", Number: "124.1", Title: "Brand-New Rules", Untranslated: true, TitleLang: "en",
			Snippet: "A <mark>zebrafish</mark> rule only the English file has."}
		if res.Total != 1 || len(res.Hits) != 1 || res.Hits[0] != want {
			t.Errorf("%s zebrafish: total %d, hits %+v", lang, res.Total, res.Hits)
		}
	}
	// English finds it as its own rule, unmarked.
	res, _ := ix.Search(Query{Text: "zebrafish", Lang: "en"})
	if len(res.Hits) != 1 || res.Hits[0].Untranslated {
		t.Errorf("en zebrafish: %+v", res.Hits)
	}
	// An English word that German rules lack only matches untranslated rules.
	res, _ = ix.Search(Query{Text: "priority", Lang: "de", PerPage: 100})
	for _, h := range res.Hits {
		if h.Lang != "de" && !(h.Untranslated && strings.HasPrefix(h.Number, "124")) {
			t.Errorf("de priority: %+v", h)
		}
	}
	// German hits keep their ranking (the entry the query names, then rule
	// 117); the merged pages are complete and never repeat a hit.
	res, _ = ix.Search(Query{Text: "Priorität", Lang: "de"})
	if top := topNumbers(res.Hits, 2); len(top) < 2 || top[0] != "g:priorität" || !strings.HasPrefix(top[1], "117") || res.Hits[0].Lang != "de" {
		t.Errorf("de Priorität: %v", topNumbers(res.Hits, 3))
	}
	own, _ := ix.Search(Query{Text: "Priorität", Lang: "de", PerPage: 100})
	seen, english := map[string]bool{}, 0
	for page := 1; page <= res.Pages; page++ {
		p, _ := ix.Search(Query{Text: "Priorität", Lang: "de", Page: page})
		if p.Total != res.Total {
			t.Fatalf("page %d: total %d, first page said %d", page, p.Total, res.Total)
		}
		for _, h := range p.Hits {
			key := h.Number + h.Slug // one of them is empty
			if seen[key] {
				t.Errorf("page %d repeats %s", page, key)
			}
			seen[key] = true
			if h.Lang == "en" {
				english++
			}
		}
	}
	if len(seen) != res.Total || english != 1 || !seen["124.2"] || len(own.Hits) != min(res.Total, MaxPerPage) {
		t.Errorf("de Priorität pages: %d distinct hits, %d English, total %d", len(seen), english, res.Total)
	}
}

// TestTheNamedEntryComesFirst: a query that is a glossary term or a
// rule's heading, written in any case, width or with other separators,
// finds what it names first: the entry, or the rules under that heading.
func TestTheNamedEntryComesFirst(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	for _, c := range []struct {
		lang, q string
		want    []string // the first hit is one of these, or a subrule of a rule among them
	}{
		{"en", "legend rule", []string{"g:legend-rule"}},
		{"en", "Legend-Rule", []string{"g:legend-rule"}},
		{"de", "legendenregel", []string{"g:legendenregel"}},
		{"ja", "ﾚｼﾞｪﾝﾄﾞﾙｰﾙ", []string{"g:レジェンド-ルール"}},
		{"ja", "トランプル", []string{"g:トランプル", "702.19"}},
		{"de", "Trampelschaden", []string{"g:trampelschaden", "702.19"}},
		{"en", "Timing and Priority", []string{"117"}},
	} {
		res, err := ix.Search(Query{Text: c.q, Lang: c.lang})
		if err != nil {
			t.Fatal(err)
		}
		top := topNumbers(res.Hits, 1)
		if len(top) == 0 || !slices.ContainsFunc(c.want, func(w string) bool { return matches(top[0], w) }) {
			t.Errorf("%s %q: top %v, want one of %v", c.lang, c.q, topNumbers(res.Hits, 3), c.want)
		}
	}
}
