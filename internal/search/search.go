package search

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/site/rules"
)

// Limits of a search.
const (
	// MaxQueryRunes is the longest query searched; longer ones are cut and
	// the result is marked Truncated.
	MaxQueryRunes = 200
	// DefaultPerPage is the page size when Query.PerPage is 0 or less.
	DefaultPerPage = 10
	// MaxPerPage caps Query.PerPage.
	MaxPerPage = 100

	maxInputBytes = 1 << 20 // longer inputs are cut before any work
	maxWindow     = 10000   // deepest hit a page may reach
	allModeCap    = 1000    // hits per language fetched in All mode
)

// Boosts of the query clauses (a plain text match counts 1).
const (
	boostTitle       = 1.5 // the top-level rule's title or the glossary term
	boostCompound    = 0.5 // German compound part ("Schaden" in "Kampfschaden")
	boostPhrase      = 2   // the words as a phrase in the text
	boostTitlePhrase = 3   // the words as a phrase in the title
	boostNumber      = 20  // the rule number itself ("117.3a")

	boostName = 12 // the query is the glossary term or the rule's heading, as a whole
)

// Query is one search request.
type Query struct {
	Text    string // what the reader typed; any bytes are accepted
	Lang    string // the reader's language; unknown or unloaded falls back to "en" or the first loaded
	All     bool   // search every language, list hits as the rule in the reader's language
	Page    int    // 1-based; 0 or less means 1
	PerPage int    // 0 or less means DefaultPerPage; capped at MaxPerPage
}

// Result is one page of hits.
type Result struct {
	Total       int      // hits in all pages (in All mode: after merging languages)
	Hits        []Hit    // this page; empty (not nil) past the last page
	Page, Pages int      // this page (1-based) and the number of pages
	Fuzzy       bool     // the exact words found nothing; these hits allow typos
	Truncated   bool     // the query was longer than MaxQueryRunes and was cut
	Suggestions []string // glossary terms close to the query, when nothing was found
}

// Hit is one matching rule paragraph or glossary entry.
type Hit struct {
	// Lang is the language the match was found in. It differs from the
	// reader's language only in All mode; link glossary hits with it.
	Lang string
	// Number is the rule number ("117.3a"), "" for a glossary entry.
	Number string
	// Slug is the glossary entry's slug in Lang, "" for a rule.
	Slug string
	// Title is the top-level rule's title in the reader's language (when
	// the reader's book has the rule), or the glossary term.
	Title string
	// Untranslated marks a rule the reader's book lacks: its snippet is in
	// Lang (the fallback language), as its page will be.
	Untranslated bool
	// TitleLang is set when the title is not in the reader's language:
	// an untranslated rule under a top-level rule the reader's book lacks.
	TitleLang string
	// Snippet is a fragment of the matched text in Lang, HTML-escaped,
	// with the matching words wrapped in <mark>…</mark>; it is safe to emit
	// as template.HTML.
	Snippet string
}

// stage is one round of the fallback: exact words first, then words with
// typos, then any of the words.
type stage int

const (
	stageAll      stage = iota // every word (in title or text), plus phrase and number boosts
	stageAllFuzzy              // every word, each allowing 1–2 typos (en, de)
	stageAny                   // at least half of the words
	stageAnyFuzzy              // at least half of the words, with typos (en, de)
)

func (s stage) fuzzy() bool { return s == stageAllFuzzy || s == stageAnyFuzzy }

// plan is a query analysed for one language.
type plan struct {
	li      *langIndex
	text    string   // the sanitized query
	terms   []string // analysed, distinct, in order
	lacking string   // when set, only rules this language's book lacks
}

// Search runs q. It never fails on user input: invalid UTF-8, query
// syntax characters, huge inputs and queries without searchable words give
// an empty or truncated result, not an error. An error means the index
// itself failed.
func (ix *Index) Search(q Query) (*Result, error) {
	perPage := q.PerPage
	if perPage <= 0 {
		perPage = DefaultPerPage
	}
	perPage = min(perPage, MaxPerPage)
	page := max(q.Page, 1)
	page = min(page, maxWindow+1)
	res := &Result{Page: page, Hits: []Hit{}}

	text, truncated := sanitize(q.Text)
	res.Truncated = truncated
	reader := ix.readerLang(q.Lang)
	langs := []string{reader}
	if q.All {
		langs = ix.langsReaderFirst(reader)
	}
	number, isNumber := rules.NormalizeRef(text)
	if !isNumber {
		number = ""
	}

	var plans []plan
	for _, lang := range langs {
		li := ix.li[lang]
		terms := li.analyze(text)
		if len(terms) > 0 || number != "" {
			plans = append(plans, plan{li: li, text: text, terms: terms})
		}
	}
	// The rules the reader's book lacks are searched in the fallback
	// language and merged in, as their pages show them in it.
	merge := q.All
	if !q.All && ix.lacks[reader] {
		li := ix.li[FallbackLang]
		if terms := li.analyze(text); len(terms) > 0 || number != "" {
			plans = append(plans, plan{li: li, text: text, terms: terms, lacking: reader})
			merge = true
		}
	}
	if len(plans) == 0 {
		return res, nil // nothing searchable
	}

	from := (page - 1) * perPage
	for st := stageAll; st <= stageAnyFuzzy; st++ {
		var (
			hits  []scored
			total int
			err   error
			ran   bool
		)
		if merge {
			hits, total, ran, err = ix.searchAll(plans, number, st, reader, q.All, from+perPage)
			if total > 0 {
				end := min(from+perPage, len(hits))
				if from < end {
					hits = hits[from:end]
				} else {
					hits = nil
				}
			}
		} else {
			hits, total, ran, err = plans[0].search(number, st, from, perPage)
		}
		if err != nil {
			return nil, err
		}
		if !ran || total == 0 {
			continue
		}
		res.Total = total
		res.Pages = (total + perPage - 1) / perPage
		res.Fuzzy = st.fuzzy()
		for _, h := range hits {
			res.Hits = append(res.Hits, ix.hit(h, reader, st))
		}
		return res, nil
	}
	res.Suggestions = ix.suggest(text, langs)
	return res, nil
}

