package engine

import "slices"

// settle performs state-based actions and puts waiting triggered abilities on
// the stack until neither happens any more (704.3, 603.3). It reports
// whether anything happened.
func (g *game) settle() bool {
	s := g.s
	any := false
	for range 1000 {
		if g.stateBasedActions() {
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

// stateBasedActions performs all applicable state-based actions at once (704.3).
func (g *game) stateBasedActions() bool {
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
		g.fireDies(d.id)
	}
	for _, d := range deaths {
		g.removePermanent(d.id, true)
	}
	for _, p := range losers {
		rule := "704.5a"
		if s.Players[p].Life > 0 {
			rule = "704.5b"
		}
		pl := g.writablePlayer(p)
		pl.Lost, pl.LostBy = true, rule
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
