package web

import (
	"bytes"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/templates"
)

// request is the layout's part of a request in lang: the ?compare= the
// language switcher keeps.
func request(c echo.Context, lang string) layout.Request {
	return layout.Request{Lang: lang, Compare: c.QueryParam("compare")}
}

// page builds the layout model of a page in lang (see layout.Frame.Page).
func (s *Server) page(c echo.Context, lang, title, desc string, pathFor layout.Versions) templates.Page {
	return s.layout.Page(request(c, lang), title, desc, pathFor)
}

// baseURL is the origin of absolute links: the configured public one, or
// none (links relative to the site) — never the request's Host header,
// which anyone can set and a shared cache would keep.
func (s *Server) baseURL(echo.Context) string { return s.BaseURL }

// render writes a templ component as an HTML response. It renders into a
// buffer first, so a template error is an error page, never a truncated
// page sent (and cached) as a success.
func (s *Server) render(c echo.Context, status int, comp templ.Component) error {
	var buf bytes.Buffer
	if err := comp.Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", cachePage)
	}
	return c.HTMLBlob(status, buf.Bytes())
}
