package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/position"
	"github.com/mtgrules/site/internal/simview"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules/engine"
	"github.com/mtgrules/site/templates"
)

// MaxMoves bounds the moves a sandbox address may carry.
const MaxMoves = simview.MaxMoves

func (s *Server) view(lang string) simview.View {
	v := simview.View{Cat: s.Catalog, Lang: lang}
	if s.Examples != nil {
		v.Cards = s.Examples.CardTexts
	}
	return v
}

func (s *Server) exampleList(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	p := s.page(c, lang, s.Catalog.T(lang, msg.ExamplesHeading), s.Catalog.T(lang, msg.ExamplesLead), everyLang(urls.Examples))
	page := templates.ExampleList{Page: p, Builder: templates.Link{Href: urls.Builder(lang, ""), Label: s.Catalog.T(lang, msg.BuildLink)}}
	ln := s.Library.Linkers[lang]
	for _, ex := range s.Examples.List {
		n := len(ex.Snapshots)
		page.Items = append(page.Items, templates.ExampleItem{
			Href: urls.Example(lang, ex.Slug, 1), Title: ex.Title.In(lang),
			Summary: ln.Segments(ex.Summary.In(lang), ""),
			Steps:   s.Catalog.Format(lang, msg.SimStepCount, n, map[string]any{"Count": n}),
		})
	}
	return s.render(c, http.StatusOK, templates.Examples(page))
}

// example finds the example a path names, or a localized 404.
func (s *Server) example(c echo.Context) (string, *examples.Example, error) {
	lang, err := s.lang(c)
	if err != nil {
		return "", nil, err
	}
	ex, ok := s.Examples.Get(c.Param("slug"))
	if !ok {
		pe := errStatus(http.StatusNotFound, msg.ErrExampleNotFound)
		pe.suggestions = []templates.Link{{Href: urls.Examples(lang), Label: s.Catalog.T(lang, msg.ExamplesHeading)}}
		return "", nil, pe
	}
	return lang, ex, nil
}

func (s *Server) exampleStep(c echo.Context) error {
	lang, ex, err := s.example(c)
	if err != nil {
		return err
	}
	step, err := stepParam(c, lang, ex)
	if err != nil {
		return err
	}
	ln := s.Library.Linkers[lang]
	page := s.view(lang).StepPage(ex, step, func(text string) templates.Text { return ln.Segments(text, "") })
	page.Page = s.page(c, lang, page.Title+" · "+strconv.Itoa(step), describe(ex.TextAt(step).In(lang), 2), func(l string) (string, bool) {
		return urls.Example(l, ex.Slug, step), true
	})
	page.Page.OGType = "article"
	page.Page.Breadcrumb = []templates.Link{
		{Href: urls.Home(lang), Label: s.Catalog.T(lang, msg.HomeTitle)},
		{Href: urls.Examples(lang), Label: s.Catalog.T(lang, msg.ExamplesHeading)},
	}
	return s.render(c, http.StatusOK, templates.ExampleStep(page))
}

// stepParam reads ?step= of an example: 1 when absent, 400 when not a
// number, 404 when the example has no such step.
func stepParam(c echo.Context, lang string, ex *examples.Example) (int, error) {
	raw := c.QueryParam("step")
	if raw == "" {
		return 1, nil
	}
	step, err := strconv.Atoi(raw)
	if err != nil {
		return 0, errStatus(http.StatusBadRequest, msg.ErrStepNumber)
	}
	if step < 1 || step > len(ex.Snapshots) {
		pe := errStatus(http.StatusNotFound, msg.ErrStepRange)
		pe.suggestions = []templates.Link{{Href: urls.Example(lang, ex.Slug, 1), Label: ex.Title.In(lang)}}
		return 0, pe
	}
	return step, nil
}

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
	return s.renderPlay(c, lang, page, func(l string) string { return urls.Play(l, ex.Slug, codes) })
}

