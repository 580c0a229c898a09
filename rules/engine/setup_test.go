package engine

import (
	"errors"
	"slices"
	"testing"
)

func ptr(n int) *int { return &n }

// A position with spells already on the stack plays on: the objects keep
// their ids, new ones follow them, and the top of the stack resolves
// first once both players pass (117.4, 608.1).
func TestSetupWithStackResolvesTopFirst_117_4(t *testing.T) {
	t.Parallel()
	cards := testCards(t)
	st := Setup{
		Turn: 2, Active: 0, Step: Main1,
		Players: []SetupPlayer{{Name: "A", LibrarySize: 2}, {Name: "B", Life: ptr(3)}},
		Battlefield: []SetupPermanent{
			{ID: 1, Card: "grizzly-bears", Controller: 1},
			{ID: 2, Card: "mountain", Controller: 0},
		},
		Stack: []SetupStackObject{
			{ID: 3, Kind: KindSpell, Card: "giant-growth", Controller: 1, Targets: []Target{ObjectTarget(1)}},
			{ID: 4, Kind: KindSpell, Card: "shock", Controller: 0, Targets: []Target{ObjectTarget(1)}},
		},
	}
	s, err := st.Build(cards)
	if err != nil {
		t.Fatal(err)
	}
	if s.NextID != 5 || len(s.Stack) != 2 || s.Top().ID != 4 || s.Priority != 0 || s.Players[1].Life != 3 ||
		!slices.Equal(s.Players[0].Library, []string{HiddenCard, HiddenCard}) {
		t.Fatalf("built %+v", s)
	}
	s, ev := mustApply(t, s, Pass(0))
	s, ev = mustApply(t, s, Pass(1))
	if s.Permanent(1) != nil || len(s.Stack) != 1 || !slices.Contains(s.Players[1].Graveyard, "grizzly-bears") {
		t.Fatalf("Shock did not resolve first and kill the Bears: %+v %+v", s.Battlefield, ev)
	}
	// Giant Growth's target is gone: it does not resolve (608.2b).
	s, _ = mustApply(t, s, Pass(0))
	s, ev = mustApply(t, s, Pass(1))
	if !slices.ContainsFunc(ev, func(e Event) bool { return e.Kind == EvFizzle && e.Object == 3 }) {
		t.Errorf("Giant Growth should not resolve: %+v", ev)
	}
}

func mustApply(t *testing.T, s State, a Action) (State, []Event) {
	t.Helper()
	next, ev, err := Apply(s, a)
	if err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
	return next, ev
}

// Cards of no importance can be drawn and discarded but never cast or
// played (they are in no card pool).
func TestHiddenCardsAreOnlyDrawn(t *testing.T) {
	t.Parallel()
	cards := testCards(t)
	st := Setup{Turn: 2, Step: Main1, Players: []SetupPlayer{{Name: "A", Hand: []string{"forest"}, LibrarySize: 1}, {Name: "B"}}}
	s, err := st.Build(cards)
	if err != nil {
		t.Fatal(err)
	}
	s.Players[0].Hand = append(s.Players[0].Hand, HiddenCard)
	for _, a := range LegalActions(s) {
		if a.Card == HiddenCard {
			t.Errorf("a hidden card is offered: %+v", a)
		}
	}
	if err := Check(s, Action{Kind: ActCastSpell, Player: 0, Card: HiddenCard}); err == nil {
		t.Error("a hidden card can be cast")
	}
	bad := st
	bad.Players = []SetupPlayer{{Name: "A", Hand: []string{HiddenCard}}, {Name: "B"}}
	var se *SetupError
	if err := bad.Validate(cards); !errors.As(err, &se) || se.Reason != SetupHiddenCardUsed || se.Zone != ZoneHand || se.Player != 0 {
		t.Errorf("hidden card in a hand: %v", err)
	}
}

// A start position's stack objects are checked against what lies below
// them: a spell can target a spell under it, not one above it.
func TestSetupStackTargetsOnlyBelow(t *testing.T) {
	t.Parallel()
	cards := testCards(t)
	st := Setup{Turn: 1, Step: Main1, Players: []SetupPlayer{{Name: "A"}, {Name: "B"}},
		Stack: []SetupStackObject{
			{ID: 1, Kind: KindSpell, Card: "counterspell", Controller: 1, Targets: []Target{ObjectTarget(2)}},
			{ID: 2, Kind: KindSpell, Card: "shock", Controller: 0, Targets: []Target{PlayerTarget(1)}},
		}}
	var se *SetupError
	if err := st.Validate(cards); !errors.As(err, &se) || se.Reason != SetupIllegalTarget || se.Item != 0 {
		t.Errorf("target above: %v", err)
	}
	st.Stack[0], st.Stack[1] = st.Stack[1], st.Stack[0]
	if err := st.Validate(cards); err != nil {
		t.Errorf("target below: %v", err)
	}
	st.Stack = append(st.Stack, SetupStackObject{ID: 2, Kind: KindSpell, Card: "shock", Controller: 0, Targets: []Target{PlayerTarget(1)}})
	if err := st.Validate(cards); !errors.As(err, &se) || se.Reason != SetupID {
		t.Errorf("duplicate id: %v", err)
	}
}
