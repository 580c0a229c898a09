package search

import (
	"context"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/site/internal/langs"
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
	// a bigram of a Japanese query across a particle ("象が", "正に"):
	// not required, but the text that shares the question's wording ranks
	// higher (see parsed.extra)
	boostParticle = 2
	boostSynonym  = 0.8 // a word the rules use for a query word ("receives" for "gets")
	boostNumber   = 20  // the rule number itself ("117.3a")
	boostExact    = 1   // German: a title word as written, not only its stem ("Kampf", not "kämpfen")

	boostName = 12 // the query is the glossary term or the rule's heading, as a whole
)

// Query is one search request.
type Query struct {
	Text    string // what the reader typed; any bytes are accepted
	Lang    string // the reader's language; unknown or unloaded falls back to the fallback language or the first loaded
	All     bool   // search every language, list hits as the rule in the reader's language
	Page    int    // 1-based; 0 or less means 1
	PerPage int    // 0 or less means DefaultPerPage; capped at MaxPerPage
}

// Result is one page of hits.
type Result struct {
	Total       int      // hits in all pages (in All mode: after merging languages)
	Hits        []Hit    // this page; empty (not nil) past the last page
	Page, Pages int      // this page (1-based) and the number of pages
	AllWords    int      // hits with every word of the query: they come first, then partial and typo matches
	Fuzzy       bool     // no hit has every word as typed; these hits allow typos
	Truncated   bool     // the query was longer than MaxQueryRunes and was cut
	Suggestions []string // glossary terms close to the query, when nothing was found
	// ReadAs is the query as searched in the reader's language when it
	// named glossary entries in another language ("Trampelschaden" for
	// "trample" on the German site), else "".
	ReadAs string
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

// tier is one band of the merged ranking: every hit of a tier ranks above
// every hit of the next, and within a tier bleve's score orders. The
// tiers exclude each other (a hit is in the first tier that matches it),
// so pages over the tiers neither repeat nor skip a hit.
type tier int

const (
	// tierAll: every word (in title or text), boosted by the words as a
	// phrase, the query as the entry's name, and the rule number.
	tierAll tier = iota
	// tierTypos: every word, where words no text has allow typos (en, de)
	// or are left out (ja: a mistyped kanji leaves the bigrams around it).
	tierTypos
	// tierAny: at least half of the words, typos allowed as in tierTypos.
	tierAny
	numTiers
)

// maxFuzzyTerms caps the words of a query matched with typos: the
// vocabulary is searched for each, so a long query of made-up words would
// otherwise cost in proportion to its length. maxTypos caps the words one
// of them may stand for (the closest first).
const (
	maxFuzzyTerms = 4
	maxTypos      = 32
)

// typo is a word of the index a mistyped query word may stand for.
type typo struct {
	term string
	dist int // edits
}

// typos returns the terms of the text and title fields within dist edits
// of t: the closest first, at most maxTypos.
func (li *langIndex) typos(t string, dist int) []typo {
	r := []rune(t)
	var out []typo
	for n := max(len(r)-dist, 1); n <= len(r)+dist; n++ {
		for _, v := range li.vocab[n] {
			if d := levenshtein(r, v.runes, dist); d <= dist {
				out = append(out, typo{v.term, d})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].dist != out[j].dist {
			return out[i].dist < out[j].dist
		}
		return out[i].term < out[j].term
	})
	return out[:min(len(out), maxTypos)]
}

// plan is a query analysed for one language.
type plan struct {
	li      *langIndex
	text    string            // the sanitized query
	phrase  string            // text without the words terms drops (see parsed.phrase)
	terms   []string          // analysed, distinct, in order, question words dropped
	typos   map[string][]typo // the terms no text has, matched as the words they may be mistyped for
	usable  []string          // the terms the typo and partial tiers match: known or with typos
	lacking string            // when set, only rules this language's book lacks
	ctx     context.Context   // the search's: a search nobody waits for stops
	// cond is what a hit of each tier matches (nil: the tier does not
	// apply); tiers adds the boosts of parsed.extra.
	cond, tiers [numTiers]query.Query
}

func newPlan(li *langIndex, text, number, lacking string) (plan, bool) {
	text, _ = li.translateNames(text)
	pq := li.parse(text)
	p := plan{li: li, text: text, phrase: pq.phrase, terms: pq.terms, lacking: lacking, typos: map[string][]typo{}}
	if len(p.terms) == 0 && number == "" {
		return p, false
	}
	tried := 0
	for _, t := range p.terms {
		switch {
		case li.known[t] || slices.ContainsFunc(li.synonyms[t], func(s string) bool { return li.known[s] }):
			p.usable = append(p.usable, t)
		case li.fuzzy && tried < maxFuzzyTerms && fuzziness(t) > 0:
			tried++
			if ty := li.typos(t, fuzziness(t)); len(ty) > 0 {
				p.typos[t] = ty
				p.usable = append(p.usable, t)
			}
		}
	}
	var boosts []query.Query
	for _, t := range pq.extra {
		if li.known[t] {
			tq := bleve.NewTermQuery(t)
			tq.SetField(fieldText)
			tq.SetBoost(boostParticle)
			boosts = append(boosts, tq)
		}
	}
	for t := range numTiers {
		p.cond[t] = p.query(number, t)
		p.tiers[t] = p.cond[t]
		if p.cond[t] != nil && len(boosts) > 0 {
			p.tiers[t] = query.NewBooleanQuery([]query.Query{p.cond[t]}, boosts, nil)
		}
	}
	return p, true
}

// Search runs q. It never fails on user input: invalid UTF-8, query
// syntax characters, huge inputs and queries without searchable words give
// an empty or truncated result, not an error. An error means the index
// itself failed.
func (ix *Index) Search(q Query) (*Result, error) {
	return ix.SearchContext(context.Background(), q)
}

// SearchContext is Search under ctx: waiting for a free slot (as many
// searches run at once as there are CPUs) and searching stop when ctx is
// done, with its error.
func (ix *Index) SearchContext(ctx context.Context, q Query) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	select {
	case ix.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-ix.slots }()
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
	searched := []string{reader}
	if q.All {
		searched = ix.langsReaderFirst(reader)
	}
	number, isNumber := ix.table.NormalizeRef(text)
	if !isNumber {
		number = ""
	}

	var plans []plan
	for _, lang := range searched {
		if p, ok := newPlan(ix.li[lang], text, number, ""); ok {
			p.ctx = ctx
			plans = append(plans, p)
		}
	}
	// The rules the reader's book lacks are searched in the fallback
	// language and merged in, as their pages show them in it.
	merge := q.All
	if !q.All && ix.lacks[reader] {
		if p, ok := newPlan(ix.li[ix.fallback], text, number, reader); ok {
			p.ctx = ctx
			plans = append(plans, p)
			merge = true
		}
	}
	if len(plans) == 0 {
		return res, nil // nothing searchable
	}
	if plans[0].li.lang == reader && plans[0].text != text {
		res.ReadAs = plans[0].text
	}

	from := (page - 1) * perPage
	var (
		hits []scored
		err  error
	)
	if merge {
		hits, res.Total, res.AllWords, err = ix.searchMerged(plans, reader, q.All, from+perPage)
		if err != nil {
			return nil, err
		}
		hits = hits[min(from, len(hits)):min(from+perPage, len(hits))]
	} else {
		hits, res.Total, res.AllWords, err = plans[0].searchPage(from, perPage)
		if err != nil {
			return nil, err
		}
	}
	if res.Total == 0 {
		res.Suggestions = ix.suggest(text, searched)
		return res, nil
	}
	res.Pages = (res.Total + perPage - 1) / perPage
	if res.AllWords == 0 {
		for _, p := range plans {
			res.Fuzzy = res.Fuzzy || len(p.typos) > 0
		}
	}
	for _, h := range hits {
		res.Hits = append(res.Hits, ix.hit(h, reader))
	}
	return res, nil
}

