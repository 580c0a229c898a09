package engine

import "slices"

// game is the mutable working copy used while one action is applied.
type game struct {
	s *State
	// b holds this action's events and the buffers they come from.
	b *applier
	// owned is set once the battlefield has been copied for this action;
	// until then it is shared with the input state and must not be written.
	owned bool
	// playersOwned is the same for the players slice.
	playersOwned bool
}

// own copies the battlefield before the first change (see State.fork),
// leaving room for extra more permanents.
func (g *game) own(extra int) {
	if !g.owned {
		s := g.s
		b := make([]Permanent, len(s.Battlefield), len(s.Battlefield)+extra)
		copy(b, s.Battlefield)
		s.Battlefield = b
		g.owned = true
	}
}

// permAt returns the permanent at battlefield index i for writing.
func (g *game) permAt(i int) *Permanent {
	g.own(0)
	return &g.s.Battlefield[i]
}

// player returns player i for writing, copying the players first (see State.fork).
func (g *game) player(i int) *Player {
	s := g.s
	if !g.playersOwned {
		ps := make([]Player, len(s.Players))
		for j, p := range s.Players {
			// Clipped, so an append never writes into an array the input
			// state (or another state forked from it) can see.
			p.Hand, p.Library, p.Graveyard = clip(p.Hand), clip(p.Library), clip(p.Graveyard)
			ps[j] = p
		}
		s.Players = ps
		g.playersOwned = true
	}
	return &s.Players[i]
}

// permW returns the permanent with this id for writing, or nil.
func (g *game) permW(id int) *Permanent {
	for i := range g.s.Battlefield {
		if int(g.s.Battlefield[i].ID) == id {
			return g.permAt(i)
		}
	}
	return nil
}

// emit records an event and returns it so callers can fill in details.
func (g *game) emit(kind string, player int, rules ...string) *Event {
	b := g.b
	if cap(b.rb)-len(b.rb) < len(rules) {
		b.rb = slices.Grow([]string(nil), max(b.rbChunk, len(rules)))
	}
	start := len(b.rb)
	b.rb = append(b.rb, rules...)
	r := b.rb[start:len(b.rb):len(b.rb)]
	if len(b.ev) == cap(b.ev) {
		// A fresh buffer; this action's events so far move along, while
		// the events of earlier actions stay where they are.
		ev := slices.Grow([]Event(nil), max(b.evChunk, 2*len(b.ev)+1))
		b.ev = append(ev, b.ev...)
	}
	b.ev = append(b.ev, Event{Kind: kind, Rules: r, Player: int32(player), Other: -1, Step: g.s.Step, Turn: int32(g.s.Turn)})
	return &b.ev[len(b.ev)-1]
}

// Apply performs one action and returns the new state and what happened.
// It never mutates s. An illegal action returns s unchanged, no events and
// an *IllegalError.
func Apply(s State, a Action) (State, []Event, error) {
	if err := check(&s, a); err != nil {
		return s, nil, err
	}
	// One allocation holds the first events and their rule numbers; the
	// returned events point into it.
	buf := new(applyBuf)
	b := applier{ev: buf.ev[:0], rb: buf.rb[:0]}
	b.expect(1)
	next := s.fork()
	return next, b.exec(&next, a), nil
}

// applyBuf is the room for the events of a single Apply; most actions cause
// at most four events.
type applyBuf struct {
	ev [4]Event
	rb [8]string
}

// applier applies actions one after another (see Replay). The events and
// rule numbers of all its actions are carved from shared buffers; each
// action gets clipped slices, so later actions never write into them.
type applier struct {
	// ev holds the current action's events, at the start of the spare
	// capacity of the event buffer.
	ev []Event
	// rb is the spare capacity for rule numbers; each event's Rules is a
	// clipped window into it.
	rb []string
	// evChunk and rbChunk are the least capacities of a new buffer.
	evChunk, rbChunk int
	// cards remembers the card definitions found for the first battlefield
	// positions, for state-based actions, which look at every permanent
	// after every action (see cardAt). It is off for a single Apply.
	cards   [64]cardSlot
	cardsOn bool
}

