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
			g.player(i).Pool = Mana{}
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
			return FirstStrikeDamage, false
		}
		return CombatDamage, false
	}
	return s.Step + 1, false
}

// beginTurn starts the next player's turn; it is false when the turn limit ends the game.
func (g *game) beginTurn() bool {
	s := g.s
	if s.TurnLimit > 0 && s.Turn >= s.TurnLimit {
		g.emit(EvTurnLimit, -1, "500.1")
		s.Over, s.Winner, s.Priority, s.Pending = true, -1, -1, Choice{}
		return false
	}
	s.Turn++
	s.Active = s.NextInGame(s.Active)
	for i := range s.Players {
		if s.Players[i].LandsPlayed != 0 {
			g.player(i).LandsPlayed = 0
		}
	}
	for i := range s.Battlefield {
		if s.Battlefield[i].DamagedThisTurn {
			g.permAt(i).DamagedThisTurn = false
		}
	}
	s.Attackers = 0
	s.CleanupPriority = false
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
			p = g.permAt(i)
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
	g.givePriority(s.apOrNext(), "117.3a")
	return true
}

// canAttack reports whether the active player controls a creature able to attack.
func (g *game) canAttack() bool {
	s := g.s
	for i := range s.Battlefield {
		p := &s.Battlefield[i]
		if int(p.Controller) == s.Active && s.IsCreature(p) && !p.Tapped && !s.sick(p) {
			return true
		}
	}
	return false
}

// defender is the player being attacked, or -1.
func (g *game) defender() int {
	s := g.s
	for i := range s.Battlefield {
		if p := &s.Battlefield[i]; p.Attacking && s.InGame(int(p.Defender)) {
			return int(p.Defender)
		}
	}
	return -1
}

// canBlock reports whether player def has a creature that could block an attacker.
func (g *game) canBlock(def int) bool {
	s := g.s
	for i := range s.Battlefield {
		b := &s.Battlefield[i]
		if int(b.Controller) != def || !s.IsCreature(b) || b.Tapped {
			continue
		}
		for j := range s.Battlefield {
			a := &s.Battlefield[j]
			if a.Attacking && int(a.Defender) == def && (!s.HasKeyword(a, "flying") || s.HasKeyword(b, "flying") || s.HasKeyword(b, "reach")) {
				return true
			}
		}
	}
	return false
}

// declareAttackers performs the declaration (508.1) and gives priority.
func (g *game) declareAttackers(ids []int, def int) {
	s := g.s
	s.Pending = Choice{}
	for _, id := range ids {
		if p := g.permW(id); p != nil {
			p.Tapped = !s.HasKeyword(p, "vigilance") // 508.1f, 702.20b
			p.Attacking = true
			p.Defender = int32(def)
		}
	}
	s.Attackers = len(ids)
	e := g.emit(EvAttackers, s.Active, "508.1")
	e.Amount = int32(len(ids))
	if len(ids) > 0 {
		e.Other = int32(def)
	}
	for _, id := range ids {
		g.fire(trigEvent{when: OnAttacks, subject: id, player: def}) // 508.1m
	}
	g.givePriority(s.apOrNext(), "117.3a")
}

// declareBlockers performs the declaration (509.1), fires the block
// triggers (509.1i) and gives priority.
func (g *game) declareBlockers(blocks []Block) {
	s := g.s
	def := s.Pending.Player
	if s.Pending.Kind == "" {
		def = g.defender()
	}
	s.Pending = Choice{}
	var blockedNow []int
	for _, b := range blocks {
		p := g.permW(b.Blocker)
		a := g.permW(b.Attacker)
		if p == nil || a == nil {
			continue
		}
		p.Blocking = a.ID
		if !a.Blocked {
			a.Blocked = true
			blockedNow = append(blockedNow, int(a.ID))
		}
	}
	e := g.emit(EvBlockers, def, "509.1")
	e.Amount = int32(len(blocks))
	for _, b := range blocks {
		if p := s.Permanent(b.Blocker); p != nil {
			g.fire(trigEvent{when: OnBlocks, subject: b.Blocker, player: def})
			g.fire(trigEvent{when: OnBlocksOrBlocked, subject: b.Blocker, player: def})
		}
	}
	for _, id := range blockedNow {
		g.fire(trigEvent{when: OnBecomesBlocked, subject: id, player: def})
		g.fire(trigEvent{when: OnBlocksOrBlocked, subject: id, player: def})
	}
	g.givePriority(s.apOrNext(), "117.3a")
}

// anyFirstStrike reports whether an attacking or blocking creature has first strike (510.4).
func (g *game) anyFirstStrike() bool {
	s := g.s
	for i := range s.Battlefield {
		p := &s.Battlefield[i]
		if (p.Attacking || p.Blocking != 0) && s.HasKeyword(p, "first_strike") {
			return true
		}
	}
	return false
}

