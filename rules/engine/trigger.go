package engine

import "slices"

// Triggered abilities (603). A trigger event calls one of the fire
// functions, which look at every permanent's Triggers (the card data) and
// add each ability that triggers to State.Waiting (603.2). The next time a
// player would receive priority, settle puts them on the stack after
// state-based actions, in APNAP order, each player choosing the order of
// their own and their targets (117.5, 603.3b, 603.3d); see stackTriggers.

// occurrence is something that happened which triggered abilities may
// trigger on: a permanent entering, dying, attacking or blocking, a step
// beginning, a spell cast, a card discarded.
type occurrence struct {
	when TriggerEvent
	// subject is the permanent the event is about: the one entering,
	// dying, attacking, blocking or becoming blocked; 0 for none.
	subject int
	// player is the player the event names ("that player").
	player int
	step   Step
	spell  *Card // the spell cast
}

// fire adds every ability that triggers on ev to the waiting triggers. It
// runs while the objects of the event are still where the event found them,
// so leaves-the-battlefield abilities look back in time (603.10a).
func (g *game) fire(ev occurrence) {
	s := g.s
	bit := triggerBit(ev.when)
	for i := range s.Battlefield {
		c := g.cardAt(i)
		if c.triggerMask&bit == 0 {
			continue
		}
		p := &s.Battlefield[i]
		if s.lostAbilities(int(p.ID)) {
			continue
		}
		for j := range c.Triggers {
			tr := &c.Triggers[j]
			if tr.When != ev.when || !g.matches(tr, p, ev) {
				continue
			}
			if tr.If != nil && !s.condition(tr.If, int(p.ID), int(p.Controller)) {
				continue // an intervening "if" that is false: no trigger (603.4)
			}
			s.Waiting = push(s.Waiting, StackObject{Kind: KindTrigger, Controller: int(p.Controller), Owner: int(p.Owner),
				Card: p.Card, Source: int(p.ID), Ability: j, That: ev.player})
			rules := append([]string{"603.2"}, tr.Rules...)
			if r := triggerRule[ev.when]; r != "" && len(tr.Rules) == 0 {
				rules = append(rules, r)
			}
			if tr.If != nil {
				rules = append(rules, "603.4")
			}
			e := g.emit(EvTriggered, int(p.Controller), rules...)
			e.Object, e.Source, e.Card, e.Other = p.ID, p.ID, p.Card, int32(ev.player)
		}
	}
}

// triggerRule is the rule that says when each kind of trigger event happens.
var triggerRule = map[TriggerEvent]string{
	OnEnters: "603.6a", OnDies: "603.10a", OnStep: "603.2b", OnAttacks: "508.1m",
	OnBlocks: "509.1i", OnBecomesBlocked: "509.1i", OnBlocksOrBlocked: "509.1i", OnCast: "601.2i",
}

// matches reports whether trigger tr of permanent p sees the event.
func (g *game) matches(tr *Trigger, p *Permanent, ev occurrence) bool {
	s := g.s
	ctrl := int(p.Controller)
	whose := tr.Whose
	if whose == "" && ev.when == OnStep {
		whose = "you"
	}
	switch whose {
	case "you":
		if ev.player != ctrl {
			return false
		}
	case "opponent":
		if ev.player == ctrl {
			return false
		}
	}
	switch ev.when {
	case OnStep:
		return tr.Step == ev.step
	case OnCast:
		c := ev.spell
		if tr.Spell == "instant_or_sorcery" && !c.Is("instant") && !c.Is("sorcery") {
			return false
		}
		return tr.MaxManaValue <= 0 || c.ManaValue() <= tr.MaxManaValue
	case OnDiscard:
		return true
	}
	// Events about a permanent: enters, dies, attacks, blocks.
	switch tr.Subject {
	case "", "self":
		return int(p.ID) == ev.subject
	}
	sub := s.Permanent(ev.subject)
	if sub == nil {
		return false
	}
	switch tr.Subject {
	case "creature":
		return s.IsCreature(sub)
	case "another_creature":
		return s.IsCreature(sub) && sub.ID != p.ID
	case "land":
		return s.permanentCard(sub).Is("land")
	case "your_creature":
		return s.IsCreature(sub) && sub.Controller == p.Controller
	}
	return false
}