// newReplayApplier returns an applier for a sequence of actions, with the
// card cache on.
func newReplayApplier() *applier {
	return &applier{cardsOn: true}
}

// cardSlot is a card id with its definition.
type cardSlot struct {
	id string
	c  *Card
}

// cardAt returns the definition of the card of the permanent at battlefield
// index i, like State.card, remembering it for the next actions. The card
// pool is the same for all states an applier sees.
func (g *game) cardAt(i int) *Card {
	if g.s.Battlefield[i].FaceDown {
		return faceDown
	}
	id := g.s.Battlefield[i].Card
	b := g.b
	if !b.cardsOn || i >= len(b.cards) {
		return g.s.card(id)
	}
	slot := &b.cards[i]
	if slot.c == nil || slot.id != id { // usually the same string: a pointer comparison
		*slot = cardSlot{id, g.s.card(id)}
	}
	return slot.c
}

// expect sizes new buffers for n more actions: scenarios and random games
// average 2.7 events with 3.5 rule numbers per action. (slices.Grow rounds
// the capacity up to the allocation size class.)
func (b *applier) expect(n int) {
	b.evChunk, b.rbChunk = max(4, n*11/4), max(8, n*7/2)
}

// apply checks a against *s and, when it is legal, writes the resulting
// state to *dst and returns the events. *s is never written; dst must not
// be s.
func (b *applier) apply(dst, s *State, a Action) ([]Event, error) {
	if err := check(s, a); err != nil {
		return nil, err
	}
	*dst = s.fork()
	return b.exec(dst, a), nil
}

// exec performs the checked action a on the forked state *s and returns
// its events, clipped so that nothing appended later can reach them.
func (b *applier) exec(s *State, a Action) []Event {
	g := game{s: s, b: b}
	g.exec(a)
	n := len(b.ev)
	ev := b.ev[:n:n]
	b.ev = b.ev[n:]
	return ev
}

// Check reports whether the action would be legal, without applying it.
func Check(s State, a Action) error { return check(&s, a) }

// check validates an action; it must only read the state.
func check(s *State, a Action) error {
	if s.Over {
		return illegal(ReasonGameOver, "", "104.1")
	}
	if a.Player < 0 || a.Player >= len(s.Players) {
		return illegal(ReasonNoSuchPlayer, "", "102.1")
	}
	if !s.InGame(a.Player) {
		return illegal(ReasonPlayerLeft, "", "800.4a")
	}
	switch a.Kind {
	case ActConcede:
		return nil
	case ActPassPriority, ActPlayLand, ActActivateMana, ActCastSpell, ActActivateAbility,
		ActDeclareAttackers, ActDeclareBlockers, ActDiscard, ActPutTrigger, ActMay, ActTurnFaceUp:
	default:
		return illegal(ReasonUnknownAction, string(a.Kind), "117.1")
	}
	if s.Pending.Kind != "" {
		if a.Player != s.Pending.Player {
			return illegal(ReasonChoicePending, string(s.Pending.Kind), "117.1")
		}
		switch {
		case a.Kind == ActPassPriority:
			return nil
		case string(a.Kind) == string(s.Pending.Kind):
			return checkChoice(s, a)
		default:
			return illegal(ReasonChoicePending, string(s.Pending.Kind), "117.1")
		}
	}
	switch a.Kind {
	case ActDeclareAttackers, ActDeclareBlockers, ActDiscard, ActPutTrigger, ActMay:
		return illegal(ReasonNoChoice, string(a.Kind), "117.1")
	}
	if s.Priority < 0 {
		return illegal(ReasonNoPriority, "", "117.1")
	}
	if s.Priority != a.Player {
		return illegal(ReasonNotYourPriority, "", "117.1")
	}
	switch a.Kind {
	case ActPassPriority:
		return nil
	case ActPlayLand:
		return checkPlayLand(s, a)
	case ActCastSpell:
		return checkCast(s, a)
	case ActActivateMana:
		return checkActivate(s, a, true)
	case ActActivateAbility:
		return checkActivate(s, a, false)
	case ActTurnFaceUp:
		return checkFaceUp(s, a)
	}
	return illegal(ReasonUnknownAction, string(a.Kind), "117.1")
}

