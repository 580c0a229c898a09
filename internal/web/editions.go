package web

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/diff"
	"github.com/mtgrules/site/internal/richtext"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// refLang is the language whose book says which rules exist: the official
// English file. Where another language's current text lacks a rule, its
// pages show the English text instead, marked as not yet translated.
const refLang = "en"

// editions is what the server keeps about the loaded editions: their
// labels, the linked paragraphs of older editions (built on first use, as
// most readers never ask for them) and the comparisons asked for so far.
type editions struct {
	labels map[*rules.Book]string      // "Edition of 14 November 2025", in the book's language
	older  map[*rules.Book]*olderParas // every edition but the newest of its language
	diffs  sync.Map                    // [2]*rules.Book → *comparison
}

type olderParas struct {
	once  sync.Once
	paras map[string]*templates.Para
}

// initEditions labels every edition and prepares the lazily built
// paragraphs of the older ones.
func (s *Server) initEditions() {
	s.eds.labels = map[*rules.Book]string{}
	s.eds.older = map[*rules.Book]*olderParas{}
	for lang, eds := range s.Library.Editions {
		for i, b := range eds {
			if !b.Date.IsZero() {
				s.eds.labels[b] = s.Catalog.Format(lang, msg.EditionOf, 0, map[string]any{"Date": s.longDate(lang, b.Date)})
			}
			if i > 0 {
				s.eds.older[b] = &olderParas{}
			}
		}
	}
}

// longDate writes a date as readers of lang do: "14 November 2025",
// "14. November 2025", "2025年11月14日".
func (s *Server) longDate(lang string, t time.Time) string {
	months := strings.Split(s.Catalog.T(lang, msg.MonthNames), ",")
	if len(months) != 12 {
		return t.Format(rules.EditionLayout)
	}
	return s.Catalog.Format(lang, msg.DateLong, 0, map[string]any{"Day": t.Day(), "Month": months[t.Month()-1], "Year": t.Year()})
}

// parasOf returns the linked paragraphs of one of lang's editions.
func (s *Server) parasOf(lang string, b *rules.Book) map[string]*templates.Para {
	o, ok := s.eds.older[b]
	if !ok {
		return s.paras[lang]
	}
	o.once.Do(func() { o.paras = bookParas(b, richtext.New(b), b.Edition()) })
	return o.paras
}

// requestedEdition is the book ?edition= names, the newest when absent.
func (s *Server) requestedEdition(c echo.Context, lang string) (*rules.Book, error) {
	b, err := s.editionParam(c, lang, "edition")
	if b == nil && err == nil {
		b = s.book(lang)
	}
	return b, err
}

// editionParam reads an edition ID from the query parameter name: nil when
// absent, 400 when malformed, 404 (with the loaded editions as
// suggestions) when lang has no such edition.
func (s *Server) editionParam(c echo.Context, lang, name string) (*rules.Book, error) {
	id := c.QueryParam(name)
	if id == "" {
		return nil, nil
	}
	if _, ok := rules.ParseEdition(id); !ok {
		return nil, errStatus(http.StatusBadRequest, msg.ErrEditionMalformed)
	}
	if b, ok := s.Library.Edition(lang, id); ok {
		return b, nil
	}
	pe := errStatus(http.StatusNotFound, msg.ErrEditionUnknown)
	q := c.Request().URL.Query()
	for _, b := range s.Library.Editions[lang] {
		if b.Edition() == "" {
			continue
		}
		q.Set(name, b.Edition())
		pe.suggestions = append(pe.suggestions, templates.Link{Href: urls.WithQuery(c.Request().URL.Path, q.Encode()), Label: s.eds.labels[b]})
	}
	return nil, pe
}

// edition is the ID that keeps a link in an older edition of lang; ""
// for the current one.
func (s *Server) edition(lang string, b *rules.Book) string {
	if b == s.book(lang) {
		return ""
	}
	return b.Edition()
}

// comparison is what changed from one edition to the next, computed once.
type comparison struct {
	added, removed, changed []change
}

type change struct {
	number string
	paras  [][]diff.Op // the rule's text, then its examples
}

// compare diffs two editions (cached: both are fixed after start-up).
func (s *Server) compare(from, to *rules.Book) *comparison {
	key := [2]*rules.Book{from, to}
	if c, ok := s.eds.diffs.Load(key); ok {
		return c.(*comparison)
	}
	c := &comparison{}
	for _, r := range to.Rules() {
		old, ok := from.Rule(r.Number)
		switch {
		case !ok:
			c.added = append(c.added, change{r.Number, diffParas(nil, r)})
		case old.Text != r.Text || !slices.Equal(old.Examples, r.Examples):
			c.changed = append(c.changed, change{r.Number, diffParas(old, r)})
		}
	}
	for _, r := range from.Rules() {
		if _, ok := to.Rule(r.Number); !ok {
			c.removed = append(c.removed, change{r.Number, diffParas(r, nil)})
		}
	}
	v, _ := s.eds.diffs.LoadOrStore(key, c)
	return v.(*comparison)
}

// diffParas compares a rule's text and examples, paragraph by paragraph;
// a nil rule has none.
func diffParas(old, cur *rules.Rule) [][]diff.Op {
	a, b := ruleParas(old), ruleParas(cur)
	out := make([][]diff.Op, max(len(a), len(b)))
	for i := range out {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		out[i] = diff.Words(x, y)
	}
	return out
}

func ruleParas(r *rules.Rule) []string {
	if r == nil {
		return nil
	}
	return append([]string{r.Text}, r.Examples...)
}

