// Package refs finds rule references in forum posts written with the
// words of the site's languages ("CR 117.3a", "Regeln 704.5a und 704.5b",
// "総合ルール117.3a", "117.3a項", "117.3a–c") and rewrites the post with each
// reference linked, as HTML, Markdown or BBCode. Version numbers, dates,
// prices and numbers inside existing links are left alone.
package refs

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/site/rules"
)

// Ref is one rule reference in a text.
type Ref struct {
	Start, End int    // byte offsets of the linked span in the original text
	Number     string // canonical rule number, e.g. "117.3a"
	// Through is the last subrule of a range such as "117.3a–c"
	// ("117.3c"); empty for a single rule.
	Through string
}

// Text returns the referenced span of s.
func (r Ref) Text(s string) string { return s[r.Start:r.End] }

// Finder finds the rule references written with its words.
type Finder struct {
	before *regexp.Regexp // a word before a number, at the end of the text
	after  *regexp.Regexp // a word after a number, at the start of the text
	reach  int            // how far back from the number's white space a word before may start
}

// NewFinder finds references written with words: a word before a number
// makes it a reference even without a dot part ("rule 117", "Regel
// 704"), and a word after it belongs to it ("117.3a項").
func NewFinder(words rules.RefWords) *Finder {
	longest := 0
	for _, w := range words.Before {
		longest = max(longest, len(w))
	}
	return &Finder{
		before: regexp.MustCompile(`(?i:` + words.BeforePattern() + `)$`),
		after:  regexp.MustCompile(`^(?i:` + words.AfterPattern() + `)`),
		reach:  longest + wordSpace,
	}
}

// wordSpace is how much white space beyond one space a word of several
// ("comprehensive rules") may hold, and how much longer than written its
// case folding may make a word.
const wordSpace = 64

// number finds rule numbers in width-folded, lower-cased text: three
// digits, an optional dot part and letter (group 1) and the last letter of
// a range (group 2). Find looks for a word before each number apart,
// which is faster than one pattern for both.
var number = regexp.MustCompile(`([1-9]\d\d(?:\.\d{1,3}[a-z]?)?)(?:\s*[-–—~〜]\s*([a-z])\b)?`)

// currency marks that a number is a price, not a rule.
const currency = "€$£¥円"

// Find returns every rule reference in s, in order. Invalid UTF-8 is
// treated as opaque bytes.
func (f *Finder) Find(s string) []Ref {
	folded, offs := fold(s)
	skip := linkSpans(folded)
	var out []Ref
	prev := 0 // where the previous number's match ended
	for _, m := range number.FindAllStringSubmatchIndex(folded, -1) {
		start, end := m[0], m[1]
		numStart, numEnd := m[2], m[3]
		num := folded[numStart:numEnd]
		word, hasLabel := f.wordBefore(folded, prev, numStart)
		if hasLabel {
			start = word
		}
		prev = end
		if inSpans(skip, numStart) {
			continue
		}
		if !hasLabel && !strings.Contains(num, ".") {
			continue // a bare "117" is any number
		}
		if hasLabel && !wordStart(folded, start) {
			// "Tutorial 117.3": the label is the tail of a word; keep the number alone.
			start, hasLabel = numStart, false
			if !strings.Contains(num, ".") {
				continue
			}
		}
		if !hasLabel && !numberStart(folded, numStart) {
			continue
		}
		if !numberEnd(folded, numEnd) || price(folded, start, numEnd) || (!hasLabel && versionOrUnit(folded, start, numEnd)) {
			continue
		}
		// A trailing "." closes the sentence, "項" belongs to the reference.
		if after := f.after.FindStringIndex(folded[end:]); after != nil && m[4] < 0 {
			end += after[1]
		}
		r := Ref{Number: canonical(num)}
		if m[4] >= 0 {
			letter := folded[m[4]:m[5]]
			if last := num[len(num)-1]; last >= 'a' && last <= 'z' && letter[0] > last {
				r.Through = num[:len(num)-1] + letter
			} else {
				end = numEnd // "117.3 - a" is no range
			}
		}
		r.Start, r.End = offs[start], offs[end]
		out = append(out, r)
	}
	return out
}