// checkFaceUp checks the special action of turning a face-down permanent
// face up for its morph cost (116.2b, 702.37e); split second allows it (702.61b).
func checkFaceUp(s *State, a Action) error {
	p := s.Permanent(a.Object)
	if p == nil {
		return illegal(ReasonNoSuchObject, "", "116.2b")
	}
	if int(p.Controller) != a.Player {
		return illegal(ReasonNotController, "", "702.37e")
	}
	c := s.card(p.Card)
	if !p.FaceDown || c.Morph == "" {
		return illegal(ReasonNotFaceDown, "", "702.37e")
	}
	if !canPay(s.Players[a.Player].Pool, mustCost(c.Morph), 0) {
		return illegal(ReasonNotEnoughMana, c.Morph, "702.37e", "601.2h")
	}
	return nil
}

func (s *State) sorceryTiming(p int) bool {
	return p == s.Active && s.Step.IsMain() && len(s.Stack) == 0
}

// splitSecond reports whether a spell with split second is on the stack (702.61a).
func (s *State) splitSecond() bool {
	for _, o := range s.Stack {
		if o.Kind == KindSpell && s.card(o.Card).HasKeyword("split_second") {
			return true
		}
	}
	return false
}

// handCard returns the definition of the card a player plays or casts
// from their hand, or why they cannot (inHand: the rule saying it must be
// in hand).
func handCard(s *State, a Action, inHand string) (*Card, error) {
	if !slices.Contains(s.Players[a.Player].Hand, a.Card) {
		return nil, illegal(ReasonNotInHand, a.Card, inHand)
	}
	c, ok := s.Cards[a.Card]
	if !ok || c == nil {
		return nil, illegal(ReasonUnknownCard, a.Card, "108.1")
	}
	return c, nil
}

func checkPlayLand(s *State, a Action) error {
	c, err := handCard(s, a, "305.1")
	if err != nil {
		return err
	}
	if !c.Is("land") {
		return illegal(ReasonNotALand, a.Card, "305.1")
	}
	if !s.sorceryTiming(a.Player) {
		return illegal(ReasonSorceryTiming, "", "305.1", "116.2a")
	}
	if s.Players[a.Player].LandsPlayed >= 1 {
		return illegal(ReasonLandAlreadyPlayed, "", "305.2")
	}
	return nil
}

func checkCast(s *State, a Action) error {
	c, err := handCard(s, a, "601.2a")
	if err != nil {
		return err
	}
	if len(a.Mana) > 0 {
		// The mana abilities activated while casting (601.2g) are checked
		// one after another on a copy; then the cast is checked with the
		// mana they made.
		t := *s
		for _, m := range a.Mana {
			act := Action{Kind: ActActivateMana, Player: a.Player, Object: m.Object, Ability: m.Ability, Color: m.Color}
			if err := checkActivate(&t, act, true); err != nil {
				return err
			}
			t = t.fork()
			g := game{s: &t, b: &applier{}}
			g.manaAbility(act, "601.2g", "605.3a")
		}
		a.Mana = nil
		return checkCast(&t, a)
	}
	if c.Is("land") {
		return illegal(ReasonIsALand, a.Card, "305.1")
	}
	if s.splitSecond() {
		return illegal(ReasonSplitSecond, "", "702.61a")
	}
	if c.SorcerySpeed() && !s.sorceryTiming(a.Player) {
		return illegal(ReasonSorceryTiming, a.Card, "117.1a", "307.1")
	}
	if err := s.checkTargets(c.Target, a.Targets, a.Player); err != nil {
		return err
	}
	cost := mustCost(c.Cost)
	if a.X < 0 || (!cost.X && a.X != 0) {
		return illegal(ReasonBadX, "", "601.2b", "107.3")
	}
	if !canPay(s.Players[a.Player].Pool, cost, a.X) {
		return illegal(ReasonNotEnoughMana, c.Cost, "601.2g", "601.2h")
	}
	return nil
}