// scored is a document found in one language.
type scored struct {
	p     *plan
	id    string
	score float64
	tier  tier
}

// searchTier runs one tier of p: the hits from..from+size of its ranking
// (none when size is 0) and how many it has. A tier that does not apply
// has none.
func (p *plan) searchTier(t tier, from, size int) ([]scored, int, error) {
	if p.tiers[t] == nil {
		return nil, 0, nil
	}
	q := query.NewBooleanQuery([]query.Query{p.tiers[t]}, nil, nil)
	for _, prev := range p.cond[:t] {
		if prev != nil {
			q.AddMustNot(prev)
		}
	}
	if p.lacking != "" {
		only := bleve.NewTermQuery(p.lacking)
		only.SetField(fieldLacking)
		q.AddMust(only)
	}
	if from+size > maxWindow {
		from, size = 0, 0 // past the deepest page: count only
	}
	req := bleve.NewSearchRequestOptions(q, size, from, false)
	sr, err := p.li.idx.SearchInContext(p.ctx, req)
	if err != nil {
		return nil, 0, err
	}
	hits := make([]scored, 0, len(sr.Hits))
	for _, h := range sr.Hits {
		hits = append(hits, scored{p: p, id: h.ID, score: h.Score, tier: t})
	}
	return hits, int(sr.Total), nil
}

