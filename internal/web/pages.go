package web

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/richtext"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// langNames label the language switcher, each in its own language.
var langNames = map[string]string{"en": "English", "de": "Deutsch", "ja": "日本語"}

// pathFunc gives the path of the same page in another language, and
// whether that language has it.
type pathFunc func(lang string) (string, bool)

// everyLang is a pathFunc for pages every language has.
func everyLang(path urls.PathFunc) pathFunc {
	return func(l string) (string, bool) { return path(l), true }
}

// page builds the layout model: canonical and hreflang links, switcher.
func (s *Server) page(c echo.Context, lang, title, desc string, pathFor pathFunc) templates.Page {
	base := s.baseURL(c)
	p := templates.Page{
		Lang:        lang,
		Title:       title,
		Description: desc,
		T:           func(id msg.Key) string { return s.Catalog.T(lang, id) },
		Static:      s.Assets.URL,
	}
	if pathFor == nil {
		pathFor = everyLang(urls.Home)
	}
	cmp := c.QueryParam("compare")
	for _, l := range locales.Languages {
		path, ok := pathFor(l)
		if ok {
			p.Alternates = append(p.Alternates, templates.Alternate{Hreflang: l, Href: base + path})
			if l == lang {
				p.Canonical = base + path
			}
		} else if path == "" {
			path = urls.Home(l)
		}
		// The switcher keeps a comparison, unless it would compare a language with itself.
		if ok && cmp != l && locales.Has(cmp) {
			path = urls.WithCompare(path, cmp)
		}
		if l != lang {
			path = urls.WithLang(path, l) // a choice: remembered, see chooseLang
		}
		p.Switcher = append(p.Switcher, templates.Link{Href: path, Label: langNames[l], Lang: l, Current: l == lang})
	}
	if len(p.Alternates) > 0 {
		p.Alternates = append(p.Alternates, templates.Alternate{Hreflang: "x-default", Href: p.Alternates[0].Href})
	}
	return p
}

// baseURL is the origin of absolute links: the configured public one, or
// none (links relative to the site) — never the request's Host header,
// which anyone can set and a shared cache would keep.
func (s *Server) baseURL(echo.Context) string { return s.BaseURL }

// render writes a templ component as an HTML response. It renders into a
// buffer first, so a template error is an error page, never a truncated
// page sent (and cached) as a success.
func (s *Server) render(c echo.Context, status int, comp templ.Component) error {
	var buf bytes.Buffer
	if err := comp.Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", cachePage)
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// chooseLang remembers a language the reader chose, by the switcher or a
// link with ?lang=, in a cookie (for "/" and short links), then sends them
// to the same page without the parameter; plain page views set no cookie,
// so every page can be cached and shared. Short links read ?lang= themselves.
func (s *Server) chooseLang(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		q := r.URL.Query()
		lang := q.Get("lang")
		if !q.Has("lang") || urls.IsShort(r.URL.Path) || urls.IsAPI(r.URL.Path) {
			return next(c)
		}
		if locales.Has(lang) {
			c.SetCookie(&http.Cookie{Name: LangCookie, Value: lang, Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode})
		}
		q.Del("lang")
		target := urls.WithQuery(r.URL.EscapedPath(), q.Encode())
		c.Response().Header().Set("Cache-Control", "no-store")
		return c.Redirect(http.StatusSeeOther, target)
	}
}

func (s *Server) book(lang string) *rules.Book { return s.Library.Books[lang] }

func (s *Server) home(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	b := s.book(lang)
	p := s.page(c, lang, s.Catalog.T(lang, msg.HomeTitle), s.Catalog.T(lang, msg.HomeLead), everyLang(urls.Home))
	page := templates.HomePage{Page: p, BookTitle: b.Title, Effective: b.Effective, Intro: b.Intro, Sections: tocSections(lang, b)}
	if s.Examples != nil {
		for _, ex := range s.Examples.List[:min(homeExamples, len(s.Examples.List))] {
			page.Examples = append(page.Examples, templates.Link{Href: urls.Example(lang, ex.Slug, 1), Label: ex.Title.In(lang)})
		}
		n := len(s.Examples.List)
		page.AllExamples = templates.Link{Href: urls.Examples(lang), Label: s.Catalog.Format(lang, msg.HomeAllExamples, n, map[string]any{"Count": n})}
	}
	return s.render(c, http.StatusOK, templates.Home(page))
}

