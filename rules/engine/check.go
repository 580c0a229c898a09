package engine

import "slices"

// Check reports whether the action would be legal, without applying it.
func Check(s State, a Action) error { return check(&s, a) }

// check validates an action; it must only read the state.
func check(s *State, a Action) error {
	if s.Over {
		return illegal(ReasonGameOver, "", "104.1")
	}
	if a.Player < 0 || a.Player >= len(s.Players) {
		return illegal(ReasonNoSuchPlayer, "", "102.1")
	}
	if !s.InGame(a.Player) {
		return illegal(ReasonPlayerLeft, "", "800.4a")
	}
	switch a.Kind {
	case ActConcede:
		return nil
	case ActPassPriority, ActPlayLand, ActActivateMana, ActCastSpell, ActActivateAbility,
		ActDeclareAttackers, ActDeclareBlockers, ActDiscard, ActPutTrigger, ActMay, ActTurnFaceUp:
	default:
		return illegal(ReasonUnknownAction, string(a.Kind), "117.1")
	}
	if s.Pending.Kind != "" {
		if a.Player != s.Pending.Player {
			return illegal(ReasonChoicePending, string(s.Pending.Kind), "117.1")
		}
		switch {
		case a.Kind == ActPassPriority:
			return nil
		case string(a.Kind) == string(s.Pending.Kind):
			return checkChoice(s, a)
		default:
			return illegal(ReasonChoicePending, string(s.Pending.Kind), "117.1")
		}
	}
	switch a.Kind {
	case ActDeclareAttackers, ActDeclareBlockers, ActDiscard, ActPutTrigger, ActMay:
		return illegal(ReasonNoChoice, string(a.Kind), "117.1")
	}
	if s.Priority < 0 {
		return illegal(ReasonNoPriority, "", "117.1")
	}
	if s.Priority != a.Player {
		return illegal(ReasonNotYourPriority, "", "117.1")
	}
	switch a.Kind {
	case ActPassPriority:
		return nil
	case ActPlayLand:
		return checkPlayLand(s, a)
	case ActCastSpell:
		return checkCast(s, a)
	case ActActivateMana:
		return checkActivate(s, a, true)
	case ActActivateAbility:
		return checkActivate(s, a, false)
	case ActTurnFaceUp:
		return checkFaceUp(s, a)
	}
	return illegal(ReasonUnknownAction, string(a.Kind), "117.1")
}

func checkPlayLand(s *State, a Action) error {
	c, err := handCard(s, a, "305.1")
	if err != nil {
		return err
	}
	if !c.Is("land") {
		return illegal(ReasonNotALand, a.Card, "305.1")
	}
	if !s.sorceryTiming(a.Player) {
		return illegal(ReasonSorceryTiming, "", "305.1", "116.2a")
	}
	if s.Players[a.Player].LandsPlayed >= 1 {
		return illegal(ReasonLandAlreadyPlayed, "", "305.2")
	}
	return nil
}

func checkCast(s *State, a Action) error {
	c, err := handCard(s, a, "601.2a")
	if err != nil {
		return err
	}
	if len(a.Mana) > 0 {
		// The mana abilities activated while casting (601.2g) are checked
		// one after another on a copy; then the cast is checked with the
		// mana they made.
		t := *s
		for _, m := range a.Mana {
			act := Action{Kind: ActActivateMana, Player: a.Player, Object: m.Object, Ability: m.Ability, Color: m.Color}
			if err := checkActivate(&t, act, true); err != nil {
				return err
			}
			t = t.fork()
			g := game{s: &t, applier: &applier{}}
			g.manaAbility(act, "601.2g", "605.3a")
		}
		a.Mana = nil
		return checkCast(&t, a)
	}
	if c.Is("land") {
		return illegal(ReasonIsALand, a.Card, "305.1")
	}
	if s.splitSecond() {
		return illegal(ReasonSplitSecond, "", "702.61a")
	}
	if c.SorcerySpeed() && !s.sorceryTiming(a.Player) {
		return illegal(ReasonSorceryTiming, a.Card, "117.1a", "307.1")
	}
	if err := s.checkTargets(c.Target, a.Targets, a.Player); err != nil {
		return err
	}
	cost := mustCost(c.Cost)
	if a.X < 0 || (!cost.X && a.X != 0) {
		return illegal(ReasonBadX, "", "601.2b", "107.3")
	}
	if !canPay(s.Players[a.Player].Pool, cost, a.X) {
		return illegal(ReasonNotEnoughMana, c.Cost, "601.2g", "601.2h")
	}
	return nil
}