// scored is a document found in one language.
type scored struct {
	p     *plan
	id    string
	score float64
}

// search runs one stage of p; ran is false when the stage does not apply
// (typo tolerance for Japanese, "any word" for a one-word query).
func (p *plan) search(number string, st stage, from, size int) (hits []scored, total int, ran bool, err error) {
	q := p.query(number, st)
	if q == nil {
		return nil, 0, false, nil
	}
	if p.lacking != "" {
		only := bleve.NewTermQuery(p.lacking)
		only.SetField(fieldLacking)
		q = bleve.NewConjunctionQuery(q, only)
	}
	if from+size > maxWindow {
		from, size = 0, 0 // past the deepest page: count only
	}
	req := bleve.NewSearchRequestOptions(q, size, from, false)
	sr, err := p.li.idx.Search(req)
	if err != nil {
		return nil, 0, true, err
	}
	for _, h := range sr.Hits {
		hits = append(hits, scored{p: p, id: h.ID, score: h.Score})
	}
	return hits, int(sr.Total), true, nil
}

// searchAll runs one stage of every plan and merges the hits: one hit
// per rule number (its best score; shown in the reader's language when that
// language matched too), glossary entries per language. Across languages
// (all) the same rule may match several times, so each plan fetches up to
// allModeCap hits and the total counts the merged ones; otherwise the
// plans find distinct documents and the first window hits of each suffice.
func (ix *Index) searchAll(plans []plan, number string, st stage, reader string, all bool, window int) ([]scored, int, bool, error) {
	size := allModeCap
	if !all {
		size = min(window, maxWindow)
	}
	sum := 0
	type merged struct {
		best   scored // shown
		score  float64
		reader bool // the reader's language matched
	}
	byKey := map[string]*merged{}
	var order []string
	anyRan := false
	for i := range plans {
		p := &plans[i]
		hits, total, ran, err := p.search(number, st, 0, size)
		if err != nil {
			return nil, 0, true, err
		}
		sum += total
		anyRan = anyRan || ran
		for _, h := range hits {
			d := p.li.docs[h.id]
			key := p.li.lang + "/" + h.id
			if d.number != "" {
				key = d.number
			}
			m, ok := byKey[key]
			if !ok {
				m = &merged{best: h, score: h.score, reader: p.li.lang == reader}
				byKey[key] = m
				order = append(order, key)
				continue
			}
			if h.score > m.score {
				m.score = h.score
				if !m.reader {
					m.best = h
				}
			}
			if p.li.lang == reader && !m.reader {
				m.best, m.reader = h, true
			}
		}
	}
	out := make([]scored, 0, len(order))
	for _, k := range order {
		m := byKey[k]
		s := m.best
		s.score = m.score
		out = append(out, s)
	}
	// Stable: equal scores keep the reader's language and document order.
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	if !all {
		return out, sum, anyRan, nil
	}
	return out, len(out), anyRan, nil
}

// foldName folds case, width and the separators names are written with
// ("Legend Rule", "legend-rule", "レジェンド・ルール", "ﾚｼﾞｪﾝﾄﾞﾙｰﾙ"), so a
// query can be compared with a title as a whole.
func foldName(s string) string {
	s = strings.ToLower(norm.NFKC.String(s))
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '-' || r == '・' || r == '･' {
			return -1
		}
		return r
	}, s)
}

