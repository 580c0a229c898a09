// Package search is the full-text search over the rule books of every
// loaded language: an in-memory bleve index of every rule paragraph and
// glossary entry, language-aware analysis (English stemming, German
// normalising, stemming and compound matching, Japanese bigrams), questions
// as people type them (question words and particles are not required),
// one ranking of all-word, typo and partial matches, typo tolerance,
// cross-language search and HTML-safe highlighted snippets.
//
// Queries are always built from Term/Phrase/Boolean queries on named
// fields; user input is never parsed with bleve's query-string syntax.
package search

import (
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/compound"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/analysis/tokenmap"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

// Field names inside every language's index.
const (
	fieldText   = "text"   // rule text and examples, or a glossary definition
	fieldTitle  = "title"  // the rule's nearest heading ("Trample"), or the glossary term
	fieldTextC  = "textc"  // German: text with compound parts (see compoundMode)
	fieldTitleC = "titlec" // German: title with compound parts
	fieldNumber = "number" // rule number as a keyword ("117.3a")
	fieldName   = "name"   // the title folded as a keyword (see foldName): what the doc is called
	fieldTitleX = "titlex" // German: title words as written, lower-cased (see exactAnalyzer)
	// fieldLacking lists, on a fallback-language rule, the languages whose
	// books lack it ("de", "ja"): their searches include it (see Search).
	fieldLacking = "lacking"
)

// compoundMode selects how German compounds are made findable by their
// parts ("Schaden" → "Kampfschaden").
type compoundMode int

const (
	// compoundAffix indexes, in a subfield, every prefix and suffix of at
	// least affixMin letters of each stemmed word (an edge n-gram from both
	// ends). German compounds put the head last, so the suffix finds
	// "Kampfschaden" for "Schaden" and the prefix finds it for "Kampf".
	compoundAffix compoundMode = iota
	// compoundDict runs bleve's dictionary compound filter in a subfield
	// with a dictionary built from the corpus' own words.
	compoundDict
	// compoundNone indexes German words whole only.
	compoundNone
)

// options are the analysis choices; Build uses defaultOptions. Benchmarks
// compare the alternatives (BenchmarkCompoundModes, BenchmarkBuild*):
// the dictionary compound filter finds parts anywhere in a compound
// ("Schaden" in "Kampfschadenssegment", which the affix subfield misses)
// and builds faster (≈0.48 s vs ≈0.83 s for the three-language corpus).
type options struct {
	compound   compoundMode
	jaAnalyzer string // a registered bleve analyzer name for Japanese
	upsidedown bool   // bleve.NewMemOnly (upsidedown + gtreap) instead of in-memory scorch
	// scoring is bleve's scoring model per analysis: "" (tf-idf) or
	// "bm25" (see defaultOptions).
	scoring map[langs.Analysis]string
}

// Japanese uses bleve's cjk analyzer (width folding, bigrams). Measured
// against kagome's morphological analysis with the IPA dictionary on the
// Japanese judgments (kagome_test.go, `-tags kagome`): on the first 16
// (names and terms) cjk found 16 in the top 3, kagome 15 (it splits
// "マナプール" differently from "マナ・プール"); on the 39 with questions,
// cjk 37 and kagome 32, 1.7 ms against 3.1 ms per query, and the
// three-language build 2.0 s against 2.5 s (dictionary load) on 2 cores.
//
// English ranks with BM25 (BenchmarkScoringModels): questions as people type
// them share few words with their answer, and BM25's length normalisation
// (bleve estimates the average length from the field's vocabulary, which
// makes it strong) puts the short rule that states the answer before long
// ones that mention the words: 39 of the 41 English judgments in the top 3
// against 34 with tf-idf. German (34 against 35 of 37; "Schaden
// gleichzeitig zugeteilt" would rank 703.4m before 510.2) and Japanese (33
// against 37 of 39) keep tf-idf. In All mode, hits of one tier from
// different languages are ordered by their scores, which were never on
// one scale across languages (each has its own term statistics).
var defaultOptions = options{compound: compoundDict, jaAnalyzer: cjk.AnalyzerName, scoring: map[langs.Analysis]string{langs.English: "bm25"}}

// newMemIndex creates a memory-only index: scorch with no path (nothing
// is persisted; measured about 3× faster to build than bleve.NewMemOnly's
// upsidedown/gtreap store), or NewMemOnly itself.
func newMemIndex(m mapping.IndexMapping, o options) (bleve.Index, error) {
	if o.upsidedown {
		return bleve.NewMemOnly(m)
	}
	return bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
}

// Index is the search index over every loaded language. It is safe for
// concurrent use by multiple goroutines.
type Index struct {
	table    *langs.Table // reads the rule numbers queries name
	langs    []string     // loaded languages, sorted
	fallback string       // the language whose rules stand in for those another book lacks
	books    map[string]*rules.Book
	li       map[string]*langIndex
	// lacks marks the languages whose books lack rules the fallback
	// language's book has.
	lacks map[string]bool
	// slots lets as many searches run as there are CPUs; the others wait
	// in line, so a busy server answers in turn instead of all at once
	// and slowly.
	slots chan struct{}
}

// langIndex is one language's bleve index and what Search needs beside it.
type langIndex struct {
	lang     string
	analysis langs.Analysis
	idx      bleve.Index
	analyzer analysis.Analyzer // the text field's analyzer: queries and highlighting
	docs     map[string]*doc   // by document ID
	compound bool              // German compound subfields exist
	exact    bool              // the German title's words-as-written subfield exists
	fuzzy    bool              // typo tolerance applies (alphabetic scripts)
	suggest  []suggestTerm     // glossary term names, for suggestions
	// known holds every term of the text and title fields (and the German
	// compound subfields): a query word outside it is a typo, or a bigram
	// no text has (see plan).
	known map[string]bool
	// vocab lists the terms of the text and title fields by length in
	// runes: the candidates a mistyped word may stand for (see typos).
	vocab map[int][]vocabTerm
	// question holds the analysed question words (langs.Lang's
	// QuestionWords), ja the Japanese ones.
	question map[string]bool
	ja       jaQuestions
	stop     []string // stop and question words as typed (see nearStopWord)
	// synonyms maps an analysed word to the analysed words the rules use
	// for it (langs.Lang's Synonyms).
	synonyms map[string][]string
	// foreign maps the other languages' glossary names to this
	// language's (see translateNames).
	foreign foreignNames
}

// doc is what a hit shows; bleve stores nothing.
type doc struct {
	number string // rule number, "" for a glossary entry
	slug   string // glossary slug, "" for a rule
	title  string
	text   string
}

// Build indexes every rule paragraph (its text, examples and the title of
// its top-level rule, plus the number as a keyword) and every glossary
// entry of every book, keyed by language, one of t's. Each language gets
// its own in-memory index with its table row's analysis; the languages
// are indexed concurrently. Rules the table's fallback language has and
// another book lacks are searched in the fallback's text.
// g pairs the glossary's names across languages: a query may name an entry
// in any of them (see translateNames).
func Build(t *langs.Table, books map[string]*rules.Book, g Glossary) (*Index, error) {
	return build(t, books, g, defaultOptions)
}

func build(t *langs.Table, books map[string]*rules.Book, g Glossary, o options) (*Index, error) {
	ix := &Index{table: t, fallback: t.Fallback().Code, books: map[string]*rules.Book{}, li: map[string]*langIndex{}, lacks: map[string]bool{}, slots: make(chan struct{}, runtime.GOMAXPROCS(0))}
	for lang, b := range books {
		if b == nil {
			continue
		}
		if !t.Has(lang) {
			return nil, fmt.Errorf("search: %s is not one of the languages", lang)
		}
		ix.langs = append(ix.langs, lang)
		ix.books[lang] = b
	}
	if len(ix.langs) == 0 {
		return nil, fmt.Errorf("search: no books to index")
	}
	sort.Strings(ix.langs)
	lacking := ix.lackingRules()
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	for _, lang := range ix.langs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lack map[string][]string
			if lang == ix.fallback {
				lack = lacking
			}
			li, err := buildLang(t.Get(lang), ix.books[lang], lack, o)
			if li != nil {
				li.foreign = newForeignNames(g, lang)
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, fmt.Errorf("search: indexing %s: %w", lang, err))
				return
			}
			ix.li[lang] = li
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		ix.Close()
		return nil, errs[0]
	}
	return ix, nil
}

