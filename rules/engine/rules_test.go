package engine

import (
	"slices"
	"testing"
)

func TestIllegalTargetsDoNotResolve(t *testing.T) {
	t.Parallel()
	s := game2(t)
	wolves := put(&s, "tundra-wolves", 1)
	hand(&s, 0, "shock")
	hand(&s, 1, "giant-growth")
	pool(&s, 0, "R")
	pool(&s, 1, "G")
	s.Priority = 1
	s, _ = mustAll(t, s, cast(1, "giant-growth", ObjectTarget(wolves)), Pass(1),
		cast(0, "shock", ObjectTarget(wolves)), Pass(0))
	s, ev := must(t, s, Pass(1)) // Shock resolves
	requireEvent(t, ev, EvDestroyed, "704.5g")
	if s.Priority != 0 {
		t.Fatalf("active player gets priority after resolution, got %d", s.Priority)
	}
	s, ev = mustAll(t, s, Pass(0), Pass(1))
	e := requireEvent(t, ev, EvFizzle, "608.2b")
	if e.Card != "giant-growth" {
		t.Fatalf("fizzled %s", e.Card)
	}
	// It did not resolve: the active player's priority comes by the rule
	// that removed it, not by 117.3b (after a resolution).
	requireEvent(t, ev, EvPriority, "608.2b")
	if !slices.Equal(s.Players[1].Graveyard, []string{"tundra-wolves", "giant-growth"}) {
		t.Fatalf("B graveyard %v", s.Players[1].Graveyard)
	}
	if len(s.Stack) != 0 || len(s.Effects) != 0 {
		t.Fatal("nothing should remain")
	}
}

func TestZeroLifeLoses(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Players[1].Life = 2
	hand(&s, 0, "shock")
	pool(&s, 0, "R")
	s, ev := mustAll(t, s, cast(0, "shock", PlayerTarget(1)), Pass(0), Pass(1))
	requireEvent(t, ev, EvLoses, "704.5a")
	requireEvent(t, ev, EvGameOver, "104.2a")
	if !s.Over || s.Winner != 0 || s.Priority != -1 || !s.Players[1].Lost || s.Players[1].LostBy != "704.5a" {
		t.Fatalf("over %v winner %d, lost by %q", s.Over, s.Winner, s.Players[1].LostBy)
	}
	if _, _, err := Apply(s, Pass(0)); reason(err) != ReasonGameOver {
		t.Fatalf("after game over: %v", err)
	}
	if LegalActions(s) != nil {
		t.Fatal("no legal actions after the game")
	}
}

func TestDrawFromEmptyLibraryLoses(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = Upkeep
	s, ev := passRound(t, s)
	requireEvent(t, ev, EvLoses, "704.5b")
	if !s.Over || s.Winner != 1 || s.Players[0].LostBy != "704.5b" {
		t.Fatalf("A should lose by drawing from an empty library (lost by %q)", s.Players[0].LostBy)
	}
}

func TestToughnessZeroAndAuraFallsOff(t *testing.T) {
	t.Parallel()
	s := game2(t)
	bears := put(&s, "grizzly-bears", 1)
	aura := put(&s, "holy-strength", 1)
	s.Permanent(aura).AttachedTo = int32(bears)
	if p, tt, _ := s.PowerToughness(bears); p != 3 || tt != 4 {
		t.Fatalf("enchanted bears %d/%d", p, tt)
	}
	s.Effects = append(s.Effects, Continuous{Object: bears, Power: -5, Toughness: -5})
	hand(&s, 0, "shock")
	pool(&s, 0, "R")
	s, ev := must(t, s, cast(0, "shock", PlayerTarget(1)))
	requireEvent(t, ev, EvZeroToughness, "704.5f")
	requireEvent(t, ev, EvAuraFallsOff, "704.5m")
	if len(s.Battlefield) != 0 || !slices.Equal(s.Players[1].Graveyard, []string{"grizzly-bears", "holy-strength"}) {
		t.Fatalf("graveyard %v", s.Players[1].Graveyard)
	}
}

