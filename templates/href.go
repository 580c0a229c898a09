package templates

import (
	"net/url"
	"strconv"
	"strings"
)

// RuleHref is the URL of a rule, subrule or top-level rule: its own page
// ("/en/rules/117.3a"), which shows it in its context.
func RuleHref(lang, number string) string {
	return "/" + lang + "/rules/" + number
}

// TermHref is the URL of a glossary entry.
func TermHref(lang, slug string) string {
	return "/" + lang + "/glossary/" + url.PathEscape(slug)
}

// ogLocale maps a site language to an OpenGraph locale.
func ogLocale(lang string) string {
	switch lang {
	case "de":
		return "de_DE"
	case "ja":
		return "ja_JP"
	}
	return "en_US"
}

func ogType(t string) string {
	if t == "" {
		return "website"
	}
	return t
}

// ExampleHref is the URL of one step (1-based) of a worked example.
func ExampleHref(lang, slug string, step int) string {
	return "/" + lang + "/examples/" + slug + "?step=" + strconv.Itoa(step)
}

// PlayHref is the sandbox address of an example after the moves codes.
func PlayHref(lang, slug string, codes []string) string {
	return withMoves("/"+lang+"/play/"+slug, "", codes)
}

// CustomHref is the sandbox address of a built position (see
// internal/position) after the moves codes.
func CustomHref(lang, setup string, codes []string) string {
	return withMoves("/"+lang+"/play/custom", setup, codes)
}

// BuilderHref is the position builder, filled in with a position ("" for
// an empty one).
func BuilderHref(lang, setup string) string {
	if setup == "" {
		return "/" + lang + "/play/new"
	}
	return "/" + lang + "/play/new?s=" + url.QueryEscape(setup)
}

func withMoves(path, setup string, codes []string) string {
	if setup == "" && len(codes) == 0 {
		return path
	}
	var b strings.Builder
	b.Grow(len(path) + len(setup) + 8*len(codes) + 4)
	b.WriteString(path)
	sep := byte('?')
	if setup != "" {
		b.WriteString("?s=")
		b.WriteString(url.QueryEscape(setup))
		sep = '&'
	}
	for _, c := range codes {
		b.WriteByte(sep)
		b.WriteString("m=")
		b.WriteString(url.QueryEscape(c))
		sep = '&'
	}
	return b.String()
}

// permField names a field of battlefield row r of player i in the
// position builder ("b0.2" and its suffixes).
func permField(i, r int, suffix string) string {
	return "b" + strconv.Itoa(i) + "." + strconv.Itoa(r) + suffix
}
