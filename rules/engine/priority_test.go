package engine

import (
	"reflect"
	"slices"
	"testing"
)

func TestCastThenBothPassResolves(t *testing.T) {
	t.Parallel()
	s := game2(t)
	f1, f2 := put(&s, "forest", 0), put(&s, "forest", 0)
	hand(&s, 0, "grizzly-bears")
	s, _ = mustAll(t, s, tapLand(0, f1), tapLand(0, f2))
	s, ev := must(t, s, cast(0, "grizzly-bears"))
	if s.Priority != 0 {
		t.Fatalf("caster should keep priority, got %d", s.Priority)
	}
	requireEvent(t, ev, EvPriority, "117.3c")
	if got := stackCards(s); !slices.Equal(got, []string{"grizzly-bears"}) {
		t.Fatalf("stack = %v", got)
	}
	if s.Players[0].Pool.Total() != 0 {
		t.Fatalf("mana not paid: %+v", s.Players[0].Pool)
	}
	s, ev = must(t, s, Pass(0))
	if s.Priority != 1 || s.PassStreak != 1 {
		t.Fatalf("after A passes: priority %d streak %d", s.Priority, s.PassStreak)
	}
	requireEvent(t, ev, EvPriority, "117.3d")
	s, ev = must(t, s, Pass(1))
	requireEvent(t, ev, EvResolve, "117.4", "608.1")
	requireEvent(t, ev, EvPriority, "117.3b")
	if len(s.Stack) != 0 || s.Priority != 0 || s.PassStreak != 0 || s.Step != Main1 {
		t.Fatalf("after resolution: stack %v priority %d streak %d step %v", s.Stack, s.Priority, s.PassStreak, s.Step)
	}
	var bears *Permanent
	for i := range s.Battlefield {
		if s.Battlefield[i].Card == "grizzly-bears" {
			bears = &s.Battlefield[i]
		}
	}
	if bears == nil || !bears.Sick || bears.Controller != 0 {
		t.Fatalf("bears not on battlefield correctly: %+v", bears)
	}
}

func TestResponseResolvesFirst(t *testing.T) {
	t.Parallel()
	s := game2(t)
	bears := put(&s, "grizzly-bears", 1)
	hand(&s, 0, "shock")
	hand(&s, 1, "giant-growth")
	pool(&s, 0, "R")
	pool(&s, 1, "G")
	s, _ = mustAll(t, s, cast(0, "shock", ObjectTarget(bears)), Pass(0),
		cast(1, "giant-growth", ObjectTarget(bears)), Pass(1))
	if got := stackCards(s); !slices.Equal(got, []string{"giant-growth", "shock"}) {
		t.Fatalf("stack top first = %v", got)
	}
	if s.Priority != 0 || s.PassStreak != 1 {
		t.Fatalf("priority %d streak %d", s.Priority, s.PassStreak)
	}
	s, ev := must(t, s, Pass(0))
	if e := findEvent(ev, EvResolve); e == nil || e.Card != "giant-growth" {
		t.Fatalf("giant growth should resolve first: %s", dumpEvents(ev))
	}
	if p, tt, _ := s.PowerToughness(bears); p != 5 || tt != 5 {
		t.Fatalf("bears %d/%d", p, tt)
	}
	s, _ = mustAll(t, s, Pass(0), Pass(1))
	b := s.Permanent(bears)
	if b == nil || b.Damage != 2 {
		t.Fatalf("bears should survive with 2 damage: %+v", b)
	}
	if !slices.Equal(s.Players[0].Graveyard, []string{"shock"}) || !slices.Equal(s.Players[1].Graveyard, []string{"giant-growth"}) {
		t.Fatalf("graveyards %v %v", s.Players[0].Graveyard, s.Players[1].Graveyard)
	}
}

