package ruleview

import (
	"strconv"

	"github.com/mtgrules/site/internal/diff"
	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// ChangesQuery asks for the changes page.
type ChangesQuery struct {
	layout.Request
	From, To *rules.Book // the editions compared; nil when not given
	Rule     string      // normalized; "" for every rule
	Self     string      // the page's own path with its query, its canonical
}

// Changes lists the rules added, removed and changed between two editions
// of lang. Without From and To it compares the newest edition with the
// one before; with only Rule, it shows that rule's whole history, one
// comparison per pair of editions.
func (s *Pages) Changes(q ChangesQuery) templates.ChangesPage {
	lang, from, to := q.Lang, q.From, q.To
	eds := s.Lib.Editions[lang]
	var pairs [][2]*rules.Book
	switch {
	case from == nil && to == nil && q.Rule != "":
		for i := 0; i+1 < len(eds); i++ {
			pairs = append(pairs, [2]*rules.Book{eds[i+1], eds[i]})
		}
	default:
		if to == nil {
			to = eds[0]
		}
		if from == nil {
			from = olderThan(eds, to)
		}
		if from != nil {
			pairs = append(pairs, [2]*rules.Book{from, to})
		}
	}
	p := s.Layout.Page(q.Request, s.Cat.T(lang, msg.ChangesHeading), "", func(l string) (string, bool) {
		if l == lang {
			return q.Self, true
		}
		return urls.Changes(l, "", "", ""), false
	})
	p.Breadcrumb = s.Layout.Crumbs(lang)
	p.Feed = urls.Feed(lang)
	page := templates.ChangesPage{Page: p, Rule: q.Rule}
	if q.Rule != "" {
		page.RuleNote = s.Cat.Format(lang, msg.ChangesRuleNote, 0, map[string]any{"Rule": q.Rule})
	}
	switch {
	case len(eds) < 2:
		page.Message = s.Cat.T(lang, msg.ChangesOneEdition)
	case len(pairs) == 0:
		page.Message = s.Cat.T(lang, msg.ChangesNoOlder)
		page.From, page.To = s.editionOptions(lang, nil), s.editionOptions(lang, to)
	default:
		page.From, page.To = s.editionOptions(lang, pairs[0][0]), s.editionOptions(lang, pairs[0][1])
	}
	for _, pr := range pairs {
		page.Comparisons = append(page.Comparisons, s.Comparison(lang, pr[0], pr[1], q.Rule))
	}
	return page
}

// olderThan is the edition just before b in eds (newest first), or nil.
func olderThan(eds []*rules.Book, b *rules.Book) *rules.Book {
	for i, e := range eds {
		if e == b && i+1 < len(eds) {
			return eds[i+1]
		}
	}
	return nil
}

func (s *Pages) editionOptions(lang string, selected *rules.Book) []templates.EditionOption {
	var out []templates.EditionOption
	for _, b := range s.Lib.Editions[lang] {
		out = append(out, templates.EditionOption{Value: b.Edition(), Label: s.Lib.Langs.Get(lang).LongDate(b.Date), Selected: b == selected})
	}
	return out
}

// Comparison is what changed from edition from to edition to of lang,
// limited to rule (and its subrules) unless that is "".
func (s *Pages) Comparison(lang string, from, to *rules.Book, rule string) templates.Comparison {
	diffs := s.Compare(from, to).Within(rule)
	v := templates.Comparison{Heading: s.Cat.Format(lang, msg.ChangesBetween, 0, map[string]any{
		"From": s.Lib.Langs.Get(lang).LongDate(from.Date), "To": s.Lib.Langs.Get(lang).LongDate(to.Date),
	})}
	view := func(cs []library.Change, in *rules.Book) []templates.Change {
		var out []templates.Change
		for _, ch := range cs {
			// The rule in the edition it is from, in that edition's language.
			href := urls.RuleIn(in.Lang, ch.Number, s.EditionID(in.Lang, in))
			out = append(out, templates.Change{Number: ch.Number, Href: href, Paras: diffView(ch.Paras)})
		}
		return out
	}
	v.Added, v.Removed, v.Changed = view(diffs.Added, to), view(diffs.Removed, from), view(diffs.Changed, to)
	if len(v.Added)+len(v.Removed)+len(v.Changed) == 0 {
		v.Summary = s.Cat.T(lang, msg.ChangesNone)
	} else {
		v.Summary = s.Cat.Format(lang, msg.ChangesSummary, 0, map[string]any{
			"Added": strconv.Itoa(len(v.Added)), "Removed": strconv.Itoa(len(v.Removed)), "Changed": strconv.Itoa(len(v.Changed)),
		})
	}
	return v
}

// Compare diffs two editions (cached: both are fixed after start-up).
func (s *Pages) Compare(from, to *rules.Book) *library.Comparison {
	key := [2]*rules.Book{from, to}
	if c, ok := s.diffs.Load(key); ok {
		return c.(*library.Comparison)
	}
	v, _ := s.diffs.LoadOrStore(key, library.Compare(from, to))
	return v.(*library.Comparison)
}

// diffView is what library.DiffRules found, for a template.
func diffView(paras [][]diff.Op) [][]templates.DiffOp {
	out := make([][]templates.DiffOp, len(paras))
	for i, ops := range paras {
		for _, op := range ops {
			out[i] = append(out[i], templates.DiffOp{Text: op.Text, Ins: op.Kind == diff.Insert, Del: op.Kind == diff.Delete})
		}
	}
	return out
}
