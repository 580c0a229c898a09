// Package richtext splits rule and glossary texts into segments: plain text,
// links to rules cited by number, and links to glossary terms. Templates
// render the segments; nothing here produces HTML.
package richtext

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

// Kind tells what a segment links to.
type Kind uint8

// Segment kinds.
const (
	Plain Kind = iota
	RuleRef
	TermRef
)

// Segment is a run of text, linked when Kind is not Plain. Target is a rule
// number (RuleRef) or a glossary slug (TermRef).
type Segment struct {
	Text   string
	Kind   Kind
	Target string
}

// Linker links the rule numbers and glossary terms of one book.
type Linker struct {
	book     *rules.Book
	terms    map[rune][]term // by first letter, longest first
	unspaced bool            // terms may start and end anywhere (see langs.Lang.Unspaced)
	names    [2]string       // the quotes around a card's name (langs.Lang.CardQuotes)
}

// term is a glossary term or a plain phrase (slug "") whose words are
// never linked. A quoted term links only where the text quotes it.
type term struct {
	lower  string
	slug   string
	quoted bool
}

// numberRe finds rule numbers such as "117.3c" and bare "117".
var numberRe = regexp.MustCompile(`\d{3}(?:\.\d{1,3}[a-z]?)?`)

// New builds a Linker for a book in language l. Every glossary term and
// its plurals (l.PluralSuffixes) is matched, longest first, in the sense
// the glossary gives it: never the language's everyday words, nothing
// inside its everyday phrases or a quoted card name, and a word of card
// text (l.QuotedWords) only where the text quotes it.
func New(book *rules.Book, l *langs.Lang) *Linker {
	ln := &Linker{book: book, unspaced: l.Unspaced, names: l.CardQuotes, terms: map[rune][]term{}}
	seen := map[string]bool{}
	add := func(s string, t term) {
		s = strings.ToLower(s)
		if s == "" || seen[s] {
			return
		}
		seen[s] = true
		t.lower = s
		r, _ := utf8.DecodeRuneInString(s)
		ln.terms[r] = append(ln.terms[r], t)
	}
	for _, p := range l.EverydayPhrases {
		add(p, term{})
	}
	for _, t := range book.Glossary {
		for _, name := range strings.Split(t.Name, ",") {
			name = strings.ToLower(strings.TrimSpace(name))
			if slices.Contains(l.EverydayWords, name) {
				continue
			}
			quoted := slices.Contains(l.QuotedWords, name)
			add(name, term{slug: t.Slug, quoted: quoted})
			for _, suffix := range l.PluralSuffixes {
				add(name+suffix, term{slug: t.Slug, quoted: quoted})
			}
		}
	}
	ln.sort()
	return ln
}

// Plain is a copy of l that also leaves the given phrases unlinked: the
// names of the cards a text mentions, so that "Exalted Angel" does not
// link the exalted keyword.
func (l *Linker) Plain(phrases ...string) *Linker {
	c := *l
	c.terms = make(map[rune][]term, len(l.terms))
	for r, ts := range l.terms {
		c.terms[r] = slices.Clone(ts)
	}
	for _, p := range phrases {
		if p = strings.ToLower(p); p != "" {
			r, _ := utf8.DecodeRuneInString(p)
			c.terms[r] = append(c.terms[r], term{lower: p})
		}
	}
	c.sort()
	return &c
}

// sort puts the longest match first; a plain phrase before a term of the
// same length.
func (l *Linker) sort() {
	for _, ts := range l.terms {
		sort.SliceStable(ts, func(i, j int) bool {
			if len(ts[i].lower) != len(ts[j].lower) {
				return len(ts[i].lower) > len(ts[j].lower)
			}
			return ts[i].slug == "" && ts[j].slug != ""
		})
	}
}