func TestIllegalActionsLeaveStateUnchanged(t *testing.T) {
	t.Parallel()
	s := game2(t)
	put(&s, "forest", 0)
	bm := put(&s, "mountain", 1)
	hand(&s, 0, "grizzly-bears", "forest", "giant-growth")
	hand(&s, 1, "shock", "mountain")
	pool(&s, 1, "R")
	before := s.Clone()
	cases := []struct {
		name string
		a    Action
		want Reason
	}{
		{"not your priority", cast(1, "shock", PlayerTarget(0)), ReasonNotYourPriority},
		{"not in hand", cast(0, "shock", PlayerTarget(1)), ReasonNotInHand},
		{"not enough mana", cast(0, "grizzly-bears"), ReasonNotEnoughMana},
		{"illegal target", cast(0, "giant-growth", PlayerTarget(1)), ReasonIllegalTarget},
		{"missing target", cast(0, "giant-growth"), ReasonWrongTargetCount},
		{"land cast", cast(0, "forest"), ReasonIsALand},
		{"not a land", Action{Kind: ActPlayLand, Player: 0, Card: "grizzly-bears"}, ReasonNotALand},
		{"no choice", Action{Kind: ActDeclareAttackers, Player: 0}, ReasonNoChoice},
		{"unknown", Action{Kind: "dance", Player: 0}, ReasonUnknownAction},
		{"bad player", Pass(7), ReasonNoSuchPlayer},
		{"not controller", tapLand(0, bm), ReasonNotController},
		{"no object", tapLand(0, 999), ReasonNoSuchObject},
	}
	for _, c := range cases {
		n, ev, err := Apply(s, c.a)
		if reason(err) != c.want {
			t.Errorf("%s: got %v, want %s", c.name, err, c.want)
		}
		if ev != nil || !reflect.DeepEqual(n, before) || !reflect.DeepEqual(s, before) {
			t.Errorf("%s: state changed", c.name)
		}
	}
	// Land: once per turn, own main phase only.
	s2, _ := must(t, s, Action{Kind: ActPlayLand, Player: 0, Card: "forest"})
	if s2.Players[0].LandsPlayed != 1 || s2.Priority != 0 {
		t.Fatalf("land play: %+v", s2.Players[0])
	}
	hand(&s2, 0, "forest")
	if _, _, err := Apply(s2, Action{Kind: ActPlayLand, Player: 0, Card: "forest"}); reason(err) != ReasonLandAlreadyPlayed {
		t.Fatalf("second land: %v", err)
	}
}

func TestSorceryTiming(t *testing.T) {
	t.Parallel()
	s := game2(t)
	hand(&s, 0, "grizzly-bears", "shock")
	hand(&s, 1, "grizzly-bears")
	pool(&s, 0, "GGR")
	pool(&s, 1, "GG")
	// Stack not empty: creature spells wait (307.1 / 117.1a).
	s, _ = must(t, s, cast(0, "shock", PlayerTarget(1)))
	_, _, err := Apply(s, cast(0, "grizzly-bears"))
	if reason(err) != ReasonSorceryTiming {
		t.Fatalf("creature with non-empty stack: %v", err)
	}
	var ie *IllegalError
	ie = err.(*IllegalError)
	if !slices.Equal(ie.Rules, []string{"117.1a", "307.1"}) {
		t.Fatalf("rules %v", ie.Rules)
	}
	// Opponent's turn: B can't cast a creature even with priority.
	s, _ = must(t, s, Pass(0))
	if _, _, err := Apply(s, cast(1, "grizzly-bears")); reason(err) != ReasonSorceryTiming {
		t.Fatalf("creature in opponent's turn: %v", err)
	}
	// Upkeep: not a main phase.
	u := game2(t)
	u.Step = Upkeep
	hand(&u, 0, "grizzly-bears")
	pool(&u, 0, "GG")
	if _, _, err := Apply(u, cast(0, "grizzly-bears")); reason(err) != ReasonSorceryTiming {
		t.Fatalf("creature in upkeep: %v", err)
	}
}

func TestPassingWithEmptyStackEndsStepAndEmptiesPools(t *testing.T) {
	t.Parallel()
	s := game2(t)
	sw := put(&s, "swamp", 0)
	s, _ = must(t, s, tapLand(0, sw))
	if s.Players[0].Pool.B != 1 {
		t.Fatal("mana not added")
	}
	s, ev := mustAll(t, s, Pass(0), Pass(1))
	requireEvent(t, ev, EvStepEnds, "117.4", "500.2")
	requireEvent(t, ev, EvPoolsEmpty, "500.5", "106.4")
	requireEvent(t, ev, EvPriority, "117.3a")
	if s.Step != BeginCombat || s.Priority != 0 || s.Players[0].Pool.Total() != 0 {
		t.Fatalf("step %v priority %d pool %+v", s.Step, s.Priority, s.Players[0].Pool)
	}
}

func TestNonPassResetsStreak(t *testing.T) {
	t.Parallel()
	s := game2(t)
	m := put(&s, "mountain", 1)
	hand(&s, 1, "shock")
	s, _ = must(t, s, Pass(0))
	if s.PassStreak != 1 {
		t.Fatal("streak should be 1")
	}
	s, _ = must(t, s, tapLand(1, m))
	if s.PassStreak != 0 || s.Priority != 1 {
		t.Fatalf("mana ability should reset streak and keep priority: %d %d", s.PassStreak, s.Priority)
	}
	s, _ = mustAll(t, s, cast(1, "shock", PlayerTarget(0)), Pass(1))
	if s.Priority != 0 || len(s.Stack) != 1 {
		t.Fatal("A should have priority with Shock on the stack")
	}
	s, _ = must(t, s, Pass(0))
	if s.Players[0].Life != 18 || s.Priority != 0 {
		t.Fatalf("life %d priority %d", s.Players[0].Life, s.Priority)
	}
}