// renderPlay finishes a sandbox page: layout, the position's own address
// to share, and headers (no index; a position never changes).
func (s *Server) renderPlay(c echo.Context, lang string, page templates.PlayPage, href func(lang string) string) error {
	page.Page = s.page(c, lang, page.Heading, page.Lead, func(l string) (string, bool) { return href(l), false })
	page.Share = s.baseURL(c) + href(lang)
	c.Response().Header().Set("X-Robots-Tag", "noindex")
	c.Response().Header().Set("Cache-Control", cachePosition) // the same moves always give the same position
	return s.render(c, http.StatusOK, templates.Play(page))
}

// moveError turns a sandbox's bad move into a 400 naming it.
func moveError(err error) error {
	var me *simview.MoveError
	if errors.As(err, &me) {
		pe := errStatus(http.StatusBadRequest, msg.ErrMoveSyntax)
		pe.message = me.Message
		return pe
	}
	return err
}

// playNew is the position builder. Without a query it offers an empty
// position; ?s= fills it in with a built position; the form's "build"
// button leads to the position's sandbox (303), its "update" button shows
// the form again with more lines and the new cards as targets.
func (s *Server) playNew(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	v := s.view(lang)
	q := c.QueryParams()
	status, setup := http.StatusOK, ""
	var page templates.BuilderPage
	switch {
	case q.Has("go") || q.Has("edit"):
		st, probs := v.ParseBuilder(q, s.pool)
		if probs.None() {
			if setup, err = position.Encode(st); err != nil {
				probs.Texts = []string{v.SetupError(err)}
			}
		}
		if probs.None() && q.Has("go") {
			c.Response().Header().Set("Cache-Control", "no-store")
			return c.Redirect(http.StatusSeeOther, urls.Custom(lang, setup, nil))
		}
		preview := ""
		if probs.None() {
			preview = urls.Custom(lang, setup, nil)
		} else if q.Has("go") {
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
	page.Page.Breadcrumb = []templates.Link{
		{Href: urls.Home(lang), Label: s.Catalog.T(lang, msg.HomeTitle)},
		{Href: urls.Examples(lang), Label: s.Catalog.T(lang, msg.ExamplesHeading)},
	}
	c.Response().Header().Set("X-Robots-Tag", "noindex")
	if status == http.StatusOK {
		c.Response().Header().Set("Cache-Control", cachePage)
	}
	return s.render(c, status, templates.Builder(page))
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
		pe := errStatus(http.StatusBadRequest, msg.PosErrSyntaxAll)
		pe.message = v.SetupError(err)
		pe.suggestions = []templates.Link{{Href: urls.Builder(lang, ""), Label: s.Catalog.T(lang, msg.BuildLink)}}
		return st, pe
	}
	return st, nil
}

// playCustom is the sandbox of a built position: /{lang}/play/custom?s=…&m=….
// A position written another way than its canonical form redirects there,
// so each position has one address (and one cache entry).
func (s *Server) playCustom(c echo.Context) error {
	lang, err := s.lang(c)
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
	return s.renderPlay(c, lang, page, func(l string) string { return urls.Custom(l, raw, codes) })
}

// examplesCiting links the examples whose events cite num (or a subrule
// of it), each at its first such step, for the rule pages. The examples
// never change, so each list is made once.
func (s *Server) examplesCiting(lang, num string) []templates.Link {
	if s.Examples == nil {
		return nil
	}
	key := lang + "/" + num
	if links, ok := s.citing.Load(key); ok {
		return links.([]templates.Link)
	}
	links, _ := s.citing.LoadOrStore(key, s.citingLinks(lang, num))
	return links.([]templates.Link)
}

func (s *Server) citingLinks(lang, num string) []templates.Link {
	var out []templates.Link
	for _, c := range s.Examples.Citing(num) {
		label := c.Example.Title.In(lang)
		if c.Index > 0 {
			label += " · " + strings.TrimSpace(s.Catalog.Format(lang, msg.ExampleStepOf, len(c.Example.Snapshots),
				map[string]any{"Step": c.Index + 1, "Count": len(c.Example.Snapshots)}))
		}
		out = append(out, templates.Link{Href: urls.Example(lang, c.Example.Slug, c.Index+1), Label: label})
	}
	return out
}
