package web

import (
	"net/http"

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

// editionParam reads an edition ID from the query parameter name: nil when
// absent, 400 when malformed, 404 (with the loaded editions as
// suggestions) when lang has no such edition.
func (s *Server) editionParam(c echo.Context, lang, name string) (*rules.Book, error) {
	id := c.QueryParam(name)
	if id == "" {
		return nil, nil
	}
	if _, ok := rules.ParseEdition(id); !ok {
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
