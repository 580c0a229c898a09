package search

import (
	"slices"
	"strings"
	"testing"
)

// rank returns the place (0-based) of key among the numbers of the first
// n hits of q, or n when it is not among them.
func rank(t *testing.T, ix *Index, lang, q, key string, n int) int {
	t.Helper()
	res, err := ix.Search(Query{Text: q, Lang: lang, PerPage: n})
	if err != nil {
		t.Fatal(err)
	}
	if i := slices.Index(topNumbers(res.Hits, n), key); i >= 0 {
		return i
	}
	return n
}

// TestKeywordNamesInOtherLanguages: a glossary name of another language
// finds the entry in the reader's language (issue 25, 1); the hits stay
// in the reader's language and ReadAs says what was searched.
func TestKeywordNamesInOtherLanguages(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	for _, c := range []struct{ lang, q, readAs, want string }{
		{"de", "trample", "Trampelschaden", "g:trampelschaden"},
		{"de", "Trample", "Trampelschaden", "702.19"},
		{"ja", "trample", "トランプル", "g:トランプル"},
		{"ja", "Trampelschaden", "トランプル", "702.19"},
		{"en", "Trampelschaden", "Trample", "g:trample"},
		{"en", "トランプル", "Trample", "702.19"},
		{"de", "was macht first strike", "was macht Erstschlag", "g:erstschlag"},
		{"de", "trample over planeswalkers", "Trampelschaden bei Planeswalkern", "g:trampelschaden-bei-planeswalkern"},
	} {
		res, err := ix.Search(Query{Text: c.q, Lang: c.lang, PerPage: 5})
		if err != nil {
			t.Fatal(err)
		}
		if res.ReadAs != c.readAs {
			t.Errorf("%s %q: ReadAs %q, want %q", c.lang, c.q, res.ReadAs, c.readAs)
		}
		top := topNumbers(res.Hits, 5)
		if !slices.Contains(top, c.want) {
			t.Errorf("%s %q: top 5 %v lack %s", c.lang, c.q, top, c.want)
		}
		for _, h := range res.Hits {
			if h.Lang != c.lang {
				t.Errorf("%s %q: hit %s/%s%s is in %s", c.lang, c.q, h.Lang, h.Number, h.Slug, h.Lang)
			}
		}
	}
	// A word of the reader's own language stays as typed, even when
	// another language's glossary spells a name so.
	for _, c := range []struct{ lang, q string }{{"de", "dies"}, {"en", "Mulligan"}, {"de", "Mana"}, {"en", "priority"}} {
		res, err := ix.Search(Query{Text: c.q, Lang: c.lang})
		if err != nil {
			t.Fatal(err)
		}
		if res.ReadAs != "" {
			t.Errorf("%s %q: read as %q, want as typed", c.lang, c.q, res.ReadAs)
		}
	}
}

// TestRankingCases are the rankings issue 25 (9) found wrong.
func TestRankingCases(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	// A keyword's first subrules (what it is, what it does) before its
	// special cases.
	g := rank(t, ix, "en", "trample", "702.19g", 20)
	for _, k := range []string{"702.19a", "702.19b"} {
		if r := rank(t, ix, "en", "trample", k, 20); r >= g {
			t.Errorf("trample: %s at %d, not above 702.19g at %d", k, r, g)
		}
	}
	// Passing priority, not passing booster packs.
	res, err := ix.Search(Query{Text: "what happens when both players pass", Lang: "en", PerPage: 5})
	if err != nil {
		t.Fatal(err)
	}
	top := topNumbers(res.Hits, 5)
	for _, k := range top {
		if strings.HasPrefix(k, "90") {
			t.Errorf("both players pass: a draft or variant rule %s in the top 5 %v", k, top)
		}
	}
	if r := rank(t, ix, "en", "what happens when both players pass", "117.4", 3); r == 3 {
		t.Errorf("both players pass: 117.4 not in the top 3 %v", top)
	}
	if r := rank(t, ix, "ja", "両方のプレイヤーがパスしたら", "117.4", 3); r == 3 {
		t.Errorf("両方のプレイヤーがパスしたら: 117.4 not in the top 3")
	}
	// "Kampf" is combat; "Kämpfen" (fight) shares its stem.
	res, err = ix.Search(Query{Text: "Kampf", Lang: "de", PerPage: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range topNumbers(res.Hits, 3) {
		if strings.HasPrefix(k, "701.14") || k == "g:kämpfen" {
			t.Errorf("Kampf: fight (%s) in the top 3 %v", k, topNumbers(res.Hits, 3))
		}
	}
	if r := rank(t, ix, "de", "Kämpfen", "701.14", 3); r == 3 {
		t.Errorf("Kämpfen: 701.14 not in the top 3")
	}
}