func TestCleanupWithStateBasedActionGivesPriority(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = End
	aura := put(&s, "holy-strength", 0)
	// A fixture: the aura is attached to nothing, A already passed and B
	// passes last, so the state-based action is first noticed in cleanup.
	s.Permanent(aura).AttachedTo = 99
	s.Priority, s.PassStreak = 1, 1
	s.Players[1].Library = []string{"island"}
	s, ev := must(t, s, Pass(1))
	requireEvent(t, ev, EvAuraFallsOff, "704.5m")
	requireEvent(t, ev, EvPriority, "514.3a")
	if s.Step != Cleanup || s.Priority != 0 || !s.CleanupPriority {
		t.Fatalf("step %v priority %d", s.Step, s.Priority)
	}
	s, ev = passRound(t, s)
	// Another cleanup step, now without anything happening, then B's turn.
	n := 0
	for _, e := range ev {
		if e.Kind == EvStep && e.Step == Cleanup {
			n++
		}
	}
	if n != 1 || s.Turn != 4 || s.Active != 1 || s.Step != Upkeep {
		t.Fatalf("cleanup steps %d, turn %d step %v %s", n, s.Turn, s.Step, dumpEvents(ev))
	}
}

func TestCleanupDiscardsToHandSize(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = End
	hand(&s, 0, "shock", "island", "island", "island", "island", "island", "island", "giant-growth", "cancel")
	s.Players[1].Library = []string{"island"}
	s, ev := passRound(t, s)
	if s.Pending.Kind != ChooseDiscard || s.Pending.Count != 2 || s.Priority != -1 {
		t.Fatalf("pending %+v", s.Pending)
	}
	requireEvent(t, ev, EvChoice, "514.1")
	if _, _, err := Apply(s, Action{Kind: ActDiscard, Player: 0, Cards: []string{"shock"}}); reason(err) != ReasonIllegalDiscard {
		t.Fatalf("wrong count: %v", err)
	}
	s, _ = must(t, s, Action{Kind: ActDiscard, Player: 0, Cards: []string{"shock", "island"}})
	if len(s.Players[0].Hand) != 7 || s.Turn != 4 || !slices.Equal(s.Players[0].Graveyard, []string{"shock", "island"}) {
		t.Fatalf("hand %v turn %d", s.Players[0].Hand, s.Turn)
	}
}

func TestThreePlayersPassInTurnOrder(t *testing.T) {
	t.Parallel()
	s := NewState(testCards(t), "A", "B", "C")
	s.Turn, s.Step = 5, Upkeep
	m := put(&s, "mountain", 2)
	hand(&s, 2, "shock")
	s.Players[0].Library = []string{"island"}
	s, _ = mustAll(t, s, Pass(0), Pass(1))
	if s.Priority != 2 || s.PassStreak != 2 {
		t.Fatalf("priority %d streak %d", s.Priority, s.PassStreak)
	}
	s, _ = mustAll(t, s, tapLand(2, m), cast(2, "shock", PlayerTarget(0)), Pass(2), Pass(0))
	if len(s.Stack) != 1 || s.Priority != 1 {
		t.Fatal("Shock must wait for B to pass too")
	}
	s, ev := must(t, s, Pass(1))
	requireEvent(t, ev, EvResolve, "117.4", "608.1")
	if s.Players[0].Life != 18 || s.Priority != 0 || s.Step != Upkeep {
		t.Fatalf("life %d priority %d", s.Players[0].Life, s.Priority)
	}
	s, _ = mustAll(t, s, Pass(0), Pass(1))
	if s.Step != Upkeep {
		t.Fatal("step must not end before C passes")
	}
	s, _ = must(t, s, Pass(2))
	if s.Step != Draw || !slices.Equal(s.Players[0].Hand, []string{"island"}) {
		t.Fatalf("step %v", s.Step)
	}
}

