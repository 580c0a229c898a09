package engine

import (
	"slices"
	"testing"
)

// at is what a test expects of one snapshot of a scenario: who holds
// priority (-1 for nobody), the pending choice, the stack top to bottom
// (cards; an empty slice for an empty stack), the life totals, and
// optionally the step, graveyards and battlefield cards.
type at struct {
	snap     int
	priority int
	pending  ChoiceKind
	stack    []string
	life     []int32
	step     *Step
	gy       map[int][]string
	bf       []string // cards on the battlefield, in order; nil: not checked
}

func stepp(s Step) *Step { return &s }

// expect checks each snapshot against its expectations.
func expect(t *testing.T, snaps []Snapshot, wants ...at) {
	t.Helper()
	for _, w := range wants {
		if w.snap >= len(snaps) {
			t.Fatalf("no snapshot %d", w.snap)
		}
		s := snaps[w.snap].State
		if s.Priority != w.priority || s.Pending.Kind != w.pending {
			t.Errorf("snapshot %d: priority %d pending %q, want %d %q", w.snap, s.Priority, s.Pending.Kind, w.priority, w.pending)
		}
		if got := stackCards(s); !slices.Equal(got, w.stack) {
			t.Errorf("snapshot %d: stack (top first) %v, want %v", w.snap, got, w.stack)
		}
		if len(s.Waiting) != 0 && s.Priority >= 0 {
			t.Errorf("snapshot %d: %d triggers wait while %d holds priority", w.snap, len(s.Waiting), s.Priority)
		}
		if w.life != nil {
			for i, l := range w.life {
				if s.Players[i].Life != l {
					t.Errorf("snapshot %d: player %d has %d life, want %d", w.snap, i, s.Players[i].Life, l)
				}
			}
		}
		if w.step != nil && s.Step != *w.step {
			t.Errorf("snapshot %d: step %v, want %v", w.snap, s.Step, *w.step)
		}
		for p, gy := range w.gy {
			if !slices.Equal(s.Players[p].Graveyard, gy) {
				t.Errorf("snapshot %d: player %d graveyard %v, want %v", w.snap, p, s.Players[p].Graveyard, gy)
			}
		}
		if w.bf != nil {
			var got []string
			for _, p := range s.Battlefield {
				got = append(got, p.Card)
			}
			if !slices.Equal(got, w.bf) && !(len(got) == 0 && len(w.bf) == 0) {
				t.Errorf("snapshot %d: battlefield %v, want %v", w.snap, got, w.bf)
			}
		}
	}
}

// controllers lists the controllers of the stack objects, top first.
func controllers(s State) []int {
	var out []int
	for i := len(s.Stack) - 1; i >= 0; i-- {
		out = append(out, s.Stack[i].Controller)
	}
	return out
}

func init() {
	for slug, f := range triggerScenarioChecks {
		scenarioChecks[slug] = f
	}
}

var none = []string{}

