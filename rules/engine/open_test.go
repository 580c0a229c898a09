package engine

import (
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
