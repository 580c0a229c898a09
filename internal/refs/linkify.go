package refs

import (
	"html"
	"strings"
)

// Format is the markup a linkified post is written in.
type Format string

// The formats Linkify writes.
const (
	HTML     Format = "html"
	Markdown Format = "markdown"
	BBCode   Format = "bbcode"
)

// ParseFormat accepts "html", "markdown"/"md" and "bbcode"; ok is false otherwise.
func ParseFormat(s string) (f Format, ok bool) {
	switch strings.ToLower(s) {
	case "html":
		return HTML, true
	case "markdown", "md":
		return Markdown, true
	case "bbcode":
		return BBCode, true
	}
	return "", false
}

// Linkify returns s with every reference f.Find reports replaced by a link
// to href(ref), and those references. For HTML the whole post is escaped
// as plain text; Markdown and BBCode posts are kept as written apart from
// the added links.
func (f *Finder) Linkify(s string, format Format, href func(Ref) string) (string, []Ref) {
	found := f.Find(s)
	return LinkRefs(s, format, found, href), found
}

// LinkRefs writes s in format f with the given references of s (some of
// those Find reports, in order) replaced by links to href(ref); the rest
// of s stays text, escaped for HTML.
func LinkRefs(s string, f Format, found []Ref, href func(Ref) string) string {
	var b strings.Builder
	last := 0
	text := func(t string) {
		if f == HTML {
			b.WriteString(html.EscapeString(t))
		} else {
			b.WriteString(t)
		}
	}
	for _, r := range found {
		text(s[last:r.Start])
		label, u := r.Text(s), href(r)
		switch f {
		case HTML:
			b.WriteString(`<a href="` + html.EscapeString(u) + `">` + html.EscapeString(label) + `</a>`)
		case Markdown:
			b.WriteString("[" + markdownLabel.Replace(label) + "](" + u + ")")
		case BBCode:
			b.WriteString("[url=" + u + "]" + label + "[/url]")
		}
		last = r.End
	}
	text(s[last:])
	return b.String()
}

// markdownLabel escapes the brackets of a Markdown link's label.
var markdownLabel = strings.NewReplacer("[", `\[`, "]", `\]`)