// condition evaluates an intervening "if" for the ability of source,
// controlled by controller (603.4).
func (s *State) condition(c *Condition, source, controller int) bool {
	switch c.Kind {
	case "life_at_least":
		return controller >= 0 && controller < len(s.Players) && int(s.Players[controller].Life) >= c.Amount
	case "source_untapped":
		p := s.Permanent(source)
		return p != nil && !p.Tapped
	}
	return false
}

// fireEnters fires "enters" triggers for a permanent that just entered
// (603.6a); "that player" is its controller.
func (g *game) fireEnters(id int) {
	if p := g.s.Permanent(id); p != nil {
		g.fire(occurrence{when: OnEnters, subject: id, player: int(p.Controller)})
	}
}

// fireDies fires "dies" triggers for a creature about to be put into a
// graveyard from the battlefield (700.4), while it and everything leaving
// with it are still on the battlefield (603.10a).
func (g *game) fireDies(id int) {
	if p := g.s.Permanent(id); p != nil && g.s.IsCreature(p) {
		g.fire(occurrence{when: OnDies, subject: id, player: int(p.Controller)})
	}
}

// fireCast fires "whenever a player casts a spell" triggers (601.2i).
func (g *game) fireCast(player int, c *Card) {
	g.fire(occurrence{when: OnCast, player: player, spell: c})
}

// fireStep fires "at the beginning of" triggers of the step that just began (603.2b).
func (g *game) fireStep() {
	g.fire(occurrence{when: OnStep, player: g.s.Active, step: g.s.Step})
}

// trigger returns the definition of a triggered ability on the stack or waiting.
func (s *State) trigger(o *StackObject) *Trigger {
	c := s.card(o.Card)
	if o.Kind != KindTrigger || o.Ability < 0 || o.Ability >= len(c.Triggers) {
		return nil
	}
	return &c.Triggers[o.Ability]
}

// stackTriggers puts the waiting triggered abilities on the stack: each
// player in APNAP order puts theirs (603.3b). A player with a choice to
// make (the order of different abilities, or a target) gets a pending
// ChooseTrigger and the process stops until they have made it; it reports
// whether all waiting abilities are on the stack.
func (g *game) stackTriggers() bool {
	s := g.s
	n := len(s.Players)
	several := len(s.Waiting) > 1 // 603.3b orders them; one alone just goes on the stack (603.3)
	for k := 0; k < n; k++ {
		p := (s.Active + k) % n
		for {
			mine := g.waitingOf(p)
			if len(mine) == 0 {
				break
			}
			if !s.InGame(p) {
				g.dropWaiting(mine[0])
				continue
			}
			if s.triggerChoice(mine) {
				s.Pending = Choice{Kind: ChooseTrigger, Player: p, Count: len(mine)}
				rule := "603.3b" // the order of their abilities
				if len(mine) == 1 {
					rule = "603.3d" // the target of one ability
				}
				e := g.emit(EvChoice, p, rule)
				e.Card, e.Amount = string(ChooseTrigger), int32(len(mine))
				return false
			}
			g.putTrigger(mine[0], nil, several)
		}
	}
	return true
}

// waitingOf lists the indices into Waiting of player p's abilities.
func (g *game) waitingOf(p int) []int {
	var out []int
	for i := range g.s.Waiting {
		if g.s.Waiting[i].Controller == p {
			out = append(out, i)
		}
	}
	return out
}

// dropWaiting removes the waiting ability at index i.
func (g *game) dropWaiting(i int) StackObject {
	s := g.s
	w := s.Waiting[i]
	s.Waiting = slices.Concat(s.Waiting[:i:i], s.Waiting[i+1:])
	if len(s.Waiting) == 0 {
		s.Waiting = nil
	}
	return w
}

// triggerChoice reports whether the player whose waiting abilities these
// are has a choice to make: abilities that differ, whose order matters, or
// a target with more than one legal choice.
func (s *State) triggerChoice(mine []int) bool {
	first := &s.Waiting[mine[0]]
	for _, i := range mine[1:] {
		w := &s.Waiting[i]
		if w.Card != first.Card || w.Source != first.Source || w.Ability != first.Ability || w.That != first.That {
			return true
		}
	}
	if tr := s.trigger(first); tr != nil && tr.Target != TargetNone {
		return len(s.legalTargets(tr.Target, first.Controller)) > 1
	}
	return false
}

// legalTargets lists the legal targets for spec, in allTargets order.
func (s *State) legalTargets(spec TargetSpec, controller int) []Target {
	var out []Target
	for _, t := range s.allTargets() {
		if s.targetLegal(spec, t, controller) {
			out = append(out, t)
		}
	}
	return out
}