func TestLeavingTheGame(t *testing.T) {
	t.Parallel()
	s := NewState(testCards(t), "A", "B", "C")
	s.Turn, s.Step = 5, Main1
	put(&s, "grizzly-bears", 1)
	mb := put(&s, "mountain", 1)
	hand(&s, 1, "shock")
	s, _ = mustAll(t, s, Pass(0), tapLand(1, mb), cast(1, "shock", PlayerTarget(2)))
	// B holds priority and leaves: B's spell and permanents are gone, priority passes on.
	s, ev := must(t, s, Action{Kind: ActConcede, Player: 1})
	requireEvent(t, ev, EvConcede, "104.3a")
	requireEvent(t, ev, EvLeaves, "800.4a")
	if s.Players[1].LostBy != "104.3a" {
		t.Errorf("B lost by %q, want 104.3a", s.Players[1].LostBy)
	}
	requireEvent(t, ev, EvRemovedFromStack, "800.4a")
	requireEvent(t, ev, EvPriority, "800.4a", "117.3d")
	if len(s.Stack) != 0 || len(s.Battlefield) != 0 || s.Priority != 2 || !s.Players[1].Left {
		t.Fatalf("stack %v battlefield %v priority %d", s.Stack, s.Battlefield, s.Priority)
	}
	if _, _, err := Apply(s, Pass(1)); reason(err) != ReasonPlayerLeft {
		t.Fatalf("left player acts: %v", err)
	}
	// Passing now skips B (117.3d).
	s, _ = must(t, s, Pass(2))
	if s.Priority != 0 {
		t.Fatalf("priority %d", s.Priority)
	}
	s, _ = must(t, s, Pass(0))
	if s.Step != BeginCombat {
		t.Fatalf("two remaining players passed: step %v", s.Step)
	}
	// A passed, then C leaves: A's pass still counts, so the step ends when... only A remains.
	s, ev = must(t, s, Action{Kind: ActConcede, Player: 2})
	requireEvent(t, ev, EvGameOver, "104.2a")
	if !s.Over || s.Winner != 0 {
		t.Fatal("A wins when the others left")
	}
}

func TestConcedeAdjustsPassStreak(t *testing.T) {
	t.Parallel()
	s := NewState(testCards(t), "A", "B", "C")
	s.Turn, s.Step = 5, Main1
	s, _ = must(t, s, Pass(0)) // A passed; B holds priority
	s, _ = must(t, s, Action{Kind: ActConcede, Player: 0})
	if s.PassStreak != 0 || s.Priority != 1 {
		t.Fatalf("A's pass must not count after A left: streak %d priority %d", s.PassStreak, s.Priority)
	}
	s, _ = must(t, s, Pass(1))
	if s.Step != Main1 || s.Priority != 2 {
		t.Fatal("C must still get priority")
	}
	s, _ = must(t, s, Pass(2))
	if s.Step != BeginCombat {
		t.Fatalf("step %v", s.Step)
	}
	// The active player left: the turn goes on, the next player gets priority.
	if s.Priority != 1 {
		t.Fatalf("priority %d", s.Priority)
	}
}

func TestBushidoTriggersAPNAP(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = DeclareAttackers
	ronin := put(&s, "cursed-ronin", 0)
	blocker := put(&s, "cursed-ronin", 1)
	s.Pending, s.Priority = Choice{Kind: ChooseAttackers, Player: 0}, -1
	s, _ = must(t, s, Action{Kind: ActDeclareAttackers, Player: 0, Attackers: []int{ronin}, Defender: 1})
	s, _ = passRound(t, s)
	s, ev := must(t, s, Action{Kind: ActDeclareBlockers, Player: 1, Blocks: []Block{{Blocker: blocker, Attacker: ronin}}})
	requireEvent(t, ev, EvTrigger, "603.3", "603.3b")
	if len(s.Stack) != 2 || s.Stack[0].Controller != 0 || s.Stack[1].Controller != 1 || s.Priority != 0 {
		t.Fatalf("APNAP: active player's trigger goes on the stack first: %+v", s.Stack)
	}
	s, _ = passRound(t, s)
	if p, _, _ := s.PowerToughness(blocker); p != 2 || len(s.Stack) != 1 {
		t.Fatal("B's bushido resolves first")
	}
	s, _ = passRound(t, s)
	if p, _, _ := s.PowerToughness(ronin); p != 2 {
		t.Fatal("A's bushido resolves second")
	}
}

