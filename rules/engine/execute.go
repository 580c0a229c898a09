package engine

import "slices"

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
		id := top.ID
		e := g.emit(EvResolve, top.Controller, "117.4", "608.1")
		e.Object, e.Card = int32(id), top.Card
		if g.resolveTop() {
			g.givePriority(s.activeOrNext(), g.afterResolving(id))
		}
		return
	}
	g.emit(EvStepEnds, -1, "117.4", "500.2")
	g.endStep()
}

// afterResolving is the rule by which the active player receives
// priority once the object id left the stack: 117.3b after it resolved,
// otherwise the rule that removed it without resolving (608.2b, 603.4).
func (g *game) afterResolving(id int) string {
	for _, e := range g.applier.events {
		if int(e.Object) == id && (e.Kind == EvFizzle || e.Kind == EvIfFails) {
			return e.Rules[0]
		}
	}
	return "117.3b"
}

// givePriority checks state-based actions and puts waiting triggers on the
// stack (117.5, 704.3, 603.3), then gives priority to p. When a player has
// to choose how to put their triggers on the stack, p and the rules wait
// in the pending choice.
func (g *game) givePriority(p int, rules ...string) {
	g.s.Priority = -1
	g.settle()
	g.handPriority(p, rules...)
}

// handPriority gives priority to p once the rules have settled (see
// givePriority), or leaves p waiting in a pending choice of triggers.
func (g *game) handPriority(p int, rules ...string) {
	s := g.s
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

func (g *game) playLand(a Action) {
	pl := g.writablePlayer(a.Player)
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
	pl := g.writablePlayer(a.Player)
	pl.Hand = removeOne(pl.Hand, a.Card)
	for _, m := range a.Mana {
		g.manaAbility(Action{Kind: ActActivateMana, Player: a.Player, Object: m.Object, Ability: m.Ability, Color: m.Color}, "601.2g", "605.3a")
	}
	pl = g.writablePlayer(a.Player)
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
		pl := g.writablePlayer(player)
		pl.Pool = pay(pl.Pool, cost, 0)
	}
	if ab.Tap {
		g.writablePermanent(id).Tapped = true
	}
	for _, c := range discards {
		pl := g.writablePlayer(player)
		pl.Hand = removeOne(pl.Hand, c)
		pl.Graveyard = append(pl.Graveyard, c)
		e := g.emit(EvDiscard, player, "602.2b", "601.2h")
		e.Card = c
		g.fire(occurrence{when: OnDiscard, player: player})
	}
	if ab.RemoveCounter != "" {
		setCounter(g.writablePermanent(id), ab.RemoveCounter, -1)
		e := g.emit(EvCounters, player, "602.2b", "601.2h", "122.1")
		e.Object, e.Card, e.Amount = int32(id), ab.RemoveCounter, -1
	}
	if ab.Sacrifice {
		e := g.emit(EvSacrifice, player, "602.2b", "601.2h")
		e.Object, e.Card = int32(id), g.s.Permanent(id).Card
		g.fireDies(id)
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
		pl := g.writablePlayer(a.Player)
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

// turnFaceUp performs the special action of turning a face-down
// permanent face up (702.37e); its enters abilities do not trigger (708.8).
// The player receives priority afterward (116.3).
func (g *game) turnFaceUp(a Action) {
	p := g.writablePermanent(a.Object)
	c := g.s.card(p.Card)
	pl := g.writablePlayer(a.Player)
	pl.Pool = pay(pl.Pool, mustCost(c.Morph), 0)
	p.FaceDown = false
	e := g.emit(EvFaceUp, a.Player, "116.2b", "702.37e", "708.8")
	e.Object, e.Card = p.ID, p.Card
	g.s.PassStreak = 0
	g.givePriority(a.Player, "116.3")
}
