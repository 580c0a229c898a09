package engine

import (
	"slices"
	"testing"
)

// An intervening "if" that is false when the event happens: no trigger (603.4).
func TestInterveningIfFalseDoesNotTrigger(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step, s.Active, s.Turn = End, 1, 4
	put(&s, "felidar-sovereign", 0)
	s.Players[0].Life = 39
	s.Players[0].Library = []string{"plains"}
	s.Priority = 1
	s, ev := passRound(t, s)
	if s.Step != Upkeep || len(s.Stack) != 0 || findEvent(ev, EvTriggered) != nil {
		t.Fatalf("39 life: no trigger; step %v stack %v", s.Step, s.Stack)
	}
}

// A creature that lost its abilities has no triggered abilities (613.1f):
// Sudden Spoiling stops bushido.
func TestLostAbilitiesDoNotTrigger(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = DeclareAttackers
	ronin := put(&s, "cursed-ronin", 0)
	blocker := put(&s, "mothrider-samurai", 1)
	s.Effects = []Continuous{{Object: ronin, SetBase: true, BasePower: 0, BaseToughness: 2, LoseAbilities: true}}
	s.Pending, s.Priority = Choice{Kind: ChooseAttackers, Player: 0}, -1
	s, _ = must(t, s, Action{Kind: ActDeclareAttackers, Player: 0, Attackers: []int{ronin}, Defender: 1})
	s, _ = passRound(t, s)
	s, _ = must(t, s, Action{Kind: ActDeclareBlockers, Player: 1, Blocks: []Block{{Blocker: blocker, Attacker: ronin}}})
	if got := stackCards(s); !slices.Equal(got, []string{"mothrider-samurai"}) {
		t.Fatalf("only the Samurai's bushido: %v", got)
	}
}

// A triggered ability with no legal target is removed as it would go on
// the stack (603.3d); nobody is asked.
func TestTriggerWithoutTargetIsRemoved(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Waiting = []StackObject{{Kind: KindTrigger, Controller: 0, Owner: 0, Card: "flametongue-kavu", Source: 99}}
	s, ev := must(t, s, Pass(0))
	requireEvent(t, ev, EvTriggerRemoved, "603.3d")
	if len(s.Stack) != 0 || len(s.Waiting) != 0 || s.Priority != 1 || s.Pending.Kind != "" {
		t.Fatalf("removed: %+v", s)
	}
}

// Passing while choosing puts the first waiting ability with its first
// legal target; passing on an optional ability declines it (603.5).
func TestPassingMakesTheDefaultChoices(t *testing.T) {
	t.Parallel()
	s := game2(t)
	put(&s, "goblin-arsonist", 0)
	put(&s, "blood-artist", 0)
	hand(&s, 1, "shock")
	pool(&s, 1, "R")
	s, _ = mustAll(t, s, Pass(0), cast(1, "shock", ObjectTarget(1)), Pass(1), Pass(0))
	if s.Pending.Kind != ChooseTrigger || s.Pending.Player != 0 {
		t.Fatalf("A chooses: %+v", s.Pending)
	}
	s, _ = must(t, s, Pass(0)) // the Arsonist's, at A (the first legal target)
	s, _ = must(t, s, Pass(0)) // then Blood Artist's, at A
	if got := stackCards(s); !slices.Equal(got, []string{"blood-artist", "goblin-arsonist"}) || s.Priority != 0 {
		t.Fatalf("stack %v priority %d", got, s.Priority)
	}
	if s.Stack[0].Targets[0] != PlayerTarget(0) {
		t.Fatalf("first legal target: %+v", s.Stack[0].Targets)
	}
	s, _ = passRound(t, s) // Blood Artist: A loses 1 and gains 1
	s, _ = passRound(t, s) // the Arsonist asks A
	if s.Pending.Kind != ChooseMay {
		t.Fatalf("pending %+v", s.Pending)
	}
	s, ev := must(t, s, Pass(0))
	requireEvent(t, ev, EvMayDeclined, "603.5")
	if s.Players[0].Life != 20 || s.Priority != 0 || s.Pending.Kind != "" {
		t.Fatalf("declined: life %d", s.Players[0].Life)
	}
}

// A player who concedes while choosing takes their triggers along; the
// player who was to get priority gets it (800.4a).
func TestConcedeWhileChoosingTriggers(t *testing.T) {
	t.Parallel()
	s := NewState(testCards(t), "A", "B", "C")
	s.Turn = 3
	put(&s, "perilous-myr", 1)
	hand(&s, 0, "shock")
	pool(&s, 0, "R")
	s, _ = mustAll(t, s, cast(0, "shock", ObjectTarget(1)), Pass(0), Pass(1), Pass(2))
	if s.Pending.Kind != ChooseTrigger || s.Pending.Player != 1 {
		t.Fatalf("B chooses the Myr's target: %+v", s.Pending)
	}
	s, ev := must(t, s, Action{Kind: ActConcede, Player: 1})
	requireEvent(t, ev, EvPriority, "117.3b")
	if len(s.Waiting) != 0 || len(s.Stack) != 0 || s.Priority != 0 || s.Pending.Kind != "" {
		t.Fatalf("after B left: %+v", s)
	}
}

