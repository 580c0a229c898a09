package engine

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
