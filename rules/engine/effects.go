package engine

// applyEffect follows one instruction (608.2c). It returns false when the
// resolution stops for a choice.
func (g *game) applyEffect(obj StackObject, eff Effect, target Target, hasTarget bool) bool {
	s := g.s
	n := eff.Amount
	if eff.X {
		n = obj.X
	}
	source := obj.Source
	lastKnown := false
	if source == 0 || s.Permanent(source) == nil {
		// The source is gone: it still does what the ability says, as it
		// last existed (113.7a, 608.2h); the event names the ability.
		lastKnown = source != 0
		source = obj.ID
	}
	switch eff.Kind {
	case EffDamage:
		g.recipients(obj, eff, target, hasTarget, func(t Target) {
			first := len(g.applier.events)
			g.dealDamage(source, t, n, false)
			if lastKnown && len(g.applier.events) > first {
				e := &g.applier.events[first]
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
			g.writablePlayer(t.Player).Life += int32(d)
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
		g.fireDies(target.Object)
		g.removePermanent(target.Object, true)
	case EffSacrifice:
		p := s.Permanent(obj.Source)
		if p == nil || int(p.Controller) != obj.Controller {
			return true
		}
		e := g.emit(EvSacrifice, obj.Controller, "701.21a")
		e.Object, e.Card = p.ID, p.Card
		g.fireDies(obj.Source)
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
			pl := g.writablePlayer(owner)
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
				pl := g.writablePlayer(i)
				pl.Lost, pl.LostBy = true, e.Rules[0]
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
		pl := g.writablePlayer(obj.Controller)
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
		a, b := g.writablePlayer(obj.Controller), g.writablePlayer(target.Player)
		a.Life, b.Life = b.Life, a.Life
		e := g.emit(EvLifeExchange, obj.Controller, "608.2c")
		e.Source, e.Other = int32(source), int32(target.Player)
	case EffAddCounters:
		p := g.writablePermanent(obj.Source)
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
		g.writablePlayer(t.Player).Life -= int32(n)
		rules := []string{"120.3a"}
		if combat {
			rules = []string{"510.2", "120.3a"}
		}
		e := g.emit(kind, t.Player, rules...)
		e.Source, e.Amount = int32(source), int32(n)
		return
	}
	p := g.writablePermanent(t.Object)
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
	g.writablePlayer(int(p.Controller)).Life += int32(n)
	e := g.emit(EvLifeGain, int(p.Controller), "120.3f", "702.15b")
	e.Source, e.Amount = p.ID, int32(n)
}

// draw makes player p draw a card (121.1); drawing from an empty library is
// remembered for the state-based action 704.5b.
func (g *game) draw(p int, rules ...string) {
	pl := g.writablePlayer(p)
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
