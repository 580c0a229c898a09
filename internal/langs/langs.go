// Package langs is the table of the site's languages: one row per
// language with everything the site does differently in it — its code
// and name, OpenGraph locale, search analysis, date format, how running
// text quotes card names and lists them, how glossary terms are linked,
// the headings of its rules files, the words its readers write around
// rule numbers, and the question words and synonyms search reads. Every package takes its languages from a Table; Default
// is the site's. The first row is the fallback: its rules file says which
// rules exist, and its texts stand in where another language has none.
//
// Adding a language is a row in Default, its content (content/{code}/:
// rules.txt, cards.json, scenarios/*.json; a column of glossary.tsv) and
// its message files (locales/*.{code}.toml).
package langs

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/text/language"

	"github.com/mtgrules/site/rules"
)

// Lang is one language of the site.
type Lang struct {
	// Code names the language in URLs, hreflang and the lang attribute,
	// content/{Code}/ and locales/*.{Code}.toml: "de".
	Code string
	// Name is the language's name in itself, for the switcher: "Deutsch".
	Name string
	// OGLocale is its OpenGraph locale: "de_DE".
	OGLocale string
	// Search is how search analyses its texts and queries.
	Search Analysis

	// DateLayout writes a long date, as time.Format: "2. January 2006"
	// (see rules.DateForm); rules files may write their effective date so.
	DateLayout string
	// Months replace the English month names DateLayout writes, January
	// first; nil keeps them.
	Months []string

	// CardQuotes enclose a card's name in running text ("《", "》"); empty
	// for none.
	CardQuotes [2]string
	// Comma separates listed names: ", ", "、".
	Comma string
	// CommasOnly lists three or more names with Comma alone ("A、B、C")
	// rather than as "A, B and C".
	CommasOnly bool

	// Unspaced says words are not separated by spaces: a glossary term is
	// linked wherever it occurs, inside longer words too.
	Unspaced bool
	// PluralSuffixes make a glossary term's plural, which is linked too:
	// "s"; "en", "n".
	PluralSuffixes []string
	// EverydayWords are glossary headwords, lower-cased, that running text
	// mostly uses in their everyday sense ("in diesem Fall"): not linked.
	EverydayWords []string
	// EverydayPhrases are phrases, lower-cased, in which a word shared with
	// a glossary term keeps its everyday sense ("locked in", "in general";
	// in unspaced text a longer word such as "鉱山"): nothing inside one
	// is linked.
	EverydayPhrases []string
	// QuotedWords are glossary headwords, lower-cased, that name a word
	// of card text ("instead": the word that makes a replacement effect):
	// linked only where the text quotes that word, not where it uses it.
	QuotedWords []string

	// QuestionWords are the words of questions as readers type them that
	// no rule text answers with ("happens", "passiert", "何"): search drops
	// them from a query, never from the index. In a spaced language they
	// are what the analysis's stop word list keeps (question words,
	// auxiliaries, question verbs), dropped after analysis, so with every
	// inflection the analyzer folds. In Japanese they are kanji question
	// words (a kanji run that is one goes) and verbs of asking (dropped
	// wherever they occur); particles are the analysis's own.
	QuestionWords []string
	// Synonyms map the words questions use to the words the rules use for
	// the same thing ("gets" → "receives"): a query word matches its
	// synonyms too, a little lower. Analysed as the index is.
	Synonyms map[string][]string

	// RulesWords are the headings and markers of a rules text in the
	// language, and the forms of its effective date besides DateLayout's
	// (Dates: "January 2, 2006" in the official English files).
	RulesWords rules.Words
	// RefWords are the words written before a rule number ("rule",
	// "Regel") and after it ("項") in the language; no digits.
	RefWords rules.RefWords
}

// Analysis is how search analyses a language (see package search).
type Analysis int

// The analyses. A language without its own is searched with Standard.
const (
	// Standard splits words at spaces and punctuation and lower-cases them;
	// typos are tolerated.
	Standard Analysis = iota
	// English stems words, drops stop and question words, ranks with BM25.
	English
	// German stems and normalises words, drops stop and question words,
	// and finds compounds by their parts ("Schaden" in "Kampfschaden").
	German
	// Japanese indexes bigrams and drops particles and question words from
	// queries; no typo tolerance.
	Japanese
)

// LongDate writes t as readers of the language do: "14 November 2025",
// "14. November 2025", "2025年11月14日".
func (l *Lang) LongDate(t time.Time) string { return l.dateForm().Format(t) }

func (l *Lang) dateForm() rules.DateForm {
	return rules.DateForm{Layout: l.DateLayout, Months: l.Months}
}

// QuoteCard writes a card's name as running text does: "《Shock》".
func (l *Lang) QuoteCard(name string) string {
	if l.CardQuotes[0] == "" {
		return name
	}
	return l.CardQuotes[0] + name + l.CardQuotes[1]
}

// Table is the site's languages, the fallback first. It is not changed
// after New and is safe for concurrent use.
type Table struct {
	rows    []Lang
	refs    *rules.RefReader
	codes   []string
	index   map[string]int
	matcher language.Matcher
	matched []string // the code of each tag the matcher was given
}