// lackingRules maps each rule number of the fallback language's book to
// the languages whose books lack it, and notes which languages lack any.
func (ix *Index) lackingRules() map[string][]string {
	ref, ok := ix.books[ix.fallback]
	if !ok {
		return nil
	}
	out := map[string][]string{}
	for _, lang := range ix.langs {
		if lang == ix.fallback {
			continue
		}
		for _, r := range ref.Rules() {
			if _, has := ix.books[lang].Rule(r.Number); !has {
				out[r.Number] = append(out[r.Number], lang)
				ix.lacks[lang] = true
			}
		}
	}
	return out
}

// Close releases the indexes.
func (ix *Index) Close() error {
	var first error
	for _, li := range ix.li {
		if err := li.idx.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// analyzerFor names the text analyzer of an analysis; Standard is
// bleve's standard analyzer (lower-casing, no stemming).
func analyzerFor(a langs.Analysis, o options) string {
	switch a {
	case langs.English:
		return en.AnalyzerName
	case langs.German:
		return de.AnalyzerName
	case langs.Japanese:
		return o.jaAnalyzer
	}
	return "standard"
}

// buildLang indexes the book of language l; lacking maps a rule number to
// the languages whose books lack it (only for the fallback language).
func buildLang(l *langs.Lang, b *rules.Book, lacking map[string][]string, o options) (*langIndex, error) {
	a := l.Search
	li := &langIndex{lang: l.Code, analysis: a, docs: map[string]*doc{}}
	li.compound = a == langs.German && o.compound != compoundNone
	li.exact = a == langs.German
	li.fuzzy = a != langs.Japanese

	type entry struct {
		id     string
		fields map[string]any
	}
	var entries []entry
	for _, r := range b.Rules() {
		text := r.Text
		if len(r.Examples) > 0 {
			text += " " + strings.Join(r.Examples, " ")
		}
		d := &doc{number: r.Number, title: r.Heading(), text: text}
		id := "r/" + r.Number
		li.docs[id] = d
		fields := map[string]any{fieldText: d.text, fieldTitle: d.title, fieldNumber: d.number}
		if leads(r) {
			fields[fieldName] = foldName(d.title)
		}
		if lacks := lacking[r.Number]; len(lacks) > 0 {
			fields[fieldLacking] = lacks
		}
		entries = append(entries, entry{id, fields})
	}
	for _, t := range b.Glossary {
		d := &doc{slug: t.Slug, title: t.Name, text: strings.Join(t.Definition, " ")}
		id := "g/" + t.Slug
		li.docs[id] = d
		li.suggest = append(li.suggest, newSuggestTerm(t.Name))
		var names []string
		for _, name := range strings.Split(t.Name, ",") {
			names = append(names, foldName(name))
		}
		entries = append(entries, entry{id, map[string]any{fieldText: d.text, fieldTitle: d.title, fieldName: names}})
	}

	m, err := newMapping(a, b, o)
	if err != nil {
		return nil, err
	}
	li.analyzer = m.AnalyzerNamed(analyzerFor(a, o))
	if li.analyzer == nil {
		return nil, fmt.Errorf("analyzer %q is not registered", analyzerFor(a, o))
	}
	idx, err := newMemIndex(m, o)
	if err != nil {
		return nil, err
	}
	batch := idx.NewBatch()
	for _, e := range entries {
		if err := batch.Index(e.id, e.fields); err != nil {
			idx.Close()
			return nil, err
		}
	}
	if err := idx.Batch(batch); err != nil {
		idx.Close()
		return nil, err
	}
	li.idx = idx
	if li.known, li.vocab, err = knownTerms(idx, li.compound); err != nil {
		idx.Close()
		return nil, err
	}
	if !li.fuzzy {
		li.vocab = nil
	}
	li.synonyms = map[string][]string{}
	for w, alts := range l.Synonyms {
		for _, tok := range li.analyzer.Analyze([]byte(w)) {
			for _, a := range alts {
				for _, at := range li.analyzer.Analyze([]byte(a)) {
					if at := string(at.Term); at != string(tok.Term) && !slices.Contains(li.synonyms[string(tok.Term)], at) {
						li.synonyms[string(tok.Term)] = append(li.synonyms[string(tok.Term)], at)
					}
				}
			}
		}
	}
	li.question = map[string]bool{}
	if a == langs.Japanese {
		li.ja = newJaQuestions(l.QuestionWords)
		return li, nil
	}
	li.stop = stopWords(a, l.QuestionWords)
	for _, w := range l.QuestionWords {
		for _, tok := range li.analyzer.Analyze([]byte(w)) {
			li.question[string(tok.Term)] = true
		}
	}
	return li, nil
}

// leadSubrules is how many of a named rule's subrules lead it: a keyword's
// first subrule says what it is, the second what it does ("702.19a",
// "702.19b"); later ones are special cases ("702.19g", trample over
// planeswalkers), found by their words.
const leadSubrules = 2

// leads reports whether r is found by its heading's name (see fieldName):
// the rule that has the heading ("702.19 Trample", "405 Stack") and its
// first leadSubrules subrules.
func leads(r *rules.Rule) bool {
	named := func(x *rules.Rule) bool { return x.Level() == 0 || x.Text == x.Heading() }
	if named(r) {
		return true
	}
	p := r.Parent
	return p != nil && named(p) && slices.Index(p.Children, r) < leadSubrules
}

// vocabTerm is a term of the index with its runes.
type vocabTerm struct {
	term  string
	runes []rune
}

// knownTerms reads the term dictionaries of the searched fields: every
// term, and the text and title terms by length.
func knownTerms(idx bleve.Index, compound bool) (map[string]bool, map[int][]vocabTerm, error) {
	fields := []string{fieldText, fieldTitle}
	if compound {
		fields = append(fields, fieldTextC, fieldTitleC)
	}
	known := map[string]bool{}
	vocab := map[int][]vocabTerm{}
	for i, f := range fields {
		d, err := idx.FieldDict(f)
		if err != nil {
			return nil, nil, err
		}
		for {
			e, err := d.Next()
			if err != nil {
				d.Close()
				return nil, nil, err
			}
			if e == nil {
				break
			}
			if i < 2 && !known[e.Term] {
				r := []rune(e.Term)
				vocab[len(r)] = append(vocab[len(r)], vocabTerm{e.Term, r})
			}
			known[e.Term] = true
		}
		if err := d.Close(); err != nil {
			return nil, nil, err
		}
	}
	return known, vocab, nil
}

// exactAnalyzer keeps the words of German titles as written (lower-cased,
// neither stemmed nor with umlauts folded): the stemmer makes "Kampf"
// (combat) and "kämpfen" (fight) one term, and a one-word query as written
// ranks the entries and rules named with it first (boostExact). Titles
// only: the same subfield of the texts made the three-language build
// about half as slow again on 2 cores, and ranked "Kampf" no better.
const exactAnalyzer = "search_de_exact"

const (
	compoundAnalyzer = "search_de_compound"
	compoundDictMap  = "search_de_dict"
	compoundFilter   = "search_de_dict_compound"
)

func newMapping(a langs.Analysis, b *rules.Book, o options) (*mapping.IndexMappingImpl, error) {
	im := bleve.NewIndexMapping()
	im.ScoringModel = o.scoring[a]
	im.IndexDynamic = false
	im.StoreDynamic = false
	im.DocValuesDynamic = false

	textField := func(analyzer, name string) *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = analyzer
		f.Name = name
		f.Store = false
		f.IncludeInAll = false
		f.DocValues = false
		f.IncludeTermVectors = true // phrase queries need positions
		return f
	}
	an := analyzerFor(a, o)
	dm := bleve.NewDocumentStaticMapping()
	text := []*mapping.FieldMapping{textField(an, fieldText)}
	title := []*mapping.FieldMapping{textField(an, fieldTitle)}
	if a == langs.German && o.compound != compoundNone {
		if err := addCompoundAnalyzer(im, b, o.compound); err != nil {
			return nil, err
		}
		c := textField(compoundAnalyzer, fieldTextC)
		c.IncludeTermVectors = false
		text = append(text, c)
		c = textField(compoundAnalyzer, fieldTitleC)
		c.IncludeTermVectors = false
		title = append(title, c)
	}
	if a == langs.German {
		if err := im.AddCustomAnalyzer(exactAnalyzer, map[string]any{
			"type":          custom.Name,
			"tokenizer":     unicode.Name,
			"token_filters": []any{lowercase.Name},
		}); err != nil {
			return nil, err
		}
		x := textField(exactAnalyzer, fieldTitleX)
		x.IncludeTermVectors = false
		title = append(title, x)
	}
	dm.AddFieldMappingsAt(fieldText, text...)
	dm.AddFieldMappingsAt(fieldTitle, title...)
	num := bleve.NewKeywordFieldMapping()
	num.Store, num.IncludeInAll, num.DocValues, num.IncludeTermVectors = false, false, false, false
	dm.AddFieldMappingsAt(fieldNumber, num)
	name := bleve.NewKeywordFieldMapping()
	name.Store, name.IncludeInAll, name.DocValues, name.IncludeTermVectors = false, false, false, false
	dm.AddFieldMappingsAt(fieldName, name)
	lacking := bleve.NewKeywordFieldMapping()
	lacking.Store, lacking.IncludeInAll, lacking.DocValues, lacking.IncludeTermVectors = false, false, false, false
	dm.AddFieldMappingsAt(fieldLacking, lacking)
	im.DefaultMapping = dm
	return im, nil
}

// addCompoundAnalyzer registers the German compound analyzer on im: the
// same chain as bleve's "de" analyzer (lower-case, stop words, normalise,
// light stemmer) with compound parts added.
func addCompoundAnalyzer(im *mapping.IndexMappingImpl, b *rules.Book, mode compoundMode) error {
	var filters []any
	switch mode {
	case compoundAffix:
		filters = []any{lowercase.Name, de.StopName, de.NormalizeName, de.LightStemmerName, affixFilterName}
	case compoundDict:
		words := corpusWords(b)
		tokens := make([]any, len(words))
		for i, w := range words {
			tokens[i] = w
		}
		if err := im.AddCustomTokenMap(compoundDictMap, map[string]any{"type": tokenmap.Name, "tokens": tokens}); err != nil {
			return err
		}
		if err := im.AddCustomTokenFilter(compoundFilter, map[string]any{
			"type":               compound.Name,
			"dict_token_map":     compoundDictMap,
			"min_word_size":      float64(2 * affixMin),
			"min_subword_size":   float64(affixMin),
			"max_subword_size":   float64(40),
			"only_longest_match": false,
		}); err != nil {
			return err
		}
		filters = []any{lowercase.Name, de.StopName, compoundFilter, de.NormalizeName, de.LightStemmerName}
	}
	return im.AddCustomAnalyzer(compoundAnalyzer, map[string]any{
		"type":          custom.Name,
		"tokenizer":     unicode.Name,
		"token_filters": filters,
	})
}

// corpusWords lists the distinct lower-cased words of at least affixMin
// letters in a book, stop words left out: the compound dictionary.
func corpusWords(b *rules.Book) []string {
	seen := map[string]bool{}
	add := func(s string) {
		for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !isWordRune(r) }) {
			if len([]rune(w)) >= affixMin && !deStop[w] {
				seen[w] = true
			}
		}
	}
	for _, r := range b.Rules() {
		add(r.Text)
		for _, e := range r.Examples {
			add(e)
		}
	}
	for _, t := range b.Glossary {
		add(t.Name)
		for _, d := range t.Definition {
			add(d)
		}
	}
	out := make([]string, 0, len(seen))
	for w := range seen {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

// deStop is bleve's German stop word list.
var deStop = func() map[string]bool {
	m := map[string]bool{}
	tm := analysis.NewTokenMap()
	if err := tm.LoadBytes(de.GermanStopWords); err == nil {
		for w := range tm {
			m[w] = true
		}
	}
	return m
}()
