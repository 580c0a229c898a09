package simview

import (
	"strings"

	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules/engine"
	"github.com/mtgrules/site/templates"
)

// eventIDs names each event kind's message.
var eventIDs = map[string]msg.Key{
	engine.EvPriority: msg.EvPriority, engine.EvPass: msg.EvPass, engine.EvResolve: msg.EvResolve,
	engine.EvStepEnds: msg.EvStepEnds, engine.EvPoolsEmpty: msg.EvPoolsEmpty, engine.EvStep: msg.EvStep,
	engine.EvTurn: msg.EvTurn, engine.EvUntap: msg.EvUntap, engine.EvNoPriority: msg.EvNoPriority,
	engine.EvDraw: msg.EvDraw, engine.EvSkipDraw: msg.EvSkipDraw, engine.EvCast: msg.EvCast,
	engine.EvActivate: msg.EvActivate, engine.EvManaAbility: msg.EvManaAbility, engine.EvPlayLand: msg.EvPlayLand,
	engine.EvAddMana: msg.EvAddMana, engine.EvDamage: msg.EvDamage, engine.EvCombatDamage: msg.EvCombatDamage,
	engine.EvDestroyed: msg.EvDestroyed, engine.EvZeroToughness: msg.EvZeroToughness,
	engine.EvAuraFallsOff: msg.EvAuraFallsOff, engine.EvLoses: msg.EvLoses, engine.EvLeaves: msg.EvLeaves,
	engine.EvGameOver: msg.EvGameOver, engine.EvTurnLimit: msg.EvTurnLimit, engine.EvFizzle: msg.EvFizzle,
	engine.EvCountered: msg.EvCountered, engine.EvEnters: msg.EvEnters, engine.EvAttach: msg.EvAttach,
	engine.EvPump: msg.EvPump, engine.EvSpoil: msg.EvSpoil, engine.EvLifeExchange: msg.EvLifeExchange,
	engine.EvCounters: msg.EvCounters, engine.EvSacrifice: msg.EvSacrifice, engine.EvDiscard: msg.EvDiscard,
	engine.EvChoice: msg.EvChoice, engine.EvTrigger: msg.EvTrigger, engine.EvAttackers: msg.EvAttackers,
	engine.EvBlockers: msg.EvBlockers, engine.EvSkipCombatSteps: msg.EvSkipCombatSteps,
	engine.EvCleanup: msg.EvCleanup, engine.EvCombatEnds: msg.EvCombatEnds,
	engine.EvRemovedFromStack: msg.EvRemovedFromStack, engine.EvToGraveyard: msg.EvToGraveyard,
	engine.EvTriggered: msg.EvTriggered, engine.EvTriggerRemoved: msg.EvTriggerRemoved, engine.EvIfFails: msg.EvIfFails,
	engine.EvMayDeclined: msg.EvMayDeclined, engine.EvMayAccepted: msg.EvMayAccepted, engine.EvLifeLoss: msg.EvLifeLoss,
	engine.EvLifeGain: msg.EvLifeGain, engine.EvDestroy: msg.EvDestroy, engine.EvBounce: msg.EvBounce, engine.EvWins: msg.EvWins,
	engine.EvFaceUp: msg.EvFaceUp, engine.EvConcede: msg.EvConcede,
}

// Events describes what happened between two states, each event with
// links to the rules it cites. before is the state the action was applied
// to (objects that left are named from it), after the resulting state.
func (v View) Events(before, after *engine.State, events []engine.Event) []templates.SimEvent {
	// Objects that start to resolve and then do not (608.2b).
	fizzled := map[int]bool{}
	for _, e := range events {
		if e.Kind == engine.EvFizzle {
			fizzled[int(e.Object)] = true
		}
	}
	out := make([]templates.SimEvent, 0, len(events))
	for _, e := range events {
		out = append(out, templates.SimEvent{Text: v.event(before, after, e, fizzled[int(e.Object)]), Rules: v.ruleLinks(e.Rules)})
	}
	return out
}

