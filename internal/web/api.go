package web

import (
	_ "embed"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/apiview"
	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// openAPISpec documents every /api/ route; a test checks the answers of
// real requests against it, and that every route is in it.
//
//go:embed openapi.json
var openAPISpec []byte

// api serves the JSON API, its page, the changes feed and the
// autocomplete, which is looked up in an index built once per library.
type api struct {
	*Server
	suggest *suggestIndex
}

// apiRoutes registers the JSON API (CORS allowed), the page describing it
// and the changes feed.
func (s *Server) apiRoutes(e *echo.Echo) {
	a := &api{Server: s, suggest: newSuggestIndex(s)}
	e.Use(apiCORS)
	e.GET(urls.RouteOpenAPI, a.openAPI)
	e.GET(urls.RouteAPIEditions, a.editionsJSON)
	e.GET(urls.RouteAPIRules, a.contentsJSON)
	e.GET(urls.RouteAPIRule, a.ruleJSON)
	e.GET(urls.RouteAPIHistory, a.historyJSON)
	e.GET(urls.RouteAPIGlossary, a.glossaryJSON)
	e.GET(urls.RouteAPITerm, a.termJSON)
	e.GET(urls.RouteAPIExamples, a.examplesJSON)
	e.GET(urls.RouteAPIExample, a.exampleJSON)
	e.GET(urls.RouteAPISuggest, a.suggestions)
	e.GET(urls.RouteAPIDoc, a.docPage)
	e.GET(urls.RouteFeed, a.feed)
}

// apiCORS lets pages on any origin read the API: every /api/ answer,
// errors included, allows any origin, and preflight requests are answered
// at once.
func apiCORS(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if !urls.IsAPI(r.URL.Path) {
			return next(c)
		}
		h := c.Response().Header()
		h.Set("Access-Control-Allow-Origin", "*")
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", "GET, HEAD, POST")
			h.Set("Access-Control-Allow-Headers", "Content-Type")
			h.Set("Access-Control-Max-Age", "86400")
			return c.NoContent(http.StatusNoContent)
		}
		return next(c)
	}
}

// send answers with a JSON document that is fixed for the loaded library,
// cached like a page.
func send(c echo.Context, v any) error {
	c.Response().Header().Set("Cache-Control", cachePage)
	return c.JSON(http.StatusOK, v)
}

func (a *api) openAPI(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", cachePage)
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, openAPISpec)
}

func (a *api) editionsJSON(c echo.Context) error {
	return send(c, apiview.EditionsOf(a.Library, func(b *rules.Book) string { return a.rv.EditionLabel(b) }))
}

// ruleHref is the absolute URL of a rule's page in lang's current edition.
func (a *api) ruleHref(c echo.Context, lang string) func(num string) string {
	base := a.baseURL(c)
	return func(num string) string { return base + urls.Rule(lang, num) }
}

func (a *api) termHref(c echo.Context) apiview.TermHref {
	base := a.baseURL(c)
	return func(lang, slug string) string { return base + urls.Term(lang, slug) }
}

func (a *api) contentsJSON(c echo.Context) error {
	lang, err := a.lang(c)
	if err != nil {
		return err
	}
	return send(c, apiview.ContentsOf(a.rv.Book(lang), a.ruleHref(c, lang)))
}

// source is the edition of lang a request asks for (?edition=, the newest
// by default) as the rule pages show it: the newest fills its gaps from
// the English text.
func (a *api) source(c echo.Context, lang string) (apiview.Source, error) {
	b, err := a.requestedEdition(c, lang)
	if err != nil {
		return apiview.Source{}, err
	}
	current, ref := b == a.rv.Book(lang), a.Library.Fallback(lang, b)
	base, ed := a.baseURL(c), a.rv.EditionID(lang, b)
	src := apiview.Source{
		Lang: lang, Edition: b.Edition(),
		Rule: func(num string) (*rules.Rule, string, bool) {
			if current {
				return a.Library.Current(lang, num)
			}
			r, ok := b.Rule(num)
			return r, lang, ok
		},
		Children: func(num string) []string { return library.Children(b, ref, num) },
		Href:     func(num string) string { return base + urls.RuleIn(lang, num, ed) },
	}
	if current {
		src.OutdatedSince = func(num string) string {
			if d, ok := a.Library.Outdated(lang, num); ok {
				return d.Since.Edition()
			}
			return ""
		}
	}
	return src, nil
}

func (a *api) ruleJSON(c echo.Context) error {
	lang, num, err := a.ruleNumber(c)
	if err != nil {
		return err
	}
	subrules := false
	switch q := c.QueryParams(); {
	case !q.Has("subrules"), q.Get("subrules") == "0":
	case q.Get("subrules") == "1":
		subrules = true
	default:
		return pageerr.New(http.StatusBadRequest, msg.ErrSubrulesParam)
	}
	src, err := a.source(c, lang)
	if err != nil {
		return err
	}
	doc, ok := apiview.RuleOf(src, num, subrules)
	if !ok {
		return pageerr.New(http.StatusNotFound, msg.ErrRuleNotFound)
	}
	return send(c, doc)
}

// historyJSON lists the editions in which a rule's text changed.
func (a *api) historyJSON(c echo.Context) error {
	lang, num, err := a.ruleNumber(c)
	if err != nil {
		return err
	}
	eds, official, ok := a.Library.History(lang, num)
	if !ok {
		return pageerr.New(http.StatusNotFound, msg.ErrRuleNotFound)
	}
	return send(c, apiview.HistoryOf(lang, num, eds, official, a.rv.Compare))
}

