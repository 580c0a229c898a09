package web

import (
	"html"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

// searchRequest is a validated search: the raw query, scope and page.
type searchRequest struct {
	lang   string // the reader's language, the path's
	q      string
	in     string // the language whose texts are searched (in=), lang by default
	all    bool   // in=all: every language
	page   int
	jumpTo string // a rule number the query names, "" otherwise
}

// scope is the in= of the request: "all", the language searched, or ""
// for the reader's.
func (r searchRequest) scope() string {
	switch {
	case r.all:
		return "all"
	case r.in != r.lang:
		return r.in
	}
	return ""
}

// parseSearch validates the query parameters shared by the page and the API.
func (s *Server) parseSearch(c echo.Context) (searchRequest, error) {
	lang, err := s.lang(c)
	if err != nil {
		return searchRequest{}, err
	}
	r := searchRequest{lang: lang, q: c.QueryParam("q"), in: lang, page: 1}
	if !utf8.ValidString(r.q) {
		return r, pageerr.New(http.StatusBadRequest, msg.ErrBadRequest)
	}
	query := c.QueryParams()
	switch in := query.Get("in"); {
	case !query.Has("in"):
	case in == "all":
		r.all = true
	case s.langs.Has(in):
		r.in = in
	default:
		return r, pageerr.New(http.StatusBadRequest, msg.ErrSearchScope)
	}
	if query.Has("page") {
		n, err := strconv.Atoi(query.Get("page"))
		if err != nil || n < 1 || n > 1000 {
			return r, pageerr.New(http.StatusBadRequest, msg.ErrSearchPage)
		}
		r.page = n
	}
	if num, ok := s.langs.NormalizeRef(r.q); ok {
		if _, _, exists := s.Library.Current(lang, num); exists {
			r.jumpTo = num
		}
	}
	return r, nil
}

// runSearch searches, or fails with 503 while the index is still being built.
func (s *Server) runSearch(c echo.Context, r searchRequest) (*search.Result, error) {
	var ix *search.Index
	ready := false
	if s.Search != nil {
		ix, ready = s.Search.Index()
	}
	if !ready || ix == nil {
		c.Response().Header().Set("Retry-After", "5")
		return nil, pageerr.New(http.StatusServiceUnavailable, msg.ErrSearchWarming)
	}
	res, err := ix.SearchContext(c.Request().Context(), search.Query{Text: r.q, Lang: r.in, All: r.all, Page: r.page})
	if err == nil && r.page > 1 && r.page > res.Pages {
		return nil, s.pastLastPage(r, res)
	}
	return res, err
}

// pastLastPage is the 404 for a results page past the last one, which
// links the last page (or the first, when nothing was found).
func (s *Server) pastLastPage(r searchRequest, res *search.Result) error {
	lang := r.lang
	pe := pageerr.New(http.StatusNotFound, msg.ErrSearchPageRange)
	if res.Pages == 0 {
		pe.Message = s.Catalog.Format(lang, msg.ErrSearchPageNone, 0, map[string]any{"Page": r.page})
		pe.Suggestions = []templates.Link{{Href: urls.Search(lang, r.q, r.scope(), 1), Label: r.q}}
		return pe
	}
	pe.Message = s.Catalog.Format(lang, msg.ErrSearchPageRange, res.Pages, map[string]any{"Page": r.page, "Pages": res.Pages})
	pe.Suggestions = []templates.Link{{
		Href:  urls.Search(lang, r.q, r.scope(), res.Pages),
		Label: s.Catalog.Format(lang, msg.SearchPageOf, 0, map[string]any{"Page": res.Pages, "Pages": res.Pages}),
	}}
	return pe
}

// hitHref links a hit: a rule in the reader's language, a glossary entry in
// the language it was found in.
func hitHref(lang string, h search.Hit) string {
	if h.Number != "" {
		return urls.Rule(lang, h.Number)
	}
	return urls.Term(h.Lang, h.Slug)
}

func (s *Server) searchPage(c echo.Context) error {
	r, err := s.parseSearch(c)
	if err != nil {
		return err
	}
	if r.jumpTo != "" {
		return c.Redirect(http.StatusSeeOther, urls.Rule(r.lang, r.jumpTo))
	}
	lang := r.lang
	p := s.page(c, lang, s.Catalog.T(lang, msg.SearchHeading), "", func(l string) (string, bool) {
		return urls.Search(l, r.q, r.scope(), 1), false
	})
	p.Query = r.q
	page := templates.SearchPage{Page: p, Query: r.q, AllLangs: r.all}
	if r.all {
		page.AllLink = templates.Link{Href: urls.Search(lang, r.q, "", 1), Label: s.Catalog.T(lang, msg.SearchInOne)}
	} else {
		page.AllLink = templates.Link{Href: urls.Search(lang, r.q, "all", 1), Label: s.Catalog.T(lang, msg.SearchInAll)}
	}
	if r.q != "" {
		res, err := s.runSearch(c, r)
		if err != nil {
			return err
		}
		s.showResults(&page, r, res)
	}
	c.Response().Header().Set("Cache-Control", cacheSearch)
	c.Response().Header().Set("X-Robots-Tag", "noindex")
	return s.render(c, http.StatusOK, templates.Search(page))
}

// tags matches the <mark> tags of a snippet.
var tags = regexp.MustCompile(`</?mark>`)

// showResults puts a search's results on its page: the count, the hits,
// other spellings and links to the pages before and after.
func (s *Server) showResults(page *templates.SearchPage, r searchRequest, res *search.Result) {
	lang := r.lang
	page.Total = s.Catalog.Format(lang, msg.SearchCount, res.Total, map[string]any{"Count": res.Total, "Query": r.q})
	if res.AllWords > 0 && res.AllWords < res.Total {
		page.AllWords = s.Catalog.Format(lang, msg.SearchAllWords, res.AllWords, map[string]any{"Count": res.AllWords})
	}
	if res.ReadAs != "" {
		page.ReadAs = s.Catalog.Format(lang, msg.SearchReadAs, 0, map[string]any{"Query": res.ReadAs})
	}
	page.Fuzzy, page.Truncated = res.Fuzzy, res.Truncated
	// Shared in a chat, the page says what it found first.
	page.Description = page.Total
	if len(res.Hits) > 0 {
		h := res.Hits[0]
		page.Description += " · " + strings.TrimSpace(h.Number+" "+h.Title)
		if first := ruleview.FirstSentence(strings.TrimLeft(html.UnescapeString(tags.ReplaceAllString(h.Snippet, "")), "…")); first != h.Title {
			page.Description += ": " + first
		}
	}
	for _, h := range res.Hits {
		_, outdated := s.Library.Outdated(h.Lang, h.Number)
		page.Hits = append(page.Hits, templates.SearchHit{
			Href: hitHref(lang, h), Number: h.Number, Title: h.Title, Snippet: h.Snippet, Lang: h.Lang,
			Untranslated: h.Untranslated, TitleLang: h.TitleLang, Outdated: outdated,
		})
	}
	for _, sug := range res.Suggestions {
		page.Suggestions = append(page.Suggestions, templates.Link{Href: urls.Search(lang, sug, r.scope(), 1), Label: sug})
	}
	if res.Page > 1 {
		page.Prev = &templates.Link{Href: urls.Search(lang, r.q, r.scope(), res.Page-1), Label: s.Catalog.T(lang, msg.SearchPrev)}
	}
	if res.Page < res.Pages {
		page.Next = &templates.Link{Href: urls.Search(lang, r.q, r.scope(), res.Page+1), Label: s.Catalog.T(lang, msg.SearchNext)}
	}
	if res.Pages > 1 {
		page.PageInfo = s.Catalog.Format(lang, msg.SearchPageOf, 0, map[string]any{"Page": res.Page, "Pages": res.Pages})
	}
}

// apiHit is one search hit in the JSON API.
type apiHit struct {
	Number  string `json:"number,omitempty"`
	Term    string `json:"term,omitempty"`
	Title   string `json:"title"`
	Snippet string `json:"snippet"`
	Lang    string `json:"lang"`
	URL     string `json:"url"`
	// Untranslated marks a rule the reader's language lacks, shown in Lang.
	Untranslated bool `json:"untranslated,omitempty"`
}

// apiResult is the JSON answer of /api/{lang}/search.
type apiResult struct {
	Query       string   `json:"query"`
	Lang        string   `json:"lang"`
	In          string   `json:"in"`
	Total       int      `json:"total"`
	Page        int      `json:"page"`
	Pages       int      `json:"pages"`
	Fuzzy       bool     `json:"fuzzy"`
	Truncated   bool     `json:"truncated"`
	Rule        string   `json:"rule,omitempty"` // the rule number the query names
	Hits        []apiHit `json:"hits"`
	Suggestions []string `json:"suggestions"`
}

func (s *Server) searchAPI(c echo.Context) error {
	r, err := s.parseSearch(c)
	if err != nil {
		return err
	}
	out := apiResult{Query: r.q, Lang: r.lang, In: r.in, Page: 1, Rule: r.jumpTo, Hits: []apiHit{}, Suggestions: []string{}}
	if r.all {
		out.In = "all"
	}
	if r.q != "" {
		res, err := s.runSearch(c, r)
		if err != nil {
			return err
		}
		out.Total, out.Page, out.Pages, out.Fuzzy, out.Truncated = res.Total, res.Page, res.Pages, res.Fuzzy, res.Truncated
		if res.Suggestions != nil {
			out.Suggestions = res.Suggestions
		}
		base := s.baseURL(c)
		for _, h := range res.Hits {
			ah := apiHit{Number: h.Number, Title: h.Title, Snippet: h.Snippet, Lang: h.Lang, URL: base + hitHref(r.lang, h), Untranslated: h.Untranslated}
			if h.Number == "" {
				ah.Term = h.Slug
			}
			out.Hits = append(out.Hits, ah)
		}
	}
	c.Response().Header().Set("Cache-Control", cacheSearch)
	return c.JSON(http.StatusOK, out)
}
