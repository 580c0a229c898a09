// Package templates holds the site's templ components and the plain view
// models they render. Handlers build the models; components only render.
package templates

import (
	"github.com/mtgrules/site/internal/richtext"
	"github.com/mtgrules/site/locales/msg"
)

// Page is what every page's layout needs.
type Page struct {
	Lang        string
	OGLocale    string // the page language's OpenGraph locale ("de_DE")
	Title       string // the <title> and og:title
	Description string
	Canonical   string // absolute URL
	Alternates  []Alternate
	Switcher    []Link // one link per language, the current one marked
	Query       string // the search box's value
	Breadcrumb  []Link
	OEmbed      string // the oEmbed discovery URL, "" for none
	Feed        string // the Atom feed's URL, "" for none
	OGType      string // "article" or "website"
	OGImage     string // the link preview's image, absolute
	OGImageAlt  string
	T           func(id msg.Key) string
	Static      func(name string) string // content-hashed URL of a static file
}

// Alternate is a <link rel=alternate hreflang> target.
type Alternate struct {
	Hreflang string
	OGLocale string // "" for x-default
	Href     string
}

// Link is an anchor with a label.
type Link struct {
	Href    string
	Label   string
	Lang    string // hreflang and lang of the label, when it differs from the page's
	Current bool
}

// Text is a paragraph split into linked segments.
type Text []richtext.Segment

// Para is one rule paragraph on a rule page.
type Para struct {
	Number   string
	Level    int
	Text     Text
	Examples []Text
	Target   bool  // the rule the URL names
	Other    *Para // the same paragraph in the compare language
	Lang     string
	Fallback bool      // shown in Lang because the page's language lacks it
	Edition  string    // the older edition the text is from ("2025-11-14"); "" for the current one
	Outdated *Outdated // the official text changed after the edition this text follows; nil when current
}

// RulePage shows one rule with its subrules.
type RulePage struct {
	Page
	Number      string
	Heading     string
	Paras       []Para
	Parts       []Part // instead of Paras for a giant rule (701, 702): its parts, each on its page
	Prev, Next  *Link
	Compare     string // language shown beside, "" for none
	CompareWith []Link // links that turn comparison on (or off)
	Notice      string // e.g. that the reader followed an old rule number
	Edition     string // which edition the page shows: "Edition of 14 November 2025"
	Current     *Link  // the rule in the current edition, when an older one is shown
	History     *Link  // what changed in this rule, when several editions are loaded
	Examples    []Link // worked examples citing the rule, each at its first citing step
}

// Part is a rule directly under a giant top-level rule, listed with its
// heading ("Trample", or "" when it is not a named rule) and the start of
// what it says, in Lang.
type Part struct {
	Href, Number, Heading, Lead, Lang string
	Fallback                          bool // shown from the English text: the page's language lacks it
	Outdated                          bool // its official text changed after the edition our text follows
}

// TOCSection is a section with its top-level rules, for the contents.
type TOCSection struct {
	Number int
	Title  string
	Rules  []Link
}

// HomePage is the start page of a language.
type HomePage struct {
	Page
	BookTitle   string
	Effective   string
	Intro       []string
	Sections    []TOCSection
	Examples    []Link // a few worked examples, to start with
	AllExamples Link   // the list of all of them
}

// ContentsPage lists every section and top-level rule.
type ContentsPage struct {
	Page
	Sections []TOCSection
}

// GlossaryPage lists every term.
type GlossaryPage struct {
	Page
	Lead   string // how many terms, and what they are
	Terms  []Link
	Groups []TermGroup // Terms under their initials
}

// TermGroup is the glossary's terms under one initial ("A", "か", "#").
type TermGroup struct {
	Initial string
	ID      string // the fragment the A–Z bar links to
	Terms   []Link
}

// TermPage shows one glossary entry, optionally beside the same entry in a
// second language.
type TermPage struct {
	Page
	Name        string
	Definition  []Text
	CompareWith []Link    // turn a comparison on (or off)
	Other       *TermText // the entry in the compared language
}

// TermText is a glossary entry in a language other than the page's.
type TermText struct {
	Lang, Name, Href string
	Definition       []Text
}

// ErrorPage explains a 4xx or 5xx answer.
type ErrorPage struct {
	Page
	Status      int
	Heading     string
	Message     string
	Suggestions []Link
}

// SearchHit is one search result.
type SearchHit struct {
	Href    string
	Number  string
	Title   string
	Snippet string // HTML: escaped text with <mark> highlights, built by the search package
	Lang    string // language the text was found in
	// Untranslated marks a rule the reader's language lacks, shown in Lang.
	Untranslated bool
	TitleLang    string // the title's language when it is not the page's
	// Outdated marks a rule whose official text changed after the edition
	// our text follows.
	Outdated bool
}

// SearchPage shows results with paging.
type SearchPage struct {
	Page
	Query       string
	Total       string // the localized hit count, with the query
	AllWords    string // how many hits have every word, when some do not
	ReadAs      string // the query as searched in the page's language, when it named entries in another
	Hits        []SearchHit
	Fuzzy       bool
	Truncated   bool
	AllLangs    bool
	AllLink     Link
	Suggestions []Link
	Prev, Next  *Link
	PageInfo    string
}

// LinkifyPage is the linkifier form and, after a post, its result.
type LinkifyPage struct {
	Page
	Text    string
	Formats []Link // Href holds the format value, Current the chosen one
	Done    bool
	Output  string
	Count   string // localized number of links made
	Unknown string // the references left as text because no rule has their number, "" for none
	Preview string // HTML output, already escaped by the linkifier; "" for other formats
}

// DiffOp is a run of words that two editions share, or that only the newer
// (Ins) or only the older (Del) has.
type DiffOp struct {
	Text     string
	Ins, Del bool
}

// Change is one rule an edition added, removed or changed.
type Change struct {
	Number string
	Href   string
	Paras  [][]DiffOp // the rule's text, then its examples, compared
}

// Comparison lists what changed from one edition to another.
type Comparison struct {
	Heading string // "From the edition of … to the edition of …"
	Summary string // e.g. "2 added, 1 removed, 5 changed"
	Added   []Change
	Removed []Change
	Changed []Change
}

// EditionOption is one edition to choose in a <select>.
type EditionOption struct {
	Value    string
	Label    string
	Selected bool
}

// ChangesPage lists what changed between editions of one language.
type ChangesPage struct {
	Page
	Message     string // why there is nothing to compare, or ""
	Rule        string // the rule the changes are limited to, "" for all
	RuleNote    string // says so, in the reader's language
	From, To    []EditionOption
	Comparisons []Comparison
}

// Outdated tells the reader that a paragraph follows an official text
// that has changed since, with the official text as it is now.
type Outdated struct {
	Notice    string  // both dates, in the page's language
	Parent    *Link   // the rule above, when the newer edition removed this one
	NowLabel  string  // says what Now is
	Now       *Para   // the official English paragraph now; nil when removed
	DiffLabel string  // says what Diff is
	Diff      *Change // the official text from the edition followed to now; nil when that edition is not loaded
}

// HistoryPage lists the editions in which a rule's text changed.
type HistoryPage struct {
	Page
	Number  string
	Lead    string       // what the page lists
	Notes   []string     // one edition only, the official text's history, the oldest edition
	Changes []Comparison // newest first, only those that changed the rule
	Rule    Link         // back to the rule
}
