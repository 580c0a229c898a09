package engine

// stepRule is the rule that describes what happens in a step.
func stepRule(st Step) string {
	switch st {
	case Untap:
		return "502.1"
	case Upkeep:
		return "503.1"
	case Draw:
		return "504.1"
	case Main1, Main2:
		return "505.1"
	case BeginCombat:
		return "507.2"
	case DeclareAttackers:
		return "508.1"
	case DeclareBlockers:
		return "509.1"
	case FirstStrikeDamage:
		return "510.4"
	case CombatDamage:
		return "510.1"
	case EndCombat:
		return "511.1"
	case End:
		return "513.1"
	default:
		return "514.1"
	}
}

// emptyPools empties all mana pools at the end of a step (500.4, 106.4).
func (g *game) emptyPools() {
	s := g.s
	for i := range s.Players {
		if n := s.Players[i].Pool.Total(); n > 0 {
			g.writablePlayer(i).Pool = Mana{}
			e := g.emit(EvPoolsEmpty, i, "500.5", "106.4")
			e.Amount = int32(n)
		}
	}
}

// endStep ends the current step and begins the following ones until a
// player receives priority, a choice is pending or the game is over.
func (g *game) endStep() {
	s := g.s
	for !s.Over {
		s.Priority = -1
		g.emptyPools()
		if s.Step == EndCombat {
			g.removeFromCombat()
		}
		next, newTurn := g.nextStep()
		if newTurn && !g.beginTurn() {
			return
		}
		s.Step = next
		s.PassStreak = 0
		g.emit(EvStep, s.Active, stepRule(next))
		if g.beginStep() {
			return
		}
	}
}

// nextStep picks the step after the current one.
func (g *game) nextStep() (Step, bool) {
	s := g.s
	switch s.Step {
	case Cleanup:
		if s.CleanupPriority {
			s.CleanupPriority = false
			return Cleanup, false // 514.3a: another cleanup step
		}
		return Untap, true
	case DeclareAttackers:
		if s.Attackers == 0 {
			g.emit(EvSkipCombatSteps, s.Active, "508.8")
			return EndCombat, false
		}
		return DeclareBlockers, false
	case DeclareBlockers:
		if g.anyFirstStrike() {
			s.FirstStrikeStep = true
			return FirstStrikeDamage, false
		}
		return CombatDamage, false
	}
	return s.Step + 1, false
}

// TurnLimitRule is the rule a game ended by its turn limit cites: the turn
// that would begin next (500.1).
const TurnLimitRule = "500.1"

// beginTurn starts the next player's turn; it is false when the turn limit ends the game.
func (g *game) beginTurn() bool {
	s := g.s
	if s.TurnLimit > 0 && s.Turn >= s.TurnLimit {
		g.emit(EvTurnLimit, -1, TurnLimitRule)
		s.Over, s.Winner, s.Priority, s.Pending = true, -1, -1, Choice{}
		return false
	}
	s.Turn++
	s.Active = s.NextInGame(s.Active)
	for i := range s.Players {
		if s.Players[i].LandsPlayed != 0 {
			g.writablePlayer(i).LandsPlayed = 0
		}
	}
	for i := range s.Battlefield {
		if s.Battlefield[i].DamagedThisTurn {
			g.writablePermanentAt(i).DamagedThisTurn = false
		}
	}
	s.Attackers = 0
	s.CleanupPriority, s.FirstStrikeStep = false, false
	g.emit(EvTurn, s.Active, "500.1")
	return true
}

