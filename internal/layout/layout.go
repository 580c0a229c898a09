// Package layout builds what every page's layout shows around its
// content: title, canonical and hreflang links, the language switcher
// and the link home.
package layout

import (
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

// Frame builds the frame of every page (see Page) from the catalogue, the
// static files and the public origin; its languages are the catalogue's.
type Frame struct {
	Cat    *locales.Catalog
	Static func(name string) string // content-hashed URL of a static file
	// Base is the public origin of absolute links ("https://rules.example"),
	// "" for links relative to the site.
	Base string
}

// Request is what the layout reads from a request: the page's language
// and the ?compare= that the language switcher keeps.
type Request struct {
	Lang, Compare string
}

// Versions gives the path of the same page in another language, and
// whether that language has it.
type Versions func(lang string) (string, bool)

// EveryLang is the Versions of pages every language has.
func EveryLang(path urls.PathFunc) Versions {
	return func(l string) (string, bool) { return path(l), true }
}

// Page builds the layout model: canonical and hreflang links for the
// languages that have the page, and a switcher that leads to each
// language's version (or home page) and remembers the choice.
func (s Frame) Page(r Request, title, desc string, pathFor Versions) templates.Page {
	lang, table := r.Lang, s.Cat.Langs()
	p := templates.Page{
		Lang:        lang,
		Title:       title,
		Description: desc,
		T:           func(id msg.Key) string { return s.Cat.T(lang, id) },
		Static:      s.Static,
	}
	if pathFor == nil {
		pathFor = EveryLang(urls.Home)
	}
	for _, l := range table.Codes() {
		row := table.Get(l)
		if l == lang {
			p.OGLocale = row.OGLocale
		}
		path, ok := pathFor(l)
		if ok {
			p.Alternates = append(p.Alternates, templates.Alternate{Hreflang: l, OGLocale: row.OGLocale, Href: s.Base + path})
			if l == lang {
				p.Canonical = s.Base + path
			}
		} else if path == "" {
			path = urls.Home(l)
		}
		// The switcher keeps a comparison, unless it would compare a language with itself.
		if ok && r.Compare != l && table.Has(r.Compare) {
			path = urls.WithCompare(path, r.Compare)
		}
		if l != lang {
			path = urls.WithLang(path, l) // a choice: remembered by the web package
		}
		p.Switcher = append(p.Switcher, templates.Link{Href: path, Label: row.Name, Lang: l, Current: l == lang})
	}
	if len(p.Alternates) > 0 {
		p.Alternates = append(p.Alternates, templates.Alternate{Hreflang: "x-default", Href: p.Alternates[0].Href})
	}
	path, _ := pathFor(lang)
	s.preview(&p, urls.AreaOf(path))
	return p
}

// previewLabels name the areas on their link-preview images.
var previewLabels = map[urls.Area]msg.Key{
	urls.AreaRules: msg.NavRules, urls.AreaGlossary: msg.GlossaryHeading,
	urls.AreaExamples: msg.NavExamples, urls.AreaSearch: msg.SearchHeading,
}

// preview sets the page's link-preview image: one per area and language
// (static/og-{area}-{lang}.png, drawn by static/og/gen.go), the site's
// name and the area's in the page's language.
func (s Frame) preview(p *templates.Page, area urls.Area) {
	p.OGImage = s.Base + s.Static("og-"+string(area)+"-"+p.Lang+".png")
	p.OGImageAlt = s.Cat.T(p.Lang, msg.SiteName)
	if k, ok := previewLabels[area]; ok {
		p.OGImageAlt += " · " + s.Cat.T(p.Lang, k)
	}
}

// Article marks a page as an article that can be embedded: og:type and
// its oEmbed discovery link.
func (s Frame) Article(p *templates.Page) {
	p.OGType, p.OEmbed = "article", urls.OEmbed(s.Base, p.Canonical)
}

// Crumbs is a breadcrumb from lang's home page through more, with room
// for two more links (a rule's parents).
func (s Frame) Crumbs(lang string, more ...templates.Link) []templates.Link {
	out := make([]templates.Link, 1, 3+len(more))
	out[0] = templates.Link{Href: urls.Home(lang), Label: s.Cat.T(lang, msg.HomeTitle)}
	return append(out, more...)
}

// Link is a link labelled with a message.
func (s Frame) Link(lang, href string, label msg.Key) templates.Link {
	return templates.Link{Href: href, Label: s.Cat.T(lang, label)}
}
