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
