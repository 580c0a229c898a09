package web

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
)

// LangCookie remembers the reader's language.
const LangCookie = "lang"

// chooseLang remembers a language the reader chose, by the switcher or a
// link with ?lang=, in a cookie (for "/" and short links), then sends them
// to the same page without the parameter; plain page views set no cookie,
// so every page can be cached and shared. Short links read ?lang= themselves.
// Only a routed page of this site is redirected to (so "//evil.example/?lang=en"
// is a 404, not a redirect to another site).
func (s *Server) chooseLang(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		q := r.URL.Query()
		lang := q.Get("lang")
		if !q.Has("lang") || urls.IsShort(r.URL.Path) || urls.IsAPI(r.URL.Path) || !routedHere(c) {
			return next(c)
		}
		if s.langs.Has(lang) {
			c.SetCookie(&http.Cookie{Name: LangCookie, Value: lang, Path: urls.RouteRoot, MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode})
		}
		q.Del("lang")
		c.Response().Header().Set("Cache-Control", "no-store")
		return c.Redirect(http.StatusSeeOther, urls.WithQuery(r.URL.EscapedPath(), q.Encode()))
	}
}

// readerLang is the language of a request with no language in its path:
// cookie, then Accept-Language, then the fallback language.
func (s *Server) readerLang(c echo.Context) string {
	if ck, err := c.Cookie(LangCookie); err == nil && s.langs.Has(ck.Value) {
		return ck.Value
	}
	return s.langs.Negotiate(c.Request().Header.Get("Accept-Language"))
}

// lang validates the :lang parameter.
func (s *Server) lang(c echo.Context) (string, error) {
	l := c.Param("lang")
	if !s.langs.Has(l) {
		return "", pageerr.New(http.StatusNotFound, msg.ErrLangUnknown)
	}
	return l, nil
}

// routedHere reports whether the request is a GET of a routed page, whose
// path a redirect names on this site: one leading slash (a backslash is
// escaped in it).
func routedHere(c echo.Context) bool {
	p := c.Request().URL.EscapedPath()
	return c.Path() != "" && c.Request().Method == http.MethodGet &&
		strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//")
}
