package search

import (
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/langs"
)

// queryTerms returns the terms of parse(text).
func (li *langIndex) queryTerms(text string) []string { return li.parse(text).terms }

// TestQuestionWordsDropped: question words, their typos and (Japanese)
// particles are not required words; a query of nothing else is searched
// as typed.
func TestQuestionWordsDropped(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	for _, c := range []struct {
		lang, q string
		want    []string
	}{
		{"en", "who gets priority after a spell resolves", []string{"get", "prioriti", "spell", "resolv"}},
		{"en", "can a player respond to a triggered ability", []string{"player", "respond", "trigger", "abil"}},
		{"en", "wat hapens when a creture has lethal damage", []string{"cretur", "lethal", "damag"}},
		{"en", "whats the maximum hand size?", []string{"maximum", "hand", "size"}},
		{"en", "can", []string{"can"}},
		{"de", "Wer bekommt Priorität, nachdem ein Zauberspruch verrechnet wurde?", []string{"bekommt", "prioritat", "zauberspruch", "verrechnet", "wurd"}},
		{"de", "was pasiert wenn eine Kreatur tödlichen Schaden hat", []string{"kreatur", "todlich", "schad"}},
		{"de", "Kann der Spieler das?", []string{"spiel"}},
		{"ja", "対象が不正になった呪文はどうなる", []string{"対象", "不正", "呪文"}},
		{"ja", "対象が不正になった呪文わどうなる", []string{"対象", "不正", "呪文"}},
		{"ja", "ソーサリーはいつ唱えられる", []string{"ソー", "ーサ", "サリ", "リー", "唱え"}},
		{"ja", "優先権", []string{"優先", "先権"}},
		{"ja", "どうなる", []string{"どう", "うな", "なる"}},
	} {
		if got := ix.li[c.lang].queryTerms(c.q); !slices.Equal(got, c.want) {
			t.Errorf("%s %q: terms %q, want %q", c.lang, c.q, got, c.want)
		}
	}
}

