package engine

import "slices"

// game is the mutable working copy used while one action is applied.
type game struct {
	s *State
	// applier holds this action's events and the buffers they come from.
	applier *applier
	// battlefieldOwned is set once the battlefield has been copied for
	// this action; until then it is shared with the input state and must
	// not be written.
	battlefieldOwned bool
	// playersOwned is the same for the players slice.
	playersOwned bool
}

// ownBattlefield copies the battlefield before the first change (see
// State.fork), leaving room for extra more permanents.
func (g *game) ownBattlefield(extra int) {
	if !g.battlefieldOwned {
		s := g.s
		b := make([]Permanent, len(s.Battlefield), len(s.Battlefield)+extra)
		copy(b, s.Battlefield)
		s.Battlefield = b
		g.battlefieldOwned = true
	}
}

// writablePermanentAt returns the permanent at battlefield index i for writing.
func (g *game) writablePermanentAt(i int) *Permanent {
	g.ownBattlefield(0)
	return &g.s.Battlefield[i]
}

// writablePermanent returns the permanent with this id for writing, or nil.
func (g *game) writablePermanent(id int) *Permanent {
	for i := range g.s.Battlefield {
		if int(g.s.Battlefield[i].ID) == id {
			return g.writablePermanentAt(i)
		}
	}
	return nil
}

// writablePlayer returns player i for writing, copying the players first
// (see State.fork).
func (g *game) writablePlayer(i int) *Player {
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

// emit records an event and returns it so callers can fill in details.
func (g *game) emit(kind string, player int, rules ...string) *Event {
	b := g.applier
	if cap(b.rules)-len(b.rules) < len(rules) {
		b.rules = slices.Grow([]string(nil), max(b.ruleChunk, len(rules)))
	}
	start := len(b.rules)
	b.rules = append(b.rules, rules...)
	r := b.rules[start:len(b.rules):len(b.rules)]
	if len(b.events) == cap(b.events) {
		// A fresh buffer; this action's events so far move along, while
		// the events of earlier actions stay where they are.
		ev := slices.Grow([]Event(nil), max(b.eventChunk, 2*len(b.events)+1))
		b.events = append(ev, b.events...)
	}
	b.events = append(b.events, Event{Kind: kind, Rules: r, Player: int32(player), Other: -1, Step: g.s.Step, Turn: int32(g.s.Turn)})
	return &b.events[len(b.events)-1]
}

func (g *game) newPermanent(card string, controller, owner int) *Permanent {
	g.ownBattlefield(1)
	s := g.s
	s.Battlefield = append(s.Battlefield, Permanent{ID: int32(s.NextID), Card: card, Controller: int32(controller), Owner: int32(owner), Sick: true})
	s.NextID++
	return &s.Battlefield[len(s.Battlefield)-1]
}

// removePermanent takes a permanent off the battlefield; toGraveyard puts
// its card into its owner's graveyard.
func (g *game) removePermanent(id int, toGraveyard bool) {
	g.ownBattlefield(0)
	s := g.s
	for i := range s.Battlefield {
		if int(s.Battlefield[i].ID) == id {
			p := s.Battlefield[i] // a copy: Delete shifts the elements
			s.Battlefield = slices.Delete(s.Battlefield, i, i+1)
			if toGraveyard && p.Owner >= 0 && int(p.Owner) < len(s.Players) && !s.Players[p.Owner].Left {
				pl := g.writablePlayer(int(p.Owner))
				pl.Graveyard = append(pl.Graveyard, p.Card)
			}
			return
		}
	}
}

// toGraveyard puts a card into its owner's graveyard unless the owner left.
func (g *game) toGraveyard(owner int, card string) {
	s := g.s
	if owner >= 0 && owner < len(s.Players) && !s.Players[owner].Left {
		pl := g.writablePlayer(owner)
		pl.Graveyard = append(pl.Graveyard, card)
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
