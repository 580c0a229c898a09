package web

import (
	"encoding/xml"
	"github.com/labstack/echo/v4"
	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/urls"
	"net/http"
)

type sitemapURL struct {
	Loc     string         `xml:"loc"`
	Lastmod string         `xml:"lastmod,omitempty"`
	Links   []sitemapXLink `xml:"xhtml:link"`
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
// every glossary entry (with its counterparts in the aligned glossary).
// Each names its alternates as its page does, the first language's as
// x-default, and its language's current edition as its last change.
// Links start with base.
func (s *Server) sitemapSet(base string) urlset {
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	lastmod := map[string]string{}
	for _, l := range s.langs.Codes() {
		lastmod[l] = s.rv.Book(l).Edition()
	}
	add := func(pathFor layout.Versions) {
		var links []sitemapXLink
		var pages []sitemapURL
		for _, l := range s.langs.Codes() {
			if p, ok := pathFor(l); ok {
				links = append(links, sitemapXLink{Rel: "alternate", Hreflang: l, Href: base + p})
				pages = append(pages, sitemapURL{Loc: base + p, Lastmod: lastmod[l]})
			}
		}
		if len(links) > 0 {
			links = append(links, sitemapXLink{Rel: "alternate", Hreflang: "x-default", Href: links[0].Href})
		}
		for _, u := range pages {
			u.Links = links
			set.URLs = append(set.URLs, u)
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
	seen := map[string]bool{} // the rule numbers listed
	for _, l := range s.langs.Codes() {
		b := s.rv.Book(l)
		for _, r := range b.Rules() {
			if !seen[r.Number] {
				seen[r.Number] = true
				add(s.rv.RulePaths(b, r.Number))
			}
		}
	}
	listed := map[string]bool{} // the glossary pages listed, with their counterparts
	for _, l := range s.langs.Codes() {
		for _, t := range s.rv.Book(l).Glossary {
			paths := s.rv.TermPaths(t, l)
			if self, _ := paths(l); listed[self] {
				continue
			}
			for _, o := range s.langs.Codes() {
				if p, ok := paths(o); ok {
					listed[p] = true
				}
			}
			add(paths)
		}
	}
	return set
}

func (s *Server) robots(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.String(http.StatusOK, urls.Robots(s.baseURL(c)+urls.Sitemap()))
}
