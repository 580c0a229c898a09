package engine

import "slices"

// resolveTop resolves the top object of the stack (608). It reports whether
// resolution finished; it is false while a choice is pending or when the
// game ended.
func (g *game) resolveTop() bool {
	s := g.s
	obj := s.Stack[len(s.Stack)-1]
	s.Stack = clip(s.Stack[:len(s.Stack)-1]) // shared with the input state: never write in place
	card := s.card(obj.Card)
	var spec TargetSpec
	var effs []Effect
	switch obj.Kind {
	case KindSpell:
		spec, effs = card.Target, card.Effects
	case KindAbility:
		// An ability on the stack is independent of its source (113.7a).
		if obj.Ability >= 0 && obj.Ability < len(card.Abilities) {
			ab := card.Abilities[obj.Ability]
			spec, effs = ab.Target, ab.Effects
		}
	case KindTrigger:
		tr := s.trigger(&obj)
		if tr == nil {
			return true
		}
		// An intervening "if" is checked again on resolution (603.4).
		if tr.If != nil && !s.condition(tr.If, obj.Source, obj.Controller) {
			e := g.emit(EvIfFails, obj.Controller, "603.4")
			e.Object, e.Card = int32(obj.ID), obj.Card
			return true
		}
		spec, effs = tr.Target, tr.Effects
		if tr.May {
			if len(obj.Targets) > 0 {
				if _, ok := s.firstLegalTarget(&obj); !ok {
					break // no legal target left: it does not resolve (608.2b), below
				}
			}
			g.askMay(obj)
			return false
		}
	}
	var target Target
	hasTarget := false
	if len(obj.Targets) > 0 {
		for _, t := range obj.Targets {
			if s.targetLegal(spec, t, obj.Controller) {
				target, hasTarget = t, true
				break
			}
		}
		if !hasTarget {
			e := g.emit(EvFizzle, obj.Controller, "608.2b")
			e.Object, e.Card = int32(obj.ID), obj.Card
			if obj.Kind == KindSpell {
				g.toGraveyard(obj.Owner, obj.Card)
			}
			return true
		}
	}
	if obj.Kind == KindSpell && card.IsPermanentCard() {
		p := g.newPermanent(obj.Card, obj.Controller, obj.Owner)
		id := p.ID
		aura := card.HasSubtype("aura") && hasTarget
		enters := "608.3a"
		if aura {
			enters = "608.3c"
		}
		e := g.emit(EvEnters, obj.Controller, enters)
		e.Object, e.Card, e.Source = int32(id), obj.Card, int32(obj.ID)
		if aura {
			p.AttachedTo = int32(target.Object)
			e := g.emit(EvAttach, obj.Controller, "608.3c", "303.4b")
			e.Object, e.Card, e.Source = int32(target.Object), obj.Card, int32(id)
		}
		g.fireEnters(int(id))
		return true
	}
	for _, eff := range effs {
		if !g.applyEffect(obj, eff, target, hasTarget) {
			return false
		}
	}
	if obj.Kind == KindSpell {
		g.toGraveyard(obj.Owner, obj.Card)
		e := g.emit(EvToGraveyard, obj.Owner, "608.2n")
		e.Object, e.Card = int32(obj.ID), obj.Card
	}
	return true
}

// toGraveyard puts a card into its owner's graveyard unless the owner left.
func (g *game) toGraveyard(owner int, card string) {
	s := g.s
	if owner >= 0 && owner < len(s.Players) && !s.Players[owner].Left {
		pl := g.player(owner)
		pl.Graveyard = append(pl.Graveyard, card)
	}
}