// Segments splits text into linked segments. Each glossary term is linked
// once per text, and never to the entry named by skipSlug (an entry does not
// link to itself); its later occurrences stay text as a whole. Rule
// numbers link only when the rule exists.
func (l *Linker) Segments(text, skipSlug string) []Segment {
	var out []Segment
	linked := map[string]bool{skipSlug: true}
	lower := strings.ToLower(text)
	if len(lower) != len(text) {
		lower = "" // case folding changed byte offsets: match case-sensitively
	}
	plainStart := 0
	emit := func(start, end int, k Kind, target string) {
		if start > plainStart {
			out = append(out, Segment{Text: text[plainStart:start]})
		}
		out = append(out, Segment{Text: text[start:end], Kind: k, Target: target})
		plainStart = end
	}
	for i := 0; i < len(text); {
		if end, num := l.ruleAt(text, i); end > 0 {
			emit(i, end, RuleRef, num)
			i = end
			continue
		}
		if end := l.quotedNameAt(text, i); end > 0 {
			i = end
			continue
		}
		if end, slug := l.termAt(text, lower, i); end > 0 {
			if slug != "" && !linked[slug] {
				linked[slug] = true
				emit(i, end, TermRef, slug)
			}
			// A plain phrase, or a term linked before, stays text as a
			// whole: no shorter term inside it ("色" in "無色") is linked.
			i = end
			continue
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
	}
	if plainStart < len(text) {
		out = append(out, Segment{Text: text[plainStart:]})
	}
	return out
}

// ruleAt matches an existing rule number starting at i, not inside a longer
// number or word.
func (l *Linker) ruleAt(text string, i int) (int, string) {
	if c := text[i]; c < '1' || c > '9' || (i > 0 && isWordByte(text[i-1])) {
		return 0, ""
	}
	loc := numberRe.FindStringIndex(text[i:])
	if loc == nil || loc[0] != 0 {
		return 0, ""
	}
	end := i + loc[1]
	if end < len(text) && (isDigit(text[end]) || (text[end] >= 'a' && text[end] <= 'z')) {
		return 0, ""
	}
	num := text[i:end]
	if _, ok := l.book.Rule(num); !ok {
		return 0, ""
	}
	return end, num
}

// quotedNameAt returns the end of a card's name written in the
// language's card quotes (《Shock》) at i, 0 when none starts there.
func (l *Linker) quotedNameAt(text string, i int) int {
	open, end := l.names[0], l.names[1]
	if open == "" || !strings.HasPrefix(text[i:], open) {
		return 0
	}
	n := strings.Index(text[i+len(open):], end)
	if n < 0 {
		return 0
	}
	return i + len(open) + n + len(end)
}

// termAt matches the longest glossary term or plain phrase at i; slug is
// "" for a phrase. In languages with spaces a match must start and end at
// word boundaries.
func (l *Linker) termAt(text, lower string, i int) (end int, slug string) {
	if !l.unspaced && i > 0 {
		if r, _ := utf8.DecodeLastRuneInString(text[:i]); isWordRune(r) {
			return 0, ""
		}
	}
	hay := text[i:]
	if lower != "" {
		hay = lower[i:]
	}
	first, _ := utf8.DecodeRuneInString(hay)
	for _, t := range l.terms[first] {
		if !strings.HasPrefix(hay, t.lower) {
			continue
		}
		end := i + len(t.lower)
		if !l.unspaced && end < len(text) {
			if r, _ := utf8.DecodeRuneInString(text[end:]); isWordRune(r) {
				continue
			}
		}
		if t.quoted && !quotedAt(text, i, end) {
			continue
		}
		return end, t.slug
	}
	return 0, ""
}

// quotes open and close quotations in the site's languages.
const quotes = "\"'“”„‚‘’「」『』«»‹›"

// quotedAt reports whether text[start:end] is quoted on its own: a quote
// before it and one after it, perhaps after a punctuation mark ("instead,").
func quotedAt(text string, start, end int) bool {
	before, _ := utf8.DecodeLastRuneInString(text[:start])
	if start == 0 || !strings.ContainsRune(quotes, before) {
		return false
	}
	after := text[end:]
	if r, n := utf8.DecodeRuneInString(after); strings.ContainsRune(".,;:!?、。", r) {
		after = after[n:]
	}
	next, _ := utf8.DecodeRuneInString(after)
	return after != "" && strings.ContainsRune(quotes, next)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool {
	return isDigit(c) || c == '.' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' }
