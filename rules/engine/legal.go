package engine

import "slices"

// LegalActions lists what can be done right now, in a stable order: the
// pending choice's options for the choosing player, or for the priority
// holder: pass, playable lands, mana abilities, castable spells with each
// legal target (and each affordable X), activatable abilities with each
// legal target. Conceding is always possible and not listed.
func LegalActions(s State) []Action {
	if s.Over {
		return nil
	}
	if s.Pending.Kind != "" {
		return choiceActions(&s)
	}
	p := s.Priority
	if p < 0 || !s.InGame(p) {
		return nil
	}
	out := []Action{Pass(p)}
	add := func(a Action) {
		if check(&s, a) == nil {
			out = append(out, a)
		}
	}
	hand := distinct(s.Players[p].Hand)
	for _, c := range hand {
		if s.card(c).Is("land") {
			add(Action{Kind: ActPlayLand, Player: p, Card: c})
		}
	}
	for i := range s.Battlefield {
		perm := &s.Battlefield[i]
		if int(perm.Controller) != p {
			continue
		}
		for j, ab := range s.permanentCard(perm).Abilities {
			if !ab.Mana {
				continue
			}
			any := false
			for _, e := range ab.Effects {
				any = any || e.Kind == EffAddManaAny
			}
			if any {
				for _, col := range []string{"W", "U", "B", "R", "G"} {
					add(Action{Kind: ActActivateMana, Player: p, Object: int(perm.ID), Ability: j, Color: col})
				}
			} else {
				add(Action{Kind: ActActivateMana, Player: p, Object: int(perm.ID), Ability: j})
			}
		}
	}
	for i := range s.Battlefield {
		if perm := &s.Battlefield[i]; perm.FaceDown && int(perm.Controller) == p {
			add(Action{Kind: ActTurnFaceUp, Player: p, Object: int(perm.ID)})
		}
	}
	targets := s.allTargets()
	for _, c := range hand {
		card := s.card(c)
		if card.Is("land") {
			continue
		}
		xs := []int{0}
		if cost := mustCost(card.Cost); cost.X {
			mv := cost.Generic + cost.Colored.Total()
			for x := 1; x <= s.Players[p].Pool.Total()-mv; x++ {
				xs = append(xs, x)
			}
		}
		for _, x := range xs {
			if card.Target == TargetNone {
				add(Action{Kind: ActCastSpell, Player: p, Card: c, X: x})
				continue
			}
			for _, t := range targets {
				add(Action{Kind: ActCastSpell, Player: p, Card: c, X: x, Targets: []Target{t}})
			}
		}
	}
	for i := range s.Battlefield {
		perm := &s.Battlefield[i]
		if int(perm.Controller) != p {
			continue
		}
		for j, ab := range s.permanentCard(perm).Abilities {
			if ab.Mana {
				continue
			}
			// Discard costs: each distinct card for one, the last cards otherwise.
			costs := [][]string{nil}
			if ab.Discard == 1 {
				costs = costs[:0]
				for _, c := range hand {
					costs = append(costs, []string{c})
				}
			} else if h := s.Players[p].Hand; ab.Discard > 1 && len(h) >= ab.Discard {
				costs = [][]string{append([]string(nil), h[len(h)-ab.Discard:]...)}
			}
			for _, cost := range costs {
				if ab.Target == TargetNone {
					add(Action{Kind: ActActivateAbility, Player: p, Object: int(perm.ID), Ability: j, Cards: cost})
					continue
				}
				for _, t := range targets {
					add(Action{Kind: ActActivateAbility, Player: p, Object: int(perm.ID), Ability: j, Targets: []Target{t}, Cards: cost})
				}
			}
		}
	}
	return out
}

// allTargets lists every player, permanent and stack object as a candidate target.
func (s *State) allTargets() []Target {
	var ts []Target
	for i := range s.Players {
		if s.InGame(i) {
			ts = append(ts, PlayerTarget(i))
		}
	}
	for _, p := range s.Battlefield {
		ts = append(ts, ObjectTarget(int(p.ID)))
	}
	for _, o := range s.Stack {
		ts = append(ts, ObjectTarget(o.ID))
	}
	return ts
}

func distinct(list []string) []string {
	var out []string
	for _, c := range list {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// choiceActions lists options for a pending choice: the empty declaration,
// each single attacker or block, and the "everything" declaration.
func choiceActions(s *State) []Action {
	pending := s.Pending
	p := pending.Player
	var out []Action
	add := func(a Action) {
		if check(s, a) == nil {
			out = append(out, a)
		}
	}
	switch pending.Kind {
	case ChooseAttackers:
		out = append(out, Action{Kind: ActDeclareAttackers, Player: p})
		var all []int
		for i := range s.Battlefield {
			perm := &s.Battlefield[i]
			if int(perm.Controller) == p && s.IsCreature(perm) && !perm.Tapped && !s.summoningSick(perm) {
				all = append(all, int(perm.ID))
			}
		}
		for d := range s.Players {
			if d == p || !s.InGame(d) {
				continue
			}
			for _, id := range all {
				add(Action{Kind: ActDeclareAttackers, Player: p, Attackers: []int{id}, Defender: d})
			}
			if len(all) > 1 {
				add(Action{Kind: ActDeclareAttackers, Player: p, Attackers: all, Defender: d})
			}
		}
	case ChooseBlockers:
		out = append(out, Action{Kind: ActDeclareBlockers, Player: p})
		var greedy []Block
		for i := range s.Battlefield {
			b := &s.Battlefield[i]
			if int(b.Controller) != p || !s.IsCreature(b) || b.Tapped {
				continue
			}
			first := true
			for j := range s.Battlefield {
				a := &s.Battlefield[j]
				if !a.Attacking || int(a.Defender) != p {
					continue
				}
				blk := Block{Blocker: int(b.ID), Attacker: int(a.ID)}
				n := len(out)
				add(Action{Kind: ActDeclareBlockers, Player: p, Blocks: []Block{blk}})
				if first && len(out) > n {
					greedy = append(greedy, blk)
					first = false
				}
			}
		}
		if len(greedy) > 1 {
			add(Action{Kind: ActDeclareBlockers, Player: p, Blocks: greedy})
		}
	case ChooseTrigger:
		// Each different waiting ability of the player, with each legal target.
		for i := range s.Waiting {
			w := &s.Waiting[i]
			if w.Controller != p {
				continue
			}
			dup := false
			for j := range i {
				o := &s.Waiting[j]
				dup = dup || (o.Controller == p && o.Card == w.Card && o.Source == w.Source && o.Ability == w.Ability && o.That == w.That)
			}
			if dup {
				continue
			}
			tr := s.trigger(w)
			if tr == nil || tr.Target == TargetNone {
				add(Action{Kind: ActPutTrigger, Player: p, Trigger: i})
				continue
			}
			for _, t := range s.legalTargets(tr.Target, p) {
				add(Action{Kind: ActPutTrigger, Player: p, Trigger: i, Targets: []Target{t}})
			}
		}
	case ChooseMay:
		out = append(out, Action{Kind: ActMay, Player: p, Accept: true}, Action{Kind: ActMay, Player: p})
	case ChooseDiscard:
		hand := s.Players[p].Hand
		if pending.Count == 1 {
			for _, c := range distinct(hand) {
				add(Action{Kind: ActDiscard, Player: p, Cards: []string{c}})
			}
		} else {
			add(Action{Kind: ActDiscard, Player: p, Cards: append([]string(nil), hand[len(hand)-pending.Count:]...)})
		}
	}
	return out
}