// applyEffect follows one instruction (608.2c). It returns false when the
// resolution stops for a choice.
func (g *game) applyEffect(obj StackObject, eff Effect, target Target, hasTarget bool) bool {
	s := g.s
	n := eff.Amount
	if eff.X {
		n = obj.X
	}
	source := obj.Source
	lki := false
	if source == 0 || s.Permanent(source) == nil {
		// The source is gone: it still does what the ability says, as it
		// last existed (113.7a, 608.2h); the event names the ability.
		lki = source != 0
		source = obj.ID
	}
	switch eff.Kind {
	case EffDamage:
		g.recipients(obj, eff, target, hasTarget, func(t Target) {
			n0 := len(g.b.ev)
			g.dealDamage(source, t, n, false)
			if lki && len(g.b.ev) > n0 {
				e := &g.b.ev[n0]
				e.Rules = append(e.Rules, "608.2h") // clipped: appending copies
			}
		})
	case EffLoseLife, EffGainLife:
		g.recipients(obj, eff, target, hasTarget, func(t Target) {
			if !t.IsPlayer() || !s.InGame(t.Player) {
				return
			}
			kind, d := EvLifeLoss, -n
			if eff.Kind == EffGainLife {
				kind, d = EvLifeGain, n
			}
			g.player(t.Player).Life += int32(d)
			e := g.emit(kind, t.Player, "119.3")
			e.Source, e.Amount = int32(source), int32(n)
		})
	case EffDestroy:
		if !hasTarget || target.IsPlayer() || s.Permanent(target.Object) == nil {
			return true
		}
		p := s.Permanent(target.Object)
		e := g.emit(EvDestroy, int(p.Controller), "701.8a")
		e.Object, e.Card, e.Source = p.ID, p.Card, int32(source)
		g.dies(target.Object)
		g.removePermanent(target.Object, true)
	case EffSacrifice:
		p := s.Permanent(obj.Source)
		if p == nil || int(p.Controller) != obj.Controller {
			return true
		}
		e := g.emit(EvSacrifice, obj.Controller, "701.21a")
		e.Object, e.Card = p.ID, p.Card
		g.dies(obj.Source)
		g.removePermanent(obj.Source, true)
	case EffBounce:
		if !hasTarget || target.IsPlayer() {
			return true
		}
		p := s.Permanent(target.Object)
		if p == nil {
			return true
		}
		owner, card := int(p.Owner), p.Card
		e := g.emit(EvBounce, owner, "608.2c")
		e.Object, e.Card, e.Source = p.ID, card, int32(source)
		g.removePermanent(target.Object, false)
		if s.InGame(owner) {
			pl := g.player(owner)
			pl.Hand = append(pl.Hand, card)
		}
	case EffWin:
		if !s.InGame(obj.Controller) {
			return true
		}
		e := g.emit(EvWins, obj.Controller, "104.2b")
		e.Source = int32(source)
		for i := range s.Players {
			if i != obj.Controller && s.InGame(i) {
				g.player(i).Lost = true
			}
		}
		g.gameOver()
		return false
	case EffDamageEach:
		var hits []Target
		for i := range s.Battlefield {
			p := &s.Battlefield[i]
			if s.IsCreature(p) && !s.HasKeyword(p, "flying") {
				hits = append(hits, ObjectTarget(int(p.ID)))
			}
		}
		for i := range s.Players {
			if s.InGame(i) {
				hits = append(hits, PlayerTarget(i))
			}
		}
		for _, t := range hits {
			g.dealDamage(source, t, n, false)
		}
	case EffPump:
		id := target.Object
		if eff.Self {
			id = obj.Source
		} else if !hasTarget {
			return true
		}
		if s.Permanent(id) == nil {
			return true
		}
		s.Effects = push(s.Effects, Continuous{Object: id, Power: eff.Power, Toughness: eff.Toughness})
		e := g.emit(EvPump, obj.Controller, "611.2a", "613.4c")
		e.Object, e.Source, e.Amount = int32(id), int32(source), int32(eff.Power)
	case EffSpoil:
		if !hasTarget || !target.IsPlayer() {
			return true
		}
		// Only creatures the player controls right now are affected (611.2c).
		for i := range s.Battlefield {
			p := &s.Battlefield[i]
			if int(p.Controller) == target.Player && s.IsCreature(p) {
				s.Effects = push(s.Effects, Continuous{Object: int(p.ID), SetBase: true,
					BasePower: eff.Power, BaseToughness: eff.Toughness, LoseAbilities: true})
				e := g.emit(EvSpoil, target.Player, "611.2c", "613.1f", "613.4b")
				e.Object, e.Source = p.ID, int32(source)
			}
		}
	case EffAddMana:
		m, _ := ParseMana(eff.Mana)
		pl := g.player(obj.Controller)
		pl.Pool = pl.Pool.Add(m)
		e := g.emit(EvAddMana, obj.Controller, "106.4")
		e.Source, e.Amount, e.Card = int32(source), int32(m.Total()), m.String()
	case EffCounterSpell:
		if !hasTarget {
			return true
		}
		for i := range s.Stack {
			if s.Stack[i].ID == target.Object {
				c := s.Stack[i]
				s.Stack = append(s.Stack[:i:i], s.Stack[i+1:]...)
				e := g.emit(EvCountered, c.Controller, "701.6a", "608.2c")
				e.Object, e.Card, e.Source = int32(c.ID), c.Card, int32(source)
				if c.Kind == KindSpell {
					g.toGraveyard(c.Owner, c.Card)
				}
				break
			}
		}
	case EffDraw:
		g.recipients(obj, eff, target, hasTarget, func(t Target) {
			for i := 0; i < n; i++ {
				g.draw(t.Player, "121.1", "608.2c")
			}
		})
	case EffDiscard:
		pl := &s.Players[obj.Controller]
		k := min(n, len(pl.Hand))
		if k <= 0 {
			return true
		}
		s.Pending = Choice{Kind: ChooseDiscard, Player: obj.Controller, Count: k}
		if obj.Kind == KindSpell {
			s.Pending.Spell, s.Pending.SpellOwner = obj.Card, obj.Owner
		}
		e := g.emit(EvChoice, obj.Controller, "608.2c")
		e.Card, e.Amount, e.Object = string(ChooseDiscard), int32(k), int32(obj.ID)
		return false
	case EffExchangeLife:
		if !hasTarget || !target.IsPlayer() {
			return true
		}
		a, b := g.player(obj.Controller), g.player(target.Player)
		a.Life, b.Life = b.Life, a.Life
		e := g.emit(EvLifeExchange, obj.Controller, "608.2c")
		e.Source, e.Other = int32(source), int32(target.Player)
	case EffAddCounters:
		p := g.permW(obj.Source)
		if p == nil {
			return true
		}
		setCounter(p, eff.Counter, max(n, 1))
		e := g.emit(EvCounters, obj.Controller, "122.1", "608.2c")
		e.Object, e.Card, e.Amount = p.ID, eff.Counter, int32(max(n, 1))
	}
	return true
}

