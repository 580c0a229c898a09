package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const scenarioDir = "../../content/scenarios"

func loadScenario(t *testing.T, slug string) (Scenario, []Snapshot) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(scenarioDir, slug+".json"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScenario(data, testCards(t))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Slug != slug {
		t.Fatalf("file %s has slug %q", slug, sc.Slug)
	}
	snaps, err := sc.Run()
	if err != nil {
		t.Fatalf("%s: %v", slug, err)
	}
	if len(snaps) != len(sc.Steps)+1 {
		t.Fatalf("%d snapshots for %d steps", len(snaps), len(sc.Steps))
	}
	return sc, snaps
}

func last(snaps []Snapshot) State { return snaps[len(snaps)-1].State }

// allEvents collects the events of all snapshots.
func allEvents(snaps []Snapshot) []Event {
	var ev []Event
	for _, s := range snaps {
		ev = append(ev, s.Events...)
	}
	return ev
}

// stepOf finds the snapshot index after the first event of this kind (and card, if given).
func stepOf(t *testing.T, snaps []Snapshot, kind, card string) int {
	t.Helper()
	for i, s := range snaps {
		for _, e := range s.Events {
			if e.Kind == kind && (card == "" || e.Card == card) {
				return i
			}
		}
	}
	t.Fatalf("no %s %s event", kind, card)
	return -1
}

func permByCard(s State, card string) *Permanent {
	for i := range s.Battlefield {
		if s.Battlefield[i].Card == card {
			return &s.Battlefield[i]
		}
	}
	return nil
}