// homeExamples is how many worked examples the home page links.
const homeExamples = 5

func (s *Server) contents(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	p := s.page(c, lang, s.Catalog.T(lang, msg.ContentsHeading), "", everyLang(urls.Contents))
	p.Breadcrumb = []templates.Link{{Href: urls.Home(lang), Label: s.Catalog.T(lang, msg.HomeTitle)}}
	return s.render(c, http.StatusOK, templates.Contents(templates.ContentsPage{Page: p, Sections: tocSections(lang, s.book(lang))}))
}

func tocSections(lang string, b *rules.Book) []templates.TOCSection {
	out := make([]templates.TOCSection, 0, len(b.Sections))
	for _, sec := range b.Sections {
		ts := templates.TOCSection{Number: sec.Number, Title: sec.Title}
		for _, r := range sec.Rules {
			ts.Rules = append(ts.Rules, templates.Link{Href: urls.Rule(lang, r.Number), Label: r.Number + ". " + r.Text})
		}
		out = append(out, ts)
	}
	return out
}

// rule shows a rule with its subrules; a subrule is shown inside its rule.
// ?edition= picks an older edition. In the current edition, rules the
// language's text lacks but the English one has are shown in English,
// marked as not yet translated.
func (s *Server) rule(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	raw := c.Param("num")
	num, ok := rules.NormalizeRef(raw)
	if !ok {
		return s.ruleNotFound(lang, raw)
	}
	if num != raw {
		return c.Redirect(http.StatusMovedPermanently, urls.WithQuery(urls.Rule(lang, num), c.Request().URL.RawQuery))
	}
	b, err := s.requestedEdition(c, lang)
	if err != nil {
		return err
	}
	current := b == s.book(lang)
	// ref fills the gaps of the current edition; older ones stand alone.
	var ref *rules.Book
	if current && lang != refLang {
		ref = s.book(refLang)
	}
	target, ok := b.Rule(num)
	fellBack := false
	if !ok && ref != nil {
		target, ok = ref.Rule(num)
		fellBack = ok
	}
	if !ok {
		return s.ruleNotFound(lang, num)
	}
	cmp := c.QueryParam("compare")
	if cmp != "" && !locales.Has(cmp) {
		return errStatus(http.StatusBadRequest, msg.ErrCompareLang)
	}
	if cmp == lang || !current {
		cmp = ""
	}
	root := target
	if target.Level() == 2 {
		root = target.Parent
	}
	own, hasRoot := b.Rule(root.Number)
	if hasRoot {
		root = own // the heading in the page's language where it has one
	}
	ed := s.edition(lang, b)
	// Alternates are the languages that have this rule in this edition.
	p := s.page(c, lang, ruleTitle(target), describe(target.Text, target.Level()), func(l string) (string, bool) {
		lb, has := s.book(l), true
		if !current {
			lb, has = s.Library.Edition(l, b.Edition())
		}
		if !has {
			return urls.Rule(l, num), false
		}
		_, has = lb.Rule(num)
		return urls.RuleIn(l, num, s.edition(l, lb)), has
	})
	if fellBack {
		// The page to index: the same subtree under its own number when
		// the language has the rule it belongs to, else the English page.
		if hasRoot {
			p.Canonical = s.baseURL(c) + urls.Rule(lang, root.Number)
		} else {
			p.Canonical = s.baseURL(c) + urls.Rule(refLang, num)
		}
	}
	p.Breadcrumb = s.ruleCrumbs(lang, b, root, ed)
	p.OGType, p.OEmbed = "article", s.baseURL(c)+urls.OEmbed(p.Canonical)
	page := templates.RulePage{Page: p, Number: num, Heading: ruleHeading(root), Compare: cmp, Edition: s.eds.labels[b]}
	page.Notice = s.renumberedNotice(c, lang, num)
	if fellBack {
		page.Notice = strings.TrimSpace(page.Notice + " " + s.Catalog.T(lang, msg.FallbackNotice))
	}
	if !current {
		page.Current = &templates.Link{Href: urls.Rule(lang, num), Label: s.Catalog.T(lang, msg.EditionCurrentLink)}
	}
	if len(s.Library.Editions[lang]) > 1 {
		page.History = &templates.Link{Href: urls.Changes(lang, "", "", root.Number), Label: s.Catalog.T(lang, msg.RuleHistory)}
	}
	page.Paras = s.subtree(lang, cmp, b, ref, root.Number, num)
	if root.Level() == 0 && len(page.Paras) > giantRule {
		// 702 alone is half a megabyte: list its parts, each on its page.
		page.Paras, page.Parts = nil, s.parts(lang, b, ref, root.Number, ed)
	}
	if current {
		page.Examples = s.examplesCiting(lang, root.Number)
	}
	nav := b
	if !hasRoot {
		nav = ref
	}
	if prev := nav.Prev(root); prev != nil {
		page.Prev = &templates.Link{Href: urls.RuleIn(lang, prev.Number, ed), Label: ruleHeading(prev)}
	}
	if next := nav.Next(root); next != nil {
		page.Next = &templates.Link{Href: urls.RuleIn(lang, next.Number, ed), Label: ruleHeading(next)}
	}
	for _, l := range locales.Languages {
		switch {
		case l == lang || !current:
		case l == cmp:
			page.CompareWith = append(page.CompareWith, templates.Link{Href: urls.Rule(lang, num), Label: s.Catalog.T(lang, msg.CompareOff)})
		default:
			page.CompareWith = append(page.CompareWith, templates.Link{
				Href: urls.RuleCompared(lang, num, l), Lang: l,
				Label: s.Catalog.T(lang, msg.CompareWith) + " " + langNames[l],
			})
		}
	}
	return s.render(c, http.StatusOK, templates.Rule(page))
}

