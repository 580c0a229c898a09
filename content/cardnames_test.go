package content_test

import (
	"encoding/json"
	"io/fs"
	"sort"
	"strings"
	"testing"

	"github.com/mtgrules/site/content"
)

// TestJapaneseCardNamesInBrackets: a Japanese narration or summary writes
// a card's name in 《》, as Japanese Magic texts do (basic lands, whose
// one-character names are ordinary words, excepted).
func TestJapaneseCardNamesInBrackets(t *testing.T) {
	data, err := content.FS.ReadFile("cards.json")
	if err != nil {
		t.Fatal(err)
	}
	var cards []struct {
		Names      map[string]string `json:"names"`
		Supertypes []string          `json:"supertypes"`
	}
	if err := json.Unmarshal(data, &cards); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cards {
		if len(c.Supertypes) == 0 {
			names = append(names, c.Names["ja"])
		}
	}
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) }) // longest first
	files, err := fs.Glob(content.FS, "scenarios/*.json")
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
			Summary map[string]string `json:"summary"`
			Steps   []struct {
				Narration map[string]string `json:"narration"`
			} `json:"steps"`
		}
		if err := json.Unmarshal(data, &sc); err != nil {
			t.Fatal(err)
		}
		texts := []string{sc.Summary["ja"]}
		for _, st := range sc.Steps {
			texts = append(texts, st.Narration["ja"])
		}
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