var scenarioChecks = map[string]func(t *testing.T, sc Scenario, snaps []Snapshot){
	"magus-upkeep-sudden-spoiling": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		if r := snaps[1].Rejected; r == nil || r.Reason != ReasonNotYourPriority {
			t.Fatalf("B must not take priority: %+v", r)
		}
		if len(snaps[6].State.Stack) != 1 || len(snaps[7].State.Stack) != 2 {
			t.Fatal("the ability waits under Sudden Spoiling")
		}
		if got := stackCards(snaps[7].State); !slices.Equal(got, []string{"sudden-spoiling", "magus-of-the-mirror"}) {
			t.Fatalf("stack top first %v", got)
		}
		s := last(snaps)
		if s.Players[0].Life != 18 || s.Players[1].Life != 5 {
			t.Fatalf("life %d/%d", s.Players[0].Life, s.Players[1].Life)
		}
		bears := permByCard(s, "grizzly-bears")
		if p, tt, _ := s.PowerToughness(int(bears.ID)); p != 0 || tt != 2 {
			t.Fatalf("bears %d/%d", p, tt)
		}
		if !slices.Contains(s.Players[0].Graveyard, "magus-of-the-mirror") || !slices.Contains(s.Players[1].Graveyard, "sudden-spoiling") {
			t.Fatal("graveyards")
		}
		requireEvent(t, snaps[9].Events, EvResolve, "117.4", "608.1")
		requireEvent(t, snaps[9].Events, EvPriority, "117.3b")
	},
	"spell-cast-both-pass": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		i := stepOf(t, snaps, EvResolve, "earthquake")
		if i != len(snaps)-1 || snaps[i].Action.Player != 1 {
			t.Fatal("Earthquake resolves on B's pass")
		}
		s := last(snaps)
		requireEvent(t, snaps[i].Events, EvDestroyed, "704.5g")
		if s.Players[0].Life != 19 || s.Players[1].Life != 19 || len(s.Battlefield) != 2 || s.Priority != 0 || s.Step != Main1 {
			t.Fatalf("after earthquake: %+v", s.Players)
		}
		if !slices.Equal(s.Players[0].Graveyard, []string{"earthquake"}) || !slices.Equal(s.Players[1].Graveyard, []string{"tundra-wolves"}) {
			t.Fatal("graveyards")
		}
	},
	"response-resolves-first": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		if got := stackCards(snaps[6].State); !slices.Equal(got, []string{"giant-growth", "shock"}) {
			t.Fatalf("stack top first %v", got)
		}
		if stepOf(t, snaps, EvResolve, "giant-growth") >= stepOf(t, snaps, EvResolve, "shock") {
			t.Fatal("Giant Growth must resolve before Shock")
		}
		s := last(snaps)
		b := s.Permanent(3)
		if p, tt, _ := s.PowerToughness(3); b == nil || b.Damage != 2 || p != 5 || tt != 5 {
			t.Fatalf("bears %+v %d/%d", b, p, tt)
		}
	},
	"giant-growth-answered-by-shock": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		if stepOf(t, snaps, EvResolve, "shock") >= stepOf(t, snaps, EvFizzle, "giant-growth") {
			t.Fatal("Shock first")
		}
		requireEvent(t, allEvents(snaps), EvFizzle, "608.2b")
		s := last(snaps)
		if s.Permanent(3) != nil || !slices.Equal(s.Players[1].Graveyard, []string{"tundra-wolves", "giant-growth"}) {
			t.Fatalf("B graveyard %v", s.Players[1].Graveyard)
		}
		if s.Step != DeclareBlockers || s.Priority != 0 || len(s.Stack) != 0 {
			t.Fatalf("step %v", s.Step)
		}
		if !s.Permanent(1).Blocked {
			t.Fatal("the attacker stays blocked")
		}
	},
	"dark-ritual-ability-above-spell": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		after := snaps[10].State
		if got := stackCards(after); !slices.Equal(got, []string{"gemstone-array", "grizzly-bears"}) {
			t.Fatalf("stack top first %v", got)
		}
		if after.Stack[1].Kind != KindAbility || after.Players[1].Pool.B != 1 {
			t.Fatalf("ability on top, {B} left: %+v", after.Players[1].Pool)
		}
		i := stepOf(t, snaps, EvAddMana, "")
		if snaps[i].Action.Player != 0 {
			t.Fatal("Dark Ritual resolves when A passes")
		}
		s := last(snaps)
		if s.Permanent(4).Counters["charge"] != 1 || permByCard(s, "grizzly-bears") == nil {
			t.Fatal("counter and bears")
		}
		e := requireEvent(t, snaps[len(snaps)-1].Events, EvPoolsEmpty, "500.5", "106.4")
		if e.Player != 1 || e.Amount != 1 || s.Step != BeginCombat || s.Players[1].Pool.Total() != 0 {
			t.Fatalf("pool empties at end of step: %+v", e)
		}
	},
	"cursed-ronin-pumped-four-times": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		withShock := snaps[stepOf(t, snaps, EvCast, "shock")].State
		if got := stackCards(withShock); !slices.Equal(got, []string{"shock", "cursed-ronin", "cursed-ronin", "cursed-ronin", "cursed-ronin"}) {
			t.Fatalf("stack top first %v", got)
		}
		i := stepOf(t, snaps, EvDestroyed, "cursed-ronin")
		for _, s := range snaps[:i+1] {
			if findEvent(s.Events, EvPump) != nil {
				t.Fatal("no pump may resolve before the Shock")
			}
		}
		if s := snaps[20].State; s.Permanent(1) != nil || len(s.Stack) != 3 || s.Players[1].Life != 20 {
			t.Fatalf("ronin dead, 3 pumps left: %d", len(s.Stack))
		}
		// Then the three remaining pumps resolve one by one and do nothing.
		for _, i := range []int{20, 22, 24, 26} {
			st := snaps[i].State
			if len(st.Stack) != (26-i)/2 || st.Priority != 0 || st.Step != DeclareBlockers {
				t.Fatalf("snapshot %d: %d on the stack, priority %d", i, len(st.Stack), st.Priority)
			}
			if findEvent(snaps[i].Events, EvResolve) == nil || findEvent(snaps[i].Events, EvPump) != nil {
				t.Fatalf("snapshot %d: a pump without its source does nothing", i)
			}
		}
		s := last(snaps)
		if len(s.Stack) != 0 || s.Step != CombatDamage || s.Players[1].Life != 20 || findEvent(snaps[28].Events, EvCombatDamage) != nil {
			t.Fatalf("combat damage step without damage: %v life %d", s.Step, s.Players[1].Life)
		}
	},
	"cursed-ronin-pumps-between": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		shock := stepOf(t, snaps, EvResolve, "shock")
		if p, tt, _ := snaps[shock].State.PowerToughness(1); p != 3 || tt != 3 || snaps[shock].State.Permanent(1).Damage != 2 {
			t.Fatalf("ronin %d/%d when Shock resolves", p, tt)
		}
		s := last(snaps)
		if p, tt, _ := s.PowerToughness(1); p != 4 || tt != 4 {
			t.Fatalf("ronin %d/%d", p, tt)
		}
		if s.Step != CombatDamage || s.Players[1].Life != 16 {
			t.Fatalf("step %v life %d", s.Step, s.Players[1].Life)
		}
		requireEvent(t, snaps[len(snaps)-1].Events, EvCombatDamage, "510.2", "120.3a")
	},
	"creature-then-aura-then-combat": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		s := last(snaps)
		aura := permByCard(s, "holy-strength")
		bears := permByCard(s, "grizzly-bears")
		if aura == nil || bears == nil || aura.AttachedTo != bears.ID || bears.ID != 5 {
			t.Fatalf("aura %+v bears %+v", aura, bears)
		}
		if p, tt, _ := s.PowerToughness(int(bears.ID)); p != 3 || tt != 4 {
			t.Fatalf("bears %d/%d", p, tt)
		}
		for _, i := range []int{5, 9} {
			st := snaps[i].State
			if len(st.Stack) != 0 || st.Step != Main1 || st.Priority != 0 {
				t.Fatalf("snapshot %d: empty stack, still main phase, A has priority", i)
			}
		}
		if s.Step != BeginCombat || s.Priority != 0 {
			t.Fatalf("step %v", s.Step)
		}
		requireEvent(t, snaps[len(snaps)-1].Events, EvStepEnds, "117.4", "500.2")
	},
	"first-strike-crushing-pain": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		fs := stepOf(t, snaps, EvCombatDamage, "")
		requireEvent(t, snaps[fs].Events, EvStep, "510.4")
		if st := snaps[fs].State; st.Step != FirstStrikeDamage || st.Permanent(1).Damage != 1 || st.Permanent(2).Damage != 0 {
			t.Fatal("first-strike damage: only the wolves deal damage")
		}
		dead := stepOf(t, snaps, EvDestroyed, "colossal-dreadmaw")
		if snaps[dead].State.Step != FirstStrikeDamage {
			t.Fatal("the Dreadmaw dies in the first-strike damage step")
		}
		s := last(snaps)
		if s.Step != CombatDamage || s.Players[1].Life != 20 || s.Permanent(2) == nil || s.Permanent(1) != nil {
			t.Fatalf("regular damage: nothing happens; life %d", s.Players[1].Life)
		}
		if findEvent(snaps[len(snaps)-1].Events, EvCombatDamage) != nil {
			t.Fatal("no regular combat damage")
		}
	},
	"gemstone-array-end-step": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		res := stepOf(t, snaps, EvCounters, "charge")
		if st := snaps[res].State; st.Step != End || st.Turn != 4 || st.Priority != 0 {
			t.Fatal("the ability resolves in A's end step and A gets priority again")
		}
		s := last(snaps)
		if s.Permanent(3).Counters["charge"] != 1 || s.Turn != 5 || s.Active != 1 || s.Step != Upkeep || s.Priority != 1 {
			t.Fatalf("turn %d active %d step %v", s.Turn, s.Active, s.Step)
		}
		if s.Permanent(1).Tapped || s.Permanent(2).Tapped {
			t.Fatal("B's islands untap in B's untap step")
		}
		requireEvent(t, snaps[len(snaps)-1].Events, EvNoPriority, "514.3")
	},
	"you-cannot-wait": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		if r := snaps[5].Rejected; r == nil || r.Reason != ReasonNotYourPriority || !reflect.DeepEqual(snaps[5].State, snaps[4].State) {
			t.Fatal("A can't act while B holds priority")
		}
		requireEvent(t, snaps[6].Events, EvResolve, "117.4", "608.1")
		if permByCard(snaps[6].State, "grizzly-bears") == nil || snaps[6].State.Priority != 0 {
			t.Fatal("bears resolve at once, then A gets priority")
		}
		if s := last(snaps); s.Players[1].Life != 18 {
			t.Fatal("shock")
		}
	},
	"giant-growth-held-too-long": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		dmg := stepOf(t, snaps, EvCombatDamage, "")
		if snaps[dmg].State.Players[1].Life != 18 || snaps[dmg].State.Step != CombatDamage {
			t.Fatal("damage is dealt as soon as the declare blockers step ends")
		}
		if stepOf(t, snaps, EvPump, "") <= dmg {
			t.Fatal("Giant Growth resolves after damage")
		}
		s := last(snaps)
		if p, _, _ := s.PowerToughness(1); p != 5 || s.Players[1].Life != 18 {
			t.Fatal("too late")
		}
	},
	"three-players-upkeep": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		res := stepOf(t, snaps, EvResolve, "shock")
		if snaps[res].Action.Player != 1 || snaps[res-1].State.PassStreak != 2 {
			t.Fatal("Shock resolves only after C, A and B passed")
		}
		if snaps[2].State.Priority != 2 || snaps[2].State.PassStreak != 2 || snaps[3].State.PassStreak != 0 {
			t.Fatal("A and B passed; C has priority")
		}
		s := last(snaps)
		if s.Players[0].Life != 18 || s.Step != Draw || !slices.Equal(s.Players[0].Hand, []string{"island"}) || s.Priority != 0 {
			t.Fatalf("step %v", s.Step)
		}
		if snaps[len(snaps)-2].State.Step != Upkeep {
			t.Fatal("the upkeep ends only when C passes too")
		}
	},
	"anything-before-damage": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		if r := snaps[8].Rejected; r == nil || r.Reason != ReasonNotYourPriority {
			t.Fatal("the question was a pass")
		}
		s := last(snaps)
		if s.Step != CombatDamage || s.Players[1].Life != 18 {
			t.Fatalf("step %v life %d", s.Step, s.Players[1].Life)
		}
		requireEvent(t, snaps[len(snaps)-1].Events, EvStepEnds, "117.4", "500.2")
	},
	"ability-in-beginning-of-combat": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		dead := stepOf(t, snaps, EvDestroyed, "tundra-wolves")
		if snaps[dead].State.Step != BeginCombat {
			t.Fatal("the wolves die before attackers are declared")
		}
		requireEvent(t, allEvents(snaps), EvSkipCombatSteps, "508.8")
		s := last(snaps)
		if s.Step != EndCombat || s.Players[1].Life != 20 {
			t.Fatalf("step %v", s.Step)
		}
	},
	"catalog-in-opponents-end-step": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		res := stepOf(t, snaps, EvResolve, "catalog")
		if st := snaps[res].State; st.Pending.Kind != ChooseDiscard || st.Priority != -1 || !slices.Equal(st.Players[1].Hand, []string{"cancel", "shock", "forest"}) {
			t.Fatalf("catalog waits for the discard: %+v", st.Pending)
		}
		if st := snaps[res+1].State; st.Step != End || st.Priority != 0 {
			t.Fatal("after the discard A gets priority in the end step")
		}
		s := last(snaps)
		if !slices.Equal(s.Players[1].Hand, []string{"cancel", "shock"}) || !slices.Equal(s.Players[1].Graveyard, []string{"forest", "catalog"}) {
			t.Fatalf("hand %v graveyard %v", s.Players[1].Hand, s.Players[1].Graveyard)
		}
		if s.Turn != 7 || s.Active != 1 || s.Step != Upkeep {
			t.Fatal("B's turn")
		}
	},
}

func TestScenarios(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(scenarioDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenarios")
	}
	seen := map[string]bool{}
	for _, f := range files {
		slug := strings.TrimSuffix(filepath.Base(f), ".json")
		seen[slug] = true
		t.Run(slug, func(t *testing.T) {
			sc, snaps := loadScenario(t, slug)
			check, ok := scenarioChecks[slug]
			if !ok {
				t.Fatalf("scenario %s has no outcome check in scenarioChecks", slug)
			}
			check(t, sc, snaps)
			for i, s := range snaps[1:] {
				for _, e := range s.Events {
					if len(e.Rules) == 0 {
						t.Fatalf("step %d: event %s without rules", i, e.Kind)
					}
				}
			}
		})
	}
	for slug := range scenarioChecks {
		if !seen[slug] {
			t.Errorf("check for missing scenario %s", slug)
		}
	}
}