func (v View) event(before, after *engine.State, e engine.Event, fizzles bool) string {
	id, ok := eventIDs[e.Kind]
	if !ok {
		return e.Kind
	}
	card := ""
	switch {
	case e.Card != "" && e.Object != 0 && faceDown(after, int(e.Object)):
		card = v.Object(after, int(e.Object))
	case e.Card != "":
		card = v.Card(after, e.Card)
	case e.Object != 0:
		if card = v.Object(after, int(e.Object)); card == "" {
			card = v.Object(before, int(e.Object))
		}
	}
	data := map[string]any{
		"Player": v.Player(after, int(e.Player)), "Card": card, "Amount": int(e.Amount),
		"Step": v.StepName(e.Step), "Turn": int(e.Turn),
	}
	count := 0
	switch e.Kind {
	case engine.EvDamage, engine.EvCombatDamage:
		count = int(e.Amount)
		// Card is the damaged creature; a player is dealt damage when it is empty.
		data["Source"] = v.Object(before, int(e.Source))
		if data["Target"] = card; card == "" {
			data["Target"] = v.Player(after, int(e.Player))
		}
	case engine.EvAttach:
		data["Target"] = v.Object(after, int(e.Object))
	case engine.EvResolve:
		switch o := before.StackObject(int(e.Object)); {
		case fizzles:
			id = msg.EvResolveFizzles
		case o != nil && o.Kind != engine.KindSpell:
			id = msg.EvResolveAbility
		}
	case engine.EvBlockers:
		if e.Player < 0 {
			id = msg.EvNoBlockers // every attacker has left combat (506.4)
		}
	case engine.EvPass:
		if p := int(e.Player); p >= 0 && p < len(before.Players) && before.Players[p].Pool.Total() > 0 {
			id, data["Mana"] = msg.EvPassMana, before.Players[p].Pool.String() // announced (117.3d)
		}
	case engine.EvLifeLoss, engine.EvLifeGain:
		count = int(e.Amount)
	case engine.EvDraw:
		if e.Amount == 0 && e.Card == "" {
			id = msg.EvDrawEmpty // 704.5b: the player will lose when state-based actions are checked
		}
	case engine.EvChoice:
		switch engine.ChoiceKind(e.Card) {
		case engine.ChooseTrigger:
			id = msg.EvChoiceTrigger
		case engine.ChooseMay:
			id, data["Card"] = msg.EvChoiceMay, v.Object(before, int(e.Object))
		}
	case engine.EvCounters:
		// Card names the kind of counter; Object is the permanent.
		data["Card"], data["Counter"] = v.Object(after, int(e.Object)), v.counterName(e.Card)
		count = int(e.Amount)
		if e.Amount < 0 {
			id, count = msg.EvCountersRemoved, -int(e.Amount)
		}
		data["Amount"] = count
	}
	return v.Cat.Format(v.Lang, id, count, data)
}

// faceDown reports whether the permanent with this id is face down in s.
func faceDown(s *engine.State, id int) bool {
	p := s.Permanent(id)
	return p != nil && p.FaceDown
}

// counterIDs names each kind of counter's message.
var counterIDs = map[string]msg.Key{"charge": msg.CounterCharge}

// counterName is a kind of counter in the reader's language.
func (v View) counterName(kind string) string {
	if id, ok := counterIDs[kind]; ok {
		return v.Cat.T(v.Lang, id)
	}
	return kind
}

func (v View) ruleLinks(numbers []string) []templates.Link {
	links := make([]templates.Link, len(numbers))
	for i, n := range numbers {
		links[i] = templates.Link{Href: urls.Rule(v.Lang, n), Label: n}
	}
	return links
}