func (s *Server) ruleNotFound(lang, num string) error {
	pe := errStatus(http.StatusNotFound, msg.ErrRuleNotFound)
	b := s.book(lang)
	if n, ok := rules.NormalizeRef(num); ok {
		for _, r := range b.Nearest(n, 5) {
			pe.suggestions = append(pe.suggestions, templates.Link{Href: urls.Rule(lang, r.Number), Label: ruleTitle(r)})
		}
	}
	if len(pe.suggestions) == 0 {
		pe.suggestions = []templates.Link{{Href: urls.Contents(lang), Label: s.Catalog.T(lang, msg.ContentsHeading)}}
	}
	return pe
}

// ruleTitle is "117.3a — Timing and Priority" (or "117. Timing and
// Priority", "702.19b — Trample").
func ruleTitle(r *rules.Rule) string {
	if r.Level() == 0 {
		return r.Number + ". " + r.Text
	}
	return r.Number + " — " + r.Heading()
}

func ruleHeading(r *rules.Rule) string {
	if r.Level() == 0 {
		return r.Number + ". " + r.Text
	}
	return r.Number + " · " + r.Heading()
}

// describe trims a rule text for a meta description at a word boundary.
func describe(text string, level int) string {
	if level == 0 {
		return text
	}
	return shorten(text, 200)
}

// shorten cuts text to at most max runes at a word boundary, marking the
// cut with "…".
func shorten(text string, max int) string {
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	r := []rune(text)[:max]
	cut := string(r)
	if i := strings.LastIndexAny(cut, " 、。"); i > max/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:、") + "…"
}