// wordBefore finds a word before the number at i, and white space
// between them, in s[from:i]; it returns where the word starts.
func (f *Finder) wordBefore(s string, from, i int) (int, bool) {
	j := i
	for j > from && strings.IndexByte(" \t\n\f\r", s[j-1]) >= 0 { // \s
		j--
	}
	lo := max(from, j-f.reach)
	w := f.before.FindStringIndex(s[lo:j])
	if w == nil {
		return 0, false
	}
	return lo + w[0], true
}

// canonical drops leading zeros of the dot part ("704.05a" → "704.5a").
func canonical(num string) string {
	top, rest, ok := strings.Cut(num, ".")
	if !ok {
		return num
	}
	digits := strings.TrimRightFunc(rest, unicode.IsLetter)
	trimmed := strings.TrimLeft(digits, "0")
	if trimmed == "" {
		trimmed = "0"
	}
	return top + "." + trimmed + rest[len(digits):]
}

// wordStart reports whether position i starts a word.
func wordStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !isASCIIWord(r)
}

// numberStart rejects numbers glued to a word, a path or another number:
// "v117.3", "/rules/117.3", "1.117.3".
func numberStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !isASCIIWord(r) && !strings.ContainsRune("./#=_-+:,", r) && !strings.ContainsRune(currency, r)
}

// numberEnd rejects numbers that continue: "2019.12.06", "117.3.1", "1172".
func numberEnd(s string, i int) bool {
	if i == len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	if isASCIIWord(r) || r == '/' || r == ',' && i+1 < len(s) && isDigit(s[i+1]) {
		return false
	}
	if (r == '.' || r == ':') && i+1 < len(s) && isDigit(s[i+1]) {
		return false
	}
	return true
}

// price reports a currency sign right before the span or right after the number.
func price(s string, start, end int) bool {
	before := strings.TrimRight(s[:start], " ")
	after := strings.TrimLeft(s[end:], " ")
	for _, c := range strings.Split(currency, "") {
		if strings.HasSuffix(before, c) || strings.HasPrefix(after, c) {
			return true
		}
	}
	lower := strings.ToLower(after[:min(len(after), 3)]) // only the next word, not the rest of the post
	return lower == "eur" || lower == "usd" || lower == "yen"
}

// versionWords before a number and units after it mark something other
// than a rule: "version 117.3", "build 202.1", "100.5 km", "120.5%".
var (
	versionBefore = regexp.MustCompile(`(?:version|ver\.|v|build|release|patch|update|fassung|バージョン|ver)\s*$`)
	unitAfter     = regexp.MustCompile(`^\s*(?:%|km|kg|mb|gb|kb|ms|cm|mm|mph|h\b|min\b|sek|sec)`)
)

func versionOrUnit(s string, start, end int) bool {
	return versionBefore.MatchString(s[max(0, start-16):start]) || unitAfter.MatchString(s[end:])
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isASCIIWord(r rune) bool {
	return r < utf8.RuneSelf && (r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
}

// existingLink finds URLs, Markdown links, BBCode [url] and HTML <a>
// elements: numbers inside them are already linked or part of an address.
var existingLink = regexp.MustCompile(`(?is)https?://[^\s<>"\]\[)]+|\[[^\]]*\]\([^)]*\)|\[url[^\]]*\].*?\[/url\]|<a\s.*?</a>`)

func linkSpans(s string) [][]int { return existingLink.FindAllStringIndex(s, -1) }

func inSpans(spans [][]int, i int) bool {
	for _, sp := range spans {
		if i >= sp[0] && i < sp[1] {
			return true
		}
	}
	return false
}

// fold lower-cases ASCII and maps full-width forms to ASCII, one rune for
// one rune, and returns for each byte offset of the result the offset in s
// (with one extra entry for the end).
func fold(s string) (string, []int) {
	var b strings.Builder
	b.Grow(len(s))
	offs := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			r = '\uFFFD'
		case r == '\u3000':
			r = ' '
		case r >= '！' && r <= '～':
			r = r - '！' + '!'
		}
		if r < utf8.RuneSelf {
			r = unicode.ToLower(r)
		}
		n := b.Len()
		b.WriteRune(r)
		for k := n; k < b.Len(); k++ {
			offs = append(offs, i)
		}
		i += size
	}
	offs = append(offs, len(s))
	return b.String(), offs
}
