package content_test

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/mtgrules/site/content"
)

// TestJapaneseCardNamesInBrackets: a Japanese narration or summary writes
// a card's name in 《》, as Japanese Magic texts do (basic lands, whose
// one-character names are ordinary words, excepted).
func TestJapaneseCardNamesInBrackets(t *testing.T) {
	t.Parallel()
	var mechanics []struct {
		ID         string   `json:"id"`
		Supertypes []string `json:"supertypes"`
	}
	var cards map[string]struct {
		Name string `json:"name"`
	}
	for name, v := range map[string]any{"cards.json": &mechanics, "ja/cards.json": &cards} {
		data, err := content.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	var names []string
	for _, c := range mechanics {
		if len(c.Supertypes) == 0 {
			names = append(names, cards[c.ID].Name)
		}
	}
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) }) // longest first
	files, err := fs.Glob(content.FS, "ja/scenarios/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	checked := 0
	for _, f := range files {
		data, err := content.FS.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var sc struct {
			Summary   string   `json:"summary"`
			Narration []string `json:"narration"`
		}
		if err := json.Unmarshal(data, &sc); err != nil {
			t.Fatal(err)
		}
		texts := append([]string{sc.Summary}, sc.Narration...)
		for _, s := range texts {
			for i := 0; i < len(s); {
				if strings.HasPrefix(s[i:], "《") {
					end := strings.Index(s[i:], "》")
					if end < 0 {
						t.Errorf("%s: unclosed 《 in %q", f, s)
						break
					}
					i += end + len("》")
					checked++
					continue
				}
				found := ""
				for _, n := range names {
					if strings.HasPrefix(s[i:], n) {
						found = n
						break
					}
				}
				if found != "" {
					t.Errorf("%s: write 《%s》 in %q", f, found, s)
					i += len(found)
					continue
				}
				i++
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d bracketed names found", checked)
	}
}

// TestGermanNarrationsKeepCardNames: German narrations write a card's name
// as printed, never declined ("Gefährlicher Myr", not "dem Gefährlichen
// Myr": an apposition such as "der Kreatur" carries the case), name the
// players' possessions "A's Zug", never "As Zug", and the UI's sentences
// never put a name after "von", where it would need declining.
func TestGermanNarrationsKeepCardNames(t *testing.T) {
	t.Parallel()
	var cards map[string]struct {
		Name string `json:"name"`
	}
	readJSON(t, "de/cards.json", &cards)
	var declined []*regexp.Regexp
	printed := map[string]bool{}
	for _, c := range cards {
		printed[c.Name] = true
		words := strings.Fields(c.Name)
		if len(words) < 2 {
			continue
		}
		pat := ""
		for _, w := range words[:len(words)-1] {
			stem := strings.TrimRight(w, "nmrse")
			if len(w)-len(stem) > 2 {
				stem = w[:len(w)-2]
			}
			pat += regexp.QuoteMeta(stem) + `(?:e|er|es|en|em) `
		}
		declined = append(declined, regexp.MustCompile(`\b`+pat+regexp.QuoteMeta(words[len(words)-1])+`s?\b`))
	}
	possessive := regexp.MustCompile(`\b[A-D]s\b`)
	texts := texts(t, "de")
	checked := 0
	for name, text := range texts {
		if !strings.Contains(name, "/scenarios/") {
			continue
		}
		checked++
		for _, re := range declined {
			for _, m := range re.FindAllString(text, -1) {
				if !printed[m] {
					t.Errorf("%s: declined card name %q", name, m)
				}
			}
		}
		if m := possessive.FindString(text); m != "" {
			t.Errorf("%s: %q; write %s's", name, m, m[:1])
		}
	}
	if checked < 20 {
		t.Errorf("only %d German scenarios checked", checked)
	}
	for name, text := range texts {
		if strings.HasPrefix(name, "locales/") && strings.Contains(text, "von {{.Card") {
			t.Errorf("%s puts a card's name after \"von\"; write \"der Karte {{.Card}}\"", name)
		}
	}
}
