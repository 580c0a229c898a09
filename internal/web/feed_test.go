package web

import (
	"encoding/xml"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/site/internal/langs"
)

// atomDoc reads an Atom feed strictly: every element in the Atom
// namespace, as RFC 4287 names them.
type atomDoc struct {
	XMLName  xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	Lang     string   `xml:"http://www.w3.org/XML/1998/namespace lang,attr"`
	ID       string   `xml:"http://www.w3.org/2005/Atom id"`
	Title    string   `xml:"http://www.w3.org/2005/Atom title"`
	Subtitle string   `xml:"http://www.w3.org/2005/Atom subtitle"`
	Updated  string   `xml:"http://www.w3.org/2005/Atom updated"`
	Author   []struct {
		Name string `xml:"http://www.w3.org/2005/Atom name"`
	} `xml:"http://www.w3.org/2005/Atom author"`
	Links   []atomDocLink `xml:"http://www.w3.org/2005/Atom link"`
	Entries []struct {
		ID      string        `xml:"http://www.w3.org/2005/Atom id"`
		Title   string        `xml:"http://www.w3.org/2005/Atom title"`
		Updated string        `xml:"http://www.w3.org/2005/Atom updated"`
		Links   []atomDocLink `xml:"http://www.w3.org/2005/Atom link"`
		Summary string        `xml:"http://www.w3.org/2005/Atom summary"`
		Content struct {
			Type string `xml:"type,attr"`
			Body string `xml:",chardata"`
		} `xml:"http://www.w3.org/2005/Atom content"`
	} `xml:"http://www.w3.org/2005/Atom entry"`
}

type atomDocLink struct {
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
	Href string `xml:"href,attr"`
}

var uuidURN = regexp.MustCompile(`^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// readFeed checks the answer and the structure Atom requires (RFC 4287
// 4.1.1, 4.1.2): well-formed XML; the feed's id, title, updated, author
// and self link; each entry's id, title, updated, alternate link and
// content; ids unique; dates RFC 3339.
func readFeed(t *testing.T, h http.Handler, path string) atomDoc {
	t.Helper()
	r := do(h, path)
	if r.status != http.StatusOK || r.header.Get("Content-Type") != "application/atom+xml; charset=utf-8" {
		t.Fatalf("%s: %d %q", path, r.status, r.header.Get("Content-Type"))
	}
	if !strings.HasPrefix(r.body, `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("%s: no XML declaration", path)
	}
	dec := xml.NewDecoder(strings.NewReader(r.body))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("%s: not well-formed: %v", path, err)
		}
	}
	var f atomDoc
	if err := xml.Unmarshal([]byte(r.body), &f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	ids := map[string]bool{f.ID: true}
	date := func(what, s string) {
		if _, err := time.Parse(time.RFC3339, s); err != nil {
			t.Errorf("%s: %s updated %q is not RFC 3339", path, what, s)
		}
	}
	if !uuidURN.MatchString(f.ID) || f.Title == "" || len(f.Author) != 1 || f.Author[0].Name == "" {
		t.Errorf("%s: feed id %q, title %q, author %+v", path, f.ID, f.Title, f.Author)
	}
	date("feed", f.Updated)
	self := false
	for _, l := range f.Links {
		self = self || l.Rel == "self" && strings.HasSuffix(l.Href, path) && l.Type == "application/atom+xml"
	}
	if !self {
		t.Errorf("%s: no self link in %+v", path, f.Links)
	}
	for _, e := range f.Entries {
		if !uuidURN.MatchString(e.ID) || ids[e.ID] || e.Title == "" || len(e.Links) != 1 || e.Links[0].Rel != "alternate" || e.Content.Type != "html" || e.Content.Body == "" {
			t.Errorf("%s: entry %+v", path, e)
		}
		ids[e.ID] = true
		date("entry", e.Updated)
	}
	return f
}

