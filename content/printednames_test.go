package content_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/sitetest"
)

// englishSetLists are the rules that list names as first printed in an
// English-only set (Arabian Nights, Antiquities, Homelands): those names
// stay in English in every language.
var englishSetLists = []string{"206.3a ", "206.3b ", "206.3c "}

// TestGermanRulesUsePrintedCardNames fails when content/de/rules.txt
// names a card by its English name although terms/cardnames-de.tsv
// records a different printed German name for it, and on a row whose
// German name the rules no longer use.
func TestGermanRulesUsePrintedCardNames(t *testing.T) {
	t.Parallel()
	data, err := content.FS.ReadFile("de/rules.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Split(string(data), "\n")
	rows := sitetest.Lines(t, "terms/cardnames-de.tsv")
	if len(rows) < 50 {
		t.Fatalf("terms/cardnames-de.tsv has %d rows", len(rows))
	}
	seen := map[string]bool{}
	for i, row := range rows {
		f := strings.Split(row, "\t")
		if len(f) != 3 || f[0] == "" || f[1] == "" || f[2] == "" {
			t.Fatalf("terms/cardnames-de.tsv row %d: want English name, German name, evidence; got %q", i+1, row)
		}
		english, german := f[0], f[1]
		if seen[english] {
			t.Errorf("terms/cardnames-de.tsv: %q twice", english)
		}
		seen[english] = true
		declined := declensions(german)
		used := false
		for n, l := range text {
			if hasAnyPrefix(l, englishSetLists) {
				continue
			}
			if declined.MatchString(l) {
				used = true
			}
			if english != german && containsName(l, english) {
				t.Errorf("de/rules.txt: %q (line %d) is printed in German as %q", english, n+1, german)
			}
		}
		if !used {
			t.Errorf("terms/cardnames-de.tsv: the German rules never name %q (%s); drop the row", german, english)
		}
	}
}

// containsName reports whether name occurs in s as a whole name: not
// inside a longer word.
func containsName(s, name string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(name)
		before, _ := utf8.DecodeLastRuneInString(s[:start])
		after, _ := utf8.DecodeRuneInString(s[end:])
		if !unicode.IsLetter(before) && !unicode.IsLetter(after) {
			return true
		}
		i = start + 1
	}
}

// declensions matches a German card name as running text declines it, as
// the cards' own texts do: "den Ältesten der Donnerbande" for "Ältester der
// Donnerbande", "des Auspressenden Dämons" for "Auspressender Dämon", "der
// Wandernden" for "Die Wandernden".
func declensions(name string) *regexp.Regexp {
	words := strings.Fields(name)
	if len(words) > 1 && (words[0] == "Der" || words[0] == "Die" || words[0] == "Das") {
		words = words[1:] // "der Wandernden" for "Die Wandernden"
	}
	for i, w := range words {
		stem := w
		for _, ending := range []string{"em", "en", "er", "es", "e", "n", "s"} {
			if s, ok := strings.CutSuffix(w, ending); ok && len(s) >= 3 {
				stem = s
				break
			}
		}
		words[i] = regexp.QuoteMeta(stem) + `(e|em|en|er|es|m|n|r|s)?`
	}
	return regexp.MustCompile(`(^|[^\pL])` + strings.Join(words, " ") + `($|[^\pL])`)
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
