package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/templates"
)

// rule shows a rule with its subrules; a subrule is shown inside its rule.
// A number written another way redirects to its one form; ?edition= picks
// an older edition, ?compare= a language beside, ?was2008= notes the old
// number the reader followed.
func (s *Server) rule(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	raw := c.Param("num")
	num, ok := s.langs.NormalizeRef(raw)
	if !ok {
		return s.rv.RuleNotFound(lang, raw)
	}
	if num != raw {
		return c.Redirect(http.StatusMovedPermanently, urls.WithQuery(urls.Rule(lang, num), c.Request().URL.RawQuery))
	}
	b, err := s.requestedEdition(c, lang)
	if err != nil {
		return err
	}
	page, err := s.rv.Rule(ruleview.RuleQuery{Request: request(c, lang), Num: num, Book: b, Was2008: c.QueryParam("was2008")})
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, templates.Rule(page))
}

// history lists the editions in which a rule's text changed; a number
// written another way redirects to its one form.
func (s *Server) history(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	raw := c.Param("num")
	num, ok := s.langs.NormalizeRef(raw)
	if !ok {
		return s.rv.RuleNotFound(lang, raw)
	}
	if num != raw {
		return c.Redirect(http.StatusMovedPermanently, urls.History(lang, num))
	}
	page, err := s.rv.History(ruleview.HistoryQuery{Request: request(c, lang), Num: num})
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, templates.History(page))
}
