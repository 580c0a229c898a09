package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/moves"
	"github.com/mtgrules/site/internal/simview"
	"github.com/mtgrules/site/rules/engine"
	"github.com/mtgrules/site/templates"
)

// MaxMoves bounds the moves a sandbox address may carry.
const MaxMoves = 300

func (s *Server) view(lang string) simview.View { return simview.View{Cat: s.Catalog, Lang: lang} }

func exampleHref(lang, slug string, step int) string {
	return "/" + lang + "/examples/" + slug + "?step=" + strconv.Itoa(step)
}

func (s *Server) exampleList(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	p := s.page(c, lang, s.Catalog.T(lang, "ExamplesHeading"), s.Catalog.T(lang, "ExamplesLead"), samePath("/examples"))
	page := templates.ExampleList{Page: p}
	ln := s.Library.Linkers[lang]
	for _, ex := range s.Examples.List {
		n := len(ex.Snapshots)
		page.Items = append(page.Items, templates.ExampleItem{
			Href: exampleHref(lang, ex.Slug, 1), Title: ex.Title.In(lang),
			Summary: ln.Segments(ex.Summary.In(lang), ""),
			Steps:   s.Catalog.Format(lang, "SimStepCount", n, map[string]any{"Count": n}),
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
		pe := errStatus(http.StatusNotFound, "ErrExampleNotFound")
		pe.suggestions = []templates.Link{{Href: "/" + lang + "/examples", Label: s.Catalog.T(lang, "ExamplesHeading")}}
		return "", nil, pe
	}
	return lang, ex, nil
}

func (s *Server) exampleStep(c echo.Context) error {
	lang, ex, err := s.example(c)
	if err != nil {
		return err
	}
	n := len(ex.Snapshots)
	step, err := stepParam(c, lang, ex)
	if err != nil {
		return err
	}
	v := s.view(lang)
	snap := &ex.Snapshots[step-1]
	ln := s.Library.Linkers[lang]
	title := ex.Title.In(lang)
	narration := ex.Summary.In(lang)
	page := templates.SimStepPage{Title: title, Board: v.Board(&snap.State), PlayHref: "/" + lang + "/play/" + ex.Slug}
	if step > 1 {
		before := &ex.Snapshots[step-2].State
		narration = ex.Steps[step-2].Narration.In(lang)
		page.Action = v.Action(before, *snap.Action)
		page.Events = v.Events(before, &snap.State, snap.Events)
		if rej := snap.Rejected; rej != nil {
			page.Events = append(page.Events, v.Rejection(rej))
		}
	}
	page.Narration = ln.Segments(narration, "")
	page.Page = s.page(c, lang, title+" · "+strconv.Itoa(step), describe(narration, 2), func(l string) (string, bool) {
		return exampleHref(l, ex.Slug, step), true
	})
	page.Page.OGType = "article"
	page.Page.Breadcrumb = []templates.Link{
		{Href: "/" + lang + "/", Label: s.Catalog.T(lang, "HomeTitle")},
		{Href: "/" + lang + "/examples", Label: s.Catalog.T(lang, "ExamplesHeading")},
	}
	page.StepLabel = s.Catalog.Format(lang, "ExampleStepOf", n, map[string]any{"Step": step, "Count": n})
	link := func(i int, id string) *templates.Link {
		return &templates.Link{Href: exampleHref(lang, ex.Slug, i), Label: s.Catalog.T(lang, id)}
	}
	if step > 1 {
		page.First, page.Prev = link(1, "SimFirst"), link(step-1, "SimPrev")
	}
	if step < n {
		page.Next, page.Last = link(step+1, "SimNext"), link(n, "SimLast")
	}
	for i := 1; i <= n; i++ {
		page.Steps = append(page.Steps, templates.Link{Href: exampleHref(lang, ex.Slug, i), Label: strconv.Itoa(i), Current: i == step})
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
		return 0, errStatus(http.StatusBadRequest, "ErrStepNumber")
	}
	if step < 1 || step > len(ex.Snapshots) {
		pe := errStatus(http.StatusNotFound, "ErrStepRange")
		pe.suggestions = []templates.Link{{Href: exampleHref(lang, ex.Slug, 1), Label: ex.Title.In(lang)}}
		return 0, pe
	}
	return step, nil
}

// playHref is the sandbox address for a list of move codes.
func playHref(lang, slug string, codes []string) string {
	u := "/" + lang + "/play/" + slug
	if len(codes) > 0 {
		v := url.Values{"m": codes}
		u += "?" + v.Encode()
	}
	return u
}

func (s *Server) play(c echo.Context) error {
	lang, ex, err := s.example(c)
	if err != nil {
		return err
	}
	codes := c.QueryParams()["m"]
	if len(codes) > MaxMoves {
		return errStatus(http.StatusBadRequest, "ErrTooManyMoves")
	}
	v := s.view(lang)
	actions := make([]engine.Action, len(codes))
	for i, code := range codes {
		if actions[i], err = moves.Decode(code); err != nil {
			return s.moveError(lang, "ErrMoveSyntax", map[string]any{"Index": i + 1})
		}
	}
	start := ex.Start()
	snaps, err := engine.Replay(start, actions)
	if err != nil {
		var re *engine.ReplayError
		var ie *engine.IllegalError
		if !errors.As(err, &re) || !errors.As(err, &ie) {
			return err
		}
		before := &snaps[len(snaps)-1].State
		return s.moveError(lang, "ErrIllegalMove", map[string]any{
			"Index": re.Index + 1, "Action": v.Action(before, re.Action), "Reason": v.Reason(ie.Reason),
		})
	}
	title := ex.Title.In(lang)
	heading := s.Catalog.Format(lang, "PlayHeading", 0, map[string]any{"Title": title})
	p := s.page(c, lang, heading, s.Catalog.T(lang, "PlayLead"), func(l string) (string, bool) {
		return playHref(l, ex.Slug, codes), false
	})
	c.Response().Header().Set("X-Robots-Tag", "noindex")
	last := &snaps[len(snaps)-1]
	page := templates.PlayPage{
		Page: p, Heading: heading, Board: v.Board(&last.State),
		Restart: playHref(lang, ex.Slug, nil), ExampleURL: exampleHref(lang, ex.Slug, 1),
	}
	for i := 1; i < len(snaps); i++ {
		page.Moves = append(page.Moves, v.Action(&snaps[i-1].State, *snaps[i].Action))
	}
	if len(snaps) > 1 {
		page.Events = v.Events(&snaps[len(snaps)-2].State, &last.State, last.Events)
		page.Undo = &templates.Link{Href: playHref(lang, ex.Slug, codes[:len(codes)-1]), Label: s.Catalog.T(lang, "PlayUndo")}
	}
	legal := engine.LegalActions(last.State)
	if len(codes) >= MaxMoves {
		legal = nil
	}
	for _, a := range legal {
		next := append(codes[:len(codes):len(codes)], moves.Encode(a))
		page.Legal = append(page.Legal, templates.Link{Href: playHref(lang, ex.Slug, next), Label: v.Action(&last.State, a)})
	}
	if len(legal) > 0 {
		page.LegalFor = s.Catalog.Format(lang, "PlayLegal", 0, map[string]any{"Player": v.Player(&last.State, legal[0].Player)})
	} else {
		page.LegalFor = s.Catalog.T(lang, "PlayGameOver")
	}
	c.Response().Header().Set("Cache-Control", cachePosition) // the same moves always give the same position
	return s.render(c, http.StatusOK, templates.Play(page))
}

// moveError is a 400 page naming the first bad move.
func (s *Server) moveError(lang, id string, data map[string]any) error {
	pe := errStatus(http.StatusBadRequest, id)
	pe.message = s.Catalog.Format(lang, id, 0, data)
	return pe
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
			label += " · " + strings.TrimSpace(s.Catalog.Format(lang, "ExampleStepOf", len(c.Example.Snapshots),
				map[string]any{"Step": c.Index + 1, "Count": len(c.Example.Snapshots)}))
		}
		out = append(out, templates.Link{Href: exampleHref(lang, c.Example.Slug, c.Index+1), Label: label})
	}
	return out
}
