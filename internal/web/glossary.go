package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/templates"
)

func (s *Server) glossary(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, templates.Glossary(s.rv.Glossary(request(c, lang))))
}

// term shows a glossary entry; another language's slug, or a slug the
// entry had before its headword was renamed, redirects to this language's
// entry for the same term.
func (s *Server) term(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	t, canonical, ok := s.Library.Term(lang, unescape(c.Param("slug")))
	if !ok {
		return s.rv.TermNotFound(lang)
	}
	if !canonical {
		return c.Redirect(http.StatusMovedPermanently, urls.WithQuery(urls.Term(lang, t.Slug), c.Request().URL.RawQuery))
	}
	page, err := s.rv.Term(request(c, lang), t)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, templates.Term(page))
}
