// Package apiview builds the JSON API's answers from the rules, the
// glossary and the worked examples, as simview builds the simulator's
// pages: plain functions from the domain to plain structs, no HTTP. The
// structs' JSON form is the API's wire format (see the OpenAPI document
// the web package serves).
package apiview

import (
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/rules"
)

// Source is one edition of a language's rules as the site shows it. The
// web package fills it, so that the English fallback keeps its one owner.
type Source struct {
	Lang    string
	Edition string // "2026-04-17"; "" for a file without an effective date
	// Rule finds a rule by canonical number; textLang is the language of
	// its text (another one's where this edition lacks the rule).
	Rule func(num string) (r *rules.Rule, textLang string, ok bool)
	// Children lists the numbers of a rule's subrules, in number order.
	Children func(num string) []string
	// Href is the absolute URL of a rule's page in this edition.
	Href func(num string) string
	// OutdatedSince is the edition ("2026-06-12") since which the
	// official text of a rule of this language's own text has changed,
	// "" while it is current; nil for an edition nothing is marked in.
	OutdatedSince func(num string) string
}

// Rule is one rule, subrule or top-level rule.
type Rule struct {
	Number   string   `json:"number"`
	Heading  string   `json:"heading"`
	Text     string   `json:"text"`
	Examples []string `json:"examples"`
	Parent   *string  `json:"parent"` // null for a top-level rule
	Children []string `json:"children"`
	// Lang is the language of Text; Fallback says it is the English text
	// because the requested language's book lacks the rule.
	Lang     string `json:"lang"`
	Fallback bool   `json:"fallback"`
	URL      string `json:"url"`
	// OutdatedSince is the official edition that changed (or removed)
	// the rule after the edition our text of it follows; absent while
	// current.
	OutdatedSince string `json:"outdated_since,omitempty"`
}

// RuleDoc is the answer of /api/{lang}/rules/{num}.
type RuleDoc struct {
	Rule
	Edition string `json:"edition"`
	// Subrules is every rule under this one in number order, with
	// ?subrules=1; absent otherwise.
	Subrules []Rule `json:"subrules,omitempty"`
}

// RuleOf describes rule num of src, with its whole subtree when subrules
// is set. ok is false when src has no such rule.
func RuleOf(src Source, num string, subrules bool) (RuleDoc, bool) {
	r, textLang, ok := src.Rule(num)
	if !ok {
		return RuleDoc{}, false
	}
	doc := RuleDoc{Rule: ruleOf(src, r, textLang), Edition: src.Edition}
	if subrules {
		doc.Subrules = []Rule{}
		var walk func(num string)
		walk = func(num string) {
			for _, ch := range src.Children(num) {
				if r, textLang, ok := src.Rule(ch); ok {
					doc.Subrules = append(doc.Subrules, ruleOf(src, r, textLang))
					walk(ch)
				}
			}
		}
		walk(num)
	}
	return doc, true
}

func ruleOf(src Source, r *rules.Rule, textLang string) Rule {
	out := Rule{
		Number: r.Number, Heading: r.Heading(), Text: r.Text, Examples: r.Examples, Children: src.Children(r.Number),
		Lang: textLang, Fallback: textLang != src.Lang, URL: src.Href(r.Number),
	}
	if src.OutdatedSince != nil && !out.Fallback {
		out.OutdatedSince = src.OutdatedSince(r.Number)
	}
	if out.Examples == nil {
		out.Examples = []string{}
	}
	if out.Children == nil {
		out.Children = []string{}
	}
	if p := rules.Parent(r.Number); p != "" {
		out.Parent = &p
	}
	return out
}

// Contents is the answer of /api/{lang}/rules: the sections with their
// top-level rules.
type Contents struct {
	Lang     string    `json:"lang"`
	Edition  string    `json:"edition"`
	Sections []Section `json:"sections"`
}

// Section is a numbered chapter with its top-level rules.
type Section struct {
	Number int       `json:"number"`
	Title  string    `json:"title"`
	Rules  []TOCRule `json:"rules"`
}