// recipients calls f for each player or object an effect affects
// (Effect.Who): the target, the controller, "that player" of a trigger or
// each opponent.
func (g *game) recipients(obj StackObject, eff Effect, target Target, hasTarget bool, f func(Target)) {
	s := g.s
	who := eff.Who
	if who == "" {
		who = "you"
		if eff.Kind == EffDamage || eff.Kind == EffLoseLife {
			who = "target"
		}
	}
	switch who {
	case "target":
		if hasTarget {
			f(target)
		}
	case "you":
		f(PlayerTarget(obj.Controller))
	case "that_player":
		if s.InGame(obj.That) {
			f(PlayerTarget(obj.That))
		}
	case "each_opponent":
		for i := range s.Players {
			if i != obj.Controller && s.InGame(i) {
				f(PlayerTarget(i))
			}
		}
	}
}

// dealDamage deals n damage from source to a player or creature (120.3).
func (g *game) dealDamage(source int, t Target, n int, combat bool) {
	s := g.s
	if n <= 0 {
		return
	}
	kind := EvDamage
	if combat {
		kind = EvCombatDamage
	}
	defer g.lifelink(source, n)
	if t.IsPlayer() {
		if !s.InGame(t.Player) {
			return
		}
		g.player(t.Player).Life -= int32(n)
		rules := []string{"120.3a"}
		if combat {
			rules = []string{"510.2", "120.3a"}
		}
		e := g.emit(kind, t.Player, rules...)
		e.Source, e.Amount = int32(source), int32(n)
		return
	}
	p := g.permW(t.Object)
	if p == nil {
		return
	}
	p.Damage += int32(n)
	p.DamagedThisTurn = true
	rules := []string{"120.3e"}
	if combat {
		rules = []string{"510.2", "120.3e"}
	}
	e := g.emit(kind, int(p.Controller), rules...)
	e.Object, e.Source, e.Amount, e.Card = p.ID, int32(source), int32(n), p.Card
}

// lifelink: damage dealt by a source with lifelink makes its controller
// gain that much life (120.3f, 702.15b).
func (g *game) lifelink(source, n int) {
	s := g.s
	p := s.Permanent(source)
	if p == nil || !s.HasKeyword(p, "lifelink") || !s.InGame(int(p.Controller)) {
		return
	}
	g.player(int(p.Controller)).Life += int32(n)
	e := g.emit(EvLifeGain, int(p.Controller), "120.3f", "702.15b")
	e.Source, e.Amount = p.ID, int32(n)
}