// Action describes an action taken in state s (before it was applied).
func (v View) Action(s *engine.State, a engine.Action) string {
	data := map[string]any{"Player": v.Player(s, a.Player)}
	var id msg.Key
	switch a.Kind {
	case engine.ActPass:
		id = msg.ActPass
	case engine.ActConcede:
		id = msg.ActConcede
	case engine.ActPlayLand:
		id, data["Card"] = msg.ActPlayLand, v.Card(s, a.Card)
	case engine.ActActivateMana:
		id, data["Card"] = msg.ActActivateMana, v.Object(s, a.Object)
		if a.Color != "" {
			id, data["Amount"] = msg.ActActivateManaColor, "{"+a.Color+"}"
		}
	case engine.ActCastSpell:
		id, data["Card"] = msg.ActCastSpell, v.Card(s, a.Card)
		if len(a.Targets) > 0 {
			id, data["Targets"] = msg.ActCastSpellTargets, v.Targets(s, a.Targets)
		}
		if len(a.Mana) > 0 {
			names := make([]string, len(a.Mana))
			for i, m := range a.Mana {
				names[i] = v.Object(s, m.Object)
			}
			return v.format(id, data) + v.format(msg.ActManaWhileCasting, map[string]any{"Cards": v.join(names)})
		}
	case engine.ActPutTrigger:
		id = msg.ActPutTrigger
		if a.Trigger >= 0 && a.Trigger < len(s.Waiting) {
			data["Card"] = v.Card(s, s.Waiting[a.Trigger].Card)
		}
		if len(a.Targets) > 0 {
			id, data["Targets"] = msg.ActPutTriggerTargets, v.Targets(s, a.Targets)
		}
	case engine.ActMay:
		id = msg.ActMayNo
		if a.Accept {
			id = msg.ActMayYes
		}
	case engine.ActTurnFaceUp:
		id = msg.ActTurnFaceUp
		if p := s.Permanent(a.Object); p != nil {
			data["Card"] = v.Card(s, p.Card)
		}
	case engine.ActActivateAbility:
		id, data["Card"] = msg.ActActivateAbility, v.Object(s, a.Object)
		if len(a.Targets) > 0 {
			id, data["Targets"] = msg.ActActivateAbilityTargets, v.Targets(s, a.Targets)
		}
	case engine.ActDeclareAttackers:
		if len(a.Attackers) == 0 {
			id = msg.ActDeclareNoAttackers
			break
		}
		names := make([]string, len(a.Attackers))
		for i, o := range a.Attackers {
			names[i] = v.Object(s, o)
		}
		id, data["Cards"], data["Defender"] = msg.ActDeclareAttackers, v.join(names), v.Player(s, a.Defender)
	case engine.ActDeclareBlockers:
		if len(a.Blocks) == 0 {
			id = msg.ActDeclareNoBlockers
			break
		}
		pairs := make([]string, len(a.Blocks))
		for i, b := range a.Blocks {
			pairs[i] = v.format(msg.ActBlockPair, map[string]any{"Card": v.Object(s, b.Blocker), "Targets": v.Object(s, b.Attacker)})
		}
		id, data["Cards"] = msg.ActDeclareBlockers, v.join(pairs)
	case engine.ActDiscard:
		names := make([]string, len(a.Cards))
		for i, c := range a.Cards {
			names[i] = v.Card(s, c)
		}
		id, data["Cards"] = msg.ActDiscard, v.join(names)
	default:
		return string(a.Kind)
	}
	return v.format(id, data)
}

// Rejection describes an action the rules refused, with the rules cited.
func (v View) Rejection(e *engine.IllegalError) templates.SimEvent {
	return templates.SimEvent{Text: v.format(msg.SimRejected, map[string]any{"Reason": v.Reason(e.Reason)}), Rules: v.ruleLinks(e.Rules)}
}

// Refusal describes action a, tried in s and refused by the rules: a
// heading that says so, the reason and the rules.
func (v View) Refusal(s *engine.State, a engine.Action, e *engine.IllegalError) *templates.SimRefusal {
	return &templates.SimRefusal{
		Heading: v.format(msg.SimRefusedHeading, map[string]any{"Action": v.Action(s, a)}),
		Reason:  v.format(msg.SimRefusedReason, map[string]any{"Reason": v.Reason(e.Reason)}),
		Rules:   v.ruleLinks(e.Rules),
	}
}

// outcomeClass sorts the events a history line tells: what resolved, what
// triggered, state-based actions, a new step or turn, and the rest that
// changed the game. Events the move itself says (a pass, a cast, priority
// passing on) are left out.
var outcomeClass = map[string]string{
	engine.EvResolve: "resolve", engine.EvFizzle: "resolve", engine.EvCountered: "resolve",
	engine.EvTriggered: "trigger", engine.EvTrigger: "trigger", engine.EvTriggerRemoved: "trigger", engine.EvIfFails: "trigger",
	engine.EvDestroyed: "sba", engine.EvZeroToughness: "sba", engine.EvAuraFallsOff: "sba", engine.EvLoses: "sba",
	engine.EvStep: "step", engine.EvTurn: "step", engine.EvSkipCombatSteps: "step",
	engine.EvGameOver: "over", engine.EvWins: "over", engine.EvTurnLimit: "over", engine.EvLeaves: "over",
	engine.EvDamage: "", engine.EvCombatDamage: "", engine.EvEnters: "", engine.EvAttach: "", engine.EvPump: "",
	engine.EvSpoil: "", engine.EvLifeExchange: "", engine.EvCounters: "", engine.EvSacrifice: "", engine.EvDiscard: "",
	engine.EvChoice: "", engine.EvDraw: "", engine.EvLifeLoss: "", engine.EvLifeGain: "", engine.EvDestroy: "",
	engine.EvBounce: "", engine.EvFaceUp: "", engine.EvMayDeclined: "", engine.EvMayAccepted: "",
	engine.EvRemovedFromStack: "", engine.EvAddMana: "", engine.EvCleanup: "", engine.EvUntap: "",
}

