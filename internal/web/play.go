package web

import (
	"errors"
	"github.com/labstack/echo/v4"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/position"
	"github.com/mtgrules/site/internal/simview"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules/engine"
	"github.com/mtgrules/site/templates"
	"net/http"
	"net/url"
)

func (s *Server) play(c echo.Context) error {
	lang, ex, err := s.example(c)
	if err != nil {
		return err
	}
	codes := c.QueryParams()["m"]
	page, err := s.view(lang).ExamplePlay(ex, codes)
	if err != nil {
		return moveError(err)
	}
	return s.renderPlay(c, lang, page, true, func(l string) string { return urls.Play(l, ex.Slug, codes) })
}

// renderPlay finishes a sandbox page: layout, the position's own address
// to share (with its oEmbed discovery link when embed), and headers (no
// index; a position never changes).
func (s *Server) renderPlay(c echo.Context, lang string, page templates.PlayPage, embed bool, href func(lang string) string) error {
	page.Page = s.page(c, lang, page.Heading, page.Lead, func(l string) (string, bool) { return href(l), false })
	page.Share = s.baseURL(c) + href(lang)
	if embed {
		page.Page.OEmbed = urls.OEmbed(s.baseURL(c), page.Share)
	}
	c.Response().Header().Set("X-Robots-Tag", "noindex")
	c.Response().Header().Set("Cache-Control", cachePosition) // the same moves always give the same position
	return s.render(c, http.StatusOK, templates.Play(page))
}

// moveError turns a sandbox's bad move into a 400 naming it.
func moveError(err error) error {
	var me *simview.MoveError
	if errors.As(err, &me) {
		pe := pageerr.New(http.StatusBadRequest, msg.ErrMoveSyntax)
		pe.Message = me.Message
		return pe
	}
	return err
}

// playNew is the position builder. Without a query it offers an empty
// position; ?s= fills it in with a built position; the form's "build"
// button leads to the position's sandbox (303), its "update" button shows
// the form again with more lines and the new cards as targets.
func (s *Server) playNew(c echo.Context) error {
	lang, err := s.sandboxLang(c)
	if err != nil {
		return err
	}
	v, q := s.view(lang), c.QueryParams()
	status, setup := http.StatusOK, ""
	var page templates.BuilderPage
	switch {
	case q.Has("go") || q.Has("edit"):
		var probs simview.Problems
		setup, probs = s.buildPosition(v, q)
		preview := ""
		switch {
		case probs.None() && q.Has("go"):
			c.Response().Header().Set("Cache-Control", "no-store")
			return c.Redirect(http.StatusSeeOther, urls.Custom(lang, setup, nil))
		case probs.None():
			preview = urls.Custom(lang, setup, nil)
		case q.Has("go"):
			status = http.StatusBadRequest
		}
		page = v.BuilderPage(q, s.pool, probs, preview)
	case q.Has("s"):
		st, err := s.decodePosition(lang, q.Get("s"))
		if err != nil {
			return err
		}
		setup = q.Get("s")
		page = v.BuilderPage(v.BuilderValues(st, s.pool), s.pool, simview.Problems{}, "")
	default:
		page = v.BuilderPage(v.BuilderValues(position.Default(), s.pool), s.pool, simview.Problems{}, "")
	}
	page.Page = s.page(c, lang, page.Heading, page.Lead, func(l string) (string, bool) { return urls.Builder(l, setup), true })
	page.Page.Breadcrumb = s.layout.Crumbs(lang, s.layout.Link(lang, urls.Examples(lang), msg.ExamplesHeading))
	c.Response().Header().Set("X-Robots-Tag", "noindex")
	if status == http.StatusOK {
		c.Response().Header().Set("Cache-Control", cachePage)
	}
	return s.render(c, status, templates.Builder(page))
}

// buildPosition reads the builder's form into a position: its canonical
// code, or what is wrong with the form.
func (s *Server) buildPosition(v simview.View, q url.Values) (string, simview.Problems) {
	st, probs := v.ParseBuilder(q, s.pool)
	if !probs.None() {
		return "", probs
	}
	setup, err := position.Encode(st)
	if err != nil {
		probs.Texts = []string{v.SetupError(err)}
	}
	return setup, probs
}

// decodePosition reads a built position, or a localized 400 naming what
// is wrong with it.
func (s *Server) decodePosition(lang, raw string) (engine.Setup, error) {
	v := s.view(lang)
	st, err := position.Decode(raw, s.pool.Cards())
	if err == nil {
		err = st.Validate(s.pool.Cards())
	}
	if err != nil {
		pe := pageerr.New(http.StatusBadRequest, msg.PosErrSyntaxAll)
		pe.Message = v.SetupError(err)
		pe.Suggestions = []templates.Link{{Href: urls.Builder(lang, ""), Label: s.Catalog.T(lang, msg.BuildLink)}}
		return st, pe
	}
	return st, nil
}

// playCustom is the sandbox of a built position: /{lang}/play/custom?s=…&m=….
// A position written another way than its canonical form redirects there,
// so each position has one address (and one cache entry).
func (s *Server) playCustom(c echo.Context) error {
	lang, err := s.sandboxLang(c)
	if err != nil {
		return err
	}
	raw := c.QueryParam("s")
	if raw == "" {
		return c.Redirect(http.StatusFound, urls.Builder(lang, ""))
	}
	st, err := s.decodePosition(lang, raw)
	if err != nil {
		return err
	}
	codes := c.QueryParams()["m"]
	canon, err := position.Encode(st)
	if err == nil && canon != raw {
		return c.Redirect(http.StatusMovedPermanently, urls.Custom(lang, canon, codes))
	}
	start, err := st.Build(s.pool.Cards())
	if err != nil {
		return err
	}
	page, err := s.view(lang).CustomPlay(raw, start, codes)
	if err != nil {
		return moveError(err)
	}
	return s.renderPlay(c, lang, page, false, func(l string) string { return urls.Custom(l, raw, codes) })
}
