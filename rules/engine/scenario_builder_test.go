package engine

import (
	"slices"
	"testing"
)

// The worked examples that start from positions only the builder's mana
// pools, combat and face-down permanents express, checked snapshot by
// snapshot.
func init() {
	for slug, f := range builderScenarioChecks {
		scenarioChecks[slug] = f
	}
}

// poolAt is a player's mana pool in a snapshot.
func poolAt(snaps []Snapshot, i, p int) string { return snaps[i].State.Players[p].Pool.String() }

var builderScenarioChecks = map[string]func(t *testing.T, sc Scenario, snaps []Snapshot){
	"floating-mana-across-steps": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 0, priority: 0, stack: none, step: stepp(Main1), life: []int32{20, 20}},
			at{snap: 1, priority: 0, stack: []string{"shock"}},
			at{snap: 2, priority: 1, stack: []string{"shock"}},
			at{snap: 3, priority: 0, stack: none, life: []int32{20, 18}, step: stepp(Main1), gy: map[int][]string{0: {"shock"}}},
			at{snap: 4, priority: 1, stack: none, step: stepp(Main1)},
			at{snap: 5, priority: 0, stack: none, step: stepp(BeginCombat)},
		)
		for i, want := range []string{"{R}{R}", "{R}", "{R}", "{R}", "{R}", ""} {
			if got := poolAt(snaps, i, 0); got != want {
				t.Errorf("snapshot %d: pool %q, want %q", i, got, want)
			}
		}
		requireEvent(t, snaps[5].Events, EvPoolsEmpty, "500.5", "106.4")
		if findEvent(snaps[3].Events, EvPoolsEmpty) != nil {
			t.Error("a resolving spell empties the pool")
		}
	},
	"responding-after-blockers": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 0, priority: 0, stack: none, step: stepp(DeclareBlockers), bf: []string{"grizzly-bears", "forest", "hill-giant"}},
			at{snap: 1, priority: 0, stack: none},
			at{snap: 2, priority: 0, stack: []string{"giant-growth"}},
			at{snap: 3, priority: 1, stack: []string{"giant-growth"}},
			at{snap: 4, priority: 0, stack: none, step: stepp(DeclareBlockers), gy: map[int][]string{0: {"giant-growth"}}},
			at{snap: 5, priority: 1, stack: none},
			at{snap: 6, priority: 0, stack: none, step: stepp(CombatDamage), life: []int32{20, 20},
				bf: []string{"grizzly-bears", "forest"}, gy: map[int][]string{1: {"hill-giant"}}},
		)
		if p, tt, _ := snaps[4].State.PowerToughness(1); p != 5 || tt != 5 || !snaps[4].State.Permanent(1).Blocked {
			t.Errorf("the pumped Bears stay blocked: %d/%d", p, tt)
		}
		if s := last(snaps); s.Permanent(1).Damage != 3 {
			t.Errorf("the Bears took %d damage", s.Permanent(1).Damage)
		}
		requireEvent(t, snaps[6].Events, EvDestroyed, "704.5g")
	},
	"creature-dies-before-blockers": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 0, priority: 0, stack: none, step: stepp(DeclareAttackers), bf: []string{"grizzly-bears", "mountain"}},
			at{snap: 1, priority: 1, stack: none},
			at{snap: 3, priority: 1, stack: []string{"shock"}},
			at{snap: 5, priority: 0, stack: none, step: stepp(DeclareAttackers), bf: []string{"mountain"}, gy: map[int][]string{0: {"grizzly-bears"}, 1: {"shock"}}},
			at{snap: 7, priority: 0, stack: none, step: stepp(DeclareBlockers)},
			at{snap: 9, priority: 0, stack: none, step: stepp(CombatDamage), life: []int32{20, 20}},
		)
		if snaps[0].State.Attackers != 1 || findEvent(snaps[7].Events, EvSkipCombatSteps) != nil {
			t.Error("a creature was declared as an attacker: the combat steps are not skipped (508.8)")
		}
		for _, e := range snaps[9].Events {
			if e.Kind == EvCombatDamage {
				t.Errorf("combat damage without attackers: %s", dumpEvents(snaps[9].Events))
			}
		}
		requireEvent(t, snaps[5].Events, EvDestroyed, "704.5g")
	},
	"first-strike-damage-step": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 0, priority: 0, stack: none, step: stepp(DeclareBlockers)},
			at{snap: 2, priority: 0, stack: none, step: stepp(FirstStrikeDamage), bf: []string{"tundra-wolves"}, gy: map[int][]string{1: {"savannah-lions"}}},
			at{snap: 4, priority: 0, stack: none, step: stepp(CombatDamage), life: []int32{20, 20}},
			at{snap: 6, priority: 0, stack: none, step: stepp(EndCombat), life: []int32{20, 20}},
		)
		requireEvent(t, snaps[2].Events, EvCombatDamage, "510.4", "510.2", "120.3e")
		if findEvent(snaps[4].Events, EvCombatDamage) != nil {
			t.Error("the Wolves deal damage twice")
		}
		if !snaps[2].State.FirstStrikeStep || snaps[0].State.FirstStrikeStep {
			t.Error("the first-strike step is recorded once it exists")
		}
	},
	"face-down-turned-up-in-response": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 1, priority: 0, stack: []string{"lightning-bolt"}},
			at{snap: 2, priority: 1, stack: []string{"lightning-bolt"}},
			at{snap: 3, priority: 1, stack: []string{"lightning-bolt"}},
			at{snap: 5, priority: 0, stack: none, gy: map[int][]string{0: {"lightning-bolt"}}, bf: []string{"exalted-angel"}},
		)
		if p, tt, _ := snaps[2].State.PowerToughness(1); p != 2 || tt != 2 || !snaps[2].State.Permanent(1).FaceDown || poolAt(snaps, 2, 1) != "{W}{W}{W}{W}" {
			t.Fatal("a face-down 2/2 and B's floating mana")
		}
		requireEvent(t, snaps[3].Events, EvPriority, "116.3")
		if s := snaps[3].State; s.Permanent(1).FaceDown || s.Players[1].Pool.Total() != 0 {
			t.Fatal("the morph cost is paid from the pool and the Angel is face up")
		}
		s := last(snaps)
		if p, tt, _ := s.PowerToughness(1); p != 4 || tt != 5 || s.Permanent(1).Damage != 3 {
			t.Fatalf("angel %d/%d", p, tt)
		}
	},
	"trigger-from-combat-damage": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 0, priority: 0, stack: none, step: stepp(DeclareBlockers)},
			at{snap: 2, priority: -1, pending: ChooseTrigger, stack: none, step: stepp(CombatDamage), bf: []string{"hill-giant", "blood-artist"}},
			at{snap: 3, priority: 0, stack: []string{"blood-artist"}},
			at{snap: 5, priority: 0, stack: none, life: []int32{19, 21}, gy: map[int][]string{0: {"grizzly-bears"}}},
		)
		if p := snaps[2].State.Pending; p.Player != 1 {
			t.Errorf("B, who controls Blood Artist, chooses: %+v", p)
		}
		if got := controllers(snaps[3].State); !slices.Equal(got, []int{1}) {
			t.Errorf("controllers %v", got)
		}
		tr := requireEvent(t, snaps[2].Events, EvTriggered, "603.2", "603.10a")
		if tr.Player != 1 {
			t.Errorf("triggered for %d", tr.Player)
		}
		requireEvent(t, snaps[3].Events, EvTrigger, "603.3")
	},
}