// ruleCrumbs leads from the home page to r's parents in book b, a rule or
// section b lacks named as in the book r is from. eq keeps the links in
// b's edition, ed ("" for the current one).
func (s *Server) ruleCrumbs(lang string, b *rules.Book, r *rules.Rule, ed string) []templates.Link {
	sec := r.Section
	for _, own := range b.Sections {
		if own.Number == sec.Number {
			sec = own
		}
	}
	crumbs := []templates.Link{
		{Href: urls.Home(lang), Label: s.Catalog.T(lang, msg.HomeTitle)},
		{Href: urls.Section(lang, sec.Number), Label: strconv.Itoa(sec.Number) + ". " + sec.Title},
	}
	for _, a := range r.Ancestors() {
		if own, ok := b.Rule(a.Number); ok {
			a = own
		}
		crumbs = append(crumbs, templates.Link{Href: urls.RuleIn(lang, a.Number, ed), Label: ruleHeading(a)})
	}
	return crumbs
}

// subtree flattens the rule numbered root and its descendants in book b
// into paragraphs; a top-level rule's own line is its heading, not a
// paragraph. When ref is not nil, rules that only ref has join in, in
// number order, as ref's paragraphs marked Fallback.
func (s *Server) subtree(lang, cmp string, b, ref *rules.Book, root, target string) []templates.Para {
	own := s.parasOf(lang, b)
	var out []templates.Para
	var walk func(num string)
	walk = func(num string) {
		var p templates.Para
		if op, ok := own[num]; ok {
			p = *op
		} else {
			p = *s.paras[refLang][num]
			p.Fallback = true
		}
		if p.Level > 0 {
			p.Target = num == target && root != target
			if cmp != "" {
				p.Other = s.paras[cmp][num]
			}
			out = append(out, p)
		}
		for _, ch := range children(b, ref, num) {
			walk(ch)
		}
	}
	walk(root)
	return out
}

// giantRule is how many paragraphs a top-level rule may have before its
// page lists its parts instead of showing them all (701 and 702 have
// hundreds).
const giantRule = 60

// parts lists the rules directly under the top-level rule root, each with
// its heading ("702.19 Trample") and the start of what it says, linking
// its own page. Rules only ref has are listed from ref, marked.
func (s *Server) parts(lang string, b, ref *rules.Book, root, ed string) []templates.Part {
	var out []templates.Part
	for _, num := range children(b, ref, root) {
		r, ok := b.Rule(num)
		fallback := !ok
		if fallback {
			r, _ = ref.Rule(num)
		}
		p := templates.Part{Href: urls.RuleIn(lang, num, ed), Number: num, Lang: lang, Fallback: fallback}
		if fallback {
			p.Lang = refLang
		}
		lead := r.Text
		if h := r.Heading(); h == r.Text && len(r.Children) > 0 {
			p.Heading, lead = h, r.Children[0].Text
		}
		p.Lead = shorten(lead, 90)
		out = append(out, p)
	}
	return out
}

// children lists the numbers of the subrules of num in b and, when ref is
// not nil, in ref, in number order.
func children(b, ref *rules.Book, num string) []string {
	var nums []string
	if r, ok := b.Rule(num); ok {
		for _, c := range r.Children {
			nums = append(nums, c.Number)
		}
	}
	if ref == nil {
		return nums
	}
	r, ok := ref.Rule(num)
	if !ok {
		return nums
	}
	n := len(nums)
	for _, c := range r.Children {
		if _, mine := b.Rule(c.Number); !mine {
			nums = append(nums, c.Number)
		}
	}
	if len(nums) > n {
		slices.SortStableFunc(nums, rules.CompareNumbers)
	}
	return nums
}