// draw makes player p draw a card (121.1); drawing from an empty library is
// remembered for the state-based action 704.5b.
func (g *game) draw(p int, rules ...string) {
	pl := g.player(p)
	if len(pl.Library) == 0 {
		pl.DrewFromEmpty = true
		e := g.emit(EvDraw, p, append(rules, "704.5b")...)
		e.Amount = 0
		return
	}
	c := pl.Library[0]
	pl.Library = pl.Library[1:]
	pl.Hand = append(pl.Hand, c)
	e := g.emit(EvDraw, p, rules...)
	e.Card, e.Amount = c, 1
}

// settle performs state-based actions and puts waiting triggered abilities on
// the stack until neither happens any more (704.3, 603.3). It reports
// whether anything happened.
func (g *game) settle() bool {
	s := g.s
	any := false
	for range 1000 {
		if g.checkSBA() {
			any = true
			if s.Over {
				return true
			}
			continue
		}
		if len(s.Waiting) > 0 {
			any = true
			if !g.stackTriggers() {
				return true // a player chooses how to put their triggers on the stack
			}
			continue
		}
		break
	}
	return any
}

// checkSBA performs all applicable state-based actions at once (704.3).
func (g *game) checkSBA() bool {
	s := g.s
	type death struct {
		id    int
		card  string
		owner int
		kind  string
		rule  string
	}
	var deaths []death
	// Auras are found first so the check stays linear in the battlefield.
	var auras []Continuous
	for i := range s.Battlefield {
		p := &s.Battlefield[i]
		if p.AttachedTo == 0 {
			continue // not attached: gives no bonus (an unattached aura is caught below)
		}
		if e := g.cardAt(i).Enchanted; e != nil {
			auras = append(auras, Continuous{Object: int(p.AttachedTo), Toughness: e.Toughness})
		}
	}
	for i := range s.Battlefield {
		p := &s.Battlefield[i]
		c := g.cardAt(i)
		if slices.Contains(c.Types, "creature") {
			t := s.toughness(p, c, auras)
			if t <= 0 {
				deaths = append(deaths, death{int(p.ID), p.Card, int(p.Controller), EvZeroToughness, "704.5f"})
				continue
			}
			if p.Damage > 0 && int(p.Damage) >= t {
				deaths = append(deaths, death{int(p.ID), p.Card, int(p.Controller), EvDestroyed, "704.5g"})
				continue
			}
		}
		if slices.Contains(c.Subtypes, "aura") {
			host := s.Permanent(int(p.AttachedTo))
			if host == nil || !s.IsCreature(host) {
				deaths = append(deaths, death{int(p.ID), p.Card, int(p.Controller), EvAuraFallsOff, "704.5m"})
			}
		}
	}
	var losers []int
	for i := range s.Players {
		if !s.InGame(i) {
			continue
		}
		if s.Players[i].Life <= 0 || s.Players[i].DrewFromEmpty {
			losers = append(losers, i)
		}
	}
	if len(deaths) == 0 && len(losers) == 0 {
		return false
	}
	for _, d := range deaths {
		e := g.emit(d.kind, d.owner, d.rule)
		e.Object, e.Card = int32(d.id), d.card
	}
	// All of them leave at once: dies triggers look back at the
	// battlefield as it was (603.10a).
	for _, d := range deaths {
		g.dies(d.id)
	}
	for _, d := range deaths {
		g.removePermanent(d.id, true)
	}
	for _, p := range losers {
		rule := "704.5a"
		if s.Players[p].Life > 0 {
			rule = "704.5b"
		}
		g.player(p).Lost = true
		e := g.emit(EvLoses, p, rule)
		e.Amount = s.Players[p].Life
	}
	if s.PlayersInGame() <= 1 {
		g.gameOver()
		return true
	}
	for _, p := range losers {
		g.leave(p)
	}
	return true
}

// gameOver ends the game; the last player still in it wins (104.2a).
func (g *game) gameOver() {
	s := g.s
	if s.Over {
		return
	}
	s.Over = true
	s.Priority = -1
	s.Pending = Choice{}
	s.Winner = -1
	if s.PlayersInGame() == 1 {
		s.Winner = s.NextInGame(-1)
	}
	g.emit(EvGameOver, s.Winner, "104.2a")
}