// combatDamage has attacking and blocking creatures deal their combat
// damage simultaneously (510.1, 510.2); in the first-strike step only
// creatures with first strike do (510.4).
func (g *game) combatDamage(first bool) {
	s := g.s
	type hit struct {
		src int
		t   Target
		n   int
	}
	var hits []hit
	assigned := map[int]int{}
	for i := range s.Battlefield {
		p := &s.Battlefield[i]
		if !p.Attacking && p.Blocking == 0 {
			continue
		}
		if first {
			if !s.HasKeyword(p, "first_strike") {
				continue
			}
			p = g.permAt(i)
			p.FirstStruck = true
		} else if p.FirstStruck {
			continue
		}
		pow, _, _ := s.PowerToughness(int(p.ID))
		if pow <= 0 {
			continue
		}
		if p.Blocking != 0 {
			if a := s.Permanent(int(p.Blocking)); a != nil && a.Attacking {
				hits = append(hits, hit{int(p.ID), ObjectTarget(int(a.ID)), pow})
			}
			continue
		}
		trample := s.HasKeyword(p, "trample")
		if !p.Blocked {
			hits = append(hits, hit{int(p.ID), PlayerTarget(int(p.Defender)), pow})
			continue
		}
		var blockers []int
		for j := range s.Battlefield {
			if s.Battlefield[j].Blocking == p.ID {
				blockers = append(blockers, int(s.Battlefield[j].ID))
			}
		}
		left := pow
		for k, id := range blockers {
			_, t, _ := s.PowerToughness(id)
			lethal := max(t-int(s.Permanent(id).Damage)-assigned[id], 0)
			n := min(left, lethal)
			if k == len(blockers)-1 && !trample {
				n = left
			}
			if n > 0 {
				hits = append(hits, hit{int(p.ID), ObjectTarget(id), n})
				assigned[id] += n
				left -= n
			}
		}
		if left > 0 && trample {
			hits = append(hits, hit{int(p.ID), PlayerTarget(int(p.Defender)), left})
		}
	}
	for _, h := range hits {
		g.dealDamage(h.src, h.t, h.n, true)
		if first {
			e := &g.b.ev[len(g.b.ev)-1]
			e.Rules = append([]string{"510.4"}, e.Rules...)
		}
	}
}

// removeFromCombat removes all creatures from combat as the end of combat step ends (511.3).
func (g *game) removeFromCombat() {
	s := g.s
	any := false
	for i := range s.Battlefield {
		p := &s.Battlefield[i]
		if !p.Attacking && p.Blocking == 0 && !p.Blocked && !p.FirstStruck && p.Defender == 0 {
			continue
		}
		any = true
		p = g.permAt(i)
		p.Attacking, p.Blocked, p.FirstStruck = false, false, false
		p.Blocking, p.Defender = 0, 0
	}
	s.Attackers = 0
	if any {
		g.emit(EvCombatEnds, -1, "511.3")
	}
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
	return g.cleanupRest()
}

// cleanupRest removes damage and ends "until end of turn" effects (514.2);
// if state-based actions or triggers then happen, the active player gets
// priority (514.3a). It reports whether the step waits for a player.
func (g *game) cleanupRest() bool {
	s := g.s
	for i := range s.Battlefield {
		if s.Battlefield[i].Damage != 0 {
			g.permAt(i).Damage = 0
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
			s.Pending.Then, s.Pending.ThenRules = s.apOrNext(), []string{"514.3a"}
			return true
		}
		g.givePriority(s.apOrNext(), "514.3a")
		return true
	}
	g.emit(EvNoPriority, -1, "514.3")
	return false
}

// discard performs a pending discard.
func (g *game) discard(cards []string) {
	s := g.s
	pd := s.Pending
	s.Pending = Choice{}
	pl := g.player(pd.Player)
	rule := "514.1"
	if pd.Spell != "" {
		rule = "608.2c"
	}
	for _, c := range cards {
		pl.Hand = removeOne(pl.Hand, c)
		pl.Graveyard = append(pl.Graveyard, c)
		e := g.emit(EvDiscard, pd.Player, rule)
		e.Card = c
	}
	for range cards {
		g.fire(trigEvent{when: OnDiscard, player: pd.Player})
	}
	g.finishChoice(pd)
}

// finishChoice continues the game after a discard choice.
func (g *game) finishChoice(pd Choice) {
	s := g.s
	if pd.Spell != "" {
		g.toGraveyard(pd.SpellOwner, pd.Spell)
		e := g.emit(EvToGraveyard, pd.SpellOwner, "608.2n")
		e.Card = pd.Spell
		g.givePriority(s.apOrNext(), "117.3b")
		return
	}
	if !g.cleanupRest() {
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
	g.emit("concede", p, "104.3a")
	g.leave(p)
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
	pl := g.player(p)
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
	g.owned = true
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
			b = g.permAt(i)
			b.Attacking, b.Blocked, b.Defender = false, false, 0
		}
	}
	if s.PlayersInGame() <= 1 {
		g.gameOver()
		return
	}
	if s.Pending.Kind != "" && s.Pending.Player == p {
		pd := s.Pending
		switch pd.Kind {
		case ChooseAttackers:
			g.declareAttackers(nil, 0)
		case ChooseBlockers:
			g.declareBlockers(nil)
		case ChooseDiscard:
			s.Pending = Choice{}
			g.finishChoice(pd)
		case ChooseTrigger:
			s.Pending = Choice{}
			g.givePriority(pd.Then, pd.ThenRules...)
		case ChooseMay:
			s.Pending = Choice{}
			g.givePriority(s.apOrNext(), "117.3b")
		}
	}
}
