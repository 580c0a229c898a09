package ruleview

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// Glossary lists every term of lang's glossary.
func (s *Pages) Glossary(r layout.Request) templates.GlossaryPage {
	lang := r.Lang
	terms := s.Book(lang).Glossary
	lead := s.Cat.Format(lang, msg.GlossaryLead, len(terms), map[string]any{"Count": len(terms)})
	p := s.Layout.Page(r, s.Cat.T(lang, msg.GlossaryHeading), lead, layout.EveryLang(urls.Glossary))
	p.Breadcrumb = s.Layout.Crumbs(lang)
	page := templates.GlossaryPage{Page: p, Lead: lead}
	for _, t := range terms {
		page.Terms = append(page.Terms, templates.Link{Href: urls.Term(lang, t.Slug), Label: t.Name})
	}
	page.Groups = groupByInitial(page.Terms, s.Lib.Langs.Get(lang).Unspaced)
	return page
}

// groupByInitial puts a glossary's terms under their initials: the
// letter, umlauts and accents folded ("Ä" under A), "#" for digits and
// signs, the terms sorted so (a book may keep a renamed entry where its
// old name stood). Unspaced (Japanese) books are sorted by reading, which
// the page cannot know: their order is kept, and a term goes under the
// kana row (あ, か, さ …) of the last term that starts with kana, as a
// kanji or Latin headword sorted by its reading does; before the first
// kana, Latin letters and digits go under "#", kanji under the row that
// follows.
func groupByInitial(terms []templates.Link, unspaced bool) []templates.TermGroup {
	if !unspaced {
		terms = slices.Clone(terms)
		slices.SortStableFunc(terms, func(a, b templates.Link) int { return strings.Compare(sortKey(a.Label), sortKey(b.Label)) })
	}
	var out []templates.TermGroup
	current := string(digitsAndSigns)
	for i, t := range terms {
		initial, kana := initialOf(t.Label)
		switch {
		case kana:
			current = initial
		case unspaced && current == string(digitsAndSigns) && startsWithHan(t.Label):
			// A kanji headword before the first kana one is read as the
			// row that follows ("相棒" before "アクティブ…").
			for _, next := range terms[i+1:] {
				if row, ok := initialOf(next.Label); ok {
					initial = row
					break
				}
			}
		case unspaced:
			initial = current
		}
		i := slices.IndexFunc(out, func(g templates.TermGroup) bool { return g.Initial == initial })
		if i < 0 {
			out = append(out, templates.TermGroup{Initial: initial})
			i = len(out) - 1
		}
		out[i].Terms = append(out[i].Terms, t)
	}
	order := string(digitsAndSigns) + latinLetters + kanaRows
	slices.SortStableFunc(out, func(a, b templates.TermGroup) int {
		return strings.Index(order, a.Initial) - strings.Index(order, b.Initial)
	})
	for i := range out {
		out[i].ID = "letter-" + strconv.Itoa(i+1)
	}
	return out
}

// sortKey is a name as an alphabetical list sorts it: case and accents
// folded ("Überwachen" as "uberwachen").
func sortKey(name string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(name)) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// latinLetters are the initials of alphabetic headwords; digitsAndSigns
// names the group of those that start otherwise.
const (
	latinLetters   = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	digitsAndSigns = '#'
)

// kanaRows are the first kana of the rows of the Japanese syllabary.
const kanaRows = "あかさたなはまやらわ"

// startsWithHan reports whether a name starts with a kanji.
func startsWithHan(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.Is(unicode.Han, r)
}

// initialOf is the group a headword starts: a kana row, with kana true,
// or "A"–"Z" or "#".
func initialOf(name string) (initial string, kana bool) {
	r, _ := utf8.DecodeRuneInString(norm.NFKC.String(name))
	if r >= 'ァ' && r <= 'ヶ' {
		r -= 'ァ' - 'ぁ' // katakana to hiragana
	}
	if r >= 'ぁ' && r <= 'ゖ' {
		base := []rune(norm.NFD.String(string(r)))[0] // が is か and a mark
		row := 'あ'
		for _, k := range kanaRows {
			if base >= k {
				row = k
			}
		}
		return string(row), true
	}
	base := []rune(norm.NFD.String(string(unicode.ToUpper(r))))[0]
	if base >= 'A' && base <= 'Z' {
		return string(base), false
	}
	return string(digitsAndSigns), false
}

// TermNotFound is the 404 for a glossary entry lang lacks.
func (s *Pages) TermNotFound(lang string) error {
	pe := pageerr.New(http.StatusNotFound, msg.ErrTermNotFound)
	pe.Suggestions = []templates.Link{s.Layout.Link(lang, urls.Glossary(lang), msg.GlossaryHeading)}
	return pe
}

// Term is the page of glossary entry t of lang's book, beside its
// counterpart in r.Compare when that is set.
func (s *Pages) Term(r layout.Request, t *rules.Term) (templates.TermPage, error) {
	lang, compare := r.Lang, r.Compare
	if compare != "" && !s.Lib.Langs.Has(compare) {
		return templates.TermPage{}, pageerr.New(http.StatusBadRequest, msg.ErrCompareLang)
	}
	p := s.Layout.Page(r, t.Name, Describe(strings.Join(t.Definition, " "), 1), s.TermPaths(t, lang))
	p.Breadcrumb = s.Layout.Crumbs(lang, s.Layout.Link(lang, urls.Glossary(lang), msg.GlossaryHeading))
	s.Layout.Article(&p)
	page := templates.TermPage{Page: p, Name: t.Name, Definition: s.definition(lang, t)}
	var langs []string
	for _, l := range s.Lib.Langs.Codes() {
		if o, ok := s.Counterpart(t, lang, l); ok && l != lang {
			langs = append(langs, l)
			if l == compare {
				page.Other = &templates.TermText{Lang: l, Name: o.Name, Href: urls.Term(l, o.Slug), Definition: s.definition(l, o)}
			}
		}
	}
	page.CompareWith = s.compareLinks(lang, compare, langs, urls.Term(lang, t.Slug), func(l string) string { return urls.TermCompared(lang, t.Slug, l) })
	return page, nil
}

// definition links the paragraphs of entry t of lang's glossary.
func (s *Pages) definition(lang string, t *rules.Term) []templates.Text {
	ln := s.Lib.Linkers[lang]
	var out []templates.Text
	for _, d := range t.Definition {
		out = append(out, ln.Segments(d, t.Slug))
	}
	return out
}

// TermPaths gives the page of glossary entry t of lang's book in each
// language that has it, through the aligned glossary (the glossary of a
// language that lacks it): the page's alternates, and the sitemap's.
func (s *Pages) TermPaths(t *rules.Term, lang string) layout.Versions {
	return func(l string) (string, bool) {
		if o, ok := s.Counterpart(t, lang, l); ok {
			return urls.Term(l, o.Slug), true
		}
		return urls.Glossary(l), false
	}
}

// Counterpart is the glossary entry t of lang's book in language l.
func (s *Pages) Counterpart(t *rules.Term, lang, l string) (*rules.Term, bool) {
	if l == lang {
		return t, true
	}
	return s.Lib.Glossary.Counterpart(t, l)
}
