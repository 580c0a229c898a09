package engine

// concede makes player p leave the game (104.3a, 800.4a).
func (g *game) concede(p int) {
	s := g.s
	holder := s.Priority == p
	if s.Priority >= 0 && !holder && s.PassStreak > 0 {
		// p's pass no longer counts towards "all players passed in succession".
		q := s.Priority
		for range s.PassStreak {
			q = s.PrevInGame(q)
			if q == p {
				s.PassStreak--
				break
			}
		}
	}
	e := g.emit(EvConcede, p, "104.3a")
	g.leave(p)
	g.writablePlayer(p).LostBy = e.Rules[0]
	if s.Over || !holder {
		return
	}
	s.Priority = -1
	if s.PassStreak >= s.PlayersInGame() {
		g.allPassed()
		return
	}
	g.givePriority(s.NextInGame(p), "800.4a", "117.3d")
}

// leave removes player p and everything they own or control from the game (800.4a).
func (g *game) leave(p int) {
	s := g.s
	pl := g.writablePlayer(p)
	pl.Left, pl.Lost = true, true
	pl.Pool = Mana{}
	g.emit(EvLeaves, p, "800.4a")
	kept := s.Battlefield[:0:0]
	for _, perm := range s.Battlefield {
		switch {
		case int(perm.Owner) == p:
		case int(perm.Controller) == p:
			s.Exile = append(s.Exile, perm.Card)
		default:
			kept = append(kept, perm)
		}
	}
	s.Battlefield = kept
	g.battlefieldOwned = true
	stack := s.Stack[:0:0]
	for _, o := range s.Stack {
		if o.Owner == p || o.Controller == p {
			e := g.emit(EvRemovedFromStack, p, "800.4a")
			e.Object, e.Card = int32(o.ID), o.Card
			continue
		}
		stack = append(stack, o)
	}
	s.Stack = stack
	waiting := s.Waiting[:0:0]
	for _, w := range s.Waiting {
		if w.Controller != p {
			waiting = append(waiting, w)
		}
	}
	s.Waiting = waiting
	for i := range s.Battlefield {
		if b := &s.Battlefield[i]; b.Attacking && int(b.Defender) == p {
			b = g.writablePermanentAt(i)
			b.Attacking, b.Blocked, b.Defender = false, false, 0
		}
	}
	if s.PlayersInGame() <= 1 {
		g.gameOver()
		return
	}
	if s.Pending.Kind != "" && s.Pending.Player == p {
		pending := s.Pending
		switch pending.Kind {
		case ChooseAttackers:
			g.declareAttackers(nil, 0)
		case ChooseBlockers:
			g.declareBlockers(nil)
		case ChooseDiscard:
			s.Pending = Choice{}
			g.finishChoice(pending)
		case ChooseTrigger:
			s.Pending = Choice{}
			g.givePriority(pending.Then, pending.ThenRules...)
		case ChooseMay:
			s.Pending = Choice{}
			g.givePriority(s.activeOrNext(), "117.3b")
		}
	}
}