// changes answers /{lang}/changes?from=…&to=…&rule=…: the rules added,
// removed and changed between two editions of lang. Without from and to it
// compares the newest edition with the one before; with only rule, it
// shows that rule's whole history, one comparison per pair of editions.
func (s *Server) changes(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	from, err := s.editionParam(c, lang, "from")
	if err != nil {
		return err
	}
	to, err := s.editionParam(c, lang, "to")
	if err != nil {
		return err
	}
	rule := c.QueryParam("rule")
	if rule != "" {
		n, ok := rules.NormalizeRef(rule)
		if !ok {
			return errStatus(http.StatusBadRequest, msg.ErrChangesRule)
		}
		rule = n
	}
	eds := s.Library.Editions[lang]
	var pairs [][2]*rules.Book
	switch {
	case from == nil && to == nil && rule != "":
		for i := 0; i+1 < len(eds); i++ {
			pairs = append(pairs, [2]*rules.Book{eds[i+1], eds[i]})
		}
	default:
		if to == nil {
			to = eds[0]
		}
		if from == nil {
			from = olderThan(eds, to)
		}
		if from != nil {
			pairs = append(pairs, [2]*rules.Book{from, to})
		}
	}

	self := urls.WithQuery(c.Request().URL.Path, c.Request().URL.Query().Encode())
	p := s.page(c, lang, s.Catalog.T(lang, msg.ChangesHeading), "", func(l string) (string, bool) {
		if l == lang {
			return self, true
		}
		return urls.Changes(l, "", "", ""), false
	})
	p.Breadcrumb = []templates.Link{{Href: urls.Home(lang), Label: s.Catalog.T(lang, msg.HomeTitle)}}
	p.Feed = urls.Feed(lang)
	page := templates.ChangesPage{Page: p, Rule: rule}
	if rule != "" {
		page.RuleNote = s.Catalog.Format(lang, msg.ChangesRuleNote, 0, map[string]any{"Rule": rule})
	}
	switch {
	case len(eds) < 2:
		page.Message = s.Catalog.T(lang, msg.ChangesOneEdition)
	case len(pairs) == 0:
		page.Message = s.Catalog.T(lang, msg.ChangesNoOlder)
		page.From, page.To = s.editionOptions(lang, nil), s.editionOptions(lang, to)
	default:
		page.From, page.To = s.editionOptions(lang, pairs[0][0]), s.editionOptions(lang, pairs[0][1])
	}
	for _, pr := range pairs {
		page.Comparisons = append(page.Comparisons, s.comparisonView(lang, pr[0], pr[1], rule))
	}
	return s.render(c, http.StatusOK, templates.Changes(page))
}

// olderThan is the edition just before b in eds (newest first), or nil.
func olderThan(eds []*rules.Book, b *rules.Book) *rules.Book {
	for i, e := range eds {
		if e == b && i+1 < len(eds) {
			return eds[i+1]
		}
	}
	return nil
}

func (s *Server) editionOptions(lang string, selected *rules.Book) []templates.EditionOption {
	var out []templates.EditionOption
	for _, b := range s.Library.Editions[lang] {
		out = append(out, templates.EditionOption{Value: b.Edition(), Label: s.longDate(lang, b.Date), Selected: b == selected})
	}
	return out
}

// comparisonView turns a comparison, limited to rule when given, into its
// view model.
func (s *Server) comparisonView(lang string, from, to *rules.Book, rule string) templates.Comparison {
	cmp := s.compare(from, to)
	v := templates.Comparison{Heading: s.Catalog.Format(lang, msg.ChangesBetween, 0, map[string]any{
		"From": s.longDate(lang, from.Date), "To": s.longDate(lang, to.Date),
	})}
	view := func(cs []change, in *rules.Book) []templates.Change {
		var out []templates.Change
		for _, ch := range cs {
			if rule != "" && !rules.Within(ch.number, rule) {
				continue
			}
			tc := templates.Change{Number: ch.number, Href: urls.RuleIn(lang, ch.number, s.edition(lang, in))}
			for _, ops := range ch.paras {
				var para []templates.DiffOp
				for _, op := range ops {
					para = append(para, templates.DiffOp{Text: op.Text, Ins: op.Kind == diff.Insert, Del: op.Kind == diff.Delete})
				}
				tc.Paras = append(tc.Paras, para)
			}
			out = append(out, tc)
		}
		return out
	}
	v.Added, v.Removed, v.Changed = view(cmp.added, to), view(cmp.removed, from), view(cmp.changed, to)
	if len(v.Added)+len(v.Removed)+len(v.Changed) == 0 {
		v.Summary = s.Catalog.T(lang, msg.ChangesNone)
	} else {
		v.Summary = s.Catalog.Format(lang, msg.ChangesSummary, 0, map[string]any{
			"Added": strconv.Itoa(len(v.Added)), "Removed": strconv.Itoa(len(v.Removed)), "Changed": strconv.Itoa(len(v.Changed)),
		})
	}
	return v
}

// currentRule finds a rule in lang's current book, or, when that text
// lacks it, in the reference language's; textLang says whose text it is.
func (s *Server) currentRule(lang, num string) (r *rules.Rule, textLang string, ok bool) {
	if r, ok := s.book(lang).Rule(num); ok {
		return r, lang, true
	}
	if lang == refLang {
		return nil, "", false
	}
	r, ok = s.book(refLang).Rule(num)
	return r, refLang, ok
}
