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
}

type term struct {
	lower string
	slug  string
}

// numberRe finds rule numbers such as "117.3c" and bare "117".
var numberRe = regexp.MustCompile(`\d{3}(?:\.\d{1,3}[a-z]?)?`)

// New builds a Linker for a book in language l. Every glossary term and
// its plurals (l.PluralSuffixes) is matched, longest first, except the
// language's everyday words.
func New(book *rules.Book, l *langs.Lang) *Linker {
	ln := &Linker{book: book, unspaced: l.Unspaced, terms: map[rune][]term{}}
	seen := map[string]bool{}
	add := func(s, slug string) {
		s = strings.ToLower(s)
		if s == "" || seen[s] {
			return
		}
		seen[s] = true
		r, _ := utf8.DecodeRuneInString(s)
		ln.terms[r] = append(ln.terms[r], term{lower: s, slug: slug})
	}
	for _, t := range book.Glossary {
		for _, name := range strings.Split(t.Name, ",") {
			name = strings.TrimSpace(name)
			if slices.Contains(l.EverydayWords, strings.ToLower(name)) {
				continue
			}
			add(name, t.Slug)
			for _, suffix := range l.PluralSuffixes {
				add(name+suffix, t.Slug)
			}
		}
	}
	for _, ts := range ln.terms {
		sort.SliceStable(ts, func(i, j int) bool { return len(ts[i].lower) > len(ts[j].lower) })
	}
	return ln
}

// Segments splits text into linked segments. Each glossary term is linked
// once per text, and never to the entry named by skipSlug (an entry does not
// link to itself). Rule numbers link only when the rule exists.
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
		if end, slug := l.termAt(text, lower, i); end > 0 && !linked[slug] {
			linked[slug] = true
			emit(i, end, TermRef, slug)
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

// termAt matches the longest glossary term at i. In languages with spaces a
// term must start and end at word boundaries.
func (l *Linker) termAt(text, lower string, i int) (int, string) {
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
		return end, t.slug
	}
	return 0, ""
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool {
	return isDigit(c) || c == '.' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' }