// New makes a table of rows, the first the fallback. Codes must be
// distinct lower-case ASCII letters; every row needs a name, an
// OpenGraph locale, a date layout and a comma, and Months, when set,
// twelve names; its date forms must pass rules.DateForm.Check, and its
// rule words have no digits.
func New(rows ...Lang) (*Table, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("langs: no languages")
	}
	t := &Table{rows: rows, index: map[string]int{}}
	var tags []language.Tag
	for i, l := range rows {
		if err := check(l); err != nil {
			return nil, err
		}
		if _, dup := t.index[l.Code]; dup {
			return nil, fmt.Errorf("langs: %s is in the table twice", l.Code)
		}
		t.index[l.Code] = i
		t.codes = append(t.codes, l.Code)
		// A code the language package does not know (a made-up one) is
		// never picked by Accept-Language.
		if tag := language.Make(l.Code); tag != language.Und {
			tags = append(tags, tag)
			t.matched = append(t.matched, l.Code)
		}
	}
	if len(tags) > 0 {
		t.matcher = language.NewMatcher(tags)
	}
	t.refs = rules.NewRefReader(t.RefWords())
	return t, nil
}

func check(l Lang) error {
	if l.Code == "" || strings.Trim(l.Code, "abcdefghijklmnopqrstuvwxyz") != "" {
		return fmt.Errorf("langs: code %q: want lower-case letters", l.Code)
	}
	switch {
	case l.Name == "":
		return fmt.Errorf("langs: %s has no name", l.Code)
	case l.OGLocale == "":
		return fmt.Errorf("langs: %s has no OpenGraph locale", l.Code)
	case l.DateLayout == "":
		return fmt.Errorf("langs: %s has no date layout", l.Code)
	case l.Comma == "":
		return fmt.Errorf("langs: %s has no comma", l.Code)
	case l.Months != nil && len(l.Months) != 12:
		return fmt.Errorf("langs: %s has %d month names, want 12", l.Code, len(l.Months))
	}
	for _, w := range slices.Concat(l.RefWords.Before, l.RefWords.After) {
		if strings.TrimSpace(w) == "" || strings.ContainsAny(w, "0123456789") {
			return fmt.Errorf("langs: %s rule word %q is empty or has a digit", l.Code, w)
		}
	}
	for _, f := range append([]rules.DateForm{l.dateForm()}, l.RulesWords.Dates...) {
		if err := f.Check(); err != nil {
			return fmt.Errorf("langs: %s date: %w", l.Code, err)
		}
	}
	return nil
}

// With is t with more rows after its own.
func (t *Table) With(rows ...Lang) (*Table, error) {
	return New(append(append([]Lang(nil), t.rows...), rows...)...)
}

// Codes lists the languages' codes in table order, the fallback first.
// The slice is shared: do not change it.
func (t *Table) Codes() []string { return t.codes }

// Has reports whether code is one of the table's languages.
func (t *Table) Has(code string) bool {
	_, ok := t.index[code]
	return ok
}

// Get is the language with the code, nil when the table lacks it.
func (t *Table) Get(code string) *Lang {
	if i, ok := t.index[code]; ok {
		return &t.rows[i]
	}
	return nil
}

// Fallback is the first language: its rules file says which rules exist,
// and its texts stand in where another language has none.
func (t *Table) Fallback() *Lang { return &t.rows[0] }

// Negotiate picks the language for an Accept-Language header; the
// fallback when none fits.
func (t *Table) Negotiate(acceptLanguage string) string {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 || len(t.matched) == 0 {
		return t.codes[0]
	}
	_, i, conf := t.matcher.Match(tags...)
	if conf == language.No {
		return t.codes[0]
	}
	return t.matched[i]
}

// RulesWords are the words of every language's rules texts together,
// with every row's long date form: a text may use any of them.
func (t *Table) RulesWords() rules.Words {
	var w rules.Words
	for _, l := range t.rows {
		f := l.RulesWords
		w.Contents = append(w.Contents, f.Contents...)
		w.Glossary = append(w.Glossary, f.Glossary...)
		w.Credits = append(w.Credits, f.Credits...)
		w.Example = append(w.Example, f.Example...)
		w.Effective = append(w.Effective, f.Effective...)
		w.Dates = append(append(w.Dates, l.dateForm()), f.Dates...)
	}
	return w
}

// RefWords are the words every language writes around rule numbers
// together: a reference may use any of them.
func (t *Table) RefWords() rules.RefWords {
	var w rules.RefWords
	for _, l := range t.rows {
		w.Before = append(w.Before, l.RefWords.Before...)
		w.After = append(w.After, l.RefWords.After...)
	}
	return w
}

// NormalizeRef turns a rule reference written with any language's words
// ("CR 117.3a", "Regel 704.5a", "１１７．３ａ項") into the canonical number
// ("117.3a"); ok is false when s is not one.
func (t *Table) NormalizeRef(s string) (number string, ok bool) { return t.refs.Normalize(s) }
