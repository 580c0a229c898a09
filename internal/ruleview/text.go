package ruleview

import (
	"strings"
	"unicode/utf8"

	"github.com/mtgrules/site/rules"
)

// Title is how a page names a rule: "117.3a — Timing and Priority" (or
// "117. Timing and Priority", "702.19b — Trample").
func Title(r *rules.Rule) string {
	if r.Level() == 0 {
		return r.Number + ". " + r.Text
	}
	return r.Number + " — " + r.Heading()
}

// Heading is how a link or heading names a rule: "117.3a · Timing and
// Priority", "117. Timing and Priority".
func Heading(r *rules.Rule) string {
	if r.Level() == 0 {
		return r.Number + ". " + r.Text
	}
	return r.Number + " · " + r.Heading()
}

// Describe trims a text for a meta description at a word boundary; the
// text of a top-level rule (level 0), its title, stays whole.
func Describe(text string, level int) string {
	if level == 0 {
		return text
	}
	return shorten(text, 200)
}

// DescribeRule is a rule page's meta description. A rule that is only a
// heading ("117. Timing and Priority", "702.19. Trample") is described by
// the first sentence of the first subrule that says something, not by its
// heading again.
func DescribeRule(r *rules.Rule) string {
	if r.Level() != 0 && r.Text != r.Heading() {
		return Describe(r.Text, r.Level())
	}
	for _, c := range r.Children {
		if c.Level() != 0 && c.Text != c.Heading() {
			return shorten(FirstSentence(c.Text), 200)
		}
		if d := DescribeRule(c); d != c.Text {
			return d
		}
	}
	return r.Text
}

// FirstSentence is text up to the end of its first sentence (". ", "。",
// "? ", "! "), or all of it.
func FirstSentence(text string) string {
	for i, r := range text {
		switch r {
		case '。', '！', '？':
			return text[:i+len(string(r))]
		case '.', '?', '!':
			if rest := text[i+1:]; rest == "" || rest[0] == ' ' && i > 0 && !isDigitByte(text[i-1]) {
				return text[:i+1]
			}
		}
	}
	return text
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// shorten cuts text to at most max runes at a word boundary, marking the
// cut with "…".
func shorten(text string, max int) string {
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	r := []rune(text)[:max]
	cut := string(r)
	if i := strings.LastIndexAny(cut, " 、。"); i > max/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:、") + "…"
}