// buildParas links every rule paragraph of every current book once, at
// start-up, one language per goroutine.
func buildParas(lib *library.Library) map[string]map[string]*templates.Para {
	out := make(map[string]map[string]*templates.Para, len(lib.Books))
	var (
		mu sync.Mutex
		wg sync.WaitGroup
	)
	for lang, b := range lib.Books {
		wg.Go(func() {
			m := bookParas(b, lib.Linkers[lang], "")
			mu.Lock()
			out[lang] = m
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

// bookParas links every rule paragraph of b; edition is "" for a current
// book, else its edition ID, which keeps the paragraphs' links in it.
func bookParas(b *rules.Book, ln *richtext.Linker, edition string) map[string]*templates.Para {
	m := make(map[string]*templates.Para, len(b.Rules()))
	for _, r := range b.Rules() {
		p := &templates.Para{Number: r.Number, Level: r.Level(), Lang: b.Lang, Text: ln.Segments(r.Text, ""), Edition: edition}
		for _, ex := range r.Examples {
			p.Examples = append(p.Examples, ln.Segments(ex, ""))
		}
		m[r.Number] = p
	}
	return m
}

func (s *Server) glossary(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	p := s.page(c, lang, s.Catalog.T(lang, msg.GlossaryHeading), "", everyLang(urls.Glossary))
	p.Breadcrumb = []templates.Link{{Href: urls.Home(lang), Label: s.Catalog.T(lang, msg.HomeTitle)}}
	page := templates.GlossaryPage{Page: p}
	for _, t := range s.book(lang).Glossary {
		page.Terms = append(page.Terms, templates.Link{Href: urls.Term(lang, t.Slug), Label: t.Name})
	}
	return s.render(c, http.StatusOK, templates.Glossary(page))
}

func (s *Server) term(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	slug := c.Param("slug")
	if u, err := url.PathUnescape(slug); err == nil {
		slug = u
	}
	t, canonical, ok := s.Library.Term(lang, slug)
	if !ok {
		pe := errStatus(http.StatusNotFound, msg.ErrTermNotFound)
		pe.suggestions = []templates.Link{{Href: urls.Glossary(lang), Label: s.Catalog.T(lang, msg.GlossaryHeading)}}
		return pe
	}
	if !canonical {
		// Another language's slug: this language's entry for the same term.
		return c.Redirect(http.StatusMovedPermanently, urls.WithQuery(urls.Term(lang, t.Slug), c.Request().URL.RawQuery))
	}
	cmp := c.QueryParam("compare")
	if cmp != "" && !locales.Has(cmp) {
		return errStatus(http.StatusBadRequest, msg.ErrCompareLang)
	}
	p := s.page(c, lang, t.Name, describe(strings.Join(t.Definition, " "), 1), func(l string) (string, bool) {
		if o, ok := s.counterpart(t, lang, l); ok {
			return urls.Term(l, o.Slug), true
		}
		return urls.Glossary(l), false
	})
	p.Breadcrumb = []templates.Link{
		{Href: urls.Home(lang), Label: s.Catalog.T(lang, msg.HomeTitle)},
		{Href: urls.Glossary(lang), Label: s.Catalog.T(lang, msg.GlossaryHeading)},
	}
	p.OGType, p.OEmbed = "article", s.baseURL(c)+urls.OEmbed(p.Canonical)
	page := templates.TermPage{Page: p, Name: t.Name}
	ln := s.Library.Linkers[lang]
	for _, d := range t.Definition {
		page.Definition = append(page.Definition, ln.Segments(d, t.Slug))
	}
	for _, l := range locales.Languages {
		o, ok := s.counterpart(t, lang, l)
		switch {
		case l == lang || !ok:
		case l == cmp:
			page.CompareWith = append(page.CompareWith, templates.Link{Href: urls.Term(lang, t.Slug), Label: s.Catalog.T(lang, msg.CompareOff)})
			page.Other = &templates.TermText{Lang: l, Name: o.Name, Href: urls.Term(l, o.Slug)}
			for _, d := range o.Definition {
				page.Other.Definition = append(page.Other.Definition, s.Library.Linkers[l].Segments(d, o.Slug))
			}
		default:
			page.CompareWith = append(page.CompareWith, templates.Link{
				Href: urls.TermCompared(lang, t.Slug, l), Lang: l,
				Label: s.Catalog.T(lang, msg.CompareWith) + " " + langNames[l],
			})
		}
	}
	return s.render(c, http.StatusOK, templates.Term(page))
}

// counterpart is the glossary entry t of lang's book in language l.
func (s *Server) counterpart(t *rules.Term, lang, l string) (*rules.Term, bool) {
	if l == lang {
		return t, true
	}
	return s.Library.Glossary.Counterpart(t, l)
}
