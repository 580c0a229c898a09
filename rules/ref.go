package rules

import (
	"regexp"
	"slices"
	"strings"
)

// RefWords are the words people write around a rule number: before it
// ("rule 117.3a", "Regel 704", "総合ルール117.3a") and after it
// ("117.3a項"). Case does not matter, and a space in a word stands for
// any run of white space ("comprehensive rules").
type RefWords struct {
	Before []string // "rule", "rules", "CR", "Regel", "総合ルール"
	After  []string // "項"
}

// BeforePattern is a regular expression, one group without captures,
// matching any of the words before a number in lower case: match it
// against lower-cased text, or with the flag i.
func (w RefWords) BeforePattern() string { return wordsPattern(w.Before) }

// AfterPattern is the same for the words after a number.
func (w RefWords) AfterPattern() string { return wordsPattern(w.After) }

// wordsPattern matches any of words in lower case; with no words,
// nothing. A word comes before the words it begins ("rules" before
// "rule"), next to them, so the group is factored by its prefixes.
func wordsPattern(words []string) string {
	if len(words) == 0 {
		return `[^\x00-\x{10FFFF}]`
	}
	alts := make([]string, len(words))
	for i, w := range words {
		parts := strings.Fields(strings.ToLower(w))
		for k, p := range parts {
			parts[k] = regexp.QuoteMeta(p)
		}
		alts[i] = strings.Join(parts, `\s+`)
	}
	slices.Sort(alts)
	slices.Reverse(alts)
	return `(?:` + strings.Join(alts, "|") + `)`
}

// RefReader reads single rule references written with its words.
type RefReader struct {
	re *regexp.Regexp
}

// NewRefReader reads references written with words.
func NewRefReader(words RefWords) *RefReader {
	return &RefReader{regexp.MustCompile(`(?i)^(?:` + words.BeforePattern() + `\s*)?(\d{3})(?:\.(\d{1,3})([a-z])?)?\.?(?:` + words.AfterPattern() + `)?$`)}
}

// Normalize turns a rule reference as people write it ("CR 117.3a",
// "rule 117.3A.", "Regel 704.5a", "１１７．３ａ", "117.3a項") into the
// canonical number ("117.3a"). ok is false when s is not a reference.
func (rr *RefReader) Normalize(s string) (number string, ok bool) {
	s = strings.TrimSpace(FoldWidth(s))
	if len(s) > 64 {
		return "", false
	}
	m := rr.re.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	number = m[1]
	if m[2] != "" {
		number += "." + strings.TrimLeft(m[2], "0")
		if m[2] != "" && strings.TrimLeft(m[2], "0") == "" {
			return "", false
		}
		number += strings.ToLower(m[3])
	} else if m[3] != "" {
		return "", false
	}
	return number, true
}

// FoldWidth maps full-width ASCII (digits, letters, "．", "　") to their
// half-width forms, as Japanese text often writes rule numbers.
func FoldWidth(s string) string {
	if !strings.ContainsFunc(s, isFullWidth) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\u3000':
			return ' '
		case r >= '！' && r <= '～':
			return r - '！' + '!'
		}
		return r
	}, s)
}

func isFullWidth(r rune) bool { return r == '\u3000' || (r >= '！' && r <= '～') }
