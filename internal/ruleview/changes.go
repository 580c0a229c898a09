package ruleview

import (
	"slices"
	"strconv"

	"github.com/mtgrules/site/internal/diff"
	"github.com/mtgrules/site/internal/layout"
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
func (s *Site) Changes(q ChangesQuery) templates.ChangesPage {
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

func (s *Site) editionOptions(lang string, selected *rules.Book) []templates.EditionOption {
	var out []templates.EditionOption
	for _, b := range s.Lib.Editions[lang] {
		out = append(out, templates.EditionOption{Value: b.Edition(), Label: s.Lib.Langs.Get(lang).LongDate(b.Date), Selected: b == selected})
	}
	return out
}

// Comparison is what changed from edition from to edition to of lang,
// limited to rule (and its subrules) unless that is "".
func (s *Site) Comparison(lang string, from, to *rules.Book, rule string) templates.Comparison {
	diffs := s.compare(from, to)
	v := templates.Comparison{Heading: s.Cat.Format(lang, msg.ChangesBetween, 0, map[string]any{
		"From": s.Lib.Langs.Get(lang).LongDate(from.Date), "To": s.Lib.Langs.Get(lang).LongDate(to.Date),
	})}
	view := func(cs []change, in *rules.Book) []templates.Change {
		var out []templates.Change
		for _, ch := range cs {
			if rule != "" && !rules.Within(ch.number, rule) {
				continue
			}
			tc := templates.Change{Number: ch.number, Href: urls.RuleIn(lang, ch.number, s.EditionID(lang, in))}
			for _, ops := range ch.paras {
				var para []templates.DiffOp
				for _, op := range ops {
					para = append(para, templates.DiffOp{Text: op.Text, Ins: op.Kind == diff.Insert, Del: op.Kind == diff.Delete})
				}
				tc.Paras = append(tc.Paras, para)
			}
			out = append(out, tc)
		}
		return out
	}
	v.Added, v.Removed, v.Changed = view(diffs.added, to), view(diffs.removed, from), view(diffs.changed, to)
	if len(v.Added)+len(v.Removed)+len(v.Changed) == 0 {
		v.Summary = s.Cat.T(lang, msg.ChangesNone)
	} else {
		v.Summary = s.Cat.Format(lang, msg.ChangesSummary, 0, map[string]any{
			"Added": strconv.Itoa(len(v.Added)), "Removed": strconv.Itoa(len(v.Removed)), "Changed": strconv.Itoa(len(v.Changed)),
		})
	}
	return v
}

// comparison is what changed from one edition to the next, computed once.
type comparison struct {
	added, removed, changed []change
}

type change struct {
	number string
	paras  [][]diff.Op // the rule's text, then its examples
}

// compare diffs two editions (cached: both are fixed after start-up).
func (s *Site) compare(from, to *rules.Book) *comparison {
	key := [2]*rules.Book{from, to}
	if c, ok := s.diffs.Load(key); ok {
		return c.(*comparison)
	}
	c := &comparison{}
	for _, r := range to.Rules() {
		old, ok := from.Rule(r.Number)
		switch {
		case !ok:
			c.added = append(c.added, change{r.Number, diffParas(nil, r)})
		case old.Text != r.Text || !slices.Equal(old.Examples, r.Examples):
			c.changed = append(c.changed, change{r.Number, diffParas(old, r)})
		}
	}
	for _, r := range from.Rules() {
		if _, ok := to.Rule(r.Number); !ok {
			c.removed = append(c.removed, change{r.Number, diffParas(r, nil)})
		}
	}
	v, _ := s.diffs.LoadOrStore(key, c)
	return v.(*comparison)
}

// diffParas compares a rule's text and examples, paragraph by paragraph;
// a nil rule has none.
func diffParas(old, cur *rules.Rule) [][]diff.Op {
	a, b := ruleParas(old), ruleParas(cur)
	out := make([][]diff.Op, max(len(a), len(b)))
	for i := range out {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		out[i] = diff.Words(x, y)
	}
	return out
}

func ruleParas(r *rules.Rule) []string {
	if r == nil {
		return nil
	}
	return append([]string{r.Text}, r.Examples...)
}
