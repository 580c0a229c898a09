package ruleview

import (
	"time"

	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// outdated is the notice for paragraph num of lang's current text when
// its official text changed after the edition the paragraph follows: the
// dates, the official English text now and the words that changed (when
// the edition followed is loaded); or, when the newest edition removed
// the rule, that and the rule above it. nil when the paragraph is current.
func (s *Pages) outdated(lang, num string) *templates.Outdated {
	d, ok := s.Lib.Outdated(lang, num)
	if !ok {
		return nil
	}
	long := s.Lib.Langs.Get(lang).LongDate
	source, _ := time.Parse(rules.EditionLayout, d.Source)
	args := map[string]any{"Source": long(source), "Since": long(d.Since.Date)}
	v := &templates.Outdated{}
	if d.RemovedIn != nil {
		args["Since"] = long(d.RemovedIn.Date)
		v.Notice = s.Cat.Format(lang, msg.OutdatedRemoved, 0, args)
		if p := s.officialParent(num); p != "" {
			v.Parent = &templates.Link{Href: urls.Rule(lang, p), Label: s.Cat.Format(lang, msg.OutdatedParent, 0, map[string]any{"Rule": p})}
		}
		return v
	}
	v.Notice = s.Cat.Format(lang, msg.OutdatedNotice, 0, args)
	v.NowLabel = s.Cat.Format(lang, msg.OutdatedNow, 0, args)
	official := s.Lib.Official.Books[0].Lang // its newest edition is that language's current book
	v.Now = s.paras[official][num]
	if d.Was != nil {
		v.DiffLabel = s.Cat.T(lang, msg.OutdatedDiff)
		v.Diff = &templates.Change{Number: num, Href: urls.Rule(official, num), Paras: diffView(library.DiffRules(d.Was, d.Now))}
	}
	return v
}

// officialParent is the nearest rule above num that the newest official
// edition has, "" for none.
func (s *Pages) officialParent(num string) string {
	for p := rules.Parent(num); p != ""; p = rules.Parent(p) {
		if _, ok := s.Lib.Official.Books[0].Rule(p); ok {
			return p
		}
	}
	return ""
}

// removedIn is the edition of lang that removed rule num, when lang's
// current edition lacks it and an older loaded one has it; else nil.
func removedIn(eds []*rules.Book, num string) *rules.Book {
	for i, b := range eds {
		if _, ok := b.Rule(num); ok {
			if i == 0 {
				return nil
			}
			return eds[i-1]
		}
	}
	return nil
}
