package ruleview

import (
	"net/http"
	"strings"

	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// Glossary lists every term of lang's glossary.
func (s *Site) Glossary(r layout.Request) templates.GlossaryPage {
	lang := r.Lang
	p := s.Layout.Page(r, s.Cat.T(lang, msg.GlossaryHeading), "", layout.EveryLang(urls.Glossary))
	p.Breadcrumb = s.Layout.Crumbs(lang)
	page := templates.GlossaryPage{Page: p}
	for _, t := range s.Book(lang).Glossary {
		page.Terms = append(page.Terms, templates.Link{Href: urls.Term(lang, t.Slug), Label: t.Name})
	}
	return page
}

// TermNotFound is the 404 for a glossary entry lang lacks.
func (s *Site) TermNotFound(lang string) error {
	pe := pageerr.New(http.StatusNotFound, msg.ErrTermNotFound)
	pe.Suggestions = []templates.Link{s.Layout.Link(lang, urls.Glossary(lang), msg.GlossaryHeading)}
	return pe
}

// Term is the page of glossary entry t of lang's book, beside its
// counterpart in r.Compare when that is set.
func (s *Site) Term(r layout.Request, t *rules.Term) (templates.TermPage, error) {
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
func (s *Site) definition(lang string, t *rules.Term) []templates.Text {
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
func (s *Site) TermPaths(t *rules.Term, lang string) layout.PathFunc {
	return func(l string) (string, bool) {
		if o, ok := s.Counterpart(t, lang, l); ok {
			return urls.Term(l, o.Slug), true
		}
		return urls.Glossary(l), false
	}
}

// Counterpart is the glossary entry t of lang's book in language l.
func (s *Site) Counterpart(t *rules.Term, lang, l string) (*rules.Term, bool) {
	if l == lang {
		return t, true
	}
	return s.Lib.Glossary.Counterpart(t, l)
}
