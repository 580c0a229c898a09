package engine

import (
	"errors"
	"os"
	"slices"
	"sync"
	"testing"
)

var (
	cardsOnce sync.Once
	cardsMap  map[string]Card
	cardsErr  error
)

func testCards(t testing.TB) map[string]Card {
	t.Helper()
	cardsOnce.Do(func() {
		data, err := os.ReadFile("../../content/cards.json")
		if err != nil {
			cardsErr = err
			return
		}
		cardsMap, cardsErr = ParseCards(data)
	})
	if cardsErr != nil {
		t.Fatal(cardsErr)
	}
	return cardsMap
}

// game2 is a two-player game in A's first main phase on turn 3 with priority.
func game2(t testing.TB) State {
	s := NewState(testCards(t), "A", "B")
	s.Turn = 3
	return s
}

// put adds a permanent that has been under its controller's control since the turn began.
func put(s *State, card string, controller int) int {
	id := s.NextID
	s.NextID++
	s.Battlefield = append(s.Battlefield, Permanent{ID: int32(id), Card: card, Controller: int32(controller), Owner: int32(controller)})
	return id
}

func hand(s *State, p int, cards ...string) { s.Players[p].Hand = append(s.Players[p].Hand, cards...) }

func pool(s *State, p int, m string) {
	x, err := ParseMana(m)
	if err != nil {
		panic(err)
	}
	s.Players[p].Pool = s.Players[p].Pool.Add(x)
}

func must(t testing.TB, s State, a Action) (State, []Event) {
	t.Helper()
	n, ev, err := Apply(s, a)
	if err != nil {
		t.Fatalf("Apply(%+v): %v", a, err)
	}
	return n, ev
}

func mustAll(t testing.TB, s State, acts ...Action) (State, []Event) {
	t.Helper()
	var all []Event
	for _, a := range acts {
		var ev []Event
		s, ev = must(t, s, a)
		all = append(all, ev...)
	}
	return s, all
}

func cast(p int, card string, targets ...Target) Action {
	return Action{Kind: ActCastSpell, Player: p, Card: card, Targets: targets}
}

func tapLand(p, id int) Action { return Action{Kind: ActActivateMana, Player: p, Object: id} }

func reason(err error) Reason {
	var ie *IllegalError
	if errors.As(err, &ie) {
		return ie.Reason
	}
	return ""
}

// findEvent returns the first event of that kind, or nil.
func findEvent(evs []Event, kind string) *Event {
	for i := range evs {
		if evs[i].Kind == kind {
			return &evs[i]
		}
	}
	return nil
}

func eventWithRules(evs []Event, kind string, rules ...string) *Event {
	for i := range evs {
		if evs[i].Kind == kind && slices.Equal(evs[i].Rules, rules) {
			return &evs[i]
		}
	}
	return nil
}

func requireEvent(t testing.TB, evs []Event, kind string, rules ...string) *Event {
	t.Helper()
	e := eventWithRules(evs, kind, rules...)
	if e == nil {
		t.Fatalf("no %s event with rules %v in %s", kind, rules, dumpEvents(evs))
	}
	return e
}

func dumpEvents(evs []Event) string {
	out := ""
	for _, e := range evs {
		out += "\n  " + e.Kind + " " + e.Step.String() + " p" + itoa(int(e.Player)) + " " + e.Card
		for _, r := range e.Rules {
			out += " " + r
		}
	}
	return out
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func stackCards(s State) []string {
	var out []string
	for i := len(s.Stack) - 1; i >= 0; i-- { // top first
		out = append(out, s.Stack[i].Card)
	}
	return out
}
