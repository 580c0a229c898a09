package web

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/xml"
	"html"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// atomNS is the Atom namespace (RFC 4287).
const atomNS = "http://www.w3.org/2005/Atom"

// atomFeed is an Atom feed document.
type atomFeed struct {
	XMLName  xml.Name    `xml:"feed"`
	NS       string      `xml:"xmlns,attr"`
	Lang     string      `xml:"http://www.w3.org/XML/1998/namespace lang,attr"`
	ID       string      `xml:"id"`
	Title    atomText    `xml:"title"`
	Subtitle atomText    `xml:"subtitle"`
	Updated  string      `xml:"updated"`
	Author   atomPerson  `xml:"author"`
	Links    []atomLink  `xml:"link"`
	Entries  []atomEntry `xml:"entry"`
}

type atomEntry struct {
	ID      string     `xml:"id"`
	Title   atomText   `xml:"title"`
	Updated string     `xml:"updated"`
	Links   []atomLink `xml:"link"`
	Summary atomText   `xml:"summary"`
	Content atomText   `xml:"content"`
}

type atomText struct {
	Type string `xml:"type,attr,omitempty"`
	Body string `xml:",chardata"`
}

type atomPerson struct {
	Name string `xml:"name"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

// feedID is a permanent Atom ID for a name, independent of the host the
// site is served from: a name-based (SHA-1, version 5) UUID URN.
func feedID(parts ...string) string {
	sum := sha1.Sum([]byte("rules-explained:" + strings.Join(parts, "/")))
	sum[6] = sum[6]&0x0f | 0x50
	sum[8] = sum[8]&0x3f | 0x80
	h := hex.EncodeToString(sum[:16])
	return "urn:uuid:" + h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// changesFeed is lang's feed of editions, newest first: each entry lists
// the rules its edition added, removed and changed against the one
// before, as the changes page compares them. Links start with base, the
// public origin ("" keeps them relative to the feed).
func (s *Server) changesFeed(lang, base string) atomFeed {
	t := func(id msg.Key) string { return s.Catalog.T(lang, id) }
	f := atomFeed{
		NS: atomNS, Lang: lang, ID: feedID(lang, "changes"),
		Title:    atomText{Body: t(msg.ChangesHeading) + " · " + t(msg.SiteName)},
		Subtitle: atomText{Body: t(msg.FeedSubtitle)},
		Updated:  time.Unix(0, 0).UTC().Format(time.RFC3339),
		Author:   atomPerson{Name: t(msg.SiteName)},
		Links: []atomLink{
			{Rel: "self", Type: "application/atom+xml", Href: base + urls.Feed(lang)},
			{Rel: "alternate", Type: "text/html", Href: base + urls.Changes(lang, "", "", "")},
		},
	}
	eds := s.Library.Editions[lang]
	for i, to := range eds {
		if to.Date.IsZero() {
			continue // a single file without a date: nothing to name it by
		}
		if f.Entries == nil {
			f.Updated = to.Date.Format(time.RFC3339)
		}
		e := atomEntry{
			ID: feedID(lang, to.Edition()), Title: atomText{Body: s.rv.EditionLabel(to)}, Updated: to.Date.Format(time.RFC3339),
		}
		var from *rules.Book
		if i+1 < len(eds) {
			from = eds[i+1]
		}
		if from == nil {
			e.Summary = atomText{Body: t(msg.FeedFirst)}
			e.Links = []atomLink{{Rel: "alternate", Type: "text/html", Href: base + urls.Changes(lang, "", to.Edition(), "")}}
			e.Content = atomText{Type: "html", Body: "<p>" + html.EscapeString(e.Summary.Body) + "</p>"}
			f.Entries = append(f.Entries, e)
			continue
		}
		comparison := s.rv.Comparison(lang, from, to, "")
		e.Summary = atomText{Body: comparison.Summary}
		e.Links = []atomLink{{Rel: "alternate", Type: "text/html", Href: base + urls.Changes(lang, from.Edition(), to.Edition(), "")}}
		var b strings.Builder
		b.WriteString("<p>" + html.EscapeString(comparison.Summary) + "</p>")
		for _, part := range []struct {
			heading msg.Key
			changes []templates.Change
			in      *rules.Book
		}{{msg.ChangesAdded, comparison.Added, to}, {msg.ChangesRemoved, comparison.Removed, from}, {msg.ChangesChanged, comparison.Changed, to}} {
			if len(part.changes) == 0 {
				continue
			}
			b.WriteString("<h3>" + html.EscapeString(t(part.heading)) + "</h3><ul>")
			for _, ch := range part.changes {
				label := ch.Number
				if r, ok := part.in.Rule(ch.Number); ok {
					label = ruleview.Title(r)
				}
				b.WriteString(`<li><a href="` + html.EscapeString(base+ch.Href) + `">` + html.EscapeString(label) + "</a></li>")
			}
			b.WriteString("</ul>")
		}
		e.Content = atomText{Type: "html", Body: b.String()}
		f.Entries = append(f.Entries, e)
	}
	return f
}

// feed answers /{lang}/changes.atom.
func (a *api) feed(c echo.Context) error {
	lang, err := a.lang(c)
	if err != nil {
		return err
	}
	out, err := xml.MarshalIndent(a.changesFeed(lang, a.baseURL(c)), "", "  ")
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", cachePage)
	return c.Blob(http.StatusOK, "application/atom+xml; charset=utf-8", append([]byte(xml.Header), out...))
}