func checkActivate(s *State, a Action, mana bool) error {
	p := s.Permanent(a.Object)
	if p == nil {
		return illegal(ReasonNoSuchObject, "", "602.2")
	}
	if int(p.Controller) != a.Player {
		return illegal(ReasonNotController, "", "602.2")
	}
	ab, ok := s.ability(p, a.Ability)
	if !ok {
		return illegal(ReasonNoSuchAbility, "", "602.1")
	}
	if mana && !ab.Mana {
		return illegal(ReasonNotManaAbility, "", "605.1a")
	}
	if !mana && ab.Mana {
		return illegal(ReasonManaAbility, "", "605.3a")
	}
	if !mana && s.splitSecond() {
		return illegal(ReasonSplitSecond, "", "702.61a")
	}
	switch ab.Timing {
	case "your_upkeep":
		if a.Player != s.Active || s.Step != Upkeep {
			return illegal(ReasonAbilityTiming, "", "602.5b")
		}
	case "sorcery":
		if !s.sorceryTiming(a.Player) {
			return illegal(ReasonSorceryTiming, "", "602.5d")
		}
	}
	if ab.Tap {
		if p.Tapped {
			return illegal(ReasonTapped, "", "107.5", "601.2h")
		}
		if s.summoningSick(p) && s.IsCreature(p) {
			return illegal(ReasonSummoningSick, "", "302.6", "602.5a")
		}
	}
	if ab.RemoveCounter != "" && p.Counters[ab.RemoveCounter] <= 0 {
		return illegal(ReasonNoCounter, ab.RemoveCounter, "601.2h", "122.1")
	}
	if ab.Discard > 0 || len(a.Cards) > 0 {
		if len(a.Cards) != ab.Discard || !inHand(s.Players[a.Player].Hand, a.Cards) {
			return illegal(ReasonIllegalDiscard, "cost", "601.2h")
		}
	}
	if mana {
		for _, e := range ab.Effects {
			if e.Kind == EffAddManaAny && !validColor(a.Color) {
				return illegal(ReasonNeedColor, a.Color, "106.1a", "605.3b")
			}
		}
	} else if err := s.checkTargets(ab.Target, a.Targets, a.Player); err != nil {
		return err
	}
	if !canPay(s.Players[a.Player].Pool, mustCost(ab.Cost), 0) {
		return illegal(ReasonNotEnoughMana, ab.Cost, "601.2g", "601.2h")
	}
	return nil
}

// checkFaceUp checks the special action of turning a face-down permanent
// face up for its morph cost (116.2b, 702.37e); split second allows it (702.61b).
func checkFaceUp(s *State, a Action) error {
	p := s.Permanent(a.Object)
	if p == nil {
		return illegal(ReasonNoSuchObject, "", "116.2b")
	}
	if int(p.Controller) != a.Player {
		return illegal(ReasonNotController, "", "702.37e")
	}
	c := s.card(p.Card)
	if !p.FaceDown || c.Morph == "" {
		return illegal(ReasonNotFaceDown, "", "702.37e")
	}
	if !canPay(s.Players[a.Player].Pool, mustCost(c.Morph), 0) {
		return illegal(ReasonNotEnoughMana, c.Morph, "702.37e", "601.2h")
	}
	return nil
}

