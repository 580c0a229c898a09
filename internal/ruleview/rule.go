package ruleview

import (
	"net/http"
	"strings"

	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/refs"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// RuleQuery asks for a rule page.
type RuleQuery struct {
	layout.Request
	Num     string      // normalized ("117.3a")
	Book    *rules.Book // the edition asked for: lang's current book unless an older one
	Was2008 string      // the 2008 number the reader followed, as given; "" for none
}

// giantRule is how many paragraphs a top-level rule may have before its
// page lists its parts instead of showing them all (701 and 702 have
// hundreds).
const giantRule = 60

// Rule is a rule's page: the rule it belongs to with its subrules, the
// asked-for one marked. In the current edition, rules the language's text
// lacks but the English one has are shown in English, marked as not yet
// translated; older editions stand alone.
func (s *Pages) Rule(q RuleQuery) (templates.RulePage, error) {
	lang, num, b := q.Lang, q.Num, q.Book
	current := b == s.Book(lang)
	ref := s.Lib.Fallback(lang, b)
	target, ok := b.Rule(num)
	fellBack := false
	if !ok && ref != nil {
		target, ok = ref.Rule(num)
		fellBack = ok
	}
	if !ok {
		return templates.RulePage{}, s.RuleNotFound(lang, num)
	}
	if q.Compare != "" && !s.Lib.Langs.Has(q.Compare) {
		return templates.RulePage{}, pageerr.New(http.StatusBadRequest, msg.ErrCompareLang)
	}
	compare := q.Compare
	if compare == lang || !current {
		compare = ""
	}
	root := target
	if target.Level() == 2 {
		root = target.Parent
	}
	own, hasRoot := b.Rule(root.Number)
	if hasRoot {
		root = own // the heading in the page's language where it has one
	}
	ed := s.EditionID(lang, b)
	p := s.Layout.Page(q.Request, Title(target), DescribeRule(target), s.RulePaths(b, num))
	if fellBack {
		// The page to index: the same subtree under its own number when
		// the language has the rule it belongs to, else the English page.
		if hasRoot {
			p.Canonical = s.Layout.Base + urls.Rule(lang, root.Number)
		} else {
			p.Canonical = s.Layout.Base + urls.Rule(ref.Lang, num)
		}
	}
	p.Breadcrumb = s.ruleCrumbs(lang, b, root, ed)
	s.Layout.Article(&p)
	page := templates.RulePage{Page: p, Number: num, Heading: Heading(root), Compare: compare, Edition: s.labels[b]}
	page.Notice = s.renumberedNotice(lang, num, q.Was2008)
	if fellBack {
		page.Notice = strings.TrimSpace(page.Notice + " " + s.Cat.T(lang, msg.FallbackNotice))
	}
	if !current {
		page.Current = &templates.Link{Href: urls.Rule(lang, num), Label: s.Cat.T(lang, msg.EditionCurrentLink)}
	}
	page.History = &templates.Link{Href: urls.History(lang, num), Label: s.Cat.T(lang, msg.RuleHistory)}
	page.Paras = s.subtree(lang, compare, b, ref, root.Number, num)
	if root.Level() == 0 && len(page.Paras) > giantRule {
		// 702 alone is half a megabyte: list its parts, each on its page.
		page.Paras, page.Parts = nil, s.parts(lang, b, ref, root.Number, ed)
	}
	if current {
		page.Examples = s.examplesCiting(lang, root.Number)
	}
	nav := b
	if !hasRoot {
		nav = ref
	}
	if prev := nav.Prev(root); prev != nil {
		page.Prev = &templates.Link{Href: urls.RuleIn(lang, prev.Number, ed), Label: Heading(prev)}
	}
	if next := nav.Next(root); next != nil {
		page.Next = &templates.Link{Href: urls.RuleIn(lang, next.Number, ed), Label: Heading(next)}
	}
	if current {
		page.CompareWith = s.compareLinks(lang, compare, s.Lib.Langs.Codes(), urls.Rule(lang, num), func(l string) string { return urls.RuleCompared(lang, num, l) })
	}
	return page, nil
}

// RulePaths gives rule num's page in each language that has it in the
// edition of book b: the page's alternates, and the sitemap's.
func (s *Pages) RulePaths(b *rules.Book, num string) layout.Versions {
	current := b == s.Book(b.Lang)
	return func(l string) (string, bool) {
		lb, has := s.Book(l), true
		if !current {
			lb, has = s.Lib.Edition(l, b.Edition())
		}
		if !has {
			return urls.Rule(l, num), false
		}
		_, has = lb.Rule(num)
		return urls.RuleIn(l, num, s.EditionID(l, lb)), has
	}
}

// compareLinks turn a comparison with each other language of langs on,
// or the current one (compare, "" for none) off: off leads to the page
// alone, on(l) to the page beside language l.
func (s *Pages) compareLinks(lang, compare string, langs []string, off string, on func(l string) string) []templates.Link {
	var out []templates.Link
	for _, l := range langs {
		switch l {
		case lang:
		case compare:
			out = append(out, templates.Link{Href: off, Label: s.Cat.T(lang, msg.CompareOff)})
		default:
			out = append(out, templates.Link{Href: on(l), Lang: l, Label: s.Cat.T(lang, msg.CompareWith) + " " + s.Lib.Langs.Get(l).Name})
		}
	}
	return out
}

// RuleNotFound is the 404 for a rule lang's current text lacks, with the
// nearest rules it has (or the contents) as suggestions; for a rule an
// older loaded edition has, it says which edition removed it.
func (s *Pages) RuleNotFound(lang, num string) error {
	pe := pageerr.New(http.StatusNotFound, msg.ErrRuleNotFound)
	if n, ok := s.Lib.Langs.NormalizeRef(num); ok {
		if gone := removedIn(s.Lib.Editions[lang], n); gone != nil {
			// A rule the newest edition removed says when, first linking
			// the rule above it.
			pe.Message = s.Cat.Format(lang, msg.RuleRemoved, 0, map[string]any{"Rule": n, "Date": s.Lib.Langs.Get(lang).LongDate(gone.Date)})
		}
		for _, r := range s.Book(lang).Nearest(n, 5) {
			pe.Suggestions = append(pe.Suggestions, templates.Link{Href: urls.Rule(lang, r.Number), Label: Title(r)})
		}
	}
	if len(pe.Suggestions) == 0 {
		pe.Suggestions = []templates.Link{s.Layout.Link(lang, urls.Contents(lang), msg.ContentsHeading)}
	}
	return pe
}

// ruleCrumbs leads from the home page to r's parents in book b, a rule or
// section b lacks named as in the book r is from. ed keeps the links in
// b's edition ("" for the current one).
func (s *Pages) ruleCrumbs(lang string, b *rules.Book, r *rules.Rule, ed string) []templates.Link {
	sec := r.Section
	for _, own := range b.Sections {
		if own.Number == sec.Number {
			sec = own
		}
	}
	crumbs := s.Layout.Crumbs(lang, templates.Link{Href: urls.Section(lang, sec.Number), Label: sectionTitle(sec)})
	for _, a := range r.Ancestors() {
		if own, ok := b.Rule(a.Number); ok {
			a = own
		}
		crumbs = append(crumbs, templates.Link{Href: urls.RuleIn(lang, a.Number, ed), Label: Heading(a)})
	}
	return crumbs
}

// subtree flattens the rule numbered root and its descendants in book b
// into paragraphs; a top-level rule's own line is its heading, not a
// paragraph. When ref is not nil, rules that only ref has join in, in
// number order, as ref's paragraphs marked Fallback.
func (s *Pages) subtree(lang, compare string, b, ref *rules.Book, root, target string) []templates.Para {
	own, current := s.editionParas(lang, b), b == s.Book(lang)
	var out []templates.Para
	var walk func(num string)
	walk = func(num string) {
		var p templates.Para
		if op, ok := own[num]; ok {
			p = *op
			if current {
				p.Outdated = s.outdated(lang, num)
			}
		} else {
			p = *s.paras[ref.Lang][num]
			p.Fallback = true
		}
		if p.Level > 0 {
			p.Target = num == target && root != target
			if compare != "" {
				p.Other = s.paras[compare][num]
			}
			out = append(out, p)
		}
		for _, ch := range library.Children(b, ref, num) {
			walk(ch)
		}
	}
	walk(root)
	return out
}

// parts lists the rules directly under the top-level rule root, each with
// its heading ("702.19 Trample") and the start of what it says, linking
// its own page. Rules only ref has are listed from ref, marked.
func (s *Pages) parts(lang string, b, ref *rules.Book, root, ed string) []templates.Part {
	var out []templates.Part
	for _, num := range library.Children(b, ref, root) {
		r, ok := b.Rule(num)
		fallback := !ok
		if fallback {
			r, _ = ref.Rule(num)
		}
		p := templates.Part{Href: urls.RuleIn(lang, num, ed), Number: num, Lang: lang, Fallback: fallback}
		if fallback {
			p.Lang = ref.Lang
		} else if ed == "" {
			_, p.Outdated = s.Lib.Outdated(lang, num)
		}
		lead := r.Text
		if h := r.Heading(); h == r.Text && len(r.Children) > 0 {
			p.Heading, lead = h, r.Children[0].Text
		}
		p.Lead = shorten(lead, 90)
		out = append(out, p)
	}
	return out
}

// From2008 maps a number of the 2008 numbering to the nearest rule that
// exists in lang's current text (or the English one it falls back on).
func (s *Pages) From2008(lang, old string) (string, refs.Mapping, bool) {
	m, ok := s.Lib.Old2008.Map(old)
	if !ok {
		return "", m, false
	}
	for num := m.Number; num != ""; num = rules.Parent(num) {
		if _, _, exists := s.Lib.Current(lang, num); exists {
			if num != m.Number {
				m.Exact = false
			}
			return num, m, true
		}
	}
	return "", m, false
}

// renumberedNotice is the note for a rule page reached by an old number,
// "" when was2008 is empty or does not lead to this rule. It says when
// the old number has no exact counterpart today, and where the other part
// of a split rule went.
func (s *Pages) renumberedNotice(lang, num, was2008 string) string {
	old, ok := s.Lib.Langs.NormalizeRef(was2008)
	if !ok {
		return ""
	}
	now, m, ok := s.From2008(lang, old)
	if !ok || now != num {
		return ""
	}
	args := map[string]any{"Old": old, "New": num, "Also": m.Also}
	id := msg.Renumbered2008
	if !m.Exact {
		id = msg.Renumbered2008Changed
	}
	notice := s.Cat.Format(lang, id, 0, args)
	if m.Also != "" {
		notice += s.Cat.Format(lang, msg.Renumbered2008Split, 0, args) // starts with a space where the language uses one
	}
	return notice
}
