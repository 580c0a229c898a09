package examples

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
)

// Every card and every example has all its texts in each of the site's
// languages, and no language has a text the others lack: per language one
// name and one description per card, one title and one summary per
// example and one narration per step.
func TestEveryTextInEveryLanguage(t *testing.T) {
	t.Parallel()
	set, err := Load(langs.Default, content.FS)
	if err != nil {
		t.Fatal(err)
	}
	langs := slices.Sorted(slices.Values(langs.Default.Codes()))
	count := map[string]int{}
	add := func(what string, text Text) {
		if got := slices.Sorted(maps.Keys(text.ByLang)); !slices.Equal(got, langs) {
			t.Errorf("%s in %v, want %v", what, got, langs)
		}
		for lang, s := range text.ByLang {
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s: empty in %s", what, lang)
			}
			count[lang]++
		}
	}
	for id := range set.Cards {
		add(id+" name", set.CardTexts[id].Name)
		add(id+" description", set.CardTexts[id].Description)
	}
	steps := 0
	for _, ex := range set.List {
		add(ex.Slug+" title", ex.Title)
		add(ex.Slug+" summary", ex.Summary)
		if len(ex.Narration) != len(ex.Steps) {
			t.Errorf("%s: %d narrations for %d steps", ex.Slug, len(ex.Narration), len(ex.Steps))
		}
		for i, n := range ex.Narration {
			add(ex.Slug+" narration "+strconv.Itoa(i+1), n)
		}
		steps += len(ex.Steps)
	}
	want := 2*len(set.Cards) + 2*len(set.List) + steps
	for _, lang := range langs {
		if count[lang] != want {
			t.Errorf("%s: %d texts, want %d", lang, count[lang], want)
		}
	}
	// As many as when the texts moved out of the engine's files, or more.
	if len(set.Cards) < 62 || len(set.List) < 34 || steps < 374 || want < 566 {
		t.Errorf("%d cards, %d examples, %d steps, %d texts per language", len(set.Cards), len(set.List), steps, want)
	}
}

// Each narration, in every language, cites the rule it shows.
func TestNarrationCitesRules(t *testing.T) {
	t.Parallel()
	set, err := Load(langs.Default, content.FS)
	if err != nil {
		t.Fatal(err)
	}
	rule := regexp.MustCompile(`\d{3}\.\d`)
	for _, ex := range set.List {
		for i, n := range ex.Narration {
			for lang, text := range n.ByLang {
				if !rule.MatchString(text) {
					t.Errorf("%s step %d (%s): narration cites no rule: %q", ex.Slug, i, lang, text)
				}
			}
		}
	}
}

// A text is shown in the reader's language, in English when the content
// lacks that language; TextAt is the summary at the start, then each
// step's narration.
func TestTextsByLanguage(t *testing.T) {
	t.Parallel()
	set, err := Load(langs.Default, content.FS)
	if err != nil {
		t.Fatal(err)
	}
	names := set.CardTexts
	if names.Name("grizzly-bears", "de") != "Grizzlybären" || names.Name("grizzly-bears", "ja") != "灰色熊" || names.Name("shock", "fr") != "Shock" {
		t.Error("names")
	}
	if d := names.Description("grizzly-bears", "de"); d != "Eine 2/2-Kreatur ohne Fähigkeiten." {
		t.Errorf("description %q", d)
	}
	ex, _ := set.Get("giant-growth-answered-by-shock")
	if ex.Title.In("fr") != ex.Title.In("en") || ex.Title.In("de") == ex.Title.In("en") {
		t.Errorf("title %v", ex.Title)
	}
	if ex.TextAt(1).ByLang["ja"] != ex.Summary.ByLang["ja"] || ex.TextAt(2).ByLang["ja"] != ex.Narration[0].ByLang["ja"] ||
		ex.TextAt(len(ex.Snapshots)).ByLang["de"] != ex.Narration[len(ex.Steps)-1].ByLang["de"] {
		t.Error("TextAt")
	}
	if !strings.HasPrefix(ex.Narration[0].ByLang["en"], "In the beginning of combat step A passes") {
		t.Errorf("narration 1: %q", ex.Narration[0].ByLang["en"])
	}
}

