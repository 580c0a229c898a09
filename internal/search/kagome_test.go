//go:build kagome

// Japanese analysis compared: bleve's cjk analyzer (bigrams, the default)
// against kagome's morphological analysis with the IPA dictionary, on the
// Japanese judgments. Run with:
//
//	go test -tags kagome -run TestJapaneseAnalyzers -bench Japanese -v ./internal/search/
package search

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/registry"
	"github.com/ikawaha/kagome-dict/ipa"
	"github.com/ikawaha/kagome/v2/tokenizer"

	"github.com/mtgrules/site/internal/langs"
)

const kagomeAnalyzer = "ja_kagome_ipa"

// kagomeTokenizer splits Japanese into morphemes (search mode), dropping
// punctuation and whitespace.
type kagomeTokenizer struct{ t *tokenizer.Tokenizer }

func (k kagomeTokenizer) Tokenize(input []byte) analysis.TokenStream {
	var out analysis.TokenStream
	pos := 1
	for _, tok := range k.t.Analyze(string(input), tokenizer.Search) {
		if strings.TrimFunc(tok.Surface, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) || unicode.IsSymbol(r) }) == "" {
			continue
		}
		start := tok.Position
		out = append(out, &analysis.Token{
			Term: []byte(tok.Surface), Start: start, End: start + len(tok.Surface),
			Position: pos, Type: analysis.Ideographic,
		})
		pos++
	}
	return out
}

func init() {
	registry.RegisterAnalyzer(kagomeAnalyzer, func(_ map[string]any, cache *registry.Cache) (analysis.Analyzer, error) {
		t, err := tokenizer.New(ipa.Dict(), tokenizer.OmitBosEos())
		if err != nil {
			return nil, err
		}
		width, err := cache.TokenFilterNamed(cjk.WidthName)
		if err != nil {
			return nil, err
		}
		lower, err := cache.TokenFilterNamed(lowercase.Name)
		if err != nil {
			return nil, err
		}
		return &analysis.DefaultAnalyzer{Tokenizer: kagomeTokenizer{t}, TokenFilters: []analysis.TokenFilter{width, lower}}, nil
	})
}

func TestJapaneseAnalyzers(t *testing.T) {
	t.Parallel()
	books := fixtureBooks(t)
	js := loadJudgments(t)
	for _, name := range []string{cjk.AnalyzerName, kagomeAnalyzer} {
		o := defaultOptions
		o.jaAnalyzer = name
		start := time.Now()
		ix, err := build(langs.Default, books, fixtureGlossary(t), o)
		if err != nil {
			t.Fatal(err)
		}
		built := time.Since(start)
		hits, total, misses := evalJudgments(t, ix, js)
		start = time.Now()
		const rounds = 200
		for range rounds {
			for _, j := range js {
				if j.lang == "ja" {
					ix.Search(Query{Text: j.query, Lang: "ja"})
				}
			}
		}
		per := time.Since(start) / time.Duration(rounds*total["ja"])
		t.Logf("%-14s ja %d/%d judgments in top 3; build %v; %v per query; misses %q", name, hits["ja"], total["ja"], built.Round(time.Millisecond), per, filterLang(misses, "ja"))
		ix.Close()
	}
}