// Outcome says what followed from a move: the events that changed the
// game, each marked with its class (see outcomeClass), or, when nothing
// did, who receives priority next.
func (v View) Outcome(before, after *engine.State, events []engine.Event) []templates.SimEvent {
	all := v.Events(before, after, events)
	var out []templates.SimEvent
	last := -1
	for i, e := range events {
		class, ok := outcomeClass[e.Kind]
		if e.Kind == engine.EvPriority {
			last = i
		}
		if !ok {
			continue
		}
		ev := all[i]
		ev.Class = class
		if class == "sba" {
			ev.Label = v.T(msg.SimClassSBA) // 704.3
		}
		out = append(out, ev)
	}
	if len(out) == 0 && last >= 0 {
		out = append(out, all[last])
	}
	return out
}

// reasonIDs names each illegal-action reason's message.
var reasonIDs = map[engine.Reason]msg.Key{
	engine.ReasonGameOver: msg.ReasonGameOver, engine.ReasonUnknownAction: msg.ReasonUnknownAction,
	engine.ReasonNoSuchPlayer: msg.ReasonNoSuchPlayer, engine.ReasonPlayerLeft: msg.ReasonPlayerLeft,
	engine.ReasonNoPriority: msg.ReasonNoPriority, engine.ReasonNotYourPriority: msg.ReasonNotYourPriority,
	engine.ReasonChoicePending: msg.ReasonChoicePending, engine.ReasonNoChoice: msg.ReasonNoChoice,
	engine.ReasonNotInHand: msg.ReasonNotInHand, engine.ReasonUnknownCard: msg.ReasonUnknownCard,
	engine.ReasonSorceryTiming: msg.ReasonSorceryTiming, engine.ReasonNotALand: msg.ReasonNotALand,
	engine.ReasonIsALand: msg.ReasonIsALand, engine.ReasonLandAlreadyPlayed: msg.ReasonLandAlreadyPlayed,
	engine.ReasonNotEnoughMana: msg.ReasonNotEnoughMana, engine.ReasonBadX: msg.ReasonBadX,
	engine.ReasonIllegalTarget: msg.ReasonIllegalTarget, engine.ReasonWrongTargetCount: msg.ReasonWrongTargetCount,
	engine.ReasonSplitSecond: msg.ReasonSplitSecond, engine.ReasonNoSuchObject: msg.ReasonNoSuchObject,
	engine.ReasonNotController: msg.ReasonNotController, engine.ReasonNoSuchAbility: msg.ReasonNoSuchAbility,
	engine.ReasonManaAbility: msg.ReasonManaAbility, engine.ReasonNotManaAbility: msg.ReasonNotManaAbility,
	engine.ReasonNeedColor: msg.ReasonNeedColor, engine.ReasonTapped: msg.ReasonTapped,
	engine.ReasonSummoningSick: msg.ReasonSummoningSick, engine.ReasonNoCounter: msg.ReasonNoCounter,
	engine.ReasonAbilityTiming: msg.ReasonAbilityTiming, engine.ReasonCannotAttack: msg.ReasonCannotAttack,
	engine.ReasonIllegalDefender: msg.ReasonIllegalDefender, engine.ReasonCannotBlock: msg.ReasonCannotBlock,
	engine.ReasonIllegalDiscard: msg.ReasonIllegalDiscard, engine.ReasonNotFaceDown: msg.ReasonNotFaceDown,
}

// Reason explains an illegal action in the view's language.
func (v View) Reason(r engine.Reason) string {
	if id, ok := reasonIDs[r]; ok {
		return v.T(id)
	}
	return strings.ReplaceAll(string(r), "_", " ")
}
