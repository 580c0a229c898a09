package web

import (
	"encoding/xml"
	"html"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
)

// shortLink answers /r/{ref}: a redirect to the rule in the reader's
// language, chosen by ?lang=, then the cookie, then Accept-Language.
func (s *Server) shortLink(c echo.Context) error {
	lang := s.shortLinkLang(c)
	raw := c.Param("ref")
	num, ok := rules.NormalizeRef(raw)
	if !ok {
		return s.ruleNotFound(lang, raw)
	}
	if _, _, exists := s.currentRule(lang, num); !exists {
		return s.ruleNotFound(lang, num)
	}
	setShortLinkHeaders(c)
	return c.Redirect(http.StatusFound, urls.Rule(lang, num))
}

// shortLinkLang picks a short link's language: ?lang=, then the cookie,
// then Accept-Language, then English.
func (s *Server) shortLinkLang(c echo.Context) string {
	if lang := c.QueryParam("lang"); locales.Has(lang) {
		return lang
	}
	return s.readerLang(c)
}

// setShortLinkHeaders keeps negotiated redirects out of shared caches.
func setShortLinkHeaders(c echo.Context) {
	h := c.Response().Header()
	h.Set("Cache-Control", "private, no-cache")
	h.Add("Vary", "Cookie")
	h.Add("Vary", "Accept-Language")
}

// oembedSize is the default size of the embedded card.
const oembedWidth, oembedHeight = 600, 200

// oembed answers /oembed?url=…&format=json for rule and glossary pages.
func (s *Server) oembed(c echo.Context) error {
	if f := c.QueryParam("format"); f != "" && f != "json" {
		return errStatus(http.StatusNotImplemented, msg.ErrOEmbedFormat)
	}
	u, err := url.Parse(c.QueryParam("url"))
	if err != nil || u.Path == "" {
		return errStatus(http.StatusNotFound, msg.ErrOEmbedURL)
	}
	lang, kind, key := urls.ParsePage(u.Path)
	if !locales.Has(lang) {
		return errStatus(http.StatusNotFound, msg.ErrOEmbedURL)
	}
	var title, text string
	cardLang := lang // the language of the quoted text
	switch kind {
	case urls.RulePage:
		num, ok := rules.NormalizeRef(key)
		if !ok {
			return errStatus(http.StatusNotFound, msg.ErrOEmbedURL)
		}
		r, textLang, exists := s.currentRule(lang, num)
		if !exists {
			return errStatus(http.StatusNotFound, msg.ErrOEmbedURL)
		}
		title, text, cardLang = ruleTitle(r), describe(r.Text, r.Level()), textLang
	case urls.TermPage:
		slug, _ := url.PathUnescape(key)
		t, ok := s.book(lang).Term(slug)
		if !ok {
			return errStatus(http.StatusNotFound, msg.ErrOEmbedURL)
		}
		title, text = t.Name, describe(strings.Join(t.Definition, " "), 1)
	default:
		return errStatus(http.StatusNotFound, msg.ErrOEmbedURL)
	}
	base := s.baseURL(c)
	page := base + u.EscapedPath()
	card := `<blockquote class="mtg-rule" lang="` + cardLang + `"><p><strong>` + html.EscapeString(title) + `</strong></p><p>` +
		html.EscapeString(text) + `</p><p><a href="` + html.EscapeString(page) + `">` + html.EscapeString(s.Catalog.T(lang, msg.SiteName)) + `</a></p></blockquote>`
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.JSON(http.StatusOK, map[string]any{
		"version": "1.0", "type": "rich", "title": title, "html": card,
		"provider_name": s.Catalog.T(lang, msg.SiteName), "provider_url": base + urls.RouteRoot,
		"width": oembedWidth, "height": oembedHeight, "cache_age": 3600,
	})
}

type sitemapURL struct {
	Loc   string         `xml:"loc"`
	Links []sitemapXLink `xml:"xhtml:link"`
}

type sitemapXLink struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

type urlset struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	XHTML   string       `xml:"xmlns:xhtml,attr"`
	URLs    []sitemapURL `xml:"url"`
}

// sitemap lists every page in every language with its hreflang alternates.
func (s *Server) sitemap(c echo.Context) error {
	base := s.baseURL(c)
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	add := func(pathFor pathFunc) {
		var links []sitemapXLink
		for _, l := range locales.Languages {
			if p, ok := pathFor(l); ok {
				links = append(links, sitemapXLink{Rel: "alternate", Hreflang: l, Href: base + p})
			}
		}
		for _, l := range links {
			set.URLs = append(set.URLs, sitemapURL{Loc: l.Href, Links: links})
		}
	}
	for _, path := range []urls.PathFunc{urls.Home, urls.Contents, urls.Glossary, urls.Examples, urls.Linkify, urls.APIDoc} {
		add(everyLang(path))
	}
	if s.Examples != nil {
		for _, ex := range s.Examples.List {
			for i := range ex.Snapshots {
				slug, step := ex.Slug, i+1
				add(func(l string) (string, bool) { return urls.Example(l, slug, step), true })
			}
		}
	}
	seen := map[string]bool{}
	for _, l := range locales.Languages {
		for _, r := range s.book(l).Rules() {
			if seen[r.Number] {
				continue
			}
			seen[r.Number] = true
			num := r.Number
			add(func(l string) (string, bool) {
				_, ok := s.book(l).Rule(num)
				return urls.Rule(l, num), ok
			})
		}
	}
	for _, l := range locales.Languages {
		for _, t := range s.book(l).Glossary {
			set.URLs = append(set.URLs, sitemapURL{Loc: base + urls.Term(l, t.Slug)})
		}
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationXMLCharsetUTF8)
	c.Response().WriteHeader(http.StatusOK)
	if _, err := c.Response().Write([]byte(xml.Header)); err != nil {
		return err
	}
	return xml.NewEncoder(c.Response()).Encode(set)
}

func (s *Server) robots(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.String(http.StatusOK, urls.Robots(s.baseURL(c)+urls.Sitemap()))
}
