package ruleview

import (
	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

// Offline is the page that saves lang's rules for reading offline.
func (s *Pages) Offline(r layout.Request) templates.OfflinePage {
	lang := r.Lang
	t := func(k msg.Key) string { return s.Cat.T(lang, k) }
	p := s.Layout.Page(r, t(msg.OfflineHeading), t(msg.OfflineLead), layout.EveryLang(urls.Offline))
	p.Breadcrumb = s.Layout.Crumbs(lang)
	return templates.OfflinePage{
		Page: p, Edition: s.EditionLabel(s.Book(lang)),
		Saving: t(msg.OfflineSaving), Ready: t(msg.OfflineReady), Removed: t(msg.OfflineRemoved),
		Failed: t(msg.OfflineFailed), Unsupported: t(msg.OfflineUnsupported),
	}
}

// OfflineUnavailable is the page that stands in, offline, for one that
// needs the server or was not saved.
func (s *Pages) OfflineUnavailable(r layout.Request) templates.OfflineUnavailablePage {
	lang := r.Lang
	p := s.Layout.Page(r, s.Cat.T(lang, msg.OfflineUnavailableHeading), "", layout.EveryLang(urls.OfflineUnavailable))
	return templates.OfflineUnavailablePage{
		Page: p,
		Saved: []templates.Link{
			s.Layout.Link(lang, urls.Contents(lang), msg.ContentsHeading),
			s.Layout.Link(lang, urls.Glossary(lang), msg.GlossaryHeading),
		},
		Save: s.Layout.Link(lang, urls.Offline(lang), msg.OfflineHeading),
	}
}
