package simview

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/richtext"
	"github.com/mtgrules/site/templates"
)

var update = flag.Bool("update", false, "write the worked examples' golden files in testdata/examples")

// builderExamples start from positions only the builder's mana pools,
// combat and face-down permanents express.
var builderExamples = []string{"floating-mana-across-steps", "responding-after-blockers", "creature-dies-before-blockers",
	"first-strike-damage-step", "face-down-turned-up-in-response", "trigger-from-combat-damage"}

// stepText writes what a reader sees at one step: what was done, what
// followed with its rules, the narration, and the board.
func stepText(p templates.SimStepPage) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n", p.StepLabel)
	if p.Action != "" {
		fmt.Fprintf(&b, "> %s\n", p.Action)
	}
	for _, e := range p.Events {
		var rules []string
		for _, r := range e.Rules {
			rules = append(rules, r.Label)
		}
		fmt.Fprintf(&b, "- %s [%s]\n", e.Text, strings.Join(rules, " "))
	}
	var narr strings.Builder
	for _, s := range p.Narration {
		narr.WriteString(s.Text)
	}
	fmt.Fprintf(&b, "%s\n", narr.String())
	bd := p.Board
	fmt.Fprintf(&b, "%s · %s · %s %s %s\n", bd.Turn, bd.StepName, bd.Priority, bd.Passes, bd.Waiting)
	for _, s := range bd.Stack {
		fmt.Fprintf(&b, "stack: %s (%s) %s\n", s.Name, s.Kind, strings.Join(s.Details, ", "))
	}
	for _, pl := range bd.Players {
		fmt.Fprintf(&b, "%s: %d %s |", pl.Name, pl.Life, pl.PoolText)
		for _, perm := range pl.Battlefield {
			fmt.Fprintf(&b, " %s %s %s;", perm.Name, perm.PT, strings.Join(perm.Notes, ", "))
		}
		fmt.Fprintf(&b, " | %s\n", strings.Join(pl.Graveyard, ", "))
	}
	return b.String()
}

// The six examples built from mana, combat and face-down positions read,
// step by step in every language, exactly as their golden files say
// (go test ./internal/simview -run Golden -update writes them anew).
func TestBuilderExamplesGolden(t *testing.T) {
	t.Parallel()
	set, cat := exampleSet(t), testCatalog(t)
	plain := func(s string) templates.Text { return templates.Text{richtext.Segment{Text: s}} }
	for _, slug := range builderExamples {
		ex, ok := set.Get(slug)
		if !ok {
			t.Fatalf("no example %s", slug)
		}
		for _, lang := range []string{"en", "de", "ja"} {
			v := View{Cat: cat, Cards: set.CardTexts, Lang: lang}
			var b strings.Builder
			fmt.Fprintf(&b, "# %s\n%s\n", ex.Title.In(lang), ex.Summary.In(lang))
			for step := 1; step <= len(ex.Snapshots); step++ {
				b.WriteString(stepText(v.StepPage(ex, step, plain)))
			}
			path := filepath.Join("testdata", "examples", slug+"."+lang+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != string(want) {
				t.Errorf("%s differs from the golden file:\n%s", path, firstDiff(got, string(want)))
			}
		}
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n got %q\nwant %q", i+1, a, b)
		}
	}
	return ""
}
