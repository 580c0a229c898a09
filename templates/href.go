package templates

import "net/url"

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
