package web

import (
	"github.com/labstack/echo/v4"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"net/http"
)

// shortLink answers /r/{ref}: a redirect to the rule in the reader's
// language, chosen by ?lang=, then the cookie, then Accept-Language.
func (s *Server) shortLink(c echo.Context) error {
	lang, num, err := s.shortRef(c)
	if err != nil {
		return err
	}
	if _, _, exists := s.Library.Current(lang, num); !exists {
		return s.rv.RuleNotFound(lang, num)
	}
	setShortLinkHeaders(c)
	return c.Redirect(http.StatusFound, urls.Rule(lang, num))
}

// shortRef reads a short link: its language and rule number, or a 404
// when the number is none.
func (s *Server) shortRef(c echo.Context) (lang, num string, err error) {
	lang, raw := s.shortLinkLang(c), c.Param("ref")
	num, ok := s.langs.NormalizeRef(raw)
	if !ok {
		return lang, "", s.rv.RuleNotFound(lang, raw)
	}
	return lang, num, nil
}

// shortLinkLang picks a short link's language: ?lang=, then the cookie,
// then Accept-Language, then English.
func (s *Server) shortLinkLang(c echo.Context) string {
	if lang := c.QueryParam("lang"); s.langs.Has(lang) {
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

// oldShortLink answers /r/2008/{ref}: the rule's number in the 2008
// numbering leads to today's rule (or its nearest existing parent), with a
// note on the page.
func (s *Server) oldShortLink(c echo.Context) error {
	lang, old, err := s.shortRef(c)
	if err != nil {
		return err
	}
	num, _, ok := s.rv.From2008(lang, old)
	if !ok {
		return pageerr.New(http.StatusNotFound, msg.ErrOldNumberUnknown)
	}
	setShortLinkHeaders(c)
	return c.Redirect(http.StatusFound, urls.RuleWas2008(lang, num, old))
}
