package engine

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// richStart is a game with lands, creatures, artifacts and full hands for
// n players, so random play meets most rules.
func richStart(t testing.TB, n int) State {
	names := []string{"A", "B", "C", "D"}[:n]
	s := NewState(testCards(t), names...)
	s.TurnLimit = 8
	s.SkipFirstDraw = true
	for p := 0; p < n; p++ {
		for _, c := range []string{"forest", "mountain", "swamp", "island", "plains", "swamp",
			"grizzly-bears", "tundra-wolves", "cursed-ronin", "prodigal-pyromancer", "gemstone-array"} {
			put(&s, c, p)
		}
		if p == 0 {
			put(&s, "magus-of-the-mirror", p)
		}
		// Triggered abilities of every kind, a face-down creature and
		// keywords, so random games put triggers on the stack all the time.
		for _, c := range []string{"goblin-arsonist", "perilous-myr", "blood-artist", "eidolon-of-the-great-revel",
			"mothrider-samurai", "howling-mine", "megrim", "soul-warden", "hellrider", "mogg-fanatic"} {
			put(&s, c, p)
		}
		s.Battlefield[put(&s, "exalted-angel", p)-1].FaceDown = true
		hand(&s, p, "shock", "giant-growth", "dark-ritual", "earthquake", "holy-strength", "catalog",
			"cancel", "sudden-spoiling", "crushing-pain", "wind-drake", "forest", "flametongue-kavu",
			"elvish-visionary", "murder", "sudden-shock", "unsummon", "lightning-bolt")
		s.Players[p].Library = []string{"shock", "island", "grizzly-bears", "giant-growth", "mountain",
			"dark-ritual", "swamp", "cancel", "forest", "craw-wurm"}
	}
	return s
}

type walk struct {
	actions []Action
	snaps   []Snapshot
}

// randomWalk plays random legal actions and checks invariants after each.
func randomWalk(t *testing.T, start State, seed uint64, steps int) walk {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	s := start
	w := walk{snaps: []Snapshot{{State: start}}}
	consecutive := 0
	apnapPos := -1 // APNAP position of the last trigger put on the stack in this batch
	for i := 0; i < steps && !s.Over; i++ {
		legal := LegalActions(s)
		if len(legal) == 0 {
			t.Fatalf("seed %d step %d: no legal actions in a running game: %+v", seed, i, s.Pending)
		}
		a := legal[r.IntN(len(legal))]
		before := s.Clone()
		inGame := s.PlayersInGame()
		next, ev, err := Apply(s, a)
		if err != nil {
			t.Fatalf("seed %d step %d: LegalActions offered an illegal action %+v: %v", seed, i, a, err)
		}
		if !reflect.DeepEqual(before, s) {
			t.Fatalf("seed %d step %d: Apply mutated its input", seed, i)
		}
		// Structural sharing must not be observable: the same action on a
		// deep copy gives the same result, and a sibling applied to the same
		// state leaves this result alone.
		if i%3 == 0 {
			viaClone, ev2, _ := Apply(s.Clone(), a)
			if !reflect.DeepEqual(viaClone, next) || !reflect.DeepEqual(ev2, ev) {
				t.Fatalf("seed %d step %d: result differs when applied to a clone", seed, i)
			}
			keep := next.Clone()
			sib := legal[r.IntN(len(legal))]
			sibling, _, _ := Apply(s, sib)
			if len(LegalActions(sibling)) > 0 {
				l2 := LegalActions(sibling)
				Apply(sibling, l2[r.IntN(len(l2))])
			}
			if !reflect.DeepEqual(keep, next) || !reflect.DeepEqual(before, s) {
				t.Fatalf("seed %d step %d: a sibling changed another state", seed, i)
			}
		}
		if a.Kind == ActPassPriority && s.Pending.Kind == "" {
			consecutive++
		} else {
			consecutive = 0
		}
		if a.Kind != ActPutTrigger && !(a.Kind == ActPassPriority && s.Pending.Kind == ChooseTrigger) {
			apnapPos = -1 // a new batch of triggers starts
		}
		for _, e := range ev {
			if len(e.Rules) == 0 {
				t.Fatalf("seed %d: event %s without rules", seed, e.Kind)
			}
			// APNAP: within one batch, the triggers go on the stack the
			// active player's first, then each other player's in turn
			// order (603.3b).
			switch e.Kind {
			case EvTrigger:
				n := len(s.Players)
				pos := (int(e.Player) - next.Active + n) % n
				if pos < apnapPos {
					t.Fatalf("seed %d step %d: player %d's trigger after a later player's (APNAP)", seed, i, e.Player)
				}
				apnapPos = pos
			case EvChoice, EvTriggerRemoved:
			default:
				apnapPos = -1
			}
			switch e.Kind {
			case EvResolve, EvStepEnds:
				if consecutive != inGame {
					t.Fatalf("seed %d step %d: %s after %d passes in succession with %d players", seed, i, e.Kind, consecutive, inGame)
				}
				consecutive = 0
			case EvPriority:
				if e.Step == Untap {
					t.Fatalf("seed %d: priority in the untap step", seed)
				}
				if e.Step == Cleanup && e.Rules[0] != "514.3a" && e.Rules[0] != "117.3b" && e.Rules[0] != "117.3c" && e.Rules[0] != "117.3d" && e.Rules[0] != "116.3" {
					t.Fatalf("seed %d: priority in cleanup with %v", seed, e.Rules)
				}
			}
		}
		checkInvariants(t, next, seed, i)
		s = next
		act := a
		w.actions = append(w.actions, a)
		w.snaps = append(w.snaps, Snapshot{State: s, Action: &act, Events: ev})
	}
	return w
}

