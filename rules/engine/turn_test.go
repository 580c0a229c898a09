package engine

import (
	"slices"
	"testing"
)

// passAll has every player in the game pass once, starting with the priority holder.
func passRound(t *testing.T, s State) (State, []Event) {
	t.Helper()
	var all []Event
	n := s.PlayersInGame()
	for i := 0; i < n; i++ {
		var ev []Event
		s, ev = must(t, s, Pass(s.Priority))
		all = append(all, ev...)
	}
	return s, all
}

func TestTurnAdvancesUntapUpkeepDraw(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = End
	land := put(&s, "forest", 1)
	s.Permanent(land).Tapped = true
	bears := put(&s, "grizzly-bears", 1)
	s.Permanent(bears).Sick = true
	s.Players[1].Library = []string{"shock", "island"}
	s, ev := passRound(t, s)
	// End -> cleanup -> B's untap (no priority) -> upkeep.
	if s.Turn != 4 || s.Active != 1 || s.Step != Upkeep || s.Priority != 1 {
		t.Fatalf("turn %d active %d step %v priority %d", s.Turn, s.Active, s.Step, s.Priority)
	}
	requireEvent(t, ev, EvCleanup, "514.2")
	requireEvent(t, ev, EvUntap, "502.3")
	requireEvent(t, ev, EvNoPriority, "502.4")
	requireEvent(t, ev, EvPriority, "117.3a")
	for _, e := range ev {
		if e.Kind == EvPriority && (e.Step == Untap || e.Step == Cleanup) {
			t.Fatalf("priority given in %v", e.Step)
		}
	}
	if s.Permanent(land).Tapped || s.Permanent(bears).Sick {
		t.Fatal("untap step should untap and end summoning sickness")
	}
	s, ev = passRound(t, s)
	requireEvent(t, ev, EvDraw, "504.1")
	if s.Step != Draw || !slices.Equal(s.Players[1].Hand, []string{"shock"}) || len(s.Players[1].Library) != 1 {
		t.Fatalf("draw step: %v hand %v", s.Step, s.Players[1].Hand)
	}
}

func TestSkipFirstDraw(t *testing.T) {
	t.Parallel()
	s := NewState(testCards(t), "A", "B")
	s.Step = Upkeep
	s.SkipFirstDraw = true
	s.Players[0].Library = []string{"island"}
	s, ev := passRound(t, s)
	requireEvent(t, ev, EvSkipDraw, "103.8a")
	if len(s.Players[0].Hand) != 0 {
		t.Fatal("player should skip the first draw")
	}
}

func TestNoAttackersSkipsCombatSteps(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = BeginCombat
	s, ev := passRound(t, s)
	// A controls no creatures: declaring no attackers happens at once.
	if s.Step != DeclareAttackers || s.Priority != 0 || s.Pending.Kind != "" {
		t.Fatalf("step %v priority %d pending %v", s.Step, s.Priority, s.Pending)
	}
	s, ev = passRound(t, s)
	requireEvent(t, ev, EvSkipCombatSteps, "508.8")
	if s.Step != EndCombat {
		t.Fatalf("expected end of combat, got %v", s.Step)
	}
}

