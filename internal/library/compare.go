package library

import (
	"slices"

	"github.com/mtgrules/site/internal/diff"
	"github.com/mtgrules/site/rules"
)

// Comparison is what changed from one edition to another: the rules it
// added, removed and changed, each with its words compared.
type Comparison struct {
	Added, Removed, Changed []Change
}

// Change is one rule's text, then its examples, compared word by word.
type Change struct {
	Number string
	Paras  [][]diff.Op
}

// Within is the part of c about rule and its subrules (all of c when rule
// is "").
func (c *Comparison) Within(rule string) *Comparison {
	if rule == "" {
		return c
	}
	keep := func(cs []Change) []Change {
		var out []Change
		for _, ch := range cs {
			if rules.Within(ch.Number, rule) {
				out = append(out, ch)
			}
		}
		return out
	}
	return &Comparison{Added: keep(c.Added), Removed: keep(c.Removed), Changed: keep(c.Changed)}
}

// Compare diffs edition from with edition to.
func Compare(from, to *rules.Book) *Comparison {
	c := &Comparison{}
	for _, r := range to.Rules() {
		old, ok := from.Rule(r.Number)
		switch {
		case !ok:
			c.Added = append(c.Added, Change{r.Number, DiffRules(nil, r)})
		case old.Text != r.Text || !slices.Equal(old.Examples, r.Examples):
			c.Changed = append(c.Changed, Change{r.Number, DiffRules(old, r)})
		}
	}
	for _, r := range from.Rules() {
		if _, ok := to.Rule(r.Number); !ok {
			c.Removed = append(c.Removed, Change{r.Number, DiffRules(r, nil)})
		}
	}
	return c
}

// DiffRules compares a rule's text and examples, paragraph by paragraph;
// a nil rule has none.
func DiffRules(old, cur *rules.Rule) [][]diff.Op {
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

// History is what rule num's history in lang is told from, newest first:
// lang's own editions, or, for our own text of a language that has one,
// the official English editions it follows (official is then true). ok
// is false when neither those editions nor lang's current text (with its
// fallback) have the rule.
func (l *Library) History(lang, num string) (eds []*rules.Book, official, ok bool) {
	eds = l.Editions[lang]
	if len(eds) == 1 && l.ours[lang] && l.Official != nil && len(l.Official.Books) > 1 {
		eds, official = l.Official.Books, true
	}
	_, _, ok = l.Current(lang, num)
	for _, b := range eds {
		_, has := b.Rule(num)
		ok = ok || has
	}
	return eds, official, ok
}