// Two English editions: the newest entry lists what it added, removed and
// changed against the one before, as the changes page does; the oldest
// says there is nothing before it. German and Japanese have one edition.
func TestChangesFeed(t *testing.T) {
	t.Parallel()
	h := editionsServer(t)
	f := readFeed(t, h, "/en/changes.atom")
	if f.Lang != "en" || f.Title != "What changed · Rules Explained" || f.Updated != "2026-11-13T00:00:00Z" || len(f.Entries) != 2 {
		t.Fatalf("feed: lang %q, title %q, updated %q, %d entries", f.Lang, f.Title, f.Updated, len(f.Entries))
	}
	newest, oldest := f.Entries[0], f.Entries[1]
	if newest.Title != "Edition of 13 November 2026" || newest.Updated != "2026-11-13T00:00:00Z" || newest.Summary != "4 added, 1 removed, 1 changed" ||
		newest.Links[0].Href != "https://rules.test/en/changes?from=2026-04-17&to=2026-11-13" {
		t.Errorf("newest entry: %+v", newest)
	}
	mustContain(t, "newest entry", newest.Content.Body,
		"<p>4 added, 1 removed, 1 changed</p>",
		`<h3>Added rules</h3><ul><li><a href="https://rules.test/en/rules/117.3e">117.3e — Timing and Priority</a></li>`,
		`<li><a href="https://rules.test/en/rules/124">124. Brand-New Rules</a></li>`,
		`<li><a href="https://rules.test/en/rules/124.1a">124.1a — Brand-New Rules</a></li></ul>`,
		`<h3>Removed rules</h3><ul><li><a href="https://rules.test/en/rules/117.7?edition=2026-04-17">117.7 — Timing and Priority</a></li></ul>`,
		`<h3>Changed rules</h3><ul><li><a href="https://rules.test/en/rules/117.3b">117.3b — Timing and Priority</a></li></ul>`)
	if oldest.Title != "Edition of 17 April 2026" || oldest.Updated != "2026-04-17T00:00:00Z" ||
		oldest.Summary != "The oldest loaded edition: there is no earlier one to compare it with." {
		t.Errorf("oldest entry: %+v", oldest)
	}
	want := map[string][2]string{
		"de": {"Was sich geändert hat · Regeln erklärt", "Fassung vom 17. April 2026"},
		"ja": {"変更点 · ルール解説", "2026年4月17日版"},
	}
	first := map[string]string{
		"de": "Die älteste geladene Fassung: Es gibt keine frühere, mit der sie sich vergleichen ließe.",
		"ja": "読み込んでいる中で最も古い版です。比較できる以前の版はありません。",
	}
	for _, lang := range []string{"de", "ja"} {
		f := readFeed(t, h, "/"+lang+"/changes.atom")
		if f.Lang != lang || f.Title != want[lang][0] || len(f.Entries) != 1 || f.Entries[0].Title != want[lang][1] || f.Entries[0].Summary != first[lang] {
			t.Errorf("%s feed: %+v", lang, f)
		}
	}
	// An edition's entry keeps its id on another server, with other editions.
	for _, lang := range langs.Default.Codes() {
		single := readFeed(t, testServer(t).Config.Handler, "/"+lang+"/changes.atom")
		both := readFeed(t, h, "/"+lang+"/changes.atom")
		if len(single.Entries) != 1 || single.Entries[0].ID != both.Entries[len(both.Entries)-1].ID || single.ID != both.ID {
			t.Errorf("%s: the 2026-04-17 entry's id differs between servers", lang)
		}
	}
	// The changes page names its feed for readers to discover.
	mustContain(t, "changes page", do(h, "/de/changes").body,
		`<link rel="alternate" type="application/atom+xml" href="/de/changes.atom" title="Was sich geändert hat">`)
	if r := do(h, "/xx/changes.atom"); r.status != http.StatusNotFound {
		t.Errorf("unknown language: %d", r.status)
	}
}