func TestCombatUnblockedAndBlocked(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = BeginCombat
	bears := put(&s, "grizzly-bears", 0)
	craw := put(&s, "craw-wurm", 0)
	wall := put(&s, "grizzly-bears", 1)
	s, _ = passRound(t, s)
	if s.Pending.Kind != ChooseAttackers || s.Priority != -1 {
		t.Fatalf("pending %v priority %d", s.Pending, s.Priority)
	}
	if _, _, err := Apply(s, Pass(1)); reason(err) != ReasonChoicePending {
		t.Fatalf("other player during choice: %v", err)
	}
	s, ev := must(t, s, Action{Kind: ActDeclareAttackers, Player: 0, Attackers: []int{bears, craw}, Defender: 1})
	requireEvent(t, ev, EvAttackers, "508.1")
	if !s.Permanent(bears).Tapped || !s.Permanent(craw).Attacking || s.Priority != 0 {
		t.Fatal("attackers not tapped/attacking")
	}
	s, _ = passRound(t, s)
	if s.Step != DeclareBlockers || s.Pending.Kind != ChooseBlockers || s.Pending.Player != 1 {
		t.Fatalf("blockers: step %v pending %v", s.Step, s.Pending)
	}
	s, _ = must(t, s, Action{Kind: ActDeclareBlockers, Player: 1, Blocks: []Block{{Blocker: wall, Attacker: bears}}})
	s, ev = passRound(t, s)
	if s.Step != CombatDamage {
		t.Fatalf("step %v", s.Step)
	}
	requireEvent(t, ev, EvCombatDamage, "510.2", "120.3a")
	if s.Players[1].Life != 14 {
		t.Fatalf("B life %d, want 14", s.Players[1].Life)
	}
	if s.Permanent(bears) != nil || s.Permanent(wall) != nil {
		t.Fatal("both bears should be destroyed (704.5g)")
	}
	requireEvent(t, ev, EvDestroyed, "704.5g")
	s, ev = passRound(t, s)
	s, ev2 := passRound(t, s)
	ev = append(ev, ev2...)
	requireEvent(t, ev, EvCombatEnds, "511.3")
	if s.Step != Main2 || s.Permanent(craw).Attacking {
		t.Fatalf("step %v", s.Step)
	}
}

func TestFirstStrikeStepAndCrushingPain(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = DeclareAttackers
	maw := put(&s, "colossal-dreadmaw", 0)
	wolves := put(&s, "tundra-wolves", 1)
	m1, m2 := put(&s, "mountain", 1), put(&s, "mountain", 1)
	hand(&s, 1, "crushing-pain")
	s.Pending = Choice{Kind: ChooseAttackers, Player: 0}
	s.Priority = -1
	s, _ = must(t, s, Action{Kind: ActDeclareAttackers, Player: 0, Attackers: []int{maw}, Defender: 1})
	s, _ = passRound(t, s)
	s, _ = must(t, s, Action{Kind: ActDeclareBlockers, Player: 1, Blocks: []Block{{Blocker: wolves, Attacker: maw}}})
	// Crushing Pain needs a creature dealt damage this turn.
	c := s.Clone()
	c.Priority = 1
	pool(&c, 1, "RR")
	if _, _, err := Apply(c, cast(1, "crushing-pain", ObjectTarget(maw))); reason(err) != ReasonIllegalTarget {
		t.Fatalf("crushing pain on undamaged creature: %v", err)
	}
	s, ev := passRound(t, s)
	if s.Step != FirstStrikeDamage {
		t.Fatalf("step %v", s.Step)
	}
	requireEvent(t, ev, EvStep, "510.4")
	requireEvent(t, ev, EvCombatDamage, "510.4", "510.2", "120.3e")
	if d := s.Permanent(maw).Damage; d != 1 {
		t.Fatalf("dreadmaw damage %d", d)
	}
	if s.Permanent(wolves).Damage != 0 {
		t.Fatal("dreadmaw must not deal damage in the first-strike step")
	}
	s, _ = mustAll(t, s, Pass(0), tapLand(1, m1), tapLand(1, m2), cast(1, "crushing-pain", ObjectTarget(maw)), Pass(1))
	s, ev = must(t, s, Pass(0))
	requireEvent(t, ev, EvDestroyed, "704.5g")
	if s.Permanent(maw) != nil || s.Step != FirstStrikeDamage || s.Priority != 0 {
		t.Fatalf("dreadmaw should die before regular damage; step %v", s.Step)
	}
	s, ev = passRound(t, s)
	if s.Step != CombatDamage || findEvent(ev, EvCombatDamage) != nil {
		t.Fatalf("no regular combat damage expected: %s", dumpEvents(ev))
	}
	if s.Players[1].Life != 20 || s.Permanent(wolves) == nil {
		t.Fatal("B takes no damage and the wolves survive")
	}
}
