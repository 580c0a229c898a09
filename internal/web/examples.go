package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/simview"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
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

func (s *Server) examplesPage(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	p := s.page(c, lang, s.Catalog.T(lang, msg.ExamplesHeading), s.Catalog.T(lang, msg.ExamplesLead), layout.EveryLang(urls.Examples))
	page := templates.ExampleList{Page: p}
	if s.pool != nil {
		page.Builder = s.layout.Link(lang, urls.Builder(lang, ""), msg.BuildLink)
	}
	ln := s.narration[lang]
	start := 1
	for _, g := range s.exampleGroups() {
		group := templates.ExampleGroup{Title: g.Name.In(lang), Start: start}
		for _, ex := range g.Examples {
			n := len(ex.Snapshots)
			group.Items = append(group.Items, templates.ExampleItem{
				Href: urls.Example(lang, ex.Slug, 1), Title: ex.Title.In(lang),
				Summary: ln.Segments(ex.Summary.In(lang), ""),
				Steps:   s.Catalog.Format(lang, msg.SimStepCount, n, map[string]any{"Count": n}),
			})
		}
		start += len(group.Items)
		page.Groups = append(page.Groups, group)
	}
	return s.render(c, http.StatusOK, templates.Examples(page))
}

// exampleGroups are the worked examples under their groups; none when
// none are loaded.
func (s *Server) exampleGroups() []*examples.Group {
	if s.Examples == nil {
		return nil
	}
	return s.Examples.Groups
}

// exampleList is every worked example; none when none are loaded.
func (s *Server) exampleList() []*examples.Example {
	if s.Examples == nil {
		return nil
	}
	return s.Examples.List
}

// sandboxLang validates the language of a sandbox or builder page; they
// are 404 when no examples, and so no cards, are loaded.
func (s *Server) sandboxLang(c echo.Context) (string, error) {
	lang, err := s.lang(c)
	if err == nil && s.pool == nil {
		pe := pageerr.New(http.StatusNotFound, msg.ErrNotFound)
		pe.Suggestions = []templates.Link{s.layout.Link(lang, urls.Examples(lang), msg.ExamplesHeading)}
		return "", pe
	}
	return lang, err
}

// example finds the example a path names, or a localized 404.
func (s *Server) example(c echo.Context) (string, *examples.Example, error) {
	lang, err := s.lang(c)
	if err != nil {
		return "", nil, err
	}
	var ex *examples.Example
	ok := false
	if s.Examples != nil {
		ex, ok = s.Examples.Get(c.Param("slug"))
	}
	if !ok {
		pe := pageerr.New(http.StatusNotFound, msg.ErrExampleNotFound)
		pe.Suggestions = []templates.Link{s.layout.Link(lang, urls.Examples(lang), msg.ExamplesHeading)}
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
	ln := s.narration[lang]
	page := s.view(lang).StepPage(ex, step, func(text string) templates.Text { return ln.Segments(text, "") })
	page.Page = s.page(c, lang, page.Title+" · "+strconv.Itoa(step), ruleview.Describe(ex.TextAt(step).In(lang), 2), func(l string) (string, bool) {
		return urls.Example(l, ex.Slug, step), true
	})
	s.layout.Article(&page.Page) // shared and embedded step by step
	page.Page.Breadcrumb = s.layout.Crumbs(lang, s.layout.Link(lang, urls.Examples(lang), msg.ExamplesHeading))
	return s.render(c, http.StatusOK, templates.ExampleStep(page))
}

// MaxStep is the highest step number a request may name (openapi.json
// says so); no example has that many.
const MaxStep = 1000

// stepParam reads ?step= of an example: 1 when absent, 400 when not a
// number from 1 to MaxStep, 404 when the example has no such step.
func stepParam(c echo.Context, lang string, ex *examples.Example) (int, error) {
	if !c.QueryParams().Has("step") {
		return 1, nil
	}
	step, err := strconv.Atoi(c.QueryParam("step"))
	if err != nil || step < 1 || step > MaxStep {
		return 0, pageerr.New(http.StatusBadRequest, msg.ErrStepNumber)
	}
	if step > len(ex.Snapshots) {
		pe := pageerr.New(http.StatusNotFound, msg.ErrStepRange)
		pe.Suggestions = []templates.Link{{Href: urls.Example(lang, ex.Slug, 1), Label: ex.Title.In(lang)}}
		return 0, pe
	}
	return step, nil
}
