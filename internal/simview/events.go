package simview

import (
	"strings"

	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/rules/engine"
	"github.com/mtgrules/site/templates"
)

// eventIDs names each event kind's message.
var eventIDs = map[string]string{
	engine.EvPriority: "EvPriority", engine.EvPass: "EvPass", engine.EvResolve: "EvResolve",
	engine.EvStepEnds: "EvStepEnds", engine.EvPoolsEmpty: "EvPoolsEmpty", engine.EvStep: "EvStep",
	engine.EvTurn: "EvTurn", engine.EvUntap: "EvUntap", engine.EvNoPriority: "EvNoPriority",
	engine.EvDraw: "EvDraw", engine.EvSkipDraw: "EvSkipDraw", engine.EvCast: "EvCast",
	engine.EvActivate: "EvActivate", engine.EvManaAbility: "EvManaAbility", engine.EvPlayLand: "EvPlayLand",
	engine.EvAddMana: "EvAddMana", engine.EvDamage: "EvDamage", engine.EvCombatDamage: "EvCombatDamage",
	engine.EvDestroyed: "EvDestroyed", engine.EvZeroToughness: "EvZeroToughness",
	engine.EvAuraFallsOff: "EvAuraFallsOff", engine.EvLoses: "EvLoses", engine.EvLeaves: "EvLeaves",
	engine.EvGameOver: "EvGameOver", engine.EvTurnLimit: "EvTurnLimit", engine.EvFizzle: "EvFizzle",
	engine.EvCountered: "EvCountered", engine.EvEnters: "EvEnters", engine.EvAttach: "EvAttach",
	engine.EvPump: "EvPump", engine.EvSpoil: "EvSpoil", engine.EvLifeExchange: "EvLifeExchange",
	engine.EvCounters: "EvCounters", engine.EvSacrifice: "EvSacrifice", engine.EvDiscard: "EvDiscard",
	engine.EvChoice: "EvChoice", engine.EvTrigger: "EvTrigger", engine.EvAttackers: "EvAttackers",
	engine.EvBlockers: "EvBlockers", engine.EvSkipCombatSteps: "EvSkipCombatSteps",
	engine.EvCleanup: "EvCleanup", engine.EvCombatEnds: "EvCombatEnds",
	engine.EvRemovedFromStack: "EvRemovedFromStack", engine.EvToGraveyard: "EvToGraveyard",
	engine.EvTriggered: "EvTriggered", engine.EvTriggerRemoved: "EvTriggerRemoved", engine.EvIfFails: "EvIfFails",
	engine.EvMayDeclined: "EvMayDeclined", engine.EvMayAccepted: "EvMayAccepted", engine.EvLifeLoss: "EvLifeLoss",
	engine.EvLifeGain: "EvLifeGain", engine.EvDestroy: "EvDestroy", engine.EvBounce: "EvBounce", engine.EvWins: "EvWins",
	engine.EvFaceUp: "EvFaceUp", evConcede: "EvConcede",
}

// evConcede is the event of a player conceding (104.3a).
const evConcede = "concede"

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
			id = "EvResolveFizzles"
		case o != nil && o.Kind != engine.KindSpell:
			id = "EvResolveAbility"
		}
	case engine.EvLifeLoss, engine.EvLifeGain:
		count = int(e.Amount)
	case engine.EvDraw:
		if e.Amount == 0 && e.Card == "" {
			id = "EvDrawEmpty" // 704.5b: the player will lose when state-based actions are checked
		}
	case engine.EvChoice:
		switch engine.ChoiceKind(e.Card) {
		case engine.ChooseTrigger:
			id = "EvChoiceTrigger"
		case engine.ChooseMay:
			id, data["Card"] = "EvChoiceMay", v.Object(before, int(e.Object))
		}
	case engine.EvCounters:
		// Card names the kind of counter; Object is the permanent.
		data["Card"], data["Counter"] = v.Object(after, int(e.Object)), v.counterName(e.Card)
		count = int(e.Amount)
		if e.Amount < 0 {
			id, count = "EvCountersRemoved", -int(e.Amount)
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
var counterIDs = map[string]string{"charge": "CounterCharge"}

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
	id := ""
	switch a.Kind {
	case engine.ActPass:
		id = "ActPass"
	case engine.ActConcede:
		id = "ActConcede"
	case engine.ActPlayLand:
		id, data["Card"] = "ActPlayLand", v.Card(s, a.Card)
	case engine.ActActivateMana:
		id, data["Card"] = "ActActivateMana", v.Object(s, a.Object)
		if a.Color != "" {
			id, data["Amount"] = "ActActivateManaColor", "{"+a.Color+"}"
		}
	case engine.ActCastSpell:
		id, data["Card"] = "ActCastSpell", v.Card(s, a.Card)
		if len(a.Targets) > 0 {
			id, data["Targets"] = "ActCastSpellTargets", v.Targets(s, a.Targets)
		}
		if len(a.Mana) > 0 {
			names := make([]string, len(a.Mana))
			for i, m := range a.Mana {
				names[i] = v.Object(s, m.Object)
			}
			return v.f(id, data) + v.f("ActManaWhileCasting", map[string]any{"Cards": v.join(names)})
		}
	case engine.ActPutTrigger:
		id = "ActPutTrigger"
		if a.Trigger >= 0 && a.Trigger < len(s.Waiting) {
			data["Card"] = v.Card(s, s.Waiting[a.Trigger].Card)
		}
		if len(a.Targets) > 0 {
			id, data["Targets"] = "ActPutTriggerTargets", v.Targets(s, a.Targets)
		}
	case engine.ActMay:
		id = "ActMayNo"
		if a.Accept {
			id = "ActMayYes"
		}
	case engine.ActTurnFaceUp:
		id = "ActTurnFaceUp"
		if p := s.Permanent(a.Object); p != nil {
			data["Card"] = v.Card(s, p.Card)
		}
	case engine.ActActivateAbility:
		id, data["Card"] = "ActActivateAbility", v.Object(s, a.Object)
		if len(a.Targets) > 0 {
			id, data["Targets"] = "ActActivateAbilityTargets", v.Targets(s, a.Targets)
		}
	case engine.ActDeclareAttackers:
		if len(a.Attackers) == 0 {
			id = "ActDeclareNoAttackers"
			break
		}
		names := make([]string, len(a.Attackers))
		for i, o := range a.Attackers {
			names[i] = v.Object(s, o)
		}
		id, data["Cards"], data["Defender"] = "ActDeclareAttackers", v.join(names), v.Player(s, a.Defender)
	case engine.ActDeclareBlockers:
		if len(a.Blocks) == 0 {
			id = "ActDeclareNoBlockers"
			break
		}
		pairs := make([]string, len(a.Blocks))
		for i, b := range a.Blocks {
			pairs[i] = v.f("ActBlockPair", map[string]any{"Card": v.Object(s, b.Blocker), "Targets": v.Object(s, b.Attacker)})
		}
		id, data["Cards"] = "ActDeclareBlockers", v.join(pairs)
	case engine.ActDiscard:
		names := make([]string, len(a.Cards))
		for i, c := range a.Cards {
			names[i] = v.Card(s, c)
		}
		id, data["Cards"] = "ActDiscard", v.join(names)
	default:
		return string(a.Kind)
	}
	return v.f(id, data)
}