func checkInvariants(t *testing.T, s State, seed uint64, i int) {
	t.Helper()
	if s.Over {
		if s.Priority != -1 || s.Pending.Kind != "" {
			t.Fatalf("seed %d step %d: finished game still has a priority holder", seed, i)
		}
		return
	}
	holders := 0
	if s.Priority >= 0 {
		holders++
		if !s.InGame(s.Priority) {
			t.Fatalf("seed %d step %d: priority holder %d is not in the game", seed, i, s.Priority)
		}
	}
	if s.Pending.Kind != "" {
		holders++
	}
	if holders != 1 {
		t.Fatalf("seed %d step %d: %d players may act (priority %d pending %v)", seed, i, holders, s.Priority, s.Pending.Kind)
	}
	if s.Step == Untap {
		t.Fatalf("seed %d step %d: the game waits in the untap step", seed, i)
	}
	// Every waiting trigger reaches the stack before anyone gets priority (117.5, 603.3).
	if s.Priority >= 0 && len(s.Waiting) > 0 {
		t.Fatalf("seed %d step %d: %d triggers wait while player %d has priority", seed, i, len(s.Waiting), s.Priority)
	}
	if s.Pending.Kind == ChooseTrigger {
		mine := 0
		for _, w := range s.Waiting {
			if w.Controller == s.Pending.Player {
				mine++
			}
		}
		if mine == 0 {
			t.Fatalf("seed %d step %d: player %d chooses among no triggers", seed, i, s.Pending.Player)
		}
	}
	if s.PassStreak >= s.PlayersInGame() {
		t.Fatalf("seed %d step %d: pass streak %d with %d players", seed, i, s.PassStreak, s.PlayersInGame())
	}
	ids := map[int]bool{}
	for _, p := range s.Battlefield {
		if ids[int(p.ID)] || int(p.ID) >= s.NextID {
			t.Fatalf("seed %d step %d: bad object id %d", seed, i, p.ID)
		}
		ids[int(p.ID)] = true
	}
	for _, o := range s.Stack {
		if ids[o.ID] || o.ID >= s.NextID {
			t.Fatalf("seed %d step %d: bad stack id %d", seed, i, o.ID)
		}
		ids[o.ID] = true
	}
}

func TestPropertyRandomGames(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	putTrigger, apnapBatches := 0, 0
	seeds := uint64(40)
	if testing.Short() {
		seeds = 8
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		players := 2 + int(seed%3)
		start := richStart(t, players)
		w := randomWalk(t, start, seed, 300)
		for _, sn := range w.snaps {
			controllers := map[int32]bool{}
			for _, e := range sn.Events {
				seen[e.Kind] = true
				if e.Kind == EvTrigger {
					controllers[e.Player] = true
				}
			}
			if len(controllers) > 1 {
				apnapBatches++
			}
			if sn.Action != nil && sn.Action.Kind == ActPutTrigger {
				putTrigger++
			}
		}
		// Same actions → identical snapshots.
		snaps, err := Replay(start, w.actions)
		if err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		if !reflect.DeepEqual(snaps, w.snaps) {
			t.Fatalf("seed %d: replay differs from the walk", seed)
		}
		again, _ := Replay(start, w.actions)
		if !reflect.DeepEqual(snaps, again) {
			t.Fatalf("seed %d: replay is not deterministic", seed)
		}
	}
	// The random games must actually exercise the rules under test: players
	// choose how to put their triggers on the stack, and several players'
	// triggers go on the stack together (APNAP, checked in randomWalk).
	if !testing.Short() && (putTrigger < 10 || apnapBatches < 5) {
		t.Errorf("random games chose triggers %d times and stacked several players' triggers together %d times", putTrigger, apnapBatches)
	}
	t.Logf("%d put_trigger choices, %d APNAP batches", putTrigger, apnapBatches)
	for _, k := range []string{EvResolve, EvStepEnds, EvCombatDamage, EvDestroyed, EvFizzle, EvTrigger,
		EvAttackers, EvBlockers, EvSkipCombatSteps, EvCleanup, EvUntap, EvDraw, EvPoolsEmpty, EvSpoil,
		EvTriggered, EvMayAccepted, EvMayDeclined, EvDestroy, EvBounce, EvLifeLoss, EvLifeGain} {
		if !seen[k] && !testing.Short() {
			t.Errorf("random games never produced %s", k)
		}
	}
}