// textFS is a small content tree: the card pool and one example, with
// texts in English and German.
func textFS(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, name := range []string{"cards.json", "scenarios/spell-cast-both-pass.json",
		"en/cards.json", "en/scenarios/spell-cast-both-pass.json", "de/cards.json", "de/scenarios/spell-cast-both-pass.json",
		"examples.tsv", "en/example-groups.json", "de/example-groups.json"} {
		data, err := content.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: data}
	}
	return fsys
}

// Load fails, naming the file, when a language lacks a text or has one
// for something that does not exist, and when there is no English.
func TestLoadRejectsIncompleteTexts(t *testing.T) {
	t.Parallel()
	if set, err := Load(langs.Default, textFS(t)); err != nil || len(set.List) != 1 || set.List[0].Title.ByLang["de"] == "" {
		t.Fatalf("the small tree: %v", err)
	}
	edit := func(fsys fstest.MapFS, name, old, new string) {
		t.Helper()
		data := string(fsys[name].Data)
		if !strings.Contains(data, old) {
			t.Fatalf("%s lacks %q", name, old)
		}
		fsys[name] = &fstest.MapFile{Data: []byte(strings.Replace(data, old, new, 1))}
	}
	editText := func(fsys fstest.MapFS, name string, change func(*scenarioTextFile)) {
		t.Helper()
		var st scenarioTextFile
		if err := json.Unmarshal(fsys[name].Data, &st); err != nil {
			t.Fatal(err)
		}
		change(&st)
		data, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: data}
	}
	for name, c := range map[string]struct {
		file   string // the file the error names
		change func(fstest.MapFS)
	}{
		"card without a name": {"de/cards.json", func(f fstest.MapFS) {
			edit(f, "de/cards.json", `"name": "Grizzlybären", `, "")
		}},
		"card missing": {"de/cards.json", func(f fstest.MapFS) {
			edit(f, "de/cards.json", `"plains": {"name": "Ebene", "description": "Standardland: Tappe es für ein weißes Mana."},`, "")
		}},
		"unknown card": {"de/cards.json", func(f fstest.MapFS) {
			edit(f, "de/cards.json", `"plains"`, `"black-lotus": {"name": "x", "description": "x"}, "plains"`)
		}},
		"unknown field": {"de/cards.json", func(f fstest.MapFS) {
			edit(f, "de/cards.json", `"name": "Ebene"`, `"name": "Ebene", "names": {}`)
		}},
		"no summary": {"de/scenarios/spell-cast-both-pass.json", func(f fstest.MapFS) {
			editText(f, "de/scenarios/spell-cast-both-pass.json", func(st *scenarioTextFile) { st.Summary = "" })
		}},
		"narration missing": {"de/scenarios/spell-cast-both-pass.json", func(f fstest.MapFS) {
			editText(f, "de/scenarios/spell-cast-both-pass.json", func(st *scenarioTextFile) { st.Narration = st.Narration[1:] })
		}},
		"narration empty": {"de/scenarios/spell-cast-both-pass.json", func(f fstest.MapFS) {
			editText(f, "de/scenarios/spell-cast-both-pass.json", func(st *scenarioTextFile) { st.Narration[1] = "" })
		}},
		"narration file missing": {"de/scenarios/spell-cast-both-pass.json", func(f fstest.MapFS) {
			delete(f, "de/scenarios/spell-cast-both-pass.json")
		}},
		"no such example": {"de/scenarios/no-such-example.json", func(f fstest.MapFS) {
			f["de/scenarios/no-such-example.json"] = f["de/scenarios/spell-cast-both-pass.json"]
		}},
		"language without cards": {"fr/scenarios/spell-cast-both-pass.json", func(f fstest.MapFS) {
			f["fr/scenarios/spell-cast-both-pass.json"] = f["de/scenarios/spell-cast-both-pass.json"]
		}},
		"no English": {"en/cards.json", func(f fstest.MapFS) {
			delete(f, "en/cards.json")
			delete(f, "en/scenarios/spell-cast-both-pass.json")
		}},
	} {
		fsys := textFS(t)
		c.change(fsys)
		if _, err := Load(langs.Default, fsys); err == nil || !strings.Contains(err.Error(), c.file) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