// searchPage returns the hits from..from+size of p's merged ranking (the
// tiers one after the other), the number of hits in all tiers and in the
// first.
func (p *plan) searchPage(from, size int) (hits []scored, total, allWords int, err error) {
	end := from + size
	for t := range numTiers {
		// This tier holds the positions total..total+tn of the ranking.
		lo := max(from-total, 0)
		n := max(end-max(from, total), 0)
		if end > maxWindow {
			lo, n = 0, 0 // past the deepest page: count only
		}
		th, tn, err := p.searchTier(t, lo, n)
		if err != nil {
			return nil, 0, 0, err
		}
		hits = append(hits, th...)
		total += tn
		if t == tierAll {
			allWords = tn
		}
	}
	return hits, total, allWords, nil
}

// searchMerged runs the tiers of every plan and merges the hits, tier by
// tier: one hit per rule number (its best score in its first tier; shown
// in the reader's language when that language matched too), glossary
// entries per language. Across languages (all) the same rule may match
// several times, so each plan fetches up to allModeCap hits per tier and
// the totals count the merged ones; otherwise the plans find distinct
// documents and the first window hits of each tier suffice.
func (ix *Index) searchMerged(plans []plan, reader string, all bool, window int) (out []scored, total, allWords int, err error) {
	size := allModeCap
	if !all {
		size = window
		if window > maxWindow {
			size = 0 // past the deepest page: count only
		}
	}
	type merged struct {
		best   scored // shown
		score  float64
		tier   tier // the first tier that found it: its place
		reader bool // the reader's language matched
	}
	byKey := map[string]*merged{}
	var keys [numTiers][]string
	for t := range numTiers {
		for i := range plans {
			p := &plans[i]
			hits, n, err := p.searchTier(t, 0, size)
			if err != nil {
				return nil, 0, 0, err
			}
			total += n
			if t == tierAll {
				allWords += n
			}
			for _, h := range hits {
				d := p.li.docs[h.id]
				key := p.li.lang + "/" + h.id
				if d.number != "" {
					key = d.number
				}
				m, ok := byKey[key]
				if !ok {
					byKey[key] = &merged{best: h, score: h.score, tier: t, reader: p.li.lang == reader}
					keys[t] = append(keys[t], key)
					continue
				}
				if t == m.tier && h.score > m.score {
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
	}
	for t := range numTiers {
		tierHits := make([]scored, 0, len(keys[t]))
		for _, k := range keys[t] {
			m := byKey[k]
			s := m.best
			s.score = m.score
			tierHits = append(tierHits, s)
		}
		// Stable: equal scores keep the reader's language and document order.
		sort.SliceStable(tierHits, func(i, j int) bool { return tierHits[i].score > tierHits[j].score })
		out = append(out, tierHits...)
	}
	if all {
		total, allWords = len(out), len(keys[tierAll])
	}
	return out, total, allWords, nil
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

// query builds the bleve query of one tier, or nil when the tier does not
// apply (no words no text has, or fewer than two words for tierAny).
func (p *plan) query(number string, t tier) query.Query {
	li := p.li
	switch t {
	case tierTypos:
		if len(p.usable) == 0 || len(p.usable) == len(p.terms) && len(p.typos) == 0 {
			return nil
		}
		return bleve.NewConjunctionQuery(p.clauses()...)
	case tierAny:
		if len(p.usable) < 2 {
			return nil
		}
		d := bleve.NewDisjunctionQuery(p.clauses()...)
		d.SetMin(float64((len(p.usable) + 1) / 2))
		return d
	}
	root := bleve.NewDisjunctionQuery()
	if len(p.terms) > 0 {
		clauses := make([]query.Query, len(p.terms))
		for i, t := range p.terms {
			clauses[i] = li.termClause(t, nil)
		}
		root.AddQuery(bleve.NewConjunctionQuery(clauses...))
		if len(p.terms) > 1 {
			ph := bleve.NewMatchPhraseQuery(p.phrase)
			ph.SetField(fieldText)
			ph.SetBoost(boostPhrase)
			root.AddQuery(ph)
		}
		// One German word: the titles that have it as written before
		// those with another word of its stem ("Kampf", not "Kämpfen").
		if w := words(strings.ToLower(norm.NFKC.String(p.text))); li.exact && len(w) == 1 {
			tq := bleve.NewTermQuery(w[0])
			tq.SetField(fieldTitleX)
			tq.SetBoost(boostExact * boostTitle)
			root.AddQuery(tq)
		}
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
	if number != "" {
		tq := bleve.NewTermQuery(number)
		tq.SetField(fieldNumber)
		tq.SetBoost(boostNumber)
		root.AddQuery(tq)
	}
	return root
}

// clauses match the usable terms, the unknown ones with typos.
func (p *plan) clauses() []query.Query {
	out := make([]query.Query, len(p.usable))
	for i, t := range p.usable {
		out[i] = p.li.termClause(t, p.typos[t])
	}
	return out
}

// termClause matches one analysed word in the text or the title (and, for
// German, as a compound part) and the words the rules use for it; with
// typos, it matches the words it may be mistyped for instead, lower the
// more edits they are away.
func (li *langIndex) termClause(t string, typos []typo) query.Query {
	d := bleve.NewDisjunctionQuery()
	add := func(term, field string, boost float64) {
		q := bleve.NewTermQuery(term)
		q.SetField(field)
		q.SetBoost(boost)
		d.AddQuery(q)
	}
	if len(typos) > 0 {
		for _, ty := range typos {
			b := 1 / float64(1+ty.dist)
			add(ty.term, fieldText, b)
			add(ty.term, fieldTitle, b*boostTitle)
		}
		return d
	}
	add(t, fieldText, 1)
	add(t, fieldTitle, boostTitle)
	if li.compound && utf8.RuneCountInString(t) >= affixMin {
		add(t, fieldTextC, boostCompound)
		add(t, fieldTitleC, boostCompound*boostTitle)
	}
	for _, s := range li.synonyms[t] {
		add(s, fieldText, boostSynonym)
		add(s, fieldTitle, boostSynonym*boostTitle)
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

// parsed is a query's words, analysed for one language.
type parsed struct {
	// terms are the analysed words: distinct, in order, without question
	// words, words no text has that are one typo from a question or stop
	// word, and (Japanese) particles, unless nothing else is left.
	terms []string
	// extra are, in Japanese, the bigrams of the query as typed that the
	// particles' removal took out of terms (象が, が不, 正に, …), at most
	// maxExtra: they rank, they are not required.
	extra []string
	// phrase is the query matched as a phrase: as typed, less (in
	// English) the words terms drops: "players pass" of "what happens when
	// both players pass" (117.4, not the draft rules that pass packs). In
	// German the same cut made "Spieler 0 Lebenspunkte" a phrase of the
	// life-gain rules 119.9–10 and lost 704.5a (judgments 34 of 37
	// instead of 35), so German keeps the phrase as typed.
	phrase string
}

// maxExtra caps parsed.extra (a 200-character query has 199 bigrams).
const maxExtra = 32

func (li *langIndex) parse(text string) parsed {
	src := text
	if li.analysis == langs.Japanese {
		src = li.ja.strip(text)
	}
	toks := li.analyzer.Analyze([]byte(src))
	if len(toks) == 0 && src != text {
		src = text
		toks = li.analyzer.Analyze([]byte(src))
	}
	var all, kept []string
	seen := map[string]bool{}
	var phrase strings.Builder // src without the dropped words
	last := 0
	for _, tok := range toks {
		t := string(tok.Term)
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		all = append(all, t)
		inSrc := tok.Start >= last && tok.Start < tok.End && tok.End <= len(src)
		if li.question[t] || li.fuzzy && !li.known[t] && inSrc && nearStopWord(strings.ToLower(src[tok.Start:tok.End]), li.stop) {
			if inSrc && li.analysis == langs.English {
				phrase.WriteString(src[last:tok.Start])
				last = tok.End
			}
			continue
		}
		kept = append(kept, t)
	}
	if len(kept) == 0 {
		return parsed{terms: all, phrase: text}
	}
	out := parsed{terms: kept, phrase: text}
	if last > 0 {
		phrase.WriteString(src[last:])
		out.phrase = phrase.String()
	}
	if src != text {
		for _, t := range li.analyze(text) {
			if !seen[t] && len(out.extra) < maxExtra {
				seen[t] = true
				out.extra = append(out.extra, t)
			}
		}
	}
	return out
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
	if _, ok := ix.li[ix.fallback]; ok {
		return ix.fallback
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
func (ix *Index) hit(s scored, reader string) Hit {
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
	terms := s.p.terms
	for _, t := range s.p.terms {
		terms = append(terms, li.synonyms[t]...)
		if s.tier != tierAll {
			for _, ty := range s.p.typos[t] {
				terms = append(terms, ty.term)
			}
		}
	}
	h.Snippet = li.snippet(d.text, newMatcher(terms, false, li.compound))
	return h
}