func checkChoice(s *State, a Action) error {
	switch a.Kind {
	case ActDeclareAttackers:
		for i, id := range a.Attackers {
			if slices.Contains(a.Attackers[:i], id) {
				return illegal(ReasonCannotAttack, "twice", "508.1a")
			}
			p := s.Permanent(id)
			if p == nil || int(p.Controller) != a.Player || !s.IsCreature(p) || p.Tapped {
				return illegal(ReasonCannotAttack, "", "508.1a")
			}
			if s.summoningSick(p) {
				return illegal(ReasonSummoningSick, "", "302.6", "508.1a")
			}
		}
		if len(a.Attackers) > 0 && (!s.InGame(a.Defender) || a.Defender == a.Player) {
			return illegal(ReasonIllegalDefender, "", "508.1b")
		}
	case ActDeclareBlockers:
		for i, b := range a.Blocks {
			for _, o := range a.Blocks[:i] {
				if o.Blocker == b.Blocker {
					return illegal(ReasonCannotBlock, "twice", "509.1a")
				}
			}
			p := s.Permanent(b.Blocker)
			if p == nil || int(p.Controller) != a.Player || !s.IsCreature(p) || p.Tapped {
				return illegal(ReasonCannotBlock, "", "509.1a")
			}
			at := s.Permanent(b.Attacker)
			if at == nil || !at.Attacking || int(at.Defender) != a.Player {
				return illegal(ReasonCannotBlock, "not attacking you", "509.1a")
			}
			if s.HasKeyword(at, "flying") && !s.HasKeyword(p, "flying") && !s.HasKeyword(p, "reach") {
				return illegal(ReasonCannotBlock, "flying", "702.9b", "702.17b")
			}
		}
	case ActDiscard:
		if len(a.Cards) != s.Pending.Count || !inHand(s.Players[a.Player].Hand, a.Cards) {
			return illegal(ReasonIllegalDiscard, "", "514.1", "608.2c")
		}
	case ActPutTrigger:
		return checkPutTrigger(s, a)
	}
	return nil
}

// handCard returns the definition of the card a player plays or casts
// from their hand, or why they cannot (inHand: the rule saying it must be
// in hand).
func handCard(s *State, a Action, inHand string) (*Card, error) {
	if !slices.Contains(s.Players[a.Player].Hand, a.Card) {
		return nil, illegal(ReasonNotInHand, a.Card, inHand)
	}
	c, ok := s.Cards[a.Card]
	if !ok || c == nil {
		return nil, illegal(ReasonUnknownCard, a.Card, "108.1")
	}
	return c, nil
}

func (s *State) sorceryTiming(p int) bool {
	return p == s.Active && s.Step.IsMain() && len(s.Stack) == 0
}

// splitSecond reports whether a spell with split second is on the stack (702.61a).
func (s *State) splitSecond() bool {
	for _, o := range s.Stack {
		if o.Kind == KindSpell && s.card(o.Card).HasKeyword("split_second") {
			return true
		}
	}
	return false
}

func (s *State) checkTargets(spec TargetSpec, ts []Target, controller int) error {
	want := 1
	if spec == TargetNone {
		want = 0
	}
	if len(ts) != want {
		return illegal(ReasonWrongTargetCount, "", "601.2c")
	}
	for _, t := range ts {
		if !s.targetLegal(spec, t, controller) {
			return illegal(ReasonIllegalTarget, "", "601.2c", "115.1")
		}
	}
	return nil
}

// targetLegal reports whether t is a legal target for spec right now.
func (s *State) targetLegal(spec TargetSpec, t Target, controller int) bool {
	if t.IsPlayer() {
		switch spec {
		case TargetAny, TargetPlayer:
			return s.InGame(t.Player)
		case TargetOpponent:
			return s.InGame(t.Player) && t.Player != controller
		}
		return false
	}
	switch spec {
	case TargetSpell:
		o := s.StackObject(t.Object)
		return o != nil && o.Kind == KindSpell
	case TargetAny, TargetCreature, TargetDamagedCreature, TargetTappedCreature:
		p := s.Permanent(t.Object)
		if p == nil || !s.IsCreature(p) {
			return false
		}
		return (spec != TargetDamagedCreature || p.DamagedThisTurn) && (spec != TargetTappedCreature || p.Tapped)
	case TargetArtifact, TargetArtifactOrEnch:
		p := s.Permanent(t.Object)
		if p == nil {
			return false
		}
		c := s.permanentCard(p)
		return c.Is("artifact") || (spec == TargetArtifactOrEnch && c.Is("enchantment"))
	}
	return false
}

// ability returns the activated ability i of a permanent, honouring effects
// that make it lose all abilities.
func (s *State) ability(p *Permanent, i int) (Ability, bool) {
	c := s.permanentCard(p)
	if i < 0 || i >= len(c.Abilities) || s.lostAbilities(int(p.ID)) {
		return Ability{}, false
	}
	return c.Abilities[i], true
}

func validColor(c string) bool {
	return c == "W" || c == "U" || c == "B" || c == "R" || c == "G"
}

// inHand reports whether all cards (as a multiset) are in the hand.
func inHand(hand, cards []string) bool {
	h := slices.Clone(hand)
	for _, c := range cards {
		i := slices.Index(h, c)
		if i < 0 {
			return false
		}
		h = slices.Delete(h, i, i+1)
	}
	return true
}
