package web

import (
	"github.com/labstack/echo/v4"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"html"
	"net/http"
	"net/url"
	"strings"
)

// oembedSize is the default size of the embedded card.
const oembedWidth, oembedHeight = 600, 200

// oembed answers /oembed?url=…&format=json for rule and glossary pages.
func (s *Server) oembed(c echo.Context) error {
	if f := c.QueryParam("format"); f != "" && f != "json" {
		return pageerr.New(http.StatusNotImplemented, msg.ErrOEmbedFormat)
	}
	u, err := url.Parse(c.QueryParam("url"))
	if err != nil || u.Path == "" {
		return pageerr.New(http.StatusNotFound, msg.ErrOEmbedURL)
	}
	lang, kind, key := urls.ParsePage(u.Path)
	title, text, cardLang, ok := s.quoted(lang, kind, key)
	if !ok {
		return pageerr.New(http.StatusNotFound, msg.ErrOEmbedURL)
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

// quoted is what an embedded card of the page at a rule's or glossary
// entry's path quotes: its title, the start of its text and the text's
// language; ok is false for any other path.
func (s *Server) quoted(lang string, kind urls.Kind, key string) (title, text, textLang string, ok bool) {
	if !s.langs.Has(lang) {
		return "", "", "", false
	}
	switch kind {
	case urls.RulePage:
		num, ok := s.langs.NormalizeRef(key)
		if !ok {
			return "", "", "", false
		}
		r, textLang, ok := s.Library.Current(lang, num)
		if !ok {
			return "", "", "", false
		}
		return ruleview.Title(r), ruleview.Describe(r.Text, r.Level()), textLang, true
	case urls.TermPage:
		slug, _ := url.PathUnescape(key)
		t, ok := s.rv.Book(lang).Term(slug)
		if !ok {
			return "", "", "", false
		}
		return t.Name, ruleview.Describe(strings.Join(t.Definition, " "), 1), lang, true
	}
	return "", "", "", false
}