func (s *State) checkTargets(spec TargetSpec, ts []Target, controller int) error {
	want := 1
	if spec == TargetNone {
		want = 0
	}
	if len(ts) != want {
		return illegal(ReasonWrongTargetCount, "", "601.2c")
	}
	for _, t := range ts {
		if !s.targetLegal(spec, t, controller) {
			return illegal(ReasonIllegalTarget, "", "601.2c", "115.1")
		}
	}
	return nil
}

// targetLegal reports whether t is a legal target for spec right now.
func (s *State) targetLegal(spec TargetSpec, t Target, controller int) bool {
	if t.IsPlayer() {
		switch spec {
		case TargetAny, TargetPlayer:
			return s.InGame(t.Player)
		case TargetOpponent:
			return s.InGame(t.Player) && t.Player != controller
		}
		return false
	}
	switch spec {
	case TargetSpell:
		o := s.StackObject(t.Object)
		return o != nil && o.Kind == KindSpell
	case TargetAny, TargetCreature, TargetDamagedCreature, TargetTappedCreature:
		p := s.Permanent(t.Object)
		if p == nil || !s.IsCreature(p) {
			return false
		}
		return (spec != TargetDamagedCreature || p.DamagedThisTurn) && (spec != TargetTappedCreature || p.Tapped)
	case TargetArtifact, TargetArtifactOrEnch:
		p := s.Permanent(t.Object)
		if p == nil {
			return false
		}
		c := s.permCard(p)
		return c.Is("artifact") || (spec == TargetArtifactOrEnch && c.Is("enchantment"))
	}
	return false
}

// ability returns the activated ability i of a permanent, honouring effects
// that make it lose all abilities.
func (s *State) ability(p *Permanent, i int) (Ability, bool) {
	c := s.permCard(p)
	if i < 0 || i >= len(c.Abilities) || s.lostAbilities(int(p.ID)) {
		return Ability{}, false
	}
	return c.Abilities[i], true
}

func checkActivate(s *State, a Action, mana bool) error {
	p := s.Permanent(a.Object)
	if p == nil {
		return illegal(ReasonNoSuchObject, "", "602.2")
	}
	if int(p.Controller) != a.Player {
		return illegal(ReasonNotController, "", "602.2")
	}
	ab, ok := s.ability(p, a.Ability)
	if !ok {
		return illegal(ReasonNoSuchAbility, "", "602.1")
	}
	if mana && !ab.Mana {
		return illegal(ReasonNotManaAbility, "", "605.1a")
	}
	if !mana && ab.Mana {
		return illegal(ReasonManaAbility, "", "605.3a")
	}
	if !mana && s.splitSecond() {
		return illegal(ReasonSplitSecond, "", "702.61a")
	}
	switch ab.Timing {
	case "your_upkeep":
		if a.Player != s.Active || s.Step != Upkeep {
			return illegal(ReasonAbilityTiming, "", "602.5b")
		}
	case "sorcery":
		if !s.sorceryTiming(a.Player) {
			return illegal(ReasonSorceryTiming, "", "602.5d")
		}
	}
	if ab.Tap {
		if p.Tapped {
			return illegal(ReasonTapped, "", "107.5", "601.2h")
		}
		if s.sick(p) && s.IsCreature(p) {
			return illegal(ReasonSummoningSick, "", "302.6", "602.5a")
		}
	}
	if ab.RemoveCounter != "" && p.Counters[ab.RemoveCounter] <= 0 {
		return illegal(ReasonNoCounter, ab.RemoveCounter, "601.2h", "122.1")
	}
	if ab.Discard > 0 || len(a.Cards) > 0 {
		if len(a.Cards) != ab.Discard || !inHand(s.Players[a.Player].Hand, a.Cards) {
			return illegal(ReasonIllegalDiscard, "cost", "601.2h")
		}
	}
	if mana {
		for _, e := range ab.Effects {
			if e.Kind == EffAddManaAny && !validColor(a.Color) {
				return illegal(ReasonNeedColor, a.Color, "106.1a", "605.3b")
			}
		}
	} else if err := s.checkTargets(ab.Target, a.Targets, a.Player); err != nil {
		return err
	}
	if !canPay(s.Players[a.Player].Pool, mustCost(ab.Cost), 0) {
		return illegal(ReasonNotEnoughMana, ab.Cost, "601.2g", "601.2h")
	}
	return nil
}

