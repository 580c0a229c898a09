package ruleview

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

const base = "https://rules.test"

var pages sitetest.Shared[*Pages]

// testPages builds the embedded library's pages once; tests share them.
func testPages(t *testing.T) *Pages {
	t.Helper()
	lib, cat := sitetest.Library(t), sitetest.Catalog(t)
	return pages.Get(t, func() (*Pages, error) {
		return New(lib, cat, layout.Frame{Cat: cat, Static: func(name string) string { return "/static/" + name }, Base: base}, nil), nil
	})
}

func hrefs(links []templates.Link) []string {
	var out []string
	for _, l := range links {
		out = append(out, l.Href)
	}
	return out
}

func TestRulePage(t *testing.T) {
	t.Parallel()
	s := testPages(t)
	page, err := s.Rule(RuleQuery{Request: layout.Request{Lang: "de", Compare: "en"}, Num: "117.3a", Book: s.Book("de")})
	if err != nil {
		t.Fatal(err)
	}
	if page.Number != "117.3a" || !strings.HasPrefix(page.Heading, "117.3 · ") || page.Compare != "en" {
		t.Errorf("number %q, heading %q, compare %q", page.Number, page.Heading, page.Compare)
	}
	if page.Canonical != base+"/de/rules/117.3a" || page.OGType != "article" || !strings.HasPrefix(page.OEmbed, base+"/oembed?") {
		t.Errorf("canonical %q, og:type %q, oEmbed %q", page.Canonical, page.OGType, page.OEmbed)
	}
	if got := strings.Join(hrefs(page.Breadcrumb), " "); got != "/de/ /de/rules#s1 /de/rules/117" {
		t.Errorf("breadcrumb %s", got)
	}
	if got := strings.Join(hrefs(page.CompareWith), " "); got != "/de/rules/117.3a /de/rules/117.3a?compare=ja" {
		t.Errorf("compare links %s", got)
	}
	targets := 0
	for _, p := range page.Paras {
		if p.Target {
			targets++
			if p.Number != "117.3a" || p.Other == nil || p.Other.Lang != "en" {
				t.Errorf("target paragraph %s beside %+v", p.Number, p.Other)
			}
		}
	}
	if targets != 1 || page.Prev == nil || page.Prev.Href != "/de/rules/117.2" || page.Next.Href != "/de/rules/117.4" {
		t.Errorf("%d targets, prev %+v, next %+v", targets, page.Prev, page.Next)
	}
	// The switcher keeps the comparison and remembers the choice.
	if got := strings.Join(hrefs(page.Switcher), " "); got != "/en/rules/117.3a?lang=en /de/rules/117.3a?compare=en /ja/rules/117.3a?compare=en&lang=ja" {
		t.Errorf("switcher %s", got)
	}
}

func TestRulePageErrors(t *testing.T) {
	t.Parallel()
	s := testPages(t)
	for _, c := range []struct {
		q      RuleQuery
		status int
		id     msg.Key
	}{
		{RuleQuery{Request: layout.Request{Lang: "en"}, Num: "117.7z", Book: s.Book("en")}, http.StatusNotFound, msg.ErrRuleNotFound},
		{RuleQuery{Request: layout.Request{Lang: "en", Compare: "xx"}, Num: "117.3a", Book: s.Book("en")}, http.StatusBadRequest, msg.ErrCompareLang},
	} {
		_, err := s.Rule(c.q)
		var pe *pageerr.Error
		if !errors.As(err, &pe) || pe.Status != c.status || pe.ID != c.id {
			t.Errorf("%+v: %v", c.q, err)
		}
	}
	var pe *pageerr.Error
	if !errors.As(s.RuleNotFound("de", "117.7z"), &pe) || len(pe.Suggestions) == 0 || pe.Suggestions[0].Href != "/de/rules/117.7" {
		t.Errorf("suggestions %+v", pe)
	}
}

// A rule reached by its 2008 number says so.
func TestRenumberedNotice(t *testing.T) {
	t.Parallel()
	s := testPages(t)
	num, _, ok := s.From2008("en", "102.3b")
	if !ok || num != "104.3b" {
		t.Fatalf("102.3b of 2008 is %q today (%v)", num, ok)
	}
	page, err := s.Rule(RuleQuery{Request: layout.Request{Lang: "en"}, Num: num, Book: s.Book("en"), Was2008: "102.3b"})
	if err != nil || !strings.Contains(page.Notice, "102.3b") {
		t.Errorf("notice %q (%v)", page.Notice, err)
	}
}

func TestTermPage(t *testing.T) {
	t.Parallel()
	s := testPages(t)
	term, ok := s.Book("en").Term("priority")
	if !ok {
		t.Fatal("no entry priority")
	}
	page, err := s.Term(layout.Request{Lang: "en", Compare: "ja"}, term)
	if err != nil {
		t.Fatal(err)
	}
	if page.Name != term.Name || len(page.Definition) == 0 || page.Other == nil || page.Other.Lang != "ja" {
		t.Errorf("name %q, %d paragraphs, other %+v", page.Name, len(page.Definition), page.Other)
	}
	if got := strings.Join(hrefs(page.CompareWith), " "); got != "/en/glossary/priority?compare=de /en/glossary/priority" {
		t.Errorf("compare links %s", got)
	}
	if _, err := s.Term(layout.Request{Lang: "en", Compare: "xx"}, term); err == nil {
		t.Error("an unknown compare language is accepted")
	}
}

func TestContentsHomeGlossaryChanges(t *testing.T) {
	t.Parallel()
	s := testPages(t)
	r := layout.Request{Lang: "ja"}
	if c := s.Contents(r); len(c.Sections) != len(s.Book("ja").Sections) || c.Sections[0].Rules[0].Href != "/ja/rules/100" {
		t.Errorf("contents %+v", c.Sections[0])
	}
	if h := s.Home(r); len(h.Examples) != 0 || h.AllExamples.Href != "" || len(h.Sections) == 0 {
		t.Errorf("home without examples: %+v %+v", h.Examples, h.AllExamples)
	}
	if g := s.Glossary(r); len(g.Terms) != len(s.Book("ja").Glossary) {
		t.Errorf("%d terms", len(g.Terms))
	}
	ch := s.Changes(ChangesQuery{Request: r, Self: "/ja/changes"})
	if ch.Message != s.Cat.T("ja", msg.ChangesOneEdition) || ch.Canonical != base+"/ja/changes" || len(ch.Comparisons) != 0 {
		t.Errorf("changes with one edition: %q %q", ch.Message, ch.Canonical)
	}
}

func TestDescribe(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("priority passes ", 30)
	if got := Describe(long, 1); !strings.HasSuffix(got, "passes…") && !strings.HasSuffix(got, "priority…") {
		t.Errorf("not trimmed at a word: %q", got)
	}
	if Describe(long, 0) != long {
		t.Error("a top-level rule's text is trimmed")
	}
}
