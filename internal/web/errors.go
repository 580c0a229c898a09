package web

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

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
// reader's language. Unexpected errors are logged and shown as 500; an
// error after the response was sent can only be logged.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		slog.Error("request failed after the response was sent", "path", c.Request().URL.Path, "status", c.Response().Status, "err", err)
		return
	}
	pe := &pageerr.Error{}
	var he *echo.HTTPError
	switch {
	case errors.As(err, &pe):
	case errors.As(err, &he) && he.Code == http.StatusNotFound:
		pe = pageerr.New(http.StatusNotFound, msg.ErrNotFound)
	case errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge:
		pe = pageerr.New(http.StatusRequestEntityTooLarge, msg.ErrTooLarge)
	case errors.As(err, &he) && he.Code == http.StatusMethodNotAllowed:
		pe = pageerr.New(http.StatusMethodNotAllowed, msg.ErrMethod)
	case errors.As(err, &he) && he.Code < 500:
		pe = pageerr.New(he.Code, msg.ErrBadRequest)
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		// The client left (or the server is stopping): nobody reads this.
		pe = pageerr.New(http.StatusServiceUnavailable, msg.ErrBusy)
	default:
		if !errors.As(err, new(loggedPanic)) {
			slog.Error("request failed", "path", c.Request().URL.Path, "err", err)
		}
		pe = pageerr.New(http.StatusInternalServerError, msg.ErrServer)
	}
	lang := s.errorLang(c)
	text := s.Catalog.T(lang, pe.ID)
	if pe.Message != "" {
		text = pe.Message
	}
	if urls.IsAPI(c.Request().URL.Path) {
		// Also for requests refused before routing, which apiCORS never sees.
		c.Response().Header().Set("Access-Control-Allow-Origin", "*")
		logFailure(c, c.JSON(pe.Status, map[string]any{"error": map[string]any{"status": pe.Status, "message": text, "lang": lang}}))
		return
	}
	heading := cmp.Or(headings[pe.Status], msg.ErrBadRequestHeading)
	p := s.page(c, lang, s.Catalog.T(lang, heading), "", nil)
	p.Canonical = ""
	c.Response().Header().Set("Cache-Control", "no-store")
	logFailure(c, s.render(c, pe.Status, templates.Error(templates.ErrorPage{
		Page: p, Status: pe.Status, Heading: p.Title, Message: text, Suggestions: pe.Suggestions,
	})))
}

// logFailure logs an error page that could not be sent.
func logFailure(c echo.Context, err error) {
	if err != nil {
		slog.Error("error page failed", "path", c.Request().URL.Path, "err", err)
	}
}

// errorLang is the path's language when it has one, else the reader's.
func (s *Server) errorLang(c echo.Context) string {
	if l := urls.PathLang(c.Request().URL.Path); s.langs.Has(l) {
		return l
	}
	return s.readerLang(c)
}
