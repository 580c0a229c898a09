package web

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/refs"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// MaxLinkifyBytes bounds a post sent to the linkifier.
const MaxLinkifyBytes = 20000

// linkifyFormats are the offered formats with their label IDs, in order.
var linkifyFormats = []struct {
	format refs.Format
	label  msg.Key
}{{refs.BBCode, msg.FormatBBCode}, {refs.Markdown, msg.FormatMarkdown}, {refs.HTML, msg.FormatHTML}}

// linkifyInput validates a post and its format.
func linkifyInput(text, format string) (string, refs.Format, error) {
	f, ok := refs.ParseFormat(format)
	if format == "" {
		f, ok = refs.BBCode, true
	}
	switch {
	case !ok:
		return "", "", errStatus(http.StatusBadRequest, msg.ErrLinkifyFormat)
	case len(text) > MaxLinkifyBytes:
		return "", "", errStatus(http.StatusRequestEntityTooLarge, msg.ErrLinkifyTooLong)
	case !utf8.ValidString(text):
		return "", "", errStatus(http.StatusBadRequest, msg.ErrBadRequest)
	}
	return strings.ReplaceAll(text, "\r\n", "\n"), f, nil
}

// shortHref links a reference through the negotiating short link, so every
// reader of a forum post lands in their own language.
func (s *Server) shortHref(c echo.Context) func(refs.Ref) string {
	base := s.baseURL(c)
	return func(r refs.Ref) string { return base + urls.Short(r.Number) }
}

func (s *Server) linkify(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	p := s.page(c, lang, s.Catalog.T(lang, msg.LinkifyHeading), s.Catalog.T(lang, msg.LinkifyLead), everyLang(urls.Linkify))
	page := templates.LinkifyPage{Page: p}
	chosen := refs.BBCode
	if c.Request().Method == http.MethodPost {
		text, f, err := linkifyInput(c.FormValue("text"), c.FormValue("format"))
		if err != nil {
			return err
		}
		chosen = f
		out, linked, unknown := s.linkRefs(c, text, f)
		n := len(linked)
		page.Text, page.Done, page.Output = text, true, out
		page.Count = s.Catalog.Format(lang, msg.LinkifyLinked, n, map[string]any{"Count": n})
		if len(unknown) > 0 {
			nums := make([]string, len(unknown))
			for i, r := range unknown {
				nums[i] = r.Text(text)
			}
			page.Unknown = s.Catalog.Format(lang, msg.LinkifyUnknown, 0, map[string]any{"Numbers": strings.Join(nums, ", ")})
		}
		if f == refs.HTML {
			page.Preview = out
		}
		c.Response().Header().Set("Cache-Control", "no-store")
	}
	for _, f := range linkifyFormats {
		page.Formats = append(page.Formats, templates.Link{Href: string(f.format), Label: s.Catalog.T(lang, f.label), Current: f.format == chosen})
	}
	return s.render(c, http.StatusOK, templates.Linkify(page))
}

// linkifyRequest is the body of POST /api/linkify (JSON or form).
type linkifyRequest struct {
	Text   string `json:"text" form:"text"`
	Format string `json:"format" form:"format"`
}

type linkifyRef struct {
	Text    string `json:"text"`
	Number  string `json:"number"`
	Through string `json:"through,omitempty"`
	URL     string `json:"url,omitempty"` // "" for a reference left as text
}

func (s *Server) linkifyAPI(c echo.Context) error {
	var req linkifyRequest
	if err := c.Bind(&req); err != nil {
		return errStatus(http.StatusBadRequest, msg.ErrBadRequest)
	}
	text, f, err := linkifyInput(req.Text, req.Format)
	if err != nil {
		return err
	}
	href := s.shortHref(c)
	out, linked, unknown := s.linkRefs(c, text, f)
	list, skipped := []linkifyRef{}, []linkifyRef{}
	for _, r := range linked {
		list = append(list, linkifyRef{Text: r.Text(text), Number: r.Number, Through: r.Through, URL: href(r)})
	}
	for _, r := range unknown {
		skipped = append(skipped, linkifyRef{Text: r.Text(text), Number: r.Number, Through: r.Through})
	}
	return c.JSON(http.StatusOK, map[string]any{"format": f, "output": out, "count": len(list), "refs": list, "unknown": skipped})
}

// linkRefs links the rule references in text whose rules exist in the
// loaded texts; a number no rule has ("117.3z", or a range ending in one)
// stays text. It returns the output, the references linked and those left.
func (s *Server) linkRefs(c echo.Context, text string, f refs.Format) (out string, linked, unknown []refs.Ref) {
	for _, r := range refs.Find(text) {
		if s.ruleExists(r.Number) && (r.Through == "" || s.ruleExists(r.Through)) {
			linked = append(linked, r)
		} else {
			unknown = append(unknown, r)
		}
	}
	return refs.LinkRefs(text, f, linked, s.shortHref(c)), linked, unknown
}

// ruleExists reports whether the English text, which the others fall back
// on, has rule num: then its short link leads to it in every language.
func (s *Server) ruleExists(num string) bool {
	_, _, ok := s.currentRule(refLang, num)
	return ok
}

// oldShortLink answers /r/2008/{ref}: the rule's number in the 2008
// numbering leads to today's rule (or its nearest existing parent), with a
// note on the page.
func (s *Server) oldShortLink(c echo.Context) error {
	lang := s.shortLinkLang(c)
	raw := c.Param("ref")
	old, ok := rules.NormalizeRef(raw)
	if !ok {
		return s.ruleNotFound(lang, raw)
	}
	num, _, ok := s.today(lang, old)
	if !ok {
		return errStatus(http.StatusNotFound, msg.ErrOldNumberUnknown)
	}
	setShortLinkHeaders(c)
	return c.Redirect(http.StatusFound, urls.RuleWas2008(lang, num, old))
}

// today maps a 2008 number to the nearest rule that exists in lang's book.
func (s *Server) today(lang, old string) (string, refs.Mapping, bool) {
	m, ok := s.Library.Old2008.Map(old)
	if !ok {
		return "", m, false
	}
	for num := m.Number; num != ""; num = rules.Parent(num) {
		if _, _, exists := s.currentRule(lang, num); exists {
			if num != m.Number {
				m.Exact = false
			}
			return num, m, true
		}
	}
	return "", m, false
}

// renumberedNotice is the note for a rule page reached by an old number,
// "" when ?was2008= is absent or does not lead to this rule. It says when
// the old number has no exact counterpart today, and where the other part
// of a split rule went.
func (s *Server) renumberedNotice(c echo.Context, lang, num string) string {
	old, ok := rules.NormalizeRef(c.QueryParam("was2008"))
	if !ok {
		return ""
	}
	now, m, ok := s.today(lang, old)
	if !ok || now != num {
		return ""
	}
	args := map[string]any{"Old": old, "New": num, "Also": m.Also}
	id := msg.Renumbered2008
	if !m.Exact {
		id = msg.Renumbered2008Changed
	}
	notice := s.Catalog.Format(lang, id, 0, args)
	if m.Also != "" {
		notice += s.Catalog.Format(lang, msg.Renumbered2008Split, 0, args) // starts with a space where the language uses one
	}
	return notice
}