func validColor(c string) bool {
	return c == "W" || c == "U" || c == "B" || c == "R" || c == "G"
}

func checkChoice(s *State, a Action) error {
	switch a.Kind {
	case ActDeclareAttackers:
		for i, id := range a.Attackers {
			if slices.Contains(a.Attackers[:i], id) {
				return illegal(ReasonCannotAttack, "twice", "508.1a")
			}
			p := s.Permanent(id)
			if p == nil || int(p.Controller) != a.Player || !s.IsCreature(p) || p.Tapped {
				return illegal(ReasonCannotAttack, "", "508.1a")
			}
			if s.sick(p) {
				return illegal(ReasonSummoningSick, "", "302.6", "508.1a")
			}
		}
		if len(a.Attackers) > 0 && (!s.InGame(a.Defender) || a.Defender == a.Player) {
			return illegal(ReasonIllegalDefender, "", "508.1b")
		}
	case ActDeclareBlockers:
		for i, b := range a.Blocks {
			for _, o := range a.Blocks[:i] {
				if o.Blocker == b.Blocker {
					return illegal(ReasonCannotBlock, "twice", "509.1a")
				}
			}
			p := s.Permanent(b.Blocker)
			if p == nil || int(p.Controller) != a.Player || !s.IsCreature(p) || p.Tapped {
				return illegal(ReasonCannotBlock, "", "509.1a")
			}
			at := s.Permanent(b.Attacker)
			if at == nil || !at.Attacking || int(at.Defender) != a.Player {
				return illegal(ReasonCannotBlock, "not attacking you", "509.1a")
			}
			if s.HasKeyword(at, "flying") && !s.HasKeyword(p, "flying") && !s.HasKeyword(p, "reach") {
				return illegal(ReasonCannotBlock, "flying", "702.9b", "702.17b")
			}
		}
	case ActDiscard:
		if len(a.Cards) != s.Pending.Count || !inHand(s.Players[a.Player].Hand, a.Cards) {
			return illegal(ReasonIllegalDiscard, "", "514.1", "608.2c")
		}
	case ActPutTrigger:
		return checkPutTrigger(s, a)
	}
	return nil
}

// inHand reports whether all cards (as a multiset) are in the hand.
func inHand(hand, cards []string) bool {
	h := slices.Clone(hand)
	for _, c := range cards {
		i := slices.Index(h, c)
		if i < 0 {
			return false
		}
		h = slices.Delete(h, i, i+1)
	}
	return true
}

// exec performs a checked action.
func (g *game) exec(a Action) {
	s := g.s
	switch a.Kind {
	case ActConcede:
		g.concede(a.Player)
	case ActPassPriority:
		if s.Pending.Kind != "" {
			g.defaultChoice()
			return
		}
		g.pass(a.Player)
	case ActPlayLand:
		g.playLand(a)
	case ActCastSpell:
		g.cast(a)
	case ActActivateMana:
		g.activateMana(a)
	case ActActivateAbility:
		g.activate(a)
	case ActDeclareAttackers:
		g.declareAttackers(a.Attackers, a.Defender)
	case ActDeclareBlockers:
		g.declareBlockers(a.Blocks)
	case ActDiscard:
		g.discard(a.Cards)
	case ActPutTrigger:
		g.choosePutTrigger(a)
	case ActMay:
		g.chooseMay(a.Accept)
	case ActTurnFaceUp:
		g.turnFaceUp(a)
	}
}

// removeOne returns a new slice without the first c; the input is never
// written to, because states forked by Apply share unchanged slices.
func removeOne(list []string, c string) []string {
	i := slices.Index(list, c)
	if i < 0 {
		return list
	}
	out := make([]string, 0, len(list)-1)
	out = append(out, list[:i]...)
	return append(out, list[i+1:]...)
}

