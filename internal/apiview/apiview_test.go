package apiview

import (
	"slices"
	"testing"

	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/simview"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/rules"
)

func load(t *testing.T) *library.Library { return sitetest.Library(t) }

// source reads German, where 117.3c is missing and comes from English, as
// the web package's fallback would have it.
func source(lib *library.Library) Source {
	de, en := lib.Books["de"], lib.Books["en"]
	return Source{
		Lang: "de", Edition: de.Edition(),
		Rule: func(num string) (*rules.Rule, string, bool) {
			if num == "117.3c" {
				r, ok := en.Rule(num)
				return r, "en", ok
			}
			r, ok := de.Rule(num)
			return r, "de", ok
		},
		Children: func(num string) []string {
			r, _ := de.Rule(num)
			var out []string
			for _, c := range r.Children {
				out = append(out, c.Number)
			}
			return out
		},
		Href: func(num string) string { return "/de/rules/" + num },
	}
}

func TestRuleOfMarksTheFallbackAndWalksTheSubtree(t *testing.T) {
	t.Parallel()
	lib := load(t)
	doc, ok := RuleOf(source(lib), "117.3", true)
	if !ok || doc.Number != "117.3" || *doc.Parent != "117" || doc.Edition != "2026-04-17" || doc.Fallback || doc.URL != "/de/rules/117.3" {
		t.Fatalf("%+v", doc)
	}
	var got []string
	for _, r := range doc.Subrules {
		got = append(got, r.Number+"/"+r.Lang)
		if r.Fallback != (r.Number == "117.3c") || r.Examples == nil || r.Children == nil {
			t.Errorf("%s: fallback %v, examples %v, children %v", r.Number, r.Fallback, r.Examples, r.Children)
		}
	}
	if want := []string{"117.3a/de", "117.3b/de", "117.3c/en", "117.3d/de"}; !slices.Equal(got, want) {
		t.Errorf("subtree %v", got)
	}
	if plain, _ := RuleOf(source(lib), "117.3", false); plain.Subrules != nil {
		t.Errorf("subrules without asking: %v", plain.Subrules)
	}
	if _, ok := RuleOf(source(lib), "117.3z", false); ok {
		t.Error("117.3z found")
	}
}

func TestTermOfNamesTheCounterparts(t *testing.T) {
	t.Parallel()
	lib := load(t)
	term, _ := lib.Books["ja"].Term("優先権")
	got := TermOf("ja", term, lib.Langs.Codes(), func(l string) (*rules.Term, bool) { return lib.Glossary.Counterpart(term, l) },
		func(lang, slug string) string { return lang + ":" + slug })
	if got.Term != "優先権" || got.URL != "ja:優先権" || len(got.Translations) != 2 ||
		got.Translations[0] != (TermRef{Lang: "en", Term: "Priority", Slug: "priority", URL: "en:priority"}) ||
		got.Translations[1] != (TermRef{Lang: "de", Term: "Priorität", Slug: "priorität", URL: "de:priorität"}) {
		t.Errorf("%+v", got)
	}
}

func TestExampleOfReadsTheSnapshot(t *testing.T) {
	t.Parallel()
	set, cat := sitetest.Examples(t), sitetest.Catalog(t)
	ex, _ := set.Get("giant-growth-answered-by-shock")
	e := ExampleOf(simview.View{Cat: cat, Lang: "de", Cards: set.CardTexts}, ex, 10, func(slug string, step int) string { return slug })
	// Step 10: B has cast Giant Growth on the Wolves and holds priority (117.3c).
	if e.Priority == nil || e.Priority.Name != "B" || len(e.Stack) != 1 || e.Stack[0].Name != "Riesenwuchs" || e.Stack[0].KindLabel != "Zauberspruch" ||
		e.Players[1].HandSize != 0 || e.Action == "" || e.Narration != ex.Narration[8].ByLang["de"] {
		t.Errorf("%+v", e)
	}
	if i := slices.IndexFunc(e.Events, func(ev Event) bool { return ev.Kind == "priority" }); i < 0 || !slices.Equal(e.Events[i].Rules, []string{"117.3c"}) {
		t.Errorf("events %+v", e.Events)
	}
}
