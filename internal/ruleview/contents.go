package ruleview

import (
	"strconv"

	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// homeExamples is how many worked examples the home page links.
const homeExamples = 5

// Home is a language's start page: what the site is, the contents and the
// first worked examples.
func (s *Pages) Home(r layout.Request) templates.HomePage {
	lang, b := r.Lang, s.Book(r.Lang)
	p := s.Layout.Page(r, s.Cat.T(lang, msg.HomeTitle), s.Cat.T(lang, msg.HomeLead), layout.EveryLang(urls.Home))
	page := templates.HomePage{Page: p, BookTitle: b.Title, Effective: b.Effective, Intro: b.Intro, Sections: tocSections(lang, b)}
	if s.Examples != nil {
		for _, ex := range s.Examples.List[:min(homeExamples, len(s.Examples.List))] {
			page.Examples = append(page.Examples, templates.Link{Href: urls.Example(lang, ex.Slug, 1), Label: ex.Title.In(lang)})
		}
		n := len(s.Examples.List)
		page.AllExamples = templates.Link{Href: urls.Examples(lang), Label: s.Cat.Format(lang, msg.HomeAllExamples, n, map[string]any{"Count": n})}
	}
	return page
}

// Contents lists every section with its top-level rules.
func (s *Pages) Contents(r layout.Request) templates.ContentsPage {
	p := s.Layout.Page(r, s.Cat.T(r.Lang, msg.ContentsHeading), s.Cat.T(r.Lang, msg.HomeLead), layout.EveryLang(urls.Contents))
	p.Breadcrumb = s.Layout.Crumbs(r.Lang)
	return templates.ContentsPage{Page: p, Sections: tocSections(r.Lang, s.Book(r.Lang))}
}

func tocSections(lang string, b *rules.Book) []templates.TOCSection {
	out := make([]templates.TOCSection, 0, len(b.Sections))
	for _, sec := range b.Sections {
		ts := templates.TOCSection{Number: sec.Number, Title: sec.Title}
		for _, r := range sec.Rules {
			ts.Rules = append(ts.Rules, templates.Link{Href: urls.Rule(lang, r.Number), Label: r.Number + ". " + r.Text})
		}
		out = append(out, ts)
	}
	return out
}

// sectionTitle is "1. Game Concepts".
func sectionTitle(sec *rules.Section) string { return strconv.Itoa(sec.Number) + ". " + sec.Title }
