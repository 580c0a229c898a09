package search

import (
	"sort"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/langs"
)

// evalJudgments runs every judgment of the loaded languages and returns
// per-language hit counts and the misses.
func evalJudgments(t testing.TB, ix *Index, js []judgment) (hits, total map[string]int, misses []string) {
	t.Helper()
	hits, total = map[string]int{}, map[string]int{}
	loaded := map[string]bool{}
	for _, l := range ix.langs {
		loaded[l] = true
	}
	for _, j := range js {
		if !loaded[j.lang] {
			continue
		}
		res, err := ix.Search(Query{Text: j.query, Lang: j.lang, PerPage: 3})
		if err != nil {
			t.Fatalf("%s %q: %v", j.lang, j.query, err)
		}
		total[j.lang]++
		ok := false
		for _, key := range topNumbers(res.Hits, 3) {
			for _, e := range j.expected {
				ok = ok || matches(key, e)
			}
		}
		if ok {
			hits[j.lang]++
			continue
		}
		misses = append(misses, j.lang+" "+j.query+" → want "+strings.Join(j.expected, "|")+", top 3 "+strings.Join(topNumbers(res.Hits, 3), " "))
	}
	return hits, total, misses
}

func reportPrecision(t *testing.T, label string, hits, total map[string]int) {
	t.Helper()
	var langs []string
	for l := range total {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	for _, l := range langs {
		t.Logf("%s %s: %d/%d judgments with the expected rule in the top 3 (%.0f%%)", label, l, hits[l], total[l], 100*float64(hits[l])/float64(total[l]))
	}
}

func checkJudgments(t *testing.T, label string, ix *Index, minPerLang int) {
	js := loadJudgments(t)
	hits, total, misses := evalJudgments(t, ix, js)
	reportPrecision(t, label, hits, total)
	for l, n := range total {
		if n < minPerLang {
			t.Errorf("%s: only %d judgments (want at least %d)", l, n, minPerLang)
		}
	}
	for _, m := range misses {
		t.Logf("%s miss: %s", label, m)
	}
	for l, n := range total {
		if 10*hits[l] < 9*n {
			t.Errorf("%s %s: %d of %d judgments have an accepted answer in the top 3, want at least 90%%", label, l, hits[l], n)
		}
	}
}

// TestRelevance runs the judgment list (testdata/judgments.tsv) against
// the embedded three-language content: at least 30 queries per language,
// 90 % of them with an accepted answer in the top 3.
func TestRelevance(t *testing.T) {
	t.Parallel()
	checkJudgments(t, "content", fixture(t), 30)
}

// TestJudgmentsNameRealAnswers: every accepted answer is a rule or a
// glossary entry of that language's book (a typo in the list would
// otherwise only make a judgment impossible to pass).
func TestJudgmentsNameRealAnswers(t *testing.T) {
	t.Parallel()
	ix := fixture(t)
	for _, j := range loadJudgments(t) {
		b := ix.books[j.lang]
		for _, e := range j.expected {
			ok := false
			if slug, isTerm := strings.CutPrefix(e, "g:"); isTerm {
				for _, term := range b.Glossary {
					ok = ok || term.Slug == slug
				}
			} else {
				_, ok = b.Rule(e)
			}
			if !ok {
				t.Errorf("judgments.tsv:%d: %s %q expects %s, which the book lacks", j.line, j.lang, j.query, e)
			}
		}
	}
}

// TestDefaultCompoundModeFindsParts: with the default compound mode,
// "Schaden" finds Kampfschaden rules (510.x).
func TestDefaultCompoundModeFindsParts(t *testing.T) {
	t.Parallel()
	res, err := fixture(t).Search(Query{Text: "Schaden", Lang: "de", PerPage: 100})
	if err != nil {
		t.Fatal(err)
	}
	if schaden510(res) == 0 {
		t.Errorf("default compound mode: \"Schaden\" finds no Kampfschaden rule (510.x)")
	}
}

// schaden510 counts the hits in rule 510 (combat damage).
func schaden510(res *Result) int {
	found := 0
	for _, h := range res.Hits {
		if strings.HasPrefix(h.Number, "510") {
			found++
		}
	}
	return found
}

// BenchmarkCompoundModes measures the German compound approaches on the
// German judgments (logged, for the choice of defaultOptions): an index
// per mode, built once.
func BenchmarkCompoundModes(b *testing.B) {
	books := fixtureBooks(b)
	js := loadJudgments(b)
	for _, c := range []struct {
		name string
		mode compoundMode
	}{{"affix", compoundAffix}, {"dict", compoundDict}, {"none", compoundNone}} {
		o := defaultOptions
		o.compound = c.mode
		ix, err := build(langs.Default, books, fixtureGlossary(b), o)
		if err != nil {
			b.Fatal(err)
		}
		hits, total, misses := evalJudgments(b, ix, js)
		res, _ := ix.Search(Query{Text: "Schaden", Lang: "de", PerPage: 100})
		b.Logf("de compound %-5s: %d/%d judgments; \"Schaden\": %d hits, %d of them in 510; misses %q", c.name, hits["de"], total["de"], res.Total, schaden510(res), filterLang(misses, "de"))
		ix.Close()
	}
}

func filterLang(ms []string, lang string) []string {
	var out []string
	for _, m := range ms {
		if strings.HasPrefix(m, lang+" ") {
			out = append(out, m)
		}
	}
	return out
}

// BenchmarkScoringModels measures bleve's tf-idf and BM25 scoring per
// language on the judgments (logged, for the choice of
// defaultOptions.scoring).
func BenchmarkScoringModels(b *testing.B) {
	books := fixtureBooks(b)
	js := loadJudgments(b)
	for _, model := range []string{"", "bm25"} {
		o := defaultOptions
		o.scoring = map[langs.Analysis]string{langs.English: model, langs.German: model, langs.Japanese: model}
		ix, err := build(langs.Default, books, fixtureGlossary(b), o)
		if err != nil {
			b.Fatal(err)
		}
		hits, total, misses := evalJudgments(b, ix, js)
		name := model
		if name == "" {
			name = "tf-idf"
		}
		for _, l := range testLangs {
			b.Logf("%-6s %s: %d/%d judgments; misses %q", name, l, hits[l], total[l], filterLang(misses, l))
		}
		ix.Close()
	}
}