// setCounter changes a permanent's counters copy-on-write.
func setCounter(p *Permanent, kind string, delta int) {
	m := make(map[string]int, len(p.Counters)+1)
	for k, v := range p.Counters {
		m[k] = v
	}
	m[kind] += delta
	p.Counters = m
}

// pass passes priority (117.3d) and resolves or ends the step when all
// players passed in succession (117.4).
func (g *game) pass(p int) {
	s := g.s
	g.emit(EvPass, p, "117.3d")
	s.Priority = -1
	s.PassStreak++
	if s.PassStreak >= s.PlayersInGame() {
		g.allPassed()
		return
	}
	g.givePriority(s.NextInGame(p), "117.3d")
}

// allPassed resolves the top of the stack or ends the step (117.4).
func (g *game) allPassed() {
	s := g.s
	s.PassStreak = 0
	s.Priority = -1
	if top := s.Top(); top != nil {
		e := g.emit(EvResolve, top.Controller, "117.4", "608.1")
		e.Object, e.Card = int32(top.ID), top.Card
		if g.resolveTop() {
			g.givePriority(s.apOrNext(), "117.3b")
		}
		return
	}
	g.emit(EvStepEnds, -1, "117.4", "500.2")
	g.endStep()
}

// givePriority checks state-based actions and puts waiting triggers on the
// stack (117.5, 704.3, 603.3), then gives priority to p. When a player has
// to choose how to put their triggers on the stack, p and the rules wait
// in the pending choice.
func (g *game) givePriority(p int, rules ...string) {
	s := g.s
	s.Priority = -1
	g.settle()
	if s.Over {
		return
	}
	if s.Pending.Kind == ChooseTrigger {
		// A copy, so that the variadic rules never escape (givePriority
		// runs after nearly every action).
		s.Pending.Then, s.Pending.ThenRules = p, slices.Clone(rules)
		return
	}
	if !s.InGame(p) {
		p = s.NextInGame(p)
	}
	s.Priority = p
	g.emit(EvPriority, p, rules...)
}

func (g *game) retainPriority(p int) {
	g.s.PassStreak = 0
	g.givePriority(p, "117.3c")
}

func (g *game) newPermanent(card string, controller, owner int) *Permanent {
	g.own(1)
	s := g.s
	s.Battlefield = append(s.Battlefield, Permanent{ID: int32(s.NextID), Card: card, Controller: int32(controller), Owner: int32(owner), Sick: true})
	s.NextID++
	return &s.Battlefield[len(s.Battlefield)-1]
}

func (g *game) playLand(a Action) {
	pl := g.player(a.Player)
	pl.Hand = removeOne(pl.Hand, a.Card)
	pl.LandsPlayed++
	p := g.newPermanent(a.Card, a.Player, a.Player)
	id := p.ID
	e := g.emit(EvPlayLand, a.Player, "305.1", "116.2a")
	e.Object, e.Card = id, a.Card
	g.fireEnters(int(id))
	g.retainPriority(a.Player)
}

func (g *game) cast(a Action) {
	s := g.s
	c := s.card(a.Card)
	pl := g.player(a.Player)
	pl.Hand = removeOne(pl.Hand, a.Card)
	for _, m := range a.Mana {
		g.manaAbility(Action{Kind: ActActivateMana, Player: a.Player, Object: m.Object, Ability: m.Ability, Color: m.Color}, "601.2g", "605.3a")
	}
	pl = g.player(a.Player)
	pl.Pool = pay(pl.Pool, mustCost(c.Cost), a.X)
	obj := StackObject{ID: s.NextID, Kind: KindSpell, Controller: a.Player, Owner: a.Player,
		Card: a.Card, Targets: slices.Clone(a.Targets), X: a.X}
	s.NextID++
	s.Stack = push(s.Stack, obj)
	var e *Event
	if len(a.Mana) > 0 {
		e = g.emit(EvCast, a.Player, "601.2", "601.2h", "601.2i")
	} else {
		e = g.emit(EvCast, a.Player, "601.2", "601.2i")
	}
	e.Object, e.Card, e.Amount = int32(obj.ID), a.Card, int32(a.X)
	g.fireCast(a.Player, c)
	g.retainPriority(a.Player)
}