// Rejection describes an action the rules refused, with the rules cited.
func (v View) Rejection(e *engine.IllegalError) templates.SimEvent {
	return templates.SimEvent{Text: v.f("SimRejected", map[string]any{"Reason": v.Reason(e.Reason)}), Rules: v.ruleLinks(e.Rules)}
}

// Refusal describes action a, tried in s and refused by the rules: a
// heading that says so, the reason and the rules.
func (v View) Refusal(s *engine.State, a engine.Action, e *engine.IllegalError) *templates.SimRefusal {
	return &templates.SimRefusal{
		Heading: v.f("SimRefusedHeading", map[string]any{"Action": v.Action(s, a)}),
		Reason:  v.f("SimRefusedReason", map[string]any{"Reason": v.Reason(e.Reason)}),
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
			ev.Label = v.T("SimClassSBA") // 704.3
		}
		out = append(out, ev)
	}
	if len(out) == 0 && last >= 0 {
		out = append(out, all[last])
	}
	return out
}

// reasonIDs names each illegal-action reason's message.
var reasonIDs = map[engine.Reason]string{
	engine.ReasonGameOver: "ReasonGameOver", engine.ReasonUnknownAction: "ReasonUnknownAction",
	engine.ReasonNoSuchPlayer: "ReasonNoSuchPlayer", engine.ReasonPlayerLeft: "ReasonPlayerLeft",
	engine.ReasonNoPriority: "ReasonNoPriority", engine.ReasonNotYourPriority: "ReasonNotYourPriority",
	engine.ReasonChoicePending: "ReasonChoicePending", engine.ReasonNoChoice: "ReasonNoChoice",
	engine.ReasonNotInHand: "ReasonNotInHand", engine.ReasonUnknownCard: "ReasonUnknownCard",
	engine.ReasonSorceryTiming: "ReasonSorceryTiming", engine.ReasonNotALand: "ReasonNotALand",
	engine.ReasonIsALand: "ReasonIsALand", engine.ReasonLandAlreadyPlayed: "ReasonLandAlreadyPlayed",
	engine.ReasonNotEnoughMana: "ReasonNotEnoughMana", engine.ReasonBadX: "ReasonBadX",
	engine.ReasonIllegalTarget: "ReasonIllegalTarget", engine.ReasonWrongTargetCount: "ReasonWrongTargetCount",
	engine.ReasonSplitSecond: "ReasonSplitSecond", engine.ReasonNoSuchObject: "ReasonNoSuchObject",
	engine.ReasonNotController: "ReasonNotController", engine.ReasonNoSuchAbility: "ReasonNoSuchAbility",
	engine.ReasonManaAbility: "ReasonManaAbility", engine.ReasonNotManaAbility: "ReasonNotManaAbility",
	engine.ReasonNeedColor: "ReasonNeedColor", engine.ReasonTapped: "ReasonTapped",
	engine.ReasonSummoningSick: "ReasonSummoningSick", engine.ReasonNoCounter: "ReasonNoCounter",
	engine.ReasonAbilityTiming: "ReasonAbilityTiming", engine.ReasonCannotAttack: "ReasonCannotAttack",
	engine.ReasonIllegalDefender: "ReasonIllegalDefender", engine.ReasonCannotBlock: "ReasonCannotBlock",
	engine.ReasonIllegalDiscard: "ReasonIllegalDiscard", engine.ReasonNotFaceDown: "ReasonNotFaceDown",
}

// Reason explains an illegal action in the view's language.
func (v View) Reason(r engine.Reason) string {
	if id, ok := reasonIDs[r]; ok {
		return v.T(id)
	}
	return strings.ReplaceAll(string(r), "_", " ")
}
