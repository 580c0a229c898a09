package templates

import "net/url"

// RuleHref is the URL of a rule: rules and subrules point at their anchor on
// the page of their top-level rule ("/en/rules/117#117.3a").
func RuleHref(lang, number string) string {
	if len(number) > 3 {
		return "/" + lang + "/rules/" + number[:3] + "#" + number
	}
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