// TOCRule is a top-level rule in the contents.
type TOCRule struct {
	Number string `json:"number"`
	Title  string `json:"title"`
	URL    string `json:"url"`
}

// ContentsOf lists the sections and top-level rules of book b; href is the
// absolute URL of a rule's page.
func ContentsOf(b *rules.Book, href func(num string) string) Contents {
	out := Contents{Lang: b.Lang, Edition: b.Edition(), Sections: make([]Section, 0, len(b.Sections))}
	for _, sec := range b.Sections {
		s := Section{Number: sec.Number, Title: sec.Title, Rules: make([]TOCRule, 0, len(sec.Rules))}
		for _, r := range sec.Rules {
			s.Rules = append(s.Rules, TOCRule{Number: r.Number, Title: r.Text, URL: href(r.Number)})
		}
		out.Sections = append(out.Sections, s)
	}
	return out
}

// TermRef names a glossary entry.
type TermRef struct {
	Lang string `json:"lang"`
	Term string `json:"term"`
	Slug string `json:"slug"`
	URL  string `json:"url"`
}

// Glossary is the answer of /api/{lang}/glossary.
type Glossary struct {
	Lang  string    `json:"lang"`
	Terms []TermRef `json:"terms"`
}

// TermHref is the absolute URL of a glossary entry's page.
type TermHref func(lang, slug string) string

// GlossaryOf lists the glossary of book b in file order.
func GlossaryOf(b *rules.Book, href TermHref) Glossary {
	out := Glossary{Lang: b.Lang, Terms: make([]TermRef, 0, len(b.Glossary))}
	for _, t := range b.Glossary {
		out.Terms = append(out.Terms, TermRef{Lang: b.Lang, Term: t.Name, Slug: t.Slug, URL: href(b.Lang, t.Slug)})
	}
	return out
}

// Term is the answer of /api/{lang}/glossary/{slug}.
type Term struct {
	TermRef
	Definition []string `json:"definition"`
	// Translations are the same entry in the other languages.
	Translations []TermRef `json:"translations"`
}

// TermOf describes entry t of lang's glossary; counterpart finds the same
// entry in another of the languages (the glossary alignment).
func TermOf(lang string, t *rules.Term, languages []string, counterpart func(l string) (*rules.Term, bool), href TermHref) Term {
	out := Term{TermRef: TermRef{Lang: lang, Term: t.Name, Slug: t.Slug, URL: href(lang, t.Slug)}, Definition: t.Definition, Translations: []TermRef{}}
	if out.Definition == nil {
		out.Definition = []string{}
	}
	for _, l := range languages {
		if l == lang {
			continue
		}
		if o, ok := counterpart(l); ok {
			out.Translations = append(out.Translations, TermRef{Lang: l, Term: o.Name, Slug: o.Slug, URL: href(l, o.Slug)})
		}
	}
	return out
}

// Editions is the answer of /api/editions.
type Editions struct {
	Languages []LangEditions `json:"languages"`
}

// LangEditions are one language's loaded editions, newest first.
type LangEditions struct {
	Lang     string    `json:"lang"`
	Editions []Edition `json:"editions"`
}

// Edition is one loaded edition of a language's rules.
type Edition struct {
	Edition  string `json:"edition"` // "2026-04-17"
	Label    string `json:"label"`   // "Edition of 17 April 2026", in the edition's language
	Current  bool   `json:"current"` // the one pages show unless asked for another
	Rules    int    `json:"rules"`
	Glossary int    `json:"glossary"`
}

// EditionsOf lists every loaded edition in the site's language order;
// label names an edition in its language.
func EditionsOf(lib *library.Library, label func(*rules.Book) string) Editions {
	out := Editions{Languages: []LangEditions{}}
	for _, lang := range lib.Langs.Codes() {
		le := LangEditions{Lang: lang, Editions: []Edition{}}
		for i, b := range lib.Editions[lang] {
			le.Editions = append(le.Editions, Edition{
				Edition: b.Edition(), Label: label(b), Current: i == 0, Rules: len(b.Rules()), Glossary: len(b.Glossary),
			})
		}
		out.Languages = append(out.Languages, le)
	}
	return out
}
