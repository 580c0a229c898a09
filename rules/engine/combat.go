package engine

// canAttack reports whether the active player controls a creature able to attack.
func (g *game) canAttack() bool {
	s := g.s
	for i := range s.Battlefield {
		p := &s.Battlefield[i]
		if int(p.Controller) == s.Active && s.IsCreature(p) && !p.Tapped && !s.summoningSick(p) {
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
		if p := g.writablePermanent(id); p != nil {
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
		g.fire(occurrence{when: OnAttacks, subject: id, player: def}) // 508.1m
	}
	g.givePriority(s.activeOrNext(), "117.3a")
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
		p := g.writablePermanent(b.Blocker)
		a := g.writablePermanent(b.Attacker)
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
			g.fire(occurrence{when: OnBlocks, subject: b.Blocker, player: def})
			g.fire(occurrence{when: OnBlocksOrBlocked, subject: b.Blocker, player: def})
		}
	}
	for _, id := range blockedNow {
		g.fire(occurrence{when: OnBecomesBlocked, subject: id, player: def})
		g.fire(occurrence{when: OnBlocksOrBlocked, subject: id, player: def})
	}
	g.givePriority(s.activeOrNext(), "117.3a")
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
			p = g.writablePermanentAt(i)
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
			e := &g.applier.events[len(g.applier.events)-1]
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
		p = g.writablePermanentAt(i)
		p.Attacking, p.Blocked, p.FirstStruck = false, false, false
		p.Blocking, p.Defender = 0, 0
	}
	s.Attackers = 0
	if any {
		g.emit(EvCombatEnds, -1, "511.3")
	}
}