func TestSplitSecondAndMagus(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = Upkeep
	s.Players[0].Life, s.Players[1].Life = 5, 18
	magus := put(&s, "magus-of-the-mirror", 0)
	ronin := put(&s, "cursed-ronin", 0)
	sw := []int{put(&s, "swamp", 0)}
	hand(&s, 1, "sudden-spoiling")
	pool(&s, 1, "BBB")
	if _, _, err := Apply(s, cast(1, "sudden-spoiling", PlayerTarget(0))); reason(err) != ReasonNotYourPriority {
		t.Fatalf("B can't take priority: %v", err)
	}
	act := Action{Kind: ActActivateAbility, Player: 0, Object: magus, Targets: []Target{PlayerTarget(1)}}
	if _, _, err := Apply(s, Action{Kind: ActActivateAbility, Player: 0, Object: magus, Targets: []Target{PlayerTarget(0)}}); reason(err) != ReasonIllegalTarget {
		t.Fatalf("magus targets an opponent: %v", err)
	}
	main := s.Clone()
	main.Step = Main1
	if _, _, err := Apply(main, act); reason(err) != ReasonAbilityTiming {
		t.Fatalf("magus outside upkeep: %v", err)
	}
	s, ev := must(t, s, act)
	requireEvent(t, ev, EvActivate, "602.2")
	if s.Permanent(magus) != nil || !slices.Contains(s.Players[0].Graveyard, "magus-of-the-mirror") {
		t.Fatal("magus is sacrificed as a cost")
	}
	s, _ = mustAll(t, s, Pass(0), cast(1, "sudden-spoiling", PlayerTarget(0)))
	// Split second: A may only use mana abilities.
	s, _ = must(t, s, Pass(1))
	pool(&s, 0, "B")
	if _, _, err := Apply(s, Action{Kind: ActActivateAbility, Player: 0, Object: ronin}); reason(err) != ReasonSplitSecond {
		t.Fatalf("split second: %v", err)
	}
	if _, _, err := Apply(s, tapLand(0, sw[0])); err != nil {
		t.Fatalf("mana abilities are fine under split second: %v", err)
	}
	s, ev = must(t, s, Pass(0))
	requireEvent(t, ev, EvSpoil, "611.2c", "613.1f", "613.4b")
	if p, tt, _ := s.PowerToughness(ronin); p != 0 || tt != 2 {
		t.Fatalf("spoiled ronin %d/%d", p, tt)
	}
	if _, _, err := Apply(s, Action{Kind: ActActivateAbility, Player: 0, Object: ronin}); reason(err) != ReasonNoSuchAbility {
		t.Fatalf("ronin lost its abilities: %v", err)
	}
	s, ev = mustAll(t, s, Pass(0), Pass(1))
	requireEvent(t, ev, EvLifeExchange, "608.2c")
	if s.Players[0].Life != 18 || s.Players[1].Life != 5 {
		t.Fatalf("lives %d %d", s.Players[0].Life, s.Players[1].Life)
	}
	// Until end of turn only.
	s.Step = End
	s.Players[1].Library = []string{"island"}
	s, _ = passRound(t, s)
	if p, tt, _ := s.PowerToughness(ronin); p != 1 || tt != 1 {
		t.Fatalf("after cleanup ronin %d/%d", p, tt)
	}
}

