package ruleview

import (
	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

// HistoryQuery asks for a rule's history.
type HistoryQuery struct {
	layout.Request
	Num string // normalized ("117.3b")
}

// History is the page of rule num's history in lang (see
// library.History): each edition that changed the rule or its subrules
// against the one before, newest first.
func (s *Pages) History(q HistoryQuery) (templates.HistoryPage, error) {
	lang, num := q.Lang, q.Num
	eds, official, ok := s.Lib.History(lang, num)
	if !ok {
		return templates.HistoryPage{}, s.RuleNotFound(lang, num)
	}
	var changes []templates.Comparison
	for i := 0; i+1 < len(eds); i++ {
		c := s.Comparison(lang, eds[i+1], eds[i], num)
		if len(c.Added)+len(c.Removed)+len(c.Changed) > 0 {
			changes = append(changes, c)
		}
	}
	rule := map[string]any{"Rule": num}
	p := s.Layout.Page(q.Request, s.Cat.Format(lang, msg.HistoryHeading, 0, rule), "", func(l string) (string, bool) {
		_, _, has := s.Lib.Current(l, num)
		return urls.History(l, num), has
	})
	back := templates.Link{Href: urls.Rule(lang, num), Label: s.Cat.Format(lang, msg.HistoryRuleLink, 0, rule)}
	p.Breadcrumb = s.Layout.Crumbs(lang, templates.Link{Href: back.Href, Label: num})
	page := templates.HistoryPage{Page: p, Number: num, Lead: s.Cat.Format(lang, msg.HistoryLead, 0, rule), Changes: changes, Rule: back}
	long := s.Lib.Langs.Get(lang).LongDate
	oldest := eds[len(eds)-1]
	switch {
	case len(eds) == 1:
		page.Notes = append(page.Notes, s.Cat.Format(lang, msg.HistoryOneEdition, 0, map[string]any{"Date": long(oldest.Date)}))
		return page, nil
	case official:
		page.Notes = append(page.Notes, s.Cat.T(lang, msg.HistoryOfficial))
	}
	if len(changes) == 0 {
		page.Notes = append(page.Notes, s.Cat.Format(lang, msg.HistoryUnchanged, len(eds), map[string]any{"Count": len(eds)}))
	}
	page.Notes = append(page.Notes, s.Cat.Format(lang, msg.HistoryOldest, 0, map[string]any{"Date": long(oldest.Date)}))
	return page, nil
}
