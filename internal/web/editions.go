package web

import (
	"net/http"
	"regexp"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// requestedEdition is the book ?edition= names, the newest when absent.
func (s *Server) requestedEdition(c echo.Context, lang string) (*rules.Book, error) {
	b, err := s.editionParam(c, lang, "edition")
	if b == nil && err == nil {
		b = s.rv.Book(lang)
	}
	return b, err
}

// editionPattern is what an edition ID looks like ("2026-04-17"): the
// pattern openapi.json gives the edition parameter (a test holds them
// equal). A well-formed ID of no loaded edition, even of no real day, is
// a 404, not a 400.
var editionPattern = regexp.MustCompile(`^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$`)

// editionParam reads an edition ID from the query parameter name: nil when
// absent, 400 when malformed (or empty), 404 (with the loaded editions as
// suggestions) when lang has no such edition.
func (s *Server) editionParam(c echo.Context, lang, name string) (*rules.Book, error) {
	if !c.QueryParams().Has(name) {
		return nil, nil
	}
	id := c.QueryParam(name)
	if !editionPattern.MatchString(id) {
		return nil, pageerr.New(http.StatusBadRequest, msg.ErrEditionMalformed)
	}
	if b, ok := s.Library.Edition(lang, id); ok {
		return b, nil
	}
	pe := pageerr.New(http.StatusNotFound, msg.ErrEditionUnknown)
	q := c.Request().URL.Query()
	for _, b := range s.Library.Editions[lang] {
		if b.Edition() == "" {
			continue
		}
		q.Set(name, b.Edition())
		pe.Suggestions = append(pe.Suggestions, templates.Link{Href: urls.WithQuery(c.Request().URL.Path, q.Encode()), Label: s.rv.EditionLabel(b)})
	}
	return nil, pe
}

// changes answers /{lang}/changes?from=…&to=…&rule=…: the rules added,
// removed and changed between two editions of lang (see ruleview.Changes).
func (s *Server) changes(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	from, err := s.editionParam(c, lang, "from")
	if err != nil {
		return err
	}
	to, err := s.editionParam(c, lang, "to")
	if err != nil {
		return err
	}
	rule := c.QueryParam("rule")
	if rule != "" {
		n, ok := s.langs.NormalizeRef(rule)
		if !ok {
			return pageerr.New(http.StatusBadRequest, msg.ErrChangesRule)
		}
		rule = n
	}
	self := urls.WithQuery(c.Request().URL.Path, c.Request().URL.Query().Encode())
	page := s.rv.Changes(ruleview.ChangesQuery{Request: request(c, lang), From: from, To: to, Rule: rule, Self: self})
	return s.render(c, http.StatusOK, templates.Changes(page))
}