func TestGemstoneArrayAndCatalogAndCancel(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = End
	arr := put(&s, "gemstone-array", 1)
	hand(&s, 1, "catalog", "cancel")
	s.Players[1].Library = []string{"shock", "island", "swamp"}
	pool(&s, 1, "UUUUU")
	s, _ = must(t, s, Pass(0))
	s, _ = mustAll(t, s, Action{Kind: ActActivateAbility, Player: 1, Object: arr}, Pass(1), Pass(0))
	if s.Permanent(arr).Counters["charge"] != 1 {
		t.Fatal("charge counter")
	}
	if _, _, err := Apply(s, Action{Kind: ActActivateMana, Player: 0, Object: arr, Ability: 1, Color: "R"}); reason(err) != ReasonNotController {
		t.Fatalf("%v", err)
	}
	s, _ = must(t, s, Pass(0))
	if _, _, err := Apply(s, Action{Kind: ActActivateMana, Player: 1, Object: arr, Ability: 1}); reason(err) != ReasonNeedColor {
		t.Fatalf("%v", err)
	}
	if _, _, err := Apply(s, Action{Kind: ActActivateAbility, Player: 1, Object: arr, Ability: 1}); reason(err) != ReasonManaAbility {
		t.Fatalf("%v", err)
	}
	s, _ = must(t, s, Action{Kind: ActActivateMana, Player: 1, Object: arr, Ability: 1, Color: "R"})
	if s.Players[1].Pool.R != 1 || s.Permanent(arr).Counters["charge"] != 0 {
		t.Fatal("remove a counter: add one mana")
	}
	s, _ = mustAll(t, s, cast(1, "catalog"), Pass(1))
	// A counters Catalog? A has no Cancel; B casts Cancel on own Catalog is legal but let it resolve.
	s, ev := must(t, s, Pass(0))
	if s.Pending.Kind != ChooseDiscard || s.Pending.Player != 1 || s.Priority != -1 {
		t.Fatalf("catalog waits for the discard: %+v", s.Pending)
	}
	if !slices.Equal(s.Players[1].Hand, []string{"cancel", "shock", "island"}) {
		t.Fatalf("hand %v %s", s.Players[1].Hand, dumpEvents(ev))
	}
	s, ev = must(t, s, Action{Kind: ActDiscard, Player: 1, Cards: []string{"island"}})
	requireEvent(t, ev, EvPriority, "117.3b")
	if !slices.Equal(s.Players[1].Graveyard, []string{"island", "catalog"}) || s.Priority != 0 {
		t.Fatalf("graveyard %v", s.Players[1].Graveyard)
	}
	// Cancel counters a spell.
	c := game2(t)
	hand(&c, 0, "shock")
	hand(&c, 1, "cancel")
	pool(&c, 0, "R")
	pool(&c, 1, "UUU")
	c, _ = mustAll(t, c, cast(0, "shock", PlayerTarget(1)), Pass(0), cast(1, "cancel", ObjectTarget(1)), Pass(1), Pass(0))
	if len(c.Stack) != 0 || c.Players[1].Life != 20 || !slices.Equal(c.Players[0].Graveyard, []string{"shock"}) {
		t.Fatalf("cancel: %+v", c.Players)
	}
}

func TestEarthquakeSparesFlyers(t *testing.T) {
	t.Parallel()
	s := game2(t)
	drake := put(&s, "wind-drake", 1)
	bears := put(&s, "grizzly-bears", 1)
	hand(&s, 0, "earthquake")
	pool(&s, 0, "RRR")
	if _, _, err := Apply(s, Action{Kind: ActCastSpell, Player: 0, Card: "earthquake", X: 3}); reason(err) != ReasonNotEnoughMana {
		t.Fatalf("X=3 needs 4 mana: %v", err)
	}
	s, _ = mustAll(t, s, Action{Kind: ActCastSpell, Player: 0, Card: "earthquake", X: 2}, Pass(0), Pass(1))
	if s.Permanent(bears) != nil || s.Permanent(drake) == nil || s.Players[0].Life != 18 || s.Players[1].Life != 18 {
		t.Fatal("earthquake X=2")
	}
}