// query builds the bleve query of one stage, or nil when the stage does
// not apply.
func (p *plan) query(number string, st stage) query.Query {
	li := p.li
	if st.fuzzy() && !li.fuzzy {
		return nil
	}
	if (st == stageAny || st == stageAnyFuzzy) && len(p.terms) < 2 {
		return nil
	}
	root := bleve.NewDisjunctionQuery()
	if len(p.terms) > 0 {
		clauses := make([]query.Query, len(p.terms))
		for i, t := range p.terms {
			fuzz := 0
			if st.fuzzy() {
				fuzz = fuzziness(t)
			}
			clauses[i] = li.termClause(t, fuzz)
		}
		switch st {
		case stageAll, stageAllFuzzy:
			root.AddQuery(bleve.NewConjunctionQuery(clauses...))
		default:
			d := bleve.NewDisjunctionQuery(clauses...)
			d.SetMin(float64((len(clauses) + 1) / 2))
			root.AddQuery(d)
		}
		if st == stageAll && len(p.terms) > 1 {
			ph := bleve.NewMatchPhraseQuery(p.text)
			ph.SetField(fieldText)
			ph.SetBoost(boostPhrase)
			root.AddQuery(ph)
		}
		if st == stageAll {
			// The entry or the rules the query names come first: "trample"
			// is the Trample entry and 702.19, before rules that mention it.
			name := bleve.NewTermQuery(foldName(p.text))
			name.SetField(fieldName)
			name.SetBoost(boostName)
			root.AddQuery(name)
			// The query as the term's or rule's name: "スタック" is the
			// Stack entry, not Instant (whose name shares the bigram スタ).
			ph := bleve.NewMatchPhraseQuery(p.text)
			ph.SetField(fieldTitle)
			ph.SetBoost(boostTitlePhrase)
			root.AddQuery(ph)
		}
	}
	if number != "" {
		tq := bleve.NewTermQuery(number)
		tq.SetField(fieldNumber)
		tq.SetBoost(boostNumber)
		root.AddQuery(tq)
	}
	return root
}

// termClause matches one analysed word in the text or the title (and, for
// German, as a compound part); fuzz > 0 allows that many typos.
func (li *langIndex) termClause(t string, fuzz int) query.Query {
	mk := func(field string, boost float64) query.Query {
		if fuzz > 0 {
			q := bleve.NewFuzzyQuery(t)
			q.SetField(field)
			q.SetFuzziness(fuzz)
			q.SetBoost(boost)
			return q
		}
		q := bleve.NewTermQuery(t)
		q.SetField(field)
		q.SetBoost(boost)
		return q
	}
	d := bleve.NewDisjunctionQuery(mk(fieldText, 1), mk(fieldTitle, boostTitle))
	if li.compound && fuzz == 0 && utf8.RuneCountInString(t) >= affixMin {
		d.AddQuery(mk(fieldTextC, boostCompound), mk(fieldTitleC, boostCompound*boostTitle))
	}
	return d
}

// fuzziness is the number of typos (Levenshtein edits; a swap of two
// letters counts 2) allowed in an analysed word: none up to 2 letters, 1 up
// to 5, 2 from 6.
func fuzziness(t string) int {
	switch n := utf8.RuneCountInString(t); {
	case n <= 2:
		return 0
	case n <= 5:
		return 1
	}
	return 2
}

// analyze returns the distinct analysed terms of text, in order.
func (li *langIndex) analyze(text string) []string {
	if text == "" {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, tok := range li.analyzer.Analyze([]byte(text)) {
		t := string(tok.Term)
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}

// sanitize makes any input searchable: invalid UTF-8 and control
// characters become spaces, runs of white space one space, and the result
// is cut to MaxQueryRunes (truncated reports the cut).
func sanitize(s string) (clean string, truncated bool) {
	if len(s) > maxInputBytes {
		s, truncated = s[:maxInputBytes], true
	}
	s = strings.ToValidUTF8(s, " ")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError || unicode.Is(unicode.Cf, r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > MaxQueryRunes {
		n := 0
		for i := range s {
			if n == MaxQueryRunes {
				s = strings.TrimSpace(s[:i])
				break
			}
			n++
		}
		truncated = true
	}
	return s, truncated
}

// readerLang picks the reader's language among the loaded ones.
func (ix *Index) readerLang(lang string) string {
	if _, ok := ix.li[lang]; ok {
		return lang
	}
	if _, ok := ix.li["en"]; ok {
		return "en"
	}
	return ix.langs[0]
}

func (ix *Index) langsReaderFirst(reader string) []string {
	out := []string{reader}
	for _, l := range ix.langs {
		if l != reader {
			out = append(out, l)
		}
	}
	return out
}

// nearestRule is the closest rule above number that b has ("702.19" or
// "702" for "702.19b").
func nearestRule(b *rules.Book, number string) (*rules.Rule, bool) {
	for p := rules.Parent(number); p != ""; p = rules.Parent(p) {
		if r, ok := b.Rule(p); ok {
			return r, true
		}
	}
	return nil, false
}

// hit turns a scored document into a Hit for a reader.
func (ix *Index) hit(s scored, reader string, st stage) Hit {
	li := s.p.li
	d := li.docs[s.id]
	h := Hit{Lang: li.lang, Number: d.number, Slug: d.slug, Title: d.title}
	if d.number != "" && li.lang != reader {
		rb := ix.books[reader]
		if r, ok := rb.Rule(d.number); ok {
			h.Title = r.Heading()
		} else {
			h.Untranslated = true
			if r, ok := nearestRule(rb, d.number); ok {
				h.Title = r.Heading() // the rule it belongs to has a heading in the reader's language
			} else {
				h.TitleLang = li.lang
			}
		}
	}
	h.Snippet = li.snippet(d.text, newMatcher(s.p.terms, st.fuzzy(), li.compound))
	return h
}