// beginStep performs the step's turn-based actions. It reports whether the
// step waits for a player (priority or a choice) or the game ended.
func (g *game) beginStep() bool {
	s := g.s
	ap := s.Active
	switch s.Step {
	case Untap:
		n := 0
		for i := range s.Battlefield {
			p := &s.Battlefield[i]
			if int(p.Controller) != ap || (!p.Sick && !p.Tapped) {
				continue
			}
			if p.Tapped {
				n++
			}
			p = g.writablePermanentAt(i)
			p.Sick = false // controlled continuously since the turn began (302.6)
			p.Tapped = false
		}
		e := g.emit(EvUntap, ap, "502.3")
		e.Amount = int32(n)
		g.emit(EvNoPriority, -1, "502.4")
		g.fireStep() // they wait for the upkeep (503.1a)
		return false
	case Draw:
		if s.InGame(ap) {
			if s.Turn == 1 && s.SkipFirstDraw {
				g.emit(EvSkipDraw, ap, "103.8a")
			} else {
				g.draw(ap, "504.1")
			}
		}
	case DeclareAttackers:
		if s.InGame(ap) && g.canAttack() {
			s.Pending = Choice{Kind: ChooseAttackers, Player: ap}
			e := g.emit(EvChoice, ap, "508.1")
			e.Card = string(ChooseAttackers)
			return true
		}
		g.declareAttackers(nil, 0)
		return true
	case DeclareBlockers:
		if def := g.defender(); def >= 0 && g.canBlock(def) {
			s.Pending = Choice{Kind: ChooseBlockers, Player: def}
			e := g.emit(EvChoice, def, "509.1")
			e.Card = string(ChooseBlockers)
			return true
		}
		g.declareBlockers(nil)
		return true
	case FirstStrikeDamage:
		g.combatDamage(true)
	case CombatDamage:
		g.combatDamage(false)
	case Cleanup:
		return g.beginCleanup()
	}
	g.fireStep()
	g.givePriority(s.activeOrNext(), "117.3a")
	return true
}

// beginCleanup performs 514.1 (discard to hand size) and continues with 514.2.
func (g *game) beginCleanup() bool {
	s := g.s
	ap := s.Active
	if s.InGame(ap) {
		if extra := len(s.Players[ap].Hand) - 7; extra > 0 {
			s.Pending = Choice{Kind: ChooseDiscard, Player: ap, Count: extra}
			e := g.emit(EvChoice, ap, "514.1")
			e.Card, e.Amount = string(ChooseDiscard), int32(extra)
			return true
		}
	}
	return g.finishCleanup()
}

// finishCleanup removes damage and ends "until end of turn" effects (514.2);
// if state-based actions or triggers then happen, the active player gets
// priority (514.3a). It reports whether the step waits for a player.
func (g *game) finishCleanup() bool {
	s := g.s
	for i := range s.Battlefield {
		if s.Battlefield[i].Damage != 0 {
			g.writablePermanentAt(i).Damage = 0
		}
	}
	s.Effects = nil
	g.emit(EvCleanup, s.Active, "514.2")
	if g.settle() {
		if s.Over {
			return true
		}
		s.CleanupPriority = true
		if s.Pending.Kind == ChooseTrigger {
			s.Pending.Then, s.Pending.ThenRules = s.activeOrNext(), []string{"514.3a"}
			return true
		}
		g.givePriority(s.activeOrNext(), "514.3a")
		return true
	}
	g.emit(EvNoPriority, -1, "514.3")
	return false
}

// discard performs a pending discard.
func (g *game) discard(cards []string) {
	s := g.s
	pending := s.Pending
	s.Pending = Choice{}
	pl := g.writablePlayer(pending.Player)
	rule := "514.1"
	if pending.Spell != "" {
		rule = "608.2c"
	}
	for _, c := range cards {
		pl.Hand = removeOne(pl.Hand, c)
		pl.Graveyard = append(pl.Graveyard, c)
		e := g.emit(EvDiscard, pending.Player, rule)
		e.Card = c
	}
	for range cards {
		g.fire(occurrence{when: OnDiscard, player: pending.Player})
	}
	g.finishChoice(pending)
}

// finishChoice continues the game after a discard choice.
func (g *game) finishChoice(pending Choice) {
	s := g.s
	if pending.Spell != "" {
		g.toGraveyard(pending.SpellOwner, pending.Spell)
		e := g.emit(EvToGraveyard, pending.SpellOwner, "608.2n")
		e.Card = pending.Spell
		g.givePriority(s.activeOrNext(), "117.3b")
		return
	}
	if !g.finishCleanup() {
		g.endStep()
	}
}

// defaultChoice makes the choice a player makes by passing: no attackers,
// no blockers, or the last cards of the hand.
func (g *game) defaultChoice() {
	s := g.s
	switch s.Pending.Kind {
	case ChooseAttackers:
		g.declareAttackers(nil, 0)
	case ChooseBlockers:
		g.declareBlockers(nil)
	case ChooseDiscard:
		h := s.Players[s.Pending.Player].Hand
		n := min(s.Pending.Count, len(h))
		g.discard(append([]string(nil), h[len(h)-n:]...))
	case ChooseTrigger:
		g.defaultPutTrigger()
	case ChooseMay:
		g.chooseMay(false)
	}
}