func TestTrampleAndFlyingBlock(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Step = DeclareAttackers
	maw := put(&s, "colossal-dreadmaw", 0)
	drake := put(&s, "wind-drake", 0)
	bears := put(&s, "grizzly-bears", 1)
	s.Pending, s.Priority = Choice{Kind: ChooseAttackers, Player: 0}, -1
	s, _ = must(t, s, Action{Kind: ActDeclareAttackers, Player: 0, Attackers: []int{maw, drake}, Defender: 1})
	s, _ = passRound(t, s)
	if _, _, err := Apply(s, Action{Kind: ActDeclareBlockers, Player: 1, Blocks: []Block{{Blocker: bears, Attacker: drake}}}); reason(err) != ReasonCannotBlock {
		t.Fatalf("flying: %v", err)
	}
	s, _ = must(t, s, Action{Kind: ActDeclareBlockers, Player: 1, Blocks: []Block{{Blocker: bears, Attacker: maw}}})
	s, _ = passRound(t, s)
	if s.Players[1].Life != 14 { // 4 trample + 2 flying
		t.Fatalf("life %d", s.Players[1].Life)
	}
}

func TestDiscardCost(t *testing.T) {
	t.Parallel()
	pool := map[string]Card{}
	for id, c := range testCards(t) {
		pool[id] = c
	}
	// A test-only card with "Discard a card: this gets +1/+1 until end of turn."
	pool["test-discarder"] = Card{ID: "test-discarder", Types: []string{"creature"}, Power: 1, Toughness: 1,
		Abilities: []Ability{{Discard: 1, Effects: []Effect{{Kind: EffPump, Power: 1, Toughness: 1, Self: true}}}}}
	s := NewState(pool, "A", "B")
	id := put(&s, "test-discarder", 0)
	hand(&s, 0, "shock")
	act := Action{Kind: ActActivateAbility, Player: 0, Object: id}
	if _, _, err := Apply(s, act); reason(err) != ReasonIllegalDiscard {
		t.Fatalf("missing discard: %v", err)
	}
	act.Cards = []string{"island"}
	if _, _, err := Apply(s, act); reason(err) != ReasonIllegalDiscard {
		t.Fatalf("card not in hand: %v", err)
	}
	legal := LegalActions(s)
	if !slices.ContainsFunc(legal, func(a Action) bool { return a.Kind == ActActivateAbility && slices.Equal(a.Cards, []string{"shock"}) }) {
		t.Fatalf("legal actions miss the discard cost: %+v", legal)
	}
	act.Cards = []string{"shock"}
	s, ev := must(t, s, act)
	requireEvent(t, ev, EvDiscard, "602.2b", "601.2h")
	if len(s.Players[0].Hand) != 0 || !slices.Equal(s.Players[0].Graveyard, []string{"shock"}) || len(s.Stack) != 1 {
		t.Fatal("the card is discarded as a cost")
	}
}

func TestNoPriorityAndLastPasserLeaves(t *testing.T) {
	t.Parallel()
	s := game2(t)
	s.Priority = -1
	if _, _, err := Apply(s, Pass(0)); reason(err) != ReasonNoPriority {
		t.Fatalf("nobody has priority: %v", err)
	}
	// Three players: A casts, A and B pass, C (holding priority) leaves.
	// A and B have passed in succession, so the spell resolves.
	g := NewState(testCards(t), "A", "B", "C")
	g.Turn = 2
	hand(&g, 0, "shock")
	pool(&g, 0, "R")
	g, _ = mustAll(t, g, cast(0, "shock", PlayerTarget(1)), Pass(0), Pass(1))
	g, ev := must(t, g, Action{Kind: ActLeaveGame, Player: 2})
	requireEvent(t, ev, EvLeaves, "800.4a")
	requireEvent(t, ev, EvResolve, "117.4", "608.1")
	if g.Players[1].Life != 18 || g.Priority != 0 || len(g.Stack) != 0 {
		t.Fatalf("life %d priority %d", g.Players[1].Life, g.Priority)
	}
}