func TestStripJapanese(t *testing.T) {
	t.Parallel()
	ja := newJaQuestions(langs.Default.Get("ja").QuestionWords)
	for in, want := range map[string]string{
		"対象が不正になった呪文はどうなる": "対象 不正 呪文",
		"ライフが0になったらどうなる":   "ライフ 0",
		"呪文を唱えるときに何が起こる":   "呪文 唱える",
		"異なる": "異な",
		"ダメージはいつ取り除かれるの":     "ダメージ 取り除か",
		"1ターンに土地を2枚プレイできますか": "1ターン 土地 2枚プレイ",
		"マナ・プール":             "マナ・プール",
		"誰が優先権を得るの":          "優先権 得る",
		"すでに":                "すでに",
		"すでにスタックにある":         "すでにスタック",
		"飛行を持たないクリーチャーは飛行クリーチャーをブロックできる？": "飛行 持たないクリーチャー 飛行クリーチャー ブロック ？",
	} {
		if got := ja.strip(in); got != want {
			t.Errorf("strip(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMergedRanking: the hits with every word come first (Result.AllWords
// of them), then the ones with some of the words, in one ranking.
func TestMergedRanking(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	for _, c := range []struct{ lang, q string }{
		{"en", "who gets priority after a spell resolves"},
		{"en", "combat damage"},
		{"de", "wer bekommt Priorität nachdem ein Zauberspruch verrechnet wurde"},
		{"ja", "対象が不正になった呪文はどうなる"},
	} {
		li := ix.li[c.lang]
		res, err := ix.Search(Query{Text: c.q, Lang: c.lang, PerPage: MaxPerPage})
		if err != nil {
			t.Fatal(err)
		}
		if res.AllWords == 0 || res.AllWords >= res.Total || res.Fuzzy {
			t.Fatalf("%s %q: %d hits, %d with every word, fuzzy %v", c.lang, c.q, res.Total, res.AllWords, res.Fuzzy)
		}
		terms := li.queryTerms(c.q)
		for i, h := range res.Hits {
			id := "r/" + h.Number
			if h.Number == "" {
				id = "g/" + h.Slug
			}
			d := li.docs[id]
			have := map[string]bool{}
			for _, tok := range li.analyzer.Analyze([]byte(d.text + " " + d.title)) {
				have[string(tok.Term)] = true
			}
			n := 0
			for _, term := range terms {
				if have[term] || slices.ContainsFunc(li.synonyms[term], func(s string) bool { return have[s] }) {
					n++
				}
			}
			if all := n == len(terms); all != (i < res.AllWords) {
				t.Errorf("%s %q: hit %d (%s) has %d of %d words, %d hits have every word", c.lang, c.q, i, id, n, len(terms), res.AllWords)
			}
			if 2*n < len(terms) {
				t.Errorf("%s %q: hit %d (%s) has %d of %d words", c.lang, c.q, i, id, n, len(terms))
			}
		}
	}
	// Typos only where no text has the word; the notice says so.
	res, _ := ix.Search(Query{Text: "wat hapens when a creture has lethal damage", Lang: "en"})
	if !res.Fuzzy || res.AllWords != 0 || res.Total == 0 {
		t.Errorf("typo question: %d hits, %d with every word, fuzzy %v", res.Total, res.AllWords, res.Fuzzy)
	}
}

// TestMergedPaging: pages over the merged ranking follow one order, with
// neither repeats nor gaps, in one language, with the rules another
// language's book lacks (see TestUntranslatedRulesFoundInEnglish) and
// across languages.
func TestMergedPaging(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	for _, q := range []Query{
		{Text: "what happens if a spells target is gone", Lang: "en"},
		{Text: "wat hapens when a creture has lethal damage", Lang: "en"},
		{Text: "対象が不正になった呪文はどうなる", Lang: "ja"},
		{Text: "優先県はいつ得る", Lang: "ja"},
		{Text: "kann ein Spieler auf eine ausgelöste Fähigkeit reagieren", Lang: "de", All: true},
		{Text: "mana pool empties", Lang: "ja", All: true},
	} {
		checkPages(t, ix, q, 7)
	}
}

// checkPages pages through q, perPage hits a page, and compares the pages
// with one page of all hits.
func checkPages(t *testing.T, ix *Index, q Query, perPage int) {
	t.Helper()
	key := func(h Hit) string {
		if h.Number != "" {
			return h.Number
		}
		return h.Lang + "/g/" + h.Slug
	}
	// All hits, MaxPerPage a page.
	var whole Result
	for p := 1; ; p++ {
		q.Page, q.PerPage = p, MaxPerPage
		res, err := ix.Search(q)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 {
			break
		}
		whole.Total, whole.AllWords, whole.Fuzzy = res.Total, res.AllWords, res.Fuzzy
		whole.Hits = append(whole.Hits, res.Hits...)
	}
	if whole.Total <= perPage || len(whole.Hits) != whole.Total {
		t.Fatalf("%q: %d hits, total %d; pick a query with more than %d", q.Text, len(whole.Hits), whole.Total, perPage)
	}
	q.PerPage = perPage
	var paged []string
	seen := map[string]bool{}
	for p := 1; ; p++ {
		q.Page = p
		res, err := ix.Search(q)
		if err != nil {
			t.Fatal(err)
		}
		if res.Total != whole.Total || res.AllWords != whole.AllWords || res.Fuzzy != whole.Fuzzy {
			t.Fatalf("%q page %d: total %d, all words %d, fuzzy %v; one page said %d, %d, %v", q.Text, p, res.Total, res.AllWords, res.Fuzzy, whole.Total, whole.AllWords, whole.Fuzzy)
		}
		if len(res.Hits) == 0 {
			break
		}
		for _, h := range res.Hits {
			if seen[key(h)] {
				t.Errorf("%q page %d repeats %s", q.Text, p, key(h))
			}
			seen[key(h)] = true
			paged = append(paged, key(h))
		}
	}
	var one []string
	for _, h := range whole.Hits {
		one = append(one, key(h))
	}
	if !slices.Equal(paged, one) {
		t.Errorf("%q (all=%v): pages\n%s\none page\n%s", q.Text, q.All, strings.Join(paged, " "), strings.Join(one, " "))
	}
}

// TestFuzzyTermsCapped: a long query matches at most maxFuzzyTerms of its
// words with typos, each as at most maxTypos words.
func TestFuzzyTermsCapped(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	for _, c := range []struct{ lang, q string }{
		{"en", madeUpQuery("en", 1)},
		{"de", madeUpQuery("de", 1)},
		{"en", "prority tramplle deathtuch graveyrd creatre blokcer atacker manna libary artifakt"},
		{"de", "Prioritet Trampelschadn Friedhoff Kreatuhr Zauberspruc Bibliotek Artefackt Spielstien"},
	} {
		p, ok := newPlan(ix.li[c.lang], c.q, "", "")
		if !ok || len(p.terms) <= maxFuzzyTerms || len(p.typos) > maxFuzzyTerms {
			t.Errorf("%s %q: %d terms, %d with typos", c.lang, c.q, len(p.terms), len(p.typos))
		}
		for term, ty := range p.typos {
			if len(ty) == 0 || len(ty) > maxTypos {
				t.Errorf("%s %q: %q stands for %d words", c.lang, c.q, term, len(ty))
			}
		}
		if !strings.Contains(c.q, " ") || c.q == madeUpQuery(c.lang, 1) {
			continue
		}
		if len(p.typos) != maxFuzzyTerms {
			t.Errorf("%s %q: %d words with typos, want %d", c.lang, c.q, len(p.typos), maxFuzzyTerms)
		}
	}
}