func TestPropertyPassOnlyGamesTerminate(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 20; seed++ {
		players := 2 + int(seed%3)
		start := richStart(t, players)
		// Random play first so the pass-only part starts anywhere.
		w := randomWalk(t, start, seed, int(seed*7))
		s := w.snaps[len(w.snaps)-1].State
		s.TurnLimit = 0 // no limit: the libraries must end the game
		lastTurn, lastStep := s.Turn, s.Step
		for i := 0; !s.Over; i++ {
			if i > 5000 {
				t.Fatalf("seed %d: pass-only game did not end", seed)
			}
			p := s.Priority
			if s.Pending.Kind != "" {
				p = s.Pending.Player
			}
			var err error
			s, _, err = Apply(s, Pass(p))
			if err != nil {
				t.Fatalf("seed %d: pass %d: %v", seed, i, err)
			}
			if s.Turn < lastTurn || (s.Turn == lastTurn && s.Step < lastStep) {
				t.Fatalf("seed %d: the game went backwards", seed)
			}
			lastTurn, lastStep = s.Turn, s.Step
		}
	}
}

func TestPropertyPassesAdvanceEveryRound(t *testing.T) {
	t.Parallel()
	// With an empty stack, one pass per player always moves to another step.
	s := richStart(t, 3)
	s.TurnLimit = 0
	for i := 0; i < 200 && !s.Over; i++ {
		turn, step, empty := s.Turn, s.Step, len(s.Stack) == 0 && s.Pending.Kind == ""
		for k := 0; k < s.PlayersInGame() && !s.Over; k++ {
			for s.Pending.Kind != "" { // a pass while choosing is the default choice, not a priority pass
				s, _ = must(t, s, Pass(s.Pending.Player))
			}
			if !s.Over {
				s, _ = must(t, s, Pass(s.Priority))
			}
		}
		if empty && !s.Over && s.Turn == turn && s.Step == step && step != Cleanup {
			t.Fatalf("round %d: no progress in %v", i, step)
		}
	}
}

// scenarioStart is a scenario-sized game: two players with four lands and
// two creatures each, five cards in hand and a short library.
func scenarioStart(t testing.TB) State {
	s := NewState(testCards(t), "A", "B")
	s.TurnLimit = 8
	for p := 0; p < 2; p++ {
		for _, c := range []string{"forest", "mountain", "swamp", "island", "grizzly-bears", "cursed-ronin"} {
			put(&s, c, p)
		}
		hand(&s, p, "shock", "giant-growth", "dark-ritual", "holy-strength", "forest")
		s.Players[p].Library = []string{"shock", "island", "grizzly-bears", "giant-growth", "mountain", "swamp"}
	}
	return s
}

// benchActions returns 50 legal actions from a seeded random walk.
func benchActions(tb testing.TB, start State) []Action {
	for seed := uint64(1); seed < 1000; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		s := start
		var acts []Action
		for len(acts) < 50 && !s.Over {
			legal := LegalActions(s)
			a := legal[r.IntN(len(legal))]
			var err error
			s, _, err = Apply(s, a)
			if err != nil {
				tb.Fatal(err)
			}
			acts = append(acts, a)
		}
		if len(acts) == 50 {
			return acts
		}
	}
	tb.Fatal("no 50-action game found")
	return nil
}

// BenchmarkReplay50 replays a 50-action game of scenario size.
func BenchmarkReplay50(b *testing.B) {
	start := scenarioStart(b)
	acts := benchActions(b, start)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Replay(start, acts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplay50Rich replays 50 actions of a game with 45 permanents
// (many with triggered abilities) and full hands.
func BenchmarkReplay50Rich(b *testing.B) {
	start := richStart(b, 2)
	acts := benchActions(b, start)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Replay(start, acts); err != nil {
			b.Fatal(err)
		}
	}
}