// ruleNumber reads the language and the rule number (in any form) of an
// API request about a rule.
func (a *api) ruleNumber(c echo.Context) (lang, num string, err error) {
	if lang, err = a.lang(c); err != nil {
		return "", "", err
	}
	num, ok := a.langs.NormalizeRef(unescape(c.Param("num")))
	if !ok {
		return "", "", pageerr.New(http.StatusNotFound, msg.ErrRuleNotFound)
	}
	return lang, num, nil
}

// unescape decodes a path parameter that may still be percent-encoded.
func unescape(p string) string {
	if u, err := url.PathUnescape(p); err == nil {
		return u
	}
	return p
}

func (a *api) glossaryJSON(c echo.Context) error {
	lang, err := a.lang(c)
	if err != nil {
		return err
	}
	return send(c, apiview.GlossaryOf(a.rv.Book(lang), a.termHref(c)))
}

// termJSON answers a glossary entry; another language's slug answers the
// entry aligned with it, as the page redirects to it.
func (a *api) termJSON(c echo.Context) error {
	lang, err := a.lang(c)
	if err != nil {
		return err
	}
	slug := unescape(c.Param("slug"))
	if to, ok := a.Library.Moved(lang, slug); ok {
		return c.Redirect(http.StatusMovedPermanently, urls.WithQuery(urls.APITerm(lang, to), c.Request().URL.RawQuery))
	}
	t, _, ok := a.Library.Term(lang, slug)
	if !ok {
		return pageerr.New(http.StatusNotFound, msg.ErrTermNotFound)
	}
	return send(c, apiview.TermOf(lang, t, a.Library.Langs.Codes(), func(l string) (*rules.Term, bool) { return a.rv.Counterpart(t, lang, l) }, a.termHref(c)))
}

func (a *api) exampleURL(c echo.Context, lang string) apiview.ExampleHref {
	base := a.baseURL(c)
	return func(slug string, step int) string { return base + urls.Example(lang, slug, step) }
}

func (a *api) examplesJSON(c echo.Context) error {
	lang, err := a.lang(c)
	if err != nil {
		return err
	}
	return send(c, apiview.ExamplesOf(a.view(lang), a.Examples, a.exampleURL(c, lang)))
}

func (a *api) exampleJSON(c echo.Context) error {
	lang, ex, err := a.example(c)
	if err != nil {
		return err
	}
	step, err := stepParam(c, lang, ex)
	if err != nil {
		return err
	}
	return send(c, apiview.ExampleOf(a.view(lang), ex, step, a.exampleURL(c, lang)))
}

// docPage describes the API for people, in their language.
func (a *api) docPage(c echo.Context) error {
	lang, err := a.lang(c)
	if err != nil {
		return err
	}
	p := a.page(c, lang, a.Catalog.T(lang, msg.APIHeading), a.Catalog.T(lang, msg.APILead), layout.EveryLang(urls.APIDoc))
	p.Breadcrumb = a.layout.Crumbs(lang)
	slug := ""
	if a.Examples != nil && len(a.Examples.List) > 0 {
		slug = a.Examples.List[0].Slug
	}
	return a.render(c, http.StatusOK, templates.API(apiPage(p, a.baseURL(c), slug)))
}

// apiPage lists the endpoints, each with a working example in the page's
// language (the worked example with the given slug, none when "").
func apiPage(p templates.Page, base, example string) templates.APIPage {
	lang := p.Lang
	ep := func(method, path, example string, id msg.Key) templates.APIEndpoint {
		e := templates.APIEndpoint{Method: method, Path: path, Description: p.T(id)}
		if example != "" {
			e.Example = &templates.Link{Href: example, Label: base + example}
		}
		return e
	}
	exampleAt := ""
	if example != "" {
		exampleAt = urls.APIExample(lang, example, 2)
	}
	return templates.APIPage{
		Page: p, Spec: templates.Link{Href: urls.OpenAPI(), Label: base + urls.OpenAPI()},
		Feed: templates.Link{Href: urls.Feed(lang), Label: base + urls.Feed(lang)},
		Endpoints: []templates.APIEndpoint{
			ep("GET", urls.Documented(urls.RouteAPIRules, ""), urls.APIContents(lang), msg.APIRules),
			ep("GET", urls.Documented(urls.RouteAPIRule, ""), urls.APIRule(lang, "117.3a", false), msg.APIRule),
			ep("GET", urls.Documented(urls.RouteAPIRule, "subrules=1"), urls.APIRule(lang, "117", true), msg.APIRuleSubrules),
			ep("GET", urls.Documented(urls.RouteAPIHistory, ""), urls.APIHistory(lang, "117.3b"), msg.APIRuleHistory),
			ep("GET", urls.Documented(urls.RouteAPIGlossary, ""), urls.APIGlossary(lang), msg.APIGlossary),
			ep("GET", urls.Documented(urls.RouteAPITerm, ""), urls.APITerm(lang, "priority"), msg.APITerm),
			ep("GET", urls.Documented(urls.RouteAPIExamples, ""), urls.APIExamples(lang), msg.APIExamples),
			ep("GET", urls.Documented(urls.RouteAPIExample, "step={n}"), exampleAt, msg.APIExample),
			ep("GET", urls.Documented(urls.RouteAPISearch, "q=…"), urls.APISearch(lang, "117.3a"), msg.APISearch),
			ep("GET", urls.Documented(urls.RouteAPISuggest, "q=…"), urls.APISuggest(lang, "117.3"), msg.APISuggest),
			ep("GET", urls.Documented(urls.RouteAPIEditions, ""), urls.APIEditions(), msg.APIEditions),
			ep("POST", urls.Documented(urls.RouteAPILinkify, ""), "", msg.APILinkify),
		},
	}
}
