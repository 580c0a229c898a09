package web

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/refs"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

// MaxLinkifyChars bounds a post sent to the linkifier, in characters
// (Unicode code points, as JSON Schema's maxLength counts them).
const MaxLinkifyChars = 20000

// MaxLinkifyBody bounds the body of a post: MaxLinkifyChars characters
// of any script fit, however escaped (at most 12 bytes a character,
// written as a JSON surrogate pair or percent-encoded in a form: 240,000
// bytes), with room for the rest of the body. A longer body announced by
// its length is refused unread and still under the 256 KB the server
// reads and drops to keep the connection.
const MaxLinkifyBody = "240KiB"

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
		return "", "", pageerr.New(http.StatusBadRequest, msg.ErrLinkifyFormat)
	case utf8.RuneCountInString(text) > MaxLinkifyChars:
		return "", "", pageerr.New(http.StatusRequestEntityTooLarge, msg.ErrLinkifyTooLong)
	case !utf8.ValidString(text):
		return "", "", pageerr.New(http.StatusBadRequest, msg.ErrBadRequest)
	}
	return strings.ReplaceAll(text, "\r\n", "\n"), f, nil
}

// shortHref links a reference through the negotiating short link, so every
// reader of a forum post lands in their own language.
func (s *Server) shortHref(c echo.Context) func(refs.Ref) string {
	short := urls.ShortAt(s.baseURL(c))
	return func(r refs.Ref) string { return short(r.Number) }
}

func (s *Server) linkify(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	p := s.page(c, lang, s.Catalog.T(lang, msg.LinkifyHeading), s.Catalog.T(lang, msg.LinkifyLead), layout.EveryLang(urls.Linkify))
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

type linkifyRef struct {
	Text    string `json:"text"`
	Number  string `json:"number"`
	Through string `json:"through,omitempty"`
	URL     string `json:"url,omitempty"` // "" for a reference left as text
}

// linkifyFields reads the body of POST /api/linkify, a JSON object or a
// form, as the OpenAPI document describes it: the post in "text", its
// format in "format" if given, each once and a string; other fields are
// ignored.
func linkifyFields(c echo.Context) (text, format string, err error) {
	r := c.Request()
	fields := map[string]string{}
	mt, _, _ := mime.ParseMediaType(r.Header.Get(echo.HeaderContentType))
	switch mt {
	case echo.MIMEApplicationJSON:
		var raw map[string]json.RawMessage
		dec := json.NewDecoder(r.Body)
		if err = dec.Decode(&raw); err == nil && dec.Decode(&struct{}{}) != io.EOF {
			err = errors.New("data after the object")
		}
		for k, v := range raw {
			if k != "text" && k != "format" {
				continue
			}
			var s string
			if string(v) == "null" || json.Unmarshal(v, &s) != nil {
				return "", "", pageerr.New(http.StatusBadRequest, msg.ErrLinkifyFields)
			}
			fields[k] = s
		}
	case echo.MIMEApplicationForm:
		if err = r.ParseForm(); err == nil {
			for _, k := range []string{"text", "format"} {
				if v := r.PostForm[k]; len(v) > 1 {
					return "", "", pageerr.New(http.StatusBadRequest, msg.ErrLinkifyFields)
				} else if len(v) == 1 {
					fields[k] = v[0]
				}
			}
		}
	default:
		return "", "", pageerr.New(http.StatusUnsupportedMediaType, msg.ErrLinkifyMediaType)
	}
	switch {
	case errors.Is(err, echo.ErrStatusRequestEntityTooLarge): // a body without a length, cut at the limit
		return "", "", pageerr.New(http.StatusRequestEntityTooLarge, msg.ErrTooLarge)
	case err != nil:
		return "", "", pageerr.New(http.StatusBadRequest, msg.ErrBadRequest)
	}
	text, hasText := fields["text"]
	format, hasFormat := fields["format"]
	if !hasText {
		return "", "", pageerr.New(http.StatusBadRequest, msg.ErrLinkifyFields)
	}
	if hasFormat && format == "" {
		return "", "", pageerr.New(http.StatusBadRequest, msg.ErrLinkifyFormat)
	}
	return text, format, nil
}

func (s *Server) linkifyAPI(c echo.Context) error {
	text, format, err := linkifyFields(c)
	if err != nil {
		return err
	}
	text, f, err := linkifyInput(text, format)
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
	for _, r := range s.refs.Find(text) {
		if s.ruleExists(r.Number) && (r.Through == "" || s.ruleExists(r.Through)) {
			linked = append(linked, r)
		} else {
			unknown = append(unknown, r)
		}
	}
	return refs.LinkRefs(text, f, linked, s.shortHref(c)), linked, unknown
}

// ruleExists reports whether the fallback language's text, which the
// others fall back on, has rule num: then its short link leads to it in every language.
func (s *Server) ruleExists(num string) bool {
	_, _, ok := s.Library.Current(s.langs.Fallback().Code, num)
	return ok
}
