package web

import (
	"encoding/xml"
	"github.com/labstack/echo/v4"
	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/urls"
	"net/http"
)

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
	set := s.sitemapSet(s.baseURL(c))
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationXMLCharsetUTF8)
	c.Response().WriteHeader(http.StatusOK)
	if _, err := c.Response().Write([]byte(xml.Header)); err != nil {
		return err
	}
	return xml.NewEncoder(c.Response()).Encode(set)
}

// sitemapSet lists the pages: those every language has, every step of
// every worked example, every rule (with the languages that have it) and
// every glossary entry. Links start with base.
func (s *Server) sitemapSet(base string) urlset {
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	add := func(pathFor layout.PathFunc) {
		var links []sitemapXLink
		for _, l := range s.langs.Codes() {
			if p, ok := pathFor(l); ok {
				links = append(links, sitemapXLink{Rel: "alternate", Hreflang: l, Href: base + p})
			}
		}
		for _, l := range links {
			set.URLs = append(set.URLs, sitemapURL{Loc: l.Href, Links: links})
		}
	}
	for _, path := range []urls.PathFunc{urls.Home, urls.Contents, urls.Glossary, urls.Examples, urls.Linkify, urls.APIDoc} {
		add(layout.EveryLang(path))
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
	for _, l := range s.langs.Codes() {
		for _, r := range s.rv.Book(l).Rules() {
			if !seen[r.Number] {
				seen[r.Number] = true
				num := r.Number
				add(func(l string) (string, bool) {
					_, ok := s.rv.Book(l).Rule(num)
					return urls.Rule(l, num), ok
				})
			}
		}
	}
	for _, l := range s.langs.Codes() {
		for _, t := range s.rv.Book(l).Glossary {
			set.URLs = append(set.URLs, sitemapURL{Loc: base + urls.Term(l, t.Slug)})
		}
	}
	return set
}

func (s *Server) robots(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.String(http.StatusOK, urls.Robots(s.baseURL(c)+urls.Sitemap()))
}