// putTrigger puts the waiting ability at index i on the stack with these
// targets; nil targets means the only legal one, or the first. An ability
// that needs a target and has none is removed (603.3d). several says that
// more than one ability is being put on the stack, in the order 603.3b
// gives.
func (g *game) putTrigger(i int, targets []Target, several bool) {
	s := g.s
	w := g.dropWaiting(i)
	if tr := s.trigger(&w); tr != nil && tr.Target != TargetNone {
		if targets == nil {
			if legal := s.legalTargets(tr.Target, w.Controller); len(legal) > 0 {
				targets = legal[:1]
			}
		}
		if len(targets) == 0 {
			e := g.emit(EvTriggerRemoved, w.Controller, "603.3d")
			e.Source, e.Card = int32(w.Source), w.Card
			return
		}
		w.Targets = slices.Clone(targets)
	}
	w.ID = s.NextID
	s.NextID++
	s.Stack = push(s.Stack, w)
	var e *Event
	if several {
		e = g.emit(EvTrigger, w.Controller, "603.3", "603.3b")
	} else {
		e = g.emit(EvTrigger, w.Controller, "603.3")
	}
	e.Object, e.Source, e.Card = int32(w.ID), int32(w.Source), w.Card
}

// checkPutTrigger checks a put_trigger choice.
func checkPutTrigger(s *State, a Action) error {
	if a.Trigger < 0 || a.Trigger >= len(s.Waiting) || s.Waiting[a.Trigger].Controller != a.Player {
		return illegal(ReasonNoSuchObject, "trigger", "603.3b")
	}
	w := &s.Waiting[a.Trigger]
	spec := TargetNone
	if tr := s.trigger(w); tr != nil {
		spec = tr.Target
	}
	return s.checkTargets(spec, a.Targets, a.Player)
}

// choosePutTrigger puts the chosen ability on the stack and goes on with
// the rest (603.3b), then gives priority to the player who was to get it.
func (g *game) choosePutTrigger(a Action) {
	s := g.s
	pending := s.Pending
	s.Pending = Choice{}
	g.putTrigger(a.Trigger, a.Targets, pending.Count > 1 || len(s.Waiting) > 1)
	g.givePriority(pending.Then, pending.ThenRules...)
}

// defaultPutTrigger is passing while choosing: the first waiting ability
// with its first legal target.
func (g *game) defaultPutTrigger() {
	s := g.s
	p := s.Pending.Player
	for i := range s.Waiting {
		if s.Waiting[i].Controller == p {
			g.choosePutTrigger(Action{Kind: ActPutTrigger, Player: p, Trigger: i})
			return
		}
	}
	pending := s.Pending
	s.Pending = Choice{}
	g.givePriority(pending.Then, pending.ThenRules...)
}

// askMay stops the resolution of an optional ability for its controller's
// decision (603.5).
func (g *game) askMay(obj StackObject) {
	s := g.s
	o := obj
	s.Pending = Choice{Kind: ChooseMay, Player: obj.Controller, Resolving: &o}
	e := g.emit(EvChoice, obj.Controller, "603.5")
	e.Card, e.Object = string(ChooseMay), int32(obj.ID)
}

// chooseMay finishes the resolution of an optional ability: its effects
// when accepted, nothing otherwise; then the active player gets priority (117.3b).
func (g *game) chooseMay(accept bool) {
	s := g.s
	obj := *s.Pending.Resolving
	s.Pending = Choice{}
	if accept {
		e := g.emit(EvMayAccepted, obj.Controller, "603.5")
		e.Object, e.Card = int32(obj.ID), obj.Card
		target, has := s.firstLegalTarget(&obj)
		if tr := s.trigger(&obj); tr != nil {
			for _, eff := range tr.Effects {
				g.applyEffect(obj, eff, target, has)
			}
		}
		if s.Over {
			return
		}
	} else {
		e := g.emit(EvMayDeclined, obj.Controller, "603.5")
		e.Object, e.Card = int32(obj.ID), obj.Card
	}
	g.givePriority(s.activeOrNext(), "117.3b")
}

// firstLegalTarget returns the object's first target that is still legal.
func (s *State) firstLegalTarget(obj *StackObject) (Target, bool) {
	spec := TargetNone
	if tr := s.trigger(obj); tr != nil {
		spec = tr.Target
	}
	for _, t := range obj.Targets {
		if s.targetLegal(spec, t, obj.Controller) {
			return t, true
		}
	}
	return Target{}, false
}
