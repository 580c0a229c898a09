package simview

import (
	"testing"

	"github.com/mtgrules/site/rules/engine"
)

// trackHasFirstStrike reports whether the board's turn track lists the
// first-strike combat damage step.
func trackHasFirstStrike(t *testing.T, v View, s *engine.State) bool {
	t.Helper()
	name := v.StepName(engine.FirstStrikeDamage)
	for _, ph := range v.Board(s).Track {
		for _, st := range ph.Steps {
			if st.Label == name {
				return true
			}
		}
	}
	return false
}

// The turn track lists the first-strike combat damage step only in a
// combat that has one (506.1, 510.4): never in Hellrider's combat, from
// that step on in a combat with a first striker, and no longer next turn.
func TestTrackFirstStrikeStepOnlyWhenItExists(t *testing.T) {
	t.Parallel()
	set := exampleSet(t)
	v := View{Cat: testCatalog(t), Cards: set.CardTexts, Lang: "en"}
	for _, slug := range []string{"attack-triggers-hellrider", "bushido-on-both-sides", "dies-trigger-after-combat-damage"} {
		for i, snap := range snapshots(t, set, slug) {
			if trackHasFirstStrike(t, v, &snap.State) {
				t.Errorf("%s snapshot %d (%v) lists a first-strike damage step", slug, i, snap.State.Step)
			}
		}
	}
	seen := false
	for i, snap := range snapshots(t, set, "first-strike-crushing-pain") {
		s := &snap.State
		has := trackHasFirstStrike(t, v, s)
		if s.Step == engine.FirstStrikeDamage {
			seen = true
		}
		if want := seen && s.Step >= engine.FirstStrikeDamage && s.Step <= engine.Cleanup && s.Turn == snapshots(t, set, "first-strike-crushing-pain")[0].State.Turn; has != want {
			t.Errorf("snapshot %d (%v): first-strike step listed %t, want %t", i, s.Step, has, want)
		}
	}
	if !seen {
		t.Fatal("first-strike-crushing-pain never reaches the first-strike damage step")
	}
}
