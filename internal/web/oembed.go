package web

import (
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
)

// oembedWidth and oembedHeight are the embedded card's size unless the
// consumer asks for less (maxwidth, maxheight).
const oembedWidth, oembedHeight = 600, 200

// embedCard is what an embedded card shows of a page in lang: a title,
// the start of its text (in textLang) and a link to the page.
type embedCard struct {
	lang, title, text, textLang, href string
}

// oembed answers /oembed?url=…[&maxwidth=…][&maxheight=…] for every page
// a reader shares (see embedOf) on this site's own origin; any other
// address is a 404.
func (s *Server) oembed(c echo.Context) error {
	if f := c.QueryParam("format"); f != "" && f != "json" {
		return pageerr.New(http.StatusNotImplemented, msg.ErrOEmbedFormat)
	}
	width, err := maxSize(c, "maxwidth", oembedWidth)
	if err != nil {
		return err
	}
	height, err := maxSize(c, "maxheight", oembedHeight)
	if err != nil {
		return err
	}
	base := s.baseURL(c)
	u, err := url.Parse(c.QueryParam("url"))
	if err != nil || !sameOrigin(u, base) {
		return pageerr.New(http.StatusNotFound, msg.ErrOEmbedURL)
	}
	card, ok := s.embedOf(u)
	if !ok {
		return pageerr.New(http.StatusNotFound, msg.ErrOEmbedURL)
	}
	site := s.Catalog.T(card.lang, msg.SiteName)
	style := "box-sizing:border-box;max-width:" + strconv.Itoa(width) + "px;max-height:" + strconv.Itoa(height) + "px;overflow:auto"
	link := html.EscapeString(base + card.href)
	body := `<blockquote class="mtg-rule" lang="` + card.textLang + `" style="` + style + `"><p><strong>` + html.EscapeString(card.title) + `</strong></p><p>` +
		html.EscapeString(card.text) + `</p><p><a href="` + link + `">` + html.EscapeString(site) + `</a></p></blockquote>`
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.JSON(http.StatusOK, map[string]any{
		"version": "1.0", "type": "rich", "title": card.title, "html": body,
		"provider_name": site, "provider_url": base + urls.RouteRoot,
		"width": width, "height": height, "cache_age": 3600,
	})
}

// maxSize reads the consumer's limit name (a whole number of pixels, at
// least 1): the card's size def when absent or larger.
func maxSize(c echo.Context, name string, def int) (int, error) {
	q := c.QueryParams()
	if !q.Has(name) {
		return def, nil
	}
	n, err := strconv.Atoi(q.Get(name))
	if err != nil || n < 1 {
		return 0, pageerr.New(http.StatusBadRequest, msg.ErrOEmbedSize)
	}
	return min(n, def), nil
}

// sameOrigin reports whether u is an address on base, the site's public
// origin; with no origin configured only a path (no host) is.
func sameOrigin(u *url.URL, base string) bool {
	if base == "" {
		return u.Scheme == "" && u.Host == ""
	}
	return u.User == nil && strings.EqualFold(u.Scheme+"://"+u.Host, base)
}

// embedOf is the card of the page at u: a rule or subrule, a glossary
// entry, a step of a worked example, an example's sandbox (its title and
// summary; the moves are the page's to check), or a short link (the rule
// in the language it names with ?lang=, else the fallback language; the
// link still leads each reader to their own); ok is false for any other
// address.
func (s *Server) embedOf(u *url.URL) (card embedCard, ok bool) {
	lang, kind, key := urls.ParsePage(u.EscapedPath())
	key, err := url.PathUnescape(key)
	if err != nil {
		return embedCard{}, false
	}
	q := u.Query()
	switch kind {
	case urls.KindShortLink, urls.KindShortLink2008:
		lang = q.Get("lang")
		if !s.langs.Has(lang) {
			lang = s.langs.Fallback().Code // not the reader's: the answer is cached for everyone
		}
		num, ok := s.langs.NormalizeRef(key)
		if ok && kind == urls.KindShortLink2008 {
			num, _, ok = s.rv.From2008(lang, num)
		}
		if !ok {
			return embedCard{}, false
		}
		card, ok = s.ruleCard(lang, num)
		card.href = u.EscapedPath()
		if kind == urls.KindShortLink && q.Has("lang") {
			card.href = urls.WithLang(card.href, lang)
		}
		return card, ok
	case urls.KindOther:
		return embedCard{}, false
	}
	if !s.langs.Has(lang) {
		return embedCard{}, false
	}
	switch kind {
	case urls.KindRule:
		num, ok := s.langs.NormalizeRef(key)
		if !ok {
			return embedCard{}, false
		}
		return s.ruleCard(lang, num)
	case urls.KindTerm:
		t, _, ok := s.Library.Term(lang, key) // another language's slug: the entry aligned with it
		if !ok {
			return embedCard{}, false
		}
		return embedCard{lang, t.Name, ruleview.Describe(strings.Join(t.Definition, " "), 1), lang, urls.Term(lang, t.Slug)}, true
	}
	if s.Examples == nil {
		return embedCard{}, false
	}
	ex, ok := s.Examples.Get(key)
	if !ok {
		return embedCard{}, false
	}
	if kind == urls.KindPlay {
		title := s.Catalog.Format(lang, msg.PlayHeading, 0, map[string]any{"Title": ex.Title.In(lang)})
		return embedCard{lang, title, ruleview.Describe(ex.Summary.In(lang), 1), lang, urls.Play(lang, ex.Slug, q["m"])}, true
	}
	step := 1
	if q.Has("step") {
		if step, err = strconv.Atoi(q.Get("step")); err != nil || step < 1 || step > len(ex.Snapshots) {
			return embedCard{}, false
		}
	}
	title := ex.Title.In(lang) + " · " + strconv.Itoa(step)
	return embedCard{lang, title, ruleview.Describe(ex.TextAt(step).In(lang), 2), lang, urls.Example(lang, ex.Slug, step)}, true
}

// ruleCard is the card of rule num in lang's current text, which may show
// it from the fallback language.
func (s *Server) ruleCard(lang, num string) (embedCard, bool) {
	r, textLang, ok := s.Library.Current(lang, num)
	if !ok {
		return embedCard{}, false
	}
	return embedCard{lang, ruleview.Title(r), ruleview.DescribeRule(r), textLang, urls.Rule(lang, r.Number)}, true
}