// Leaves-the-battlefield abilities look back in time (603.10a): Blood
// Artist dying together with another creature sees both deaths.
func TestDiesTriggersLookBack(t *testing.T) {
	t.Parallel()
	s := game2(t)
	put(&s, "blood-artist", 0)
	put(&s, "grizzly-bears", 1)
	hand(&s, 0, "earthquake")
	pool(&s, 0, "RRR")
	s, _ = mustAll(t, s, Action{Kind: ActCastSpell, Player: 0, Card: "earthquake", X: 2}, Pass(0), Pass(1))
	if len(s.Battlefield) != 0 || s.Pending.Kind != ChooseTrigger || len(s.Waiting) != 2 {
		t.Fatalf("two Blood Artist triggers wait: %+v", s.Waiting)
	}
}

// Destroying is dying; returning to hand is not (700.4).
func TestDestroyDiesBounceDoesNot(t *testing.T) {
	t.Parallel()
	s := game2(t)
	put(&s, "perilous-myr", 1)
	hand(&s, 0, "unsummon", "murder")
	pool(&s, 0, "UBBB")
	s, _ = mustAll(t, s, cast(0, "unsummon", ObjectTarget(1)), Pass(0), Pass(1))
	if len(s.Waiting) != 0 || len(s.Stack) != 0 || !slices.Equal(s.Players[1].Hand, []string{"perilous-myr"}) {
		t.Fatalf("bounced: %+v", s.Players[1])
	}
	s = game2(t)
	put(&s, "perilous-myr", 1)
	hand(&s, 0, "murder")
	pool(&s, 0, "BBB")
	s, ev := mustAll(t, s, cast(0, "murder", ObjectTarget(1)), Pass(0), Pass(1))
	requireEvent(t, ev, EvDestroy, "701.8a")
	if s.Pending.Kind != ChooseTrigger || s.Pending.Player != 1 {
		t.Fatalf("the Myr's controller chooses a target: %+v", s.Pending)
	}
}

// Haste, vigilance, lifelink and reach.
func TestKeywords(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = DeclareAttackers
	angel := put(&s, "serra-angel", 0)
	felidar := put(&s, "felidar-sovereign", 0)
	goblin := put(&s, "raging-goblin", 0)
	s.Battlefield[2].Sick = true
	spider := put(&s, "giant-spider", 1)
	s.Pending, s.Priority = Choice{Kind: ChooseAttackers, Player: 0}, -1
	s, _ = must(t, s, Action{Kind: ActDeclareAttackers, Player: 0, Attackers: []int{angel, felidar, goblin}, Defender: 1})
	if s.Permanent(angel).Tapped || s.Permanent(felidar).Tapped || !s.Permanent(goblin).Tapped {
		t.Fatal("vigilance: no tap; the hasty goblin attacks and taps")
	}
	s, _ = passRound(t, s)
	s, _ = must(t, s, Action{Kind: ActDeclareBlockers, Player: 1, Blocks: []Block{{Blocker: spider, Attacker: angel}}})
	s, ev := passRound(t, s)
	requireEvent(t, ev, EvLifeGain, "120.3f", "702.15b")
	if s.Players[0].Life != 24 || s.Players[1].Life != 15 {
		t.Fatalf("life %d/%d", s.Players[0].Life, s.Players[1].Life)
	}
}

// Mana abilities activated while casting must be legal; a refused cast
// changes nothing.
func TestManaWhileCastingChecked(t *testing.T) {
	t.Parallel()
	s := game2(t)
	f := put(&s, "forest", 0)
	s.Battlefield[0].Tapped = true
	hand(&s, 0, "giant-growth")
	put(&s, "grizzly-bears", 0)
	a := Action{Kind: ActCastSpell, Player: 0, Card: "giant-growth", Targets: []Target{ObjectTarget(2)}, Mana: []ManaUse{{Object: f}}}
	if _, _, err := Apply(s, a); reason(err) != ReasonTapped {
		t.Fatalf("tapped forest: %v", err)
	}
	s.Battlefield[0].Tapped = false
	a.Mana = append(a.Mana, ManaUse{Object: f})
	if _, _, err := Apply(s, a); reason(err) != ReasonTapped {
		t.Fatalf("the same forest twice: %v", err)
	}
}
