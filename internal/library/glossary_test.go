package library

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
)

// TestEveryGlossaryEntryIsAligned: content/glossary.tsv pairs every entry of
// every language's glossary, so no term page loses its term in a switch.
func TestEveryGlossaryEntryIsAligned(t *testing.T) {
	t.Parallel()
	lib, err := Load(Embedded(nil))
	if err != nil {
		t.Fatal(err)
	}
	en := lib.Books["en"]
	for _, lang := range langs.Default.Codes() {
		b := lib.Books[lang]
		if len(b.Glossary) != len(en.Glossary) {
			t.Errorf("%s has %d glossary entries, en %d", lang, len(b.Glossary), len(en.Glossary))
		}
		for _, term := range b.Glossary {
			for _, other := range langs.Default.Codes() {
				o, ok := lib.Glossary.Counterpart(term, other)
				if !ok {
					t.Errorf("%s %q has no %s counterpart", lang, term.Name, other)
					continue
				}
				if back, _ := lib.Glossary.Counterpart(o, lang); back != term {
					t.Errorf("%s %q → %s %q does not lead back", lang, term.Name, other, o.Name)
				}
			}
		}
	}
	for slug, want := range map[string]string{"priority": "優先権", "priorität": "優先権", "優先権": "優先権"} {
		got, canonical, ok := lib.Term("ja", slug)
		if !ok || got.Name != want || canonical != (slug == want) {
			t.Errorf("Term(ja, %q) = %v, canonical %v, %v; want %q", slug, got, canonical, ok, want)
		}
	}
	if _, _, ok := lib.Term("de", "no-such-term"); ok {
		t.Error("Term(de, no-such-term) found an entry")
	}
}

func TestAlignmentTableErrors(t *testing.T) {
	t.Parallel()
	lib, err := Load(Embedded(nil))
	if err != nil {
		t.Fatal(err)
	}
	for table, want := range map[string]string{
		"":                                   "no header row",
		"en\tfr\n":                           `unknown language "fr"`,
		"en\tde\tja\nPriority\tPriorität\n":  "line 2: 2 cells",
		"en\tde\nPriority\tX\nPriority\tY\n": `line 3: en entry "Priority" is already in row 1`,
	} {
		if _, err := align(lib.Langs, []byte(table), lib.Books); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("table %q: error %v, want %q", table, err, want)
		}
	}
}

// movedContent is the embedded content with the moved slugs of
// testdata/moved-{de,ja}.tsv, or with table as de's when it is not nil.
func movedContent(t *testing.T, table []byte) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	for _, name := range []string{"en/rules.txt", "de/rules.txt", "ja/rules.txt", "glossary.tsv", "renumbering-2008.tsv", "sources.tsv"} {
		data, err := fs.ReadFile(content.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = &fstest.MapFile{Data: data}
	}
	for _, lang := range []string{"de", "ja"} {
		data, err := os.ReadFile("testdata/moved-" + lang + ".tsv")
		if err != nil {
			t.Fatal(err)
		}
		if lang == "de" && table != nil {
			data = table
		}
		out["terms/moved-"+lang+".tsv"] = &fstest.MapFile{Data: data}
	}
	return out
}

// TestMovedSlugs: an old slug of terms/moved-{lang}.tsv finds the entry
// that replaced it, not canonically (the site redirects), in its own
// language only; a bad table names its line.
func TestMovedSlugs(t *testing.T) {
	t.Parallel()
	lib, err := Load(Source{Langs: langs.Default, Content: movedContent(t, nil)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ lang, slug, want string }{{"de", "vorrang", "Priorität"}, {"ja", "優先順位", "優先権"}} {
		if to, ok := lib.Moved(c.lang, c.slug); !ok || to != strings.ToLower(c.want) {
			t.Errorf("Moved(%s, %s) = %q, %v", c.lang, c.slug, to, ok)
		}
		if got, canonical, ok := lib.Term(c.lang, c.slug); !ok || canonical || got.Name != c.want {
			t.Errorf("Term(%s, %s) = %v, canonical %v, %v", c.lang, c.slug, got, canonical, ok)
		}
	}
	if _, ok := lib.Moved("en", "vorrang"); ok {
		t.Error("de's moved slug is moved in en")
	}
	if embedded, err := Load(Embedded(nil)); err != nil {
		t.Fatal(err)
	} else if _, ok := embedded.Moved("de", "vorrang"); ok {
		t.Error("the test's row is in the embedded table")
	}
	for table, want := range map[string]string{
		"# only a comment\n\nvorrang\n":         "moved-de.tsv line 3: want old slug<TAB>new slug",
		"priorität\tstapel\n":                   `line 1: "priorität" is still an entry's slug`,
		"vorrang\tpriorität\nvorrang\tstapel\n": `line 2: "vorrang" is moved twice`,
		"vorrang\tkeine-solche\n":               `line 1: no entry has the slug "keine-solche"`,
		"vorrang\tpriorität\tstapel\n":          "line 1: want old slug<TAB>new slug",
		"# header\n\tpriorität\n":               "line 2: want old slug<TAB>new slug",
	} {
		_, err := Load(Source{Langs: langs.Default, Content: movedContent(t, []byte(table))})
		if err == nil || !strings.Contains(err.Error(), "content/terms/"+"moved-de.tsv") || !strings.Contains(err.Error(), want) {
			t.Errorf("table %q: error %v, want %q", table, err, want)
		}
	}
}