// payAbilityCosts pays the mana and non-mana costs of an ability of the
// permanent with this id. The players and the battlefield are only copied
// for costs that change them.
func (g *game) payAbilityCosts(id int, ab Ability, player int, discards []string) {
	if cost := mustCost(ab.Cost); cost != (Cost{}) {
		pl := g.player(player)
		pl.Pool = pay(pl.Pool, cost, 0)
	}
	if ab.Tap {
		g.permW(id).Tapped = true
	}
	for _, c := range discards {
		pl := g.player(player)
		pl.Hand = removeOne(pl.Hand, c)
		pl.Graveyard = append(pl.Graveyard, c)
		e := g.emit(EvDiscard, player, "602.2b", "601.2h")
		e.Card = c
		g.fire(trigEvent{when: OnDiscard, player: player})
	}
	if ab.RemoveCounter != "" {
		setCounter(g.permW(id), ab.RemoveCounter, -1)
		e := g.emit(EvCounters, player, "602.2b", "601.2h", "122.1")
		e.Object, e.Card, e.Amount = int32(id), ab.RemoveCounter, -1
	}
	if ab.Sacrifice {
		e := g.emit(EvSacrifice, player, "602.2b", "601.2h")
		e.Object, e.Card = int32(id), g.s.Permanent(id).Card
		g.dies(id)
		g.removePermanent(id, true)
	}
}

func (g *game) activateMana(a Action) {
	g.manaAbility(a, "605.3a", "605.3b", "106.4")
	g.retainPriority(a.Player)
}

// manaAbility activates and resolves a mana ability at once (605.3b); the
// mana events cite rules.
func (g *game) manaAbility(a Action, rules ...string) {
	s := g.s
	p := s.Permanent(a.Object) // read only: payAbilityCosts copies what it changes
	ab, _ := s.ability(p, a.Ability)
	id, card := p.ID, p.Card
	g.payAbilityCosts(int(id), ab, a.Player, a.Cards)
	for _, eff := range ab.Effects {
		var m Mana
		switch eff.Kind {
		case EffAddMana:
			m, _ = ParseMana(eff.Mana)
		case EffAddManaAny:
			m.addColor(a.Color[0], int32(max(eff.Amount, 1)))
		default:
			continue
		}
		pl := g.player(a.Player)
		pl.Pool = pl.Pool.Add(m)
		e := g.emit(EvManaAbility, a.Player, rules...)
		e.Object, e.Card, e.Amount = id, card, int32(m.Total())
	}
}

func (g *game) activate(a Action) {
	s := g.s
	p := s.Permanent(a.Object) // read only: payAbilityCosts copies what it changes
	ab, _ := s.ability(p, a.Ability)
	id, card := p.ID, p.Card
	obj := StackObject{ID: s.NextID, Kind: KindAbility, Controller: a.Player, Owner: int(p.Owner),
		Card: card, Source: int(id), Ability: a.Ability, Targets: slices.Clone(a.Targets)}
	s.NextID++
	g.payAbilityCosts(int(id), ab, a.Player, a.Cards)
	s.Stack = push(s.Stack, obj)
	e := g.emit(EvActivate, a.Player, "602.2")
	e.Object, e.Source, e.Card = int32(obj.ID), id, card
	g.retainPriority(a.Player)
}

// removePermanent takes a permanent off the battlefield; toGraveyard puts
// its card into its owner's graveyard.
func (g *game) removePermanent(id int, toGraveyard bool) {
	g.own(0)
	s := g.s
	for i := range s.Battlefield {
		if int(s.Battlefield[i].ID) == id {
			p := s.Battlefield[i] // a copy: Delete shifts the elements
			s.Battlefield = slices.Delete(s.Battlefield, i, i+1)
			if toGraveyard && p.Owner >= 0 && int(p.Owner) < len(s.Players) && !s.Players[p.Owner].Left {
				pl := g.player(int(p.Owner))
				pl.Graveyard = append(pl.Graveyard, p.Card)
			}
			return
		}
	}
}
