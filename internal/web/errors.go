package web

import (
	"cmp"
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

// pageError is a failed request: an HTTP status, the message to show (a
// locales ID) and links that may help.
type pageError struct {
	status      int
	msgID       msg.Key
	message     string // already localized; overrides msgID when set
	suggestions []templates.Link
}

func (e *pageError) Error() string { return http.StatusText(e.status) + ": " + e.msgID.String() }

func errStatus(status int, msgID msg.Key) *pageError {
	return &pageError{status: status, msgID: msgID}
}

// headings names each status's page heading.
var headings = map[int]msg.Key{
	http.StatusBadRequest:          msg.ErrBadRequestHeading,
	http.StatusNotFound:            msg.ErrNotFoundHeading,
	http.StatusMethodNotAllowed:    msg.ErrBadRequestHeading,
	http.StatusRequestURITooLong:   msg.ErrBadRequestHeading,
	http.StatusInternalServerError: msg.ErrServerHeading,
	http.StatusServiceUnavailable:  msg.ErrServerHeading,
	http.StatusTooManyRequests:     msg.ErrTooManyHeading,
}

// handleError renders every error as a page (or JSON under /api/) in the
// reader's language. Unexpected errors are logged and shown as 500.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	pe := &pageError{}
	var he *echo.HTTPError
	switch {
	case errors.As(err, &pe):
	case errors.As(err, &he) && he.Code == http.StatusNotFound:
		pe = errStatus(http.StatusNotFound, msg.ErrNotFound)
	case errors.As(err, &he) && he.Code == http.StatusMethodNotAllowed:
		pe = errStatus(http.StatusMethodNotAllowed, msg.ErrMethod)
	case errors.As(err, &he) && he.Code < 500:
		pe = errStatus(he.Code, msg.ErrBadRequest)
	default:
		slog.Error("request failed", "path", c.Request().URL.Path, "err", err)
		pe = errStatus(http.StatusInternalServerError, msg.ErrServer)
	}
	lang := s.errorLang(c)
	text := s.Catalog.T(lang, pe.msgID)
	if pe.message != "" {
		text = pe.message
	}
	if urls.IsAPI(c.Request().URL.Path) {
		// Also for requests refused before routing, which apiCORS never sees.
		c.Response().Header().Set("Access-Control-Allow-Origin", "*")
		_ = c.JSON(pe.status, map[string]any{"error": map[string]any{"status": pe.status, "message": text, "lang": lang}})
		return
	}
	heading := cmp.Or(headings[pe.status], msg.ErrBadRequestHeading)
	p := s.page(c, lang, s.Catalog.T(lang, heading), "", nil)
	p.Canonical = ""
	c.Response().Header().Set("Cache-Control", "no-store")
	_ = s.render(c, pe.status, templates.Error(templates.ErrorPage{
		Page: p, Status: pe.status, Heading: p.Title, Message: text, Suggestions: pe.suggestions,
	}))
}

// errorLang is the path's language when it has one, else the reader's.
func (s *Server) errorLang(c echo.Context) string {
	if l := urls.PathLang(c.Request().URL.Path); locales.Has(l) {
		return l
	}
	return s.readerLang(c)
}
