// Package examples loads the card pool and the worked examples with their
// texts, plays each example through the rules engine once at start-up, and
// indexes them by slug and by the rule numbers their events cite.
//
// The engine's data (content/cards.json, content/scenarios/{slug}.json)
// holds no human text. The texts live by language: {lang}/cards.json maps
// each card id to its printed name and a one-line description, and
// {lang}/scenarios/{slug}.json holds an example's title, summary and one
// narration per step. The languages are the directories with a
// cards.json; each must give every card and every example all of its
// texts, and the table's fallback language must be one of them, for a
// language the content lacks.
package examples

import (
	"fmt"
	"io/fs"
	"path"
	"sort"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/rules/engine"
)

// Example is one scenario with its texts and its precomputed snapshots:
// Snapshots[0] is the start, Snapshots[i+1] the position after step i,
// which Narration[i] tells.
type Example struct {
	engine.Scenario
	Title, Summary Text
	Narration      []Text
	Snapshots      []engine.Snapshot
}

// TextAt is what the page of step (1-based, as in ?step=) tells: the
// summary at the start, then the narration of the action that led there.
func (ex *Example) TextAt(step int) Text {
	if step <= 1 {
		return ex.Summary
	}
	return ex.Narration[step-2]
}

// Cite is where an example first cites a rule: the 0-based snapshot index.
type Cite struct {
	Example *Example
	Index   int
}

// Set is the card pool and every loaded example.
type Set struct {
	Cards     map[string]engine.Card
	CardTexts CardTexts
	List      []*Example // in learning order (examples.tsv)
	Groups    []*Group   // List under its groups
	bySlug    map[string]*Example
	byRule    map[string][]Cite
}

// Load reads cards.json and scenarios/*.json from fsys with their texts
// in every language (see the package documentation), falling back on t's
// fallback language, and plays every scenario. A file that does not
// parse, play or give every text is an error naming it.
func Load(t *langs.Table, fsys fs.FS) (*Set, error) {
	data, err := fs.ReadFile(fsys, "cards.json")
	if err != nil {
		return nil, err
	}
	cards, err := engine.ParseCards(data)
	if err != nil {
		return nil, fmt.Errorf("cards.json: %w", err)
	}
	fallback := t.Fallback().Code
	codes, err := languages(fsys, fallback)
	if err != nil {
		return nil, err
	}
	texts, err := loadCardTexts(fsys, codes, fallback, cards)
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(fsys, "scenarios/*.json")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	set := &Set{Cards: cards, CardTexts: texts, bySlug: map[string]*Example{}, byRule: map[string][]Cite{}}
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		sc, err := engine.ParseScenario(data, cards)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if want := path.Base(name); want != sc.Slug+".json" {
			return nil, fmt.Errorf("%s: slug %q does not match the file name", name, sc.Slug)
		}
		snaps, err := sc.Run()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		ex := &Example{Scenario: sc, Snapshots: snaps}
		if err := ex.readTexts(fsys, codes, fallback); err != nil {
			return nil, err
		}
		set.List = append(set.List, ex)
		set.bySlug[sc.Slug] = ex
		set.index(ex)
	}
	if err := set.checkTextFiles(fsys, codes); err != nil {
		return nil, err
	}
	if err := set.order(fsys, codes, fallback); err != nil {
		return nil, err
	}
	return set, nil
}

// index records the first snapshot of ex whose events (or rejection) cite
// each rule, and the scenario's own list of rules at its start.
func (s *Set) index(ex *Example) {
	seen := map[string]bool{}
	add := func(rule string, i int) {
		if !seen[rule] {
			seen[rule] = true
			s.byRule[rule] = append(s.byRule[rule], Cite{ex, i})
		}
	}
	for i, snap := range ex.Snapshots {
		for _, e := range snap.Events {
			for _, r := range e.Rules {
				add(r, i)
			}
		}
		if snap.Rejected != nil {
			for _, r := range snap.Rejected.Rules {
				add(r, i)
			}
		}
	}
	for _, r := range ex.Rules {
		add(r, 0)
	}
}

// Get returns the example with the slug.
func (s *Set) Get(slug string) (*Example, bool) {
	ex, ok := s.bySlug[slug]
	return ex, ok
}

// Citing lists the examples that cite rule number or one of its subrules
// ("117.3" is cited by an event citing "117.3c"), each with its first such
// snapshot, in the order of the list.
func (s *Set) Citing(number string) []Cite {
	best := map[*Example]int{}
	for rule, cites := range s.byRule {
		if !rules.Within(rule, number) {
			continue
		}
		for _, c := range cites {
			if i, ok := best[c.Example]; !ok || c.Index < i {
				best[c.Example] = c.Index
			}
		}
	}
	var out []Cite
	for _, ex := range s.List {
		if i, ok := best[ex]; ok {
			out = append(out, Cite{ex, i})
		}
	}
	return out
}
