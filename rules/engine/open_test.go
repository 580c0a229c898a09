package engine

import (
	"errors"
	"reflect"
	"testing"
)

// kindsAndRules lists each event as its kind and its first rule.
func kindsAndRules(evs []Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Kind+" "+e.Rules[0])
	}
	return out
}

func openSetup(t *testing.T, st Setup) (State, Snapshot) {
	t.Helper()
	s, err := st.Build(testCards(t))
	if err != nil {
		t.Fatal(err)
	}
	return s, Open(s)
}

func TestOpenPerformsStateBasedActionsBeforePriority(t *testing.T) {
	t.Parallel()
	zero := 0
	st := Setup{Turn: 1, Step: Main1, Players: []SetupPlayer{{Name: "A"}, {Name: "B", Life: &zero}},
		Battlefield: []SetupPermanent{{ID: 1, Card: "grizzly-bears", Controller: 0, Damage: 2}}}
	before, open := openSetup(t, st)
	want := []string{EvDestroyed + " 704.5g", EvLoses + " 704.5a", EvGameOver + " 104.2a"}
	if got := kindsAndRules(open.Events); !reflect.DeepEqual(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	s := open.State
	if !s.Over || s.Winner != 0 || s.Priority != -1 || len(s.Battlefield) != 0 || !reflect.DeepEqual(s.Players[0].Graveyard, []string{"grizzly-bears"}) {
		t.Errorf("opened state: over %t winner %d priority %d battlefield %v graveyard %v", s.Over, s.Winner, s.Priority, s.Battlefield, s.Players[0].Graveyard)
	}
	if len(before.Battlefield) != 1 || before.Over {
		t.Error("Open wrote its input")
	}
	if open.Action != nil || len(LegalActions(s)) != 0 {
		t.Error("an opened game that is over offers moves")
	}
}

func TestOpenAuraAttachedToNothing(t *testing.T) {
	t.Parallel()
	st := Setup{Turn: 2, Step: Main1, Players: []SetupPlayer{{Name: "A"}, {Name: "B"}},
		Battlefield: []SetupPermanent{{ID: 1, Card: "holy-strength", Controller: 1}}}
	_, open := openSetup(t, st)
	want := []string{EvAuraFallsOff + " 704.5m", EvPriority + " 117.5"}
	if got := kindsAndRules(open.Events); !reflect.DeepEqual(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	if s := open.State; s.Priority != 0 || len(s.Players[1].Graveyard) != 1 {
		t.Errorf("priority %d, B's graveyard %v", s.Priority, s.Players[1].Graveyard)
	}
}

func TestOpenLeavesASettledPositionAlone(t *testing.T) {
	t.Parallel()
	one := 1
	st := Setup{Turn: 2, Step: Main1, Priority: &one, Players: []SetupPlayer{{Name: "A"}, {Name: "B"}},
		Battlefield: []SetupPermanent{{ID: 1, Card: "grizzly-bears", Controller: 0, Damage: 1}}}
	before, open := openSetup(t, st)
	if len(open.Events) != 0 || open.State.Priority != 1 || !reflect.DeepEqual(open.State.Battlefield, before.Battlefield) {
		t.Errorf("a settled position changed: %v, priority %d", open.Events, open.State.Priority)
	}
}

// A player who loses in a game of three leaves it; a dies trigger waits
// for its controller's choice of target, and the priority holder gets
// priority after it.
func TestOpenLeavesGameAndWaitsForTriggerChoice(t *testing.T) {
	t.Parallel()
	zero, two := 0, 2
	st := Setup{Turn: 4, Step: Main1, Active: 1, Priority: &two, Players: []SetupPlayer{{Name: "A"}, {Name: "B"}, {Name: "C", Life: &zero}},
		Battlefield: []SetupPermanent{{ID: 1, Card: "goblin-arsonist", Controller: 0, Damage: 1}, {ID: 2, Card: "forest", Controller: 2}}}
	_, open := openSetup(t, st)
	want := []string{EvDestroyed + " 704.5g", EvTriggered + " 603.2", EvLoses + " 704.5a", EvLeaves + " 800.4a", EvChoice + " 603.3d"}
	if got := kindsAndRules(open.Events); !reflect.DeepEqual(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	s := open.State
	if s.Pending.Kind != ChooseTrigger || s.Pending.Player != 0 || s.Pending.Then != 2 || s.Over {
		t.Fatalf("pending %+v over %t", s.Pending, s.Over)
	}
	legal := LegalActions(s)
	if len(legal) == 0 || legal[0].Kind != ActPutTrigger {
		t.Fatalf("legal %v", legal)
	}
	after, ev := must(t, s, legal[0])
	// One ability alone goes on the stack by 603.3; 603.3b orders several.
	if e := findEvent(ev, EvTrigger); after.Priority != 0 || e == nil || !reflect.DeepEqual(e.Rules, []string{"603.3"}) {
		t.Errorf("after the choice: priority %d, events %s", after.Priority, dumpEvents(ev))
	}
}

// A built combat is declared as the rules would have it: attackers tapped
// (unless vigilance), blockers blocking, each checked like a declaration.
func TestSetupCombat(t *testing.T) {
	t.Parallel()
	one := 1
	cards := testCards(t)
	base := func() Setup {
		return Setup{Turn: 3, Step: DeclareBlockers, Players: []SetupPlayer{{Name: "A"}, {Name: "B"}},
			Battlefield: []SetupPermanent{
				{ID: 1, Card: "grizzly-bears", Controller: 0, Attacking: &one},
				{ID: 2, Card: "serra-angel", Controller: 0, Attacking: &one},
				{ID: 3, Card: "hill-giant", Controller: 1, Blocking: 1},
			}}
	}
	s, err := base().Build(cards)
	if err != nil {
		t.Fatal(err)
	}
	bears, angel, giant := s.Permanent(1), s.Permanent(2), s.Permanent(3)
	if !bears.Attacking || !bears.Tapped || bears.Defender != 1 || !bears.Blocked || !angel.Attacking || angel.Tapped || giant.Blocking != 1 || s.Attackers != 2 {
		t.Fatalf("combat %+v %+v %+v", bears, angel, giant)
	}
	for name, c := range map[string]struct {
		change  func(*Setup)
		reason  SetupReason
		illegal Reason
		item    int
	}{
		"sick":       {func(st *Setup) { st.Battlefield[0].Sick = true }, SetupAttacker, ReasonSummoningSick, 0},
		"tapped":     {func(st *Setup) { st.Battlefield[1].Tapped = true }, SetupAttacker, ReasonTapped, 1},
		"own player": {func(st *Setup) { zero := 0; st.Battlefield[0].Attacking = &zero }, SetupAttacker, ReasonIllegalDefender, 0},
		"not active": {func(st *Setup) {
			st.Battlefield[2] = SetupPermanent{ID: 3, Card: "hill-giant", Controller: 1, Attacking: &one}
		}, SetupAttacker, ReasonCannotAttack, 2},
		"block flyer":   {func(st *Setup) { st.Battlefield[2].Blocking = 2 }, SetupBlocker, ReasonCannotBlock, 2},
		"block nothing": {func(st *Setup) { st.Battlefield[0].Attacking = nil }, SetupBlocker, ReasonCannotBlock, 2},
		"early blocker": {func(st *Setup) { st.Step = DeclareAttackers }, SetupCombatStep, "", 2},
		"early attack":  {func(st *Setup) { st.Step = Main1 }, SetupCombatStep, "", 0},
	} {
		st := base()
		c.change(&st)
		var se *SetupError
		if _, err := st.Build(cards); !errors.As(err, &se) || se.Reason != c.reason || se.Illegal != c.illegal || se.Item != c.item {
			t.Errorf("%s: %v", name, err)
		}
	}
}
