package library

import (
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/langs"
)

// TestEveryGlossaryEntryIsAligned: content/glossary.tsv pairs every entry of
// every language's glossary, so no term page loses its term in a switch.
func TestEveryGlossaryEntryIsAligned(t *testing.T) {
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
