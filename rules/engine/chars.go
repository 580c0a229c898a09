package engine

import "slices"

// cardIs reports whether card id has type t, without copying the card.
func (s *State) cardIs(id, t string) bool { return slices.Contains(s.card(id).Types, t) }

// toughness computes a creature's toughness like PowerToughness; auras
// lists aura bonuses as (Object = enchanted id, Toughness = bonus).
func (s *State) toughness(p *Permanent, c *Card, auras []Continuous) int {
	t := c.Toughness
	for _, e := range s.Effects {
		if e.Object == int(p.ID) && e.SetBase {
			t = e.BaseToughness
		}
	}
	for _, e := range s.Effects {
		if e.Object == int(p.ID) {
			t += e.Toughness
		}
	}
	for _, a := range auras {
		if a.Object == int(p.ID) {
			t += a.Toughness
		}
	}
	return t
}

// lostAbilities reports whether an effect makes the object lose all abilities (613.1f).
func (s *State) lostAbilities(id int) bool {
	for _, e := range s.Effects {
		if e.Object == id && e.LoseAbilities {
			return true
		}
	}
	return false
}

// HasKeyword reports whether the permanent currently has keyword k.
func (s *State) HasKeyword(p *Permanent, k string) bool {
	return slices.Contains(s.permanentCard(p).Keywords, k) && !s.lostAbilities(int(p.ID))
}

// summoningSick reports whether summoning sickness stops the permanent from
// attacking or using {T} abilities: it has not been controlled since its
// controller's turn began (302.6) and has no haste (702.10b).
func (s *State) summoningSick(p *Permanent) bool {
	return p.Sick && !s.HasKeyword(p, "haste")
}

// PowerToughness returns a permanent's current power and toughness after
// layer 7b (setting base values) and 7c (modifications) (613.4), and
// whether the permanent exists.
func (s *State) PowerToughness(id int) (power, toughness int, ok bool) {
	p := s.Permanent(id)
	if p == nil {
		return 0, 0, false
	}
	c := s.permanentCard(p)
	power, toughness = c.Power, c.Toughness
	for _, e := range s.Effects {
		if e.Object == id && e.SetBase {
			power, toughness = e.BasePower, e.BaseToughness
		}
	}
	for _, e := range s.Effects {
		if e.Object == id {
			power += e.Power
			toughness += e.Toughness
		}
	}
	for i := range s.Battlefield {
		a := &s.Battlefield[i]
		if int(a.AttachedTo) == id {
			if b := s.card(a.Card).Enchanted; b != nil {
				power += b.Power
				toughness += b.Toughness
			}
		}
	}
	return power, toughness, true
}

// IsCreature reports whether the permanent is a creature.
func (s *State) IsCreature(p *Permanent) bool { return s.permanentCard(p).Is("creature") }
