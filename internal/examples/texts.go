package examples

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/mtgrules/site/rules/engine"
)

// Text is one text in each language the content has.
type Text struct {
	ByLang map[string]string // language code → text
	// Fallback is the language every text has, shown where the reader's
	// language has none.
	Fallback string
}

// In returns the text in lang, or in the fallback language when it has
// none in lang.
func (t Text) In(lang string) string {
	if s := t.ByLang[lang]; s != "" {
		return s
	}
	return t.ByLang[t.Fallback]
}

func newText(fallback string) Text { return Text{ByLang: map[string]string{}, Fallback: fallback} }

// CardText is what the site says about a card: its printed name and a line
// on what it does, each by language.
type CardText struct {
	Name        Text
	Description Text
}

// CardTexts are the cards' texts by card id.
type CardTexts map[string]CardText

// Name is the card's printed name in lang (in the fallback language when
// lang has none).
func (t CardTexts) Name(id, lang string) string { return t[id].Name.In(lang) }

// Names are every card's printed name in lang, sorted.
func (t CardTexts) Names(lang string) []string {
	names := make([]string, 0, len(t))
	for id := range t {
		names = append(names, t.Name(id, lang))
	}
	slices.Sort(names)
	return names
}

// Description says in lang what the card does (in the fallback language
// when lang has none).
func (t CardTexts) Description(id, lang string) string { return t[id].Description.In(lang) }

// cardTextFile is one card's entry in {lang}/cards.json, which maps card
// ids to these.
type cardTextFile struct {
	Name string `json:"name"`
	// Unsure marks a printed name that could not be verified.
	Unsure      bool   `json:"unsure,omitempty"`
	Description string `json:"description"`
}

// scenarioTextFile is {lang}/scenarios/{slug}.json: a worked example's
// texts in one language.
type scenarioTextFile struct {
	Title     string   `json:"title"`
	Summary   string   `json:"summary"`
	Narration []string `json:"narration"` // one per step, in order
}

// languages lists the languages the content has texts in: each directory
// with a cards.json. The fallback language must be one of them.
func languages(fsys fs.FS, fallback string) ([]string, error) {
	names, err := fs.Glob(fsys, "*/cards.json")
	if err != nil {
		return nil, err
	}
	codes := make([]string, len(names))
	for i, name := range names {
		codes[i] = path.Dir(name)
	}
	if !slices.Contains(codes, fallback) {
		return nil, fmt.Errorf("%s/cards.json: missing (%s texts are the fallback)", fallback, fallback)
	}
	return codes, nil
}

// readJSON decodes the file name into v; a field v lacks is an error.
func readJSON(fsys fs.FS, name string, v any) error {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// loadCardTexts reads {lang}/cards.json of every language: each gives
// every card of the pool, and no other, a name and a description.
func loadCardTexts(fsys fs.FS, codes []string, fallback string, cards map[string]engine.Card) (CardTexts, error) {
	out := make(CardTexts, len(cards))
	for id := range cards {
		out[id] = CardText{Name: newText(fallback), Description: newText(fallback)}
	}
	for _, lang := range codes {
		name := lang + "/cards.json"
		var file map[string]cardTextFile
		if err := readJSON(fsys, name, &file); err != nil {
			return nil, err
		}
		for _, id := range slices.Sorted(maps.Keys(file)) {
			if _, ok := cards[id]; !ok {
				return nil, fmt.Errorf("%s: unknown card %q", name, id)
			}
		}
		for _, id := range slices.Sorted(maps.Keys(cards)) {
			t, ok := file[id]
			if !ok || t.Name == "" || t.Description == "" {
				return nil, fmt.Errorf("%s: card %q needs a name and a description", name, id)
			}
			out[id].Name.ByLang[lang], out[id].Description.ByLang[lang] = t.Name, t.Description
		}
	}
	return out, nil
}

// readTexts reads the example's texts in every language: a title, a
// summary and a narration for each step, none of them empty.
func (ex *Example) readTexts(fsys fs.FS, codes []string, fallback string) error {
	ex.Title, ex.Summary = newText(fallback), newText(fallback)
	ex.Narration = make([]Text, len(ex.Steps))
	for i := range ex.Narration {
		ex.Narration[i] = newText(fallback)
	}
	for _, lang := range codes {
		name := lang + "/scenarios/" + ex.Slug + ".json"
		var file scenarioTextFile
		if err := readJSON(fsys, name, &file); err != nil {
			return err
		}
		if file.Title == "" || file.Summary == "" {
			return fmt.Errorf("%s: a title and a summary are needed", name)
		}
		if len(file.Narration) != len(ex.Steps) {
			return fmt.Errorf("%s: %d narrations for %d steps", name, len(file.Narration), len(ex.Steps))
		}
		ex.Title.ByLang[lang], ex.Summary.ByLang[lang] = file.Title, file.Summary
		for i, n := range file.Narration {
			if n == "" {
				return fmt.Errorf("%s: narration %d is empty", name, i+1)
			}
			ex.Narration[i].ByLang[lang] = n
		}
	}
	return nil
}

// checkTextFiles fails on a scenario text file of no example or of a
// language without cards.json: its text would never be shown.
func (s *Set) checkTextFiles(fsys fs.FS, codes []string) error {
	names, err := fs.Glob(fsys, "*/scenarios/*.json")
	if err != nil {
		return err
	}
	for _, name := range names {
		lang := strings.SplitN(name, "/", 2)[0]
		if !slices.Contains(codes, lang) {
			return fmt.Errorf("%s: %s has no cards.json", name, lang)
		}
		if _, ok := s.bySlug[strings.TrimSuffix(path.Base(name), ".json")]; !ok {
			return fmt.Errorf("%s: no such example", name)
		}
	}
	return nil
}