var triggerScenarioChecks = map[string]func(t *testing.T, sc Scenario, snaps []Snapshot){
	"apnap-two-dies-triggers": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 1, priority: 0, stack: []string{"earthquake"}, life: []int32{20, 20}},
			at{snap: 3, priority: -1, pending: ChooseTrigger, stack: none, life: []int32{19, 19}, bf: none,
				gy: map[int][]string{0: {"earthquake", "perilous-myr"}, 1: {"goblin-arsonist"}}},
			at{snap: 4, priority: -1, pending: ChooseTrigger, stack: []string{"perilous-myr"}},
			at{snap: 5, priority: 0, stack: []string{"goblin-arsonist", "perilous-myr"}},
			at{snap: 7, priority: -1, pending: ChooseMay, stack: []string{"perilous-myr"}},
			at{snap: 8, priority: 0, stack: []string{"perilous-myr"}, life: []int32{18, 19}},
			at{snap: 10, priority: 0, stack: none, life: []int32{18, 17}},
		)
		if s := snaps[3].State; s.Pending.Player != 0 || len(s.Waiting) != 2 || s.Waiting[0].Controller != 0 || s.Waiting[1].Controller != 1 {
			t.Fatalf("the active player chooses first: %+v", s.Pending)
		}
		if s := snaps[4].State; s.Pending.Player != 1 {
			t.Fatal("then B")
		}
		if got := controllers(snaps[5].State); !slices.Equal(got, []int{1, 0}) {
			t.Fatalf("APNAP: B's ability on top, got controllers %v", got)
		}
		requireEvent(t, snaps[3].Events, EvTriggered, "603.2", "603.10a")
		requireEvent(t, snaps[8].Events, EvMayAccepted, "603.5")
	},
	"order-your-own-triggers": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 2, priority: 1, stack: []string{"shock"}},
			at{snap: 4, priority: -1, pending: ChooseTrigger, stack: none, gy: map[int][]string{0: {"goblin-arsonist"}, 1: {"shock"}}},
			at{snap: 5, priority: -1, pending: ChooseTrigger, stack: []string{"blood-artist"}},
			at{snap: 6, priority: 0, stack: []string{"goblin-arsonist", "blood-artist"}, life: []int32{20, 20}},
			at{snap: 9, priority: 0, stack: []string{"blood-artist"}, life: []int32{20, 19}},
			at{snap: 11, priority: 0, stack: none, life: []int32{21, 18}, step: stepp(Main1)},
		)
		requireEvent(t, snaps[4].Events, EvChoice, "603.3b")
		// The choice is a move: both different abilities are offered.
		legal := LegalActions(snaps[4].State)
		if len(legal) != 2+3 { // Blood Artist: 2 players; Arsonist: 2 players or Blood Artist
			t.Fatalf("%d put_trigger moves: %+v", len(legal), legal)
		}
	},
	"responding-to-a-trigger": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 3, priority: -1, pending: ChooseTrigger, stack: none, bf: []string{"grizzly-bears", "flametongue-kavu"}},
			at{snap: 4, priority: 0, stack: []string{"flametongue-kavu"}},
			at{snap: 6, priority: 1, stack: []string{"giant-growth", "flametongue-kavu"}},
			at{snap: 8, priority: 0, stack: []string{"flametongue-kavu"}},
			at{snap: 10, priority: 0, stack: none, bf: []string{"grizzly-bears", "flametongue-kavu"}},
		)
		requireEvent(t, snaps[3].Events, EvChoice, "603.3d")
		s := last(snaps)
		if p, tt, _ := s.PowerToughness(1); p != 5 || tt != 5 || s.Permanent(1).Damage != 4 {
			t.Fatalf("bears %d/%d with %d damage", p, tt, s.Permanent(1).Damage)
		}
	},
	"trigger-source-left": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 6, priority: 1, stack: []string{"lightning-bolt", "flametongue-kavu"}},
			at{snap: 8, priority: 0, stack: []string{"flametongue-kavu"}, bf: []string{"grizzly-bears"},
				gy: map[int][]string{0: {"flametongue-kavu"}, 1: {"lightning-bolt"}}},
			at{snap: 10, priority: 0, stack: none, bf: none,
				gy: map[int][]string{0: {"flametongue-kavu"}, 1: {"lightning-bolt", "grizzly-bears"}}},
		)
		e := requireEvent(t, snaps[10].Events, EvDamage, "120.3e", "608.2h")
		if e.Amount != 4 || e.Object != 1 {
			t.Fatalf("the gone Kavu deals 4: %+v", e)
		}
	},
	"dies-trigger-after-combat-damage": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 6, priority: 0, stack: none, step: stepp(DeclareBlockers)},
			at{snap: 8, priority: -1, pending: ChooseTrigger, stack: none, step: stepp(CombatDamage), bf: []string{"grizzly-bears"}},
			at{snap: 9, priority: 0, stack: []string{"perilous-myr"}},
			at{snap: 11, priority: 0, stack: none, bf: none, life: []int32{20, 20},
				gy: map[int][]string{0: {"perilous-myr"}, 1: {"grizzly-bears"}}},
		)
		ev := snaps[8].Events
		d, tr := findEvent(ev, EvDestroyed), findEvent(ev, EvTriggered)
		if d == nil || tr == nil || findEvent(ev, EvPriority) != nil {
			t.Fatal("state-based action, then the trigger, and no priority before the choice")
		}
		requireEvent(t, snaps[9].Events, EvPriority, "117.3a")
	},
	"upkeep-trigger-phyrexian-arena": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 2, priority: 0, stack: []string{"phyrexian-arena"}, step: stepp(Upkeep), life: []int32{20, 20}},
			at{snap: 4, priority: 0, stack: none, step: stepp(Upkeep), life: []int32{19, 20}},
			at{snap: 6, priority: 0, stack: none, step: stepp(Draw)},
		)
		if s := snaps[2].State; s.Turn != 9 || s.Active != 0 {
			t.Fatal("A's turn")
		}
		requireEvent(t, snaps[2].Events, EvTriggered, "603.2", "603.2b")
		if h := last(snaps).Players[0].Hand; !slices.Equal(h, []string{"island", "forest"}) {
			t.Fatalf("hand %v", h)
		}
	},
	"intervening-if-fails": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 2, priority: 0, stack: []string{"felidar-sovereign"}, life: []int32{40, 20}, step: stepp(Upkeep)},
			at{snap: 5, priority: 1, stack: []string{"lightning-bolt", "felidar-sovereign"}},
			at{snap: 7, priority: 0, stack: []string{"felidar-sovereign"}, life: []int32{37, 20}},
			at{snap: 9, priority: 0, stack: none, life: []int32{37, 20}},
		)
		requireEvent(t, snaps[2].Events, EvTriggered, "603.2", "603.2b", "603.4")
		requireEvent(t, snaps[9].Events, EvIfFails, "603.4")
		if s := last(snaps); s.Over || findEvent(allEvents(snaps), EvWins) != nil {
			t.Fatal("nobody wins")
		}
	},
	"bushido-on-both-sides": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 6, priority: 0, stack: []string{"mothrider-samurai", "cursed-ronin"}, step: stepp(DeclareBlockers)},
			at{snap: 8, priority: 0, stack: []string{"cursed-ronin"}},
			at{snap: 10, priority: 0, stack: none},
			at{snap: 12, priority: 0, stack: none, step: stepp(CombatDamage), bf: []string{"mothrider-samurai"},
				gy: map[int][]string{0: {"cursed-ronin"}}, life: []int32{20, 20}},
		)
		requireEvent(t, snaps[6].Events, EvTriggered, "603.2", "702.45a")
		if p, tt, _ := snaps[8].State.PowerToughness(2); p != 3 || tt != 3 {
			t.Fatalf("samurai %d/%d", p, tt)
		}
		if p, tt, _ := snaps[10].State.PowerToughness(1); p != 2 || tt != 2 {
			t.Fatalf("ronin %d/%d", p, tt)
		}
		if s := last(snaps); s.Permanent(2).Damage != 2 {
			d := s.Permanent(2).Damage
			t.Fatalf("samurai damage %d", d)
		}
	},
	"cast-trigger-resolves-first": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 1, priority: 0, stack: []string{"eidolon-of-the-great-revel", "lightning-bolt"}},
			at{snap: 3, priority: 1, stack: []string{"eidolon-of-the-great-revel", "shock", "eidolon-of-the-great-revel", "lightning-bolt"}},
			at{snap: 5, priority: 0, stack: []string{"shock", "eidolon-of-the-great-revel", "lightning-bolt"}, life: []int32{20, 18}},
			at{snap: 7, priority: 0, stack: []string{"eidolon-of-the-great-revel", "lightning-bolt"}, life: []int32{18, 18}},
			at{snap: 9, priority: 0, stack: []string{"lightning-bolt"}, life: []int32{16, 18}},
			at{snap: 11, priority: 0, stack: none, life: []int32{16, 18}, bf: []string{"eidolon-of-the-great-revel"}},
		)
		if s := snaps[3].State; s.Stack[3].That != 1 || s.Stack[1].That != 0 || s.Stack[3].Controller != 0 {
			t.Fatal("A controls both abilities; each names the player who cast the spell")
		}
	},
	"attack-triggers-hellrider": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 3, priority: 0, stack: []string{"hellrider", "hellrider"}, step: stepp(DeclareAttackers), life: []int32{20, 20}},
			at{snap: 5, priority: 0, stack: []string{"hellrider"}, life: []int32{20, 19}},
			at{snap: 7, priority: 0, stack: none, life: []int32{20, 18}},
			at{snap: 9, priority: 0, stack: none, step: stepp(DeclareBlockers)},
			at{snap: 11, priority: 0, stack: none, step: stepp(CombatDamage), life: []int32{20, 14}},
		)
		requireEvent(t, snaps[3].Events, EvTriggered, "603.2", "508.1m")
	},
	"end-step-sacrifice-trigger": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 2, priority: 0, stack: []string{"ball-lightning"}, step: stepp(End)},
			at{snap: 4, priority: -1, pending: ChooseTrigger, stack: none, bf: []string{"blood-artist"}, gy: map[int][]string{0: {"ball-lightning"}}},
			at{snap: 5, priority: 0, stack: []string{"blood-artist"}},
			at{snap: 7, priority: 0, stack: none, life: []int32{21, 19}},
			at{snap: 9, priority: 1, stack: none, step: stepp(Upkeep)},
		)
		requireEvent(t, snaps[4].Events, EvSacrifice, "701.21a")
		if s := last(snaps); s.Turn != 7 || s.Active != 1 {
			t.Fatal("B's turn")
		}
	},
	"howling-mine-each-draw-step": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 2, priority: 1, stack: []string{"howling-mine"}, step: stepp(Draw)},
			at{snap: 4, priority: 1, stack: none, step: stepp(Draw)},
			at{snap: 6, priority: 1, stack: none, step: stepp(Main1)},
		)
		if s := snaps[2].State; s.Stack[0].Controller != 0 || s.Stack[0].That != 1 || !slices.Equal(s.Players[1].Hand, []string{"island"}) {
			t.Fatal("A controls the ability, B is that player")
		}
		if h := snaps[4].State.Players[1].Hand; !slices.Equal(h, []string{"island", "forest"}) {
			t.Fatalf("B's hand %v", h)
		}
	},
	"enters-triggers-of-other-permanents": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 1, priority: 0, stack: []string{"ankh-of-mishra"}},
			at{snap: 3, priority: 0, stack: none, life: []int32{18, 20}},
			at{snap: 6, priority: 0, stack: []string{"grizzly-bears"}},
			at{snap: 8, priority: 0, stack: []string{"soul-warden"},
				bf: []string{"ankh-of-mishra", "soul-warden", "forest", "mountain", "grizzly-bears"}},
			at{snap: 10, priority: 0, stack: none, life: []int32{19, 20}},
		)
		if s := snaps[1].State; s.Stack[0].Controller != 1 || s.Stack[0].That != 0 {
			t.Fatal("B controls the Ankh's ability; A is the land's controller")
		}
	},
	"cleanup-step-priority-megrim": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 2, priority: -1, pending: ChooseDiscard, stack: none, step: stepp(Cleanup)},
			at{snap: 3, priority: 0, stack: []string{"megrim", "megrim"}, step: stepp(Cleanup), gy: map[int][]string{0: {"plains", "shock"}}},
			at{snap: 5, priority: 0, stack: []string{"megrim"}, life: []int32{18, 20}, step: stepp(Cleanup)},
			at{snap: 7, priority: 0, stack: none, life: []int32{16, 20}, step: stepp(Cleanup)},
			at{snap: 9, priority: 1, stack: none, step: stepp(Upkeep)},
		)
		requireEvent(t, snaps[3].Events, EvPriority, "514.3a")
		if !snaps[3].State.CleanupPriority {
			t.Fatal("another cleanup step must follow")
		}
		ev := snaps[9].Events
		if n := len(slices.DeleteFunc(slices.Clone(ev), func(e Event) bool { return e.Kind != EvCleanup })); n != 1 {
			t.Fatalf("a second cleanup step: %d", n)
		}
		requireEvent(t, ev, EvNoPriority, "514.3")
	},
	"split-second-morph-special-action": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		if r := snaps[3].Rejected; r == nil || r.Reason != ReasonSplitSecond {
			t.Fatalf("Giant Growth is refused: %+v", r)
		}
		if f := snaps[3].State.Permanent(5); f == nil || f.Card != "forest" || f.Tapped || f.Controller != 1 {
			t.Fatal("B has an untapped Forest: only split second stops Giant Growth")
		}
		expect(t, snaps,
			at{snap: 2, priority: 1, stack: []string{"sudden-shock"}},
			at{snap: 6, priority: 1, stack: []string{"sudden-shock"}},
			at{snap: 7, priority: 1, stack: []string{"sudden-shock"}},
			at{snap: 9, priority: 0, stack: none, gy: map[int][]string{0: {"sudden-shock"}}},
		)
		if p, tt, _ := snaps[6].State.PowerToughness(1); p != 2 || tt != 2 || !snaps[6].State.Permanent(1).FaceDown {
			t.Fatal("a face-down 2/2")
		}
		requireEvent(t, snaps[7].Events, EvPriority, "116.3")
		if s := snaps[7].State; s.Players[1].Pool.Total() != 0 || s.Permanent(1).FaceDown {
			t.Fatal("the morph cost is paid and the Angel is face up")
		}
		s := last(snaps)
		if p, tt, _ := s.PowerToughness(1); p != 4 || tt != 5 || s.Permanent(1).Damage != 2 {
			t.Fatalf("angel %d/%d", p, tt)
		}
	},
	"mana-abilities-while-casting": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		if r := snaps[1].Rejected; r == nil || r.Reason != ReasonSummoningSick {
			t.Fatalf("the sick Elves can't pay: %+v", r)
		}
		expect(t, snaps,
			at{snap: 2, priority: 0, stack: []string{"grizzly-bears"}},
			at{snap: 4, priority: 0, stack: none, bf: []string{"llanowar-elves", "forest", "sol-ring", "grizzly-bears"}},
			at{snap: 6, priority: 0, stack: none, step: stepp(BeginCombat)},
		)
		ev := snaps[2].Events
		if len(ev) != 4 || ev[0].Kind != EvManaAbility || ev[1].Kind != EvManaAbility || ev[2].Kind != EvCast {
			t.Fatalf("mana abilities, then the cast: %s", dumpEvents(ev))
		}
		requireEvent(t, ev, EvManaAbility, "601.2g", "605.3a")
		requireEvent(t, ev, EvCast, "601.2", "601.2h", "601.2i")
		if p := snaps[2].State.Players[0].Pool; p != (Mana{C: 1}) {
			t.Fatalf("pool %v", p)
		}
		requireEvent(t, snaps[6].Events, EvPoolsEmpty, "500.5", "106.4")
	},
	"sacrificed-source-last-known-information": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		expect(t, snaps,
			at{snap: 3, priority: 0, stack: []string{"mogg-fanatic", "lightning-bolt"}, gy: map[int][]string{0: {"mogg-fanatic"}}},
			at{snap: 5, priority: 1, stack: []string{"lightning-bolt"}, bf: none, gy: map[int][]string{1: {"savannah-lions"}}},
			at{snap: 7, priority: 1, stack: none, gy: map[int][]string{1: {"savannah-lions", "lightning-bolt"}}},
		)
		requireEvent(t, snaps[3].Events, EvSacrifice, "602.2b", "601.2h")
		e := requireEvent(t, snaps[5].Events, EvDamage, "120.3e", "608.2h")
		if e.Source != 4 || e.Amount != 1 {
			t.Fatalf("the ability names its gone source: %+v", e)
		}
		requireEvent(t, snaps[7].Events, EvFizzle, "608.2b")
	},
	"four-players-priority-order": func(t *testing.T, sc Scenario, snaps []Snapshot) {
		for i, want := range []int{0, 0, 1, 2, 2, 3, 0, 1, 0, 1, 2, 3, 0} {
			if got := snaps[i].State.Priority; got != want {
				t.Errorf("snapshot %d: priority %d, want %d", i, got, want)
			}
		}
		expect(t, snaps,
			at{snap: 4, priority: 2, stack: []string{"counterspell", "lightning-bolt"}},
			at{snap: 7, priority: 1, stack: []string{"counterspell", "lightning-bolt"}},
			at{snap: 8, priority: 0, stack: none, bf: []string{"grizzly-bears"}, gy: map[int][]string{0: {"lightning-bolt"}, 2: {"counterspell"}}},
			at{snap: 12, priority: 0, stack: none, step: stepp(BeginCombat)},
		)
		if snaps[7].State.PassStreak != 3 || snaps[4].State.PassStreak != 0 {
			t.Fatal("the count starts again after Counterspell")
		}
	},
}
