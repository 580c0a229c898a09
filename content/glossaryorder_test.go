package content_test

import (
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// TestGermanGlossaryIsAlphabetical fails when a German glossary headword
// stands out of German alphabetical order. The glossary page lists the
// entries in file order, so an entry whose headword is renamed to the
// printed term must move to its new place. (The English glossary keeps the
// order of the official document; Japanese orders by reading, which a
// collator cannot see in kanji.)
func TestGermanGlossaryIsAlphabetical(t *testing.T) {
	t.Parallel()
	c := collate.New(language.German)
	g := book(t, "de").Glossary
	for i := 1; i < len(g); i++ {
		if c.CompareString(g[i-1].Name, g[i].Name) > 0 {
			t.Errorf("de glossary: %q stands before %q, out of alphabetical order", g[i-1].Name, g[i].Name)
		}
	}
}
