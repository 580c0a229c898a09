package examples

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
)

func TestLoadPlaysEveryScenario(t *testing.T) {
	t.Parallel()
	set, err := Load(langs.Default, content.FS)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.List) < 32 {
		t.Fatalf("%d examples", len(set.List))
	}
	for _, ex := range set.List {
		if len(ex.Snapshots) != len(ex.Steps)+1 {
			t.Errorf("%s: %d snapshots for %d steps", ex.Slug, len(ex.Snapshots), len(ex.Steps))
		}
		if got, ok := set.Get(ex.Slug); !ok || got != ex {
			t.Errorf("Get(%q) = %v, %v", ex.Slug, got, ok)
		}
	}
	if _, ok := set.Get("no-such-example"); ok {
		t.Error("Get found an unknown slug")
	}
}

// TestLearningOrder: the examples come in the order of examples.tsv, a
// learning path: priority first (the simplest, a spell cast and both
// players passing), then the stack, triggers, combat and the turn; every
// example once, under a group named in every language (issue 25, 8).
func TestLearningOrder(t *testing.T) {
	set, err := Load(langs.Default, content.FS)
	if err != nil {
		t.Fatal(err)
	}
	if set.List[0].Slug != "spell-cast-both-pass" {
		t.Errorf("first example %s", set.List[0].Slug)
	}
	var ids []string
	var flat []*Example
	for _, g := range set.Groups {
		ids = append(ids, g.ID)
		flat = append(flat, g.Examples...)
		for _, lang := range langs.Default.Codes() {
			if g.Name.ByLang[lang] == "" {
				t.Errorf("group %s has no %s name", g.ID, lang)
			}
		}
	}
	if got := strings.Join(ids, " "); got != "priority stack triggers combat turn" && got != "priority stack triggers combat turn more" {
		t.Errorf("groups %s", got)
	}
	if !slices.Equal(flat, set.List) {
		t.Error("the groups are not the list")
	}
	names, _ := fs.Glob(content.FS, "scenarios/*.json")
	if len(set.List) != len(names) {
		t.Errorf("%d examples in order, %d scenario files", len(set.List), len(names))
	}
	// An unlisted example comes last, under "more"; one listed twice is an error.
	fsys := textFS(t)
	fsys["examples.tsv"] = &fstest.MapFile{Data: []byte("priority\tyou-cannot-wait\n")}
	if small, err := Load(langs.Default, fsys); err != nil || len(small.Groups) != 1 || small.Groups[0].ID != "more" || small.Groups[0].Name.In("de") != "Weitere Beispiele" {
		t.Errorf("unlisted: %v", err)
	}
	fsys["examples.tsv"] = &fstest.MapFile{Data: []byte("priority\tspell-cast-both-pass\nstack\tspell-cast-both-pass\n")}
	if _, err := Load(langs.Default, fsys); err == nil || !strings.Contains(err.Error(), "listed twice") {
		t.Errorf("twice: %v", err)
	}
	fsys = textFS(t)
	fsys["de/example-groups.json"] = &fstest.MapFile{Data: []byte(`{"stack": "Stapel"}`)}
	if _, err := Load(langs.Default, fsys); err == nil || !strings.Contains(err.Error(), "de/example-groups.json: no name for the group priority") {
		t.Errorf("unnamed group: %v", err)
	}
}

// Rule 603 (triggered abilities) is taught by at least eight examples, and
// each of them cites it in an event, not only in its list of rules.
func TestTriggeredAbilityExamples(t *testing.T) {
	t.Parallel()
	set, err := Load(langs.Default, content.FS)
	if err != nil {
		t.Fatal(err)
	}
	cites := set.Citing("603")
	if len(cites) < 8 {
		t.Fatalf("%d examples cite rule 603", len(cites))
	}
	for _, c := range cites {
		inEvent := false
		for _, snap := range c.Example.Snapshots {
			for _, e := range snap.Events {
				for _, r := range e.Rules {
					inEvent = inEvent || strings.HasPrefix(r, "603.")
				}
			}
		}
		if !inEvent {
			t.Errorf("%s cites 603 only in its list of rules", c.Example.Slug)
		}
	}
}

// Citing lists each example once, at the first snapshot whose events (or
// refusal) cite the rule or one of its subrules — a rule the scenario lists
// as its subject but no event cites counts from the start — and never
// matches a rule that merely shares digits.
func TestCiting(t *testing.T) {
	t.Parallel()
	set, err := Load(langs.Default, content.FS)
	if err != nil {
		t.Fatal(err)
	}
	// firstCite maps each rule an example cites to its first snapshot.
	firstCite := func(ex *Example) map[string]int {
		out := map[string]int{}
		note := func(r string, i int) {
			if _, ok := out[r]; !ok {
				out[r] = i
			}
		}
		for i, snap := range ex.Snapshots {
			for _, e := range snap.Events {
				for _, r := range e.Rules {
					note(r, i)
				}
			}
			if snap.Rejected != nil {
				for _, r := range snap.Rejected.Rules {
					note(r, i)
				}
			}
		}
		for _, r := range ex.Rules {
			note(r, 0)
		}
		return out
	}
	for _, num := range []string{"117", "117.3", "117.3c", "510.4", "608.2b", "514"} {
		under := func(r string) bool {
			return r == num || strings.HasPrefix(r, num+".") || (strings.Count(num, ".") == 1 && len(r) == len(num)+1 && strings.HasPrefix(r, num))
		}
		want := map[string]int{}
		for _, ex := range set.List {
			for r, i := range firstCite(ex) {
				if j, ok := want[ex.Slug]; under(r) && (!ok || i < j) {
					want[ex.Slug] = i
				}
			}
		}
		got := set.Citing(num)
		if len(got) != len(want) || len(got) == 0 {
			t.Errorf("%s: %d examples, want %d (> 0)", num, len(got), len(want))
		}
		for _, c := range got {
			if i, ok := want[c.Example.Slug]; !ok || i != c.Index {
				t.Errorf("%s: %s at %d, want %d", num, c.Example.Slug, c.Index, i)
			}
		}
	}
	if got := set.Citing("11"); len(got) != 0 {
		t.Errorf("Citing(11) = %d examples", len(got))
	}
}

// A scenario that does not parse, play or match its file name is an error
// naming the file.
func TestLoadErrorsNameTheFile(t *testing.T) {
	t.Parallel()
	cards, err := content.FS.ReadFile("cards.json")
	if err != nil {
		t.Fatal(err)
	}
	good, err := content.FS.ReadFile("scenarios/spell-cast-both-pass.json")
	if err != nil {
		t.Fatal(err)
	}
	names, err := content.FS.ReadFile("en/cards.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"scenarios/broken.json":      `{"slug": `,
		"scenarios/other-name.json":  string(good),
		"scenarios/illegal-one.json": strings.Replace(strings.Replace(string(good), `"slug": "spell-cast-both-pass"`, `"slug": "illegal-one"`, 1), `"earthquake"`, `"giant-growth"`, 1),
	} {
		fsys := fstest.MapFS{"cards.json": {Data: cards}, "en/cards.json": {Data: names}, name: {Data: []byte(data)}}
		if _, err := Load(langs.Default, fsys); err == nil || !strings.HasPrefix(err.Error(), name+": ") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
