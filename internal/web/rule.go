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
	lang, num, done, err := s.ruleNumber(c, urls.Rule)
	if done {
		return err
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
	lang, num, done, err := s.ruleNumber(c, urls.History)
	if done {
		return err
	}
	page, err := s.rv.History(ruleview.HistoryQuery{Request: request(c, lang), Num: num})
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, templates.History(page))
}

// ruleNumber reads the language and rule number of a rule's page; done
// says the request is answered (err is then what to return): an unknown
// language or number, or a number written another way, redirected to
// page(lang, num) with the query kept.
func (s *Server) ruleNumber(c echo.Context, page func(lang, num string) string) (lang, num string, done bool, err error) {
	if lang, err = s.lang(c); err != nil {
		return "", "", true, err
	}
	raw := c.Param("num")
	num, ok := s.langs.NormalizeRef(raw)
	switch {
	case !ok:
		return "", "", true, s.rv.RuleNotFound(lang, raw)
	case num != raw:
		return "", "", true, c.Redirect(http.StatusMovedPermanently, urls.WithQuery(page(lang, num), c.Request().URL.RawQuery))
	}
	return lang, num, false, nil
}
