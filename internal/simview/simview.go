// Package simview turns rules-engine states, events and actions into the
// localized view models the simulator templates render. It decides no
// rule: everything it shows is read off the engine's snapshots.
package simview

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/rules/engine"
	"github.com/mtgrules/site/templates"
)

// View localizes for one language.
type View struct {
	Cat  *locales.Catalog
	Lang string
}

// T returns a plain message.
func (v View) T(id string) string { return v.Cat.T(v.Lang, id) }

func (v View) f(id string, data map[string]any) string { return v.Cat.Format(v.Lang, id, 0, data) }

// stepIDs and phaseIDs name each step's and phase's message.
var (
	stepIDs = map[engine.Step]string{
		engine.Untap: "StepUntap", engine.Upkeep: "StepUpkeep", engine.Draw: "StepDraw", engine.Main1: "StepMain1",
		engine.BeginCombat: "StepBeginCombat", engine.DeclareAttackers: "StepDeclareAttackers",
		engine.DeclareBlockers: "StepDeclareBlockers", engine.FirstStrikeDamage: "StepFirstStrikeDamage",
		engine.CombatDamage: "StepCombatDamage", engine.EndCombat: "StepEndCombat", engine.Main2: "StepMain2",
		engine.End: "StepEnd", engine.Cleanup: "StepCleanup",
	}
	phaseIDs = map[engine.Phase]string{
		engine.Beginning: "PhaseBeginning", engine.PrecombatMain: "PhasePrecombatMain", engine.Combat: "PhaseCombat",
		engine.PostcombatMain: "PhasePostcombatMain", engine.Ending: "PhaseEnding",
	}
)

// StepName is a step's localized name.
func (v View) StepName(s engine.Step) string { return v.T(stepIDs[s]) }

// Player names player i ("" when out of range).
func (v View) Player(s *engine.State, i int) string {
	if i < 0 || i >= len(s.Players) {
		return ""
	}
	return s.Players[i].Name
}

// Card is a card's printed name in the view's language.
func (v View) Card(s *engine.State, id string) string {
	if c, ok := s.Cards[id]; ok {
		return c.Name(v.Lang)
	}
	return id
}

// Object names a permanent or stack object by id, "" when it is gone. A
// face-down permanent is named as such, with its card in brackets (the
// examples show every card). An optional ability waiting for its
// controller's decision counts as on the stack.
func (v View) Object(s *engine.State, id int) string {
	if p := s.Permanent(id); p != nil {
		if p.FaceDown {
			return v.f("SimFaceDown", map[string]any{"Card": v.Card(s, p.Card)})
		}
		return v.Card(s, p.Card)
	}
	if o := s.StackObject(id); o != nil {
		return v.Card(s, o.Card)
	}
	if r := s.Pending.Resolving; r != nil && r.ID == id {
		return v.Card(s, r.Card)
	}
	return ""
}

// Targets lists targets by name.
func (v View) Targets(s *engine.State, ts []engine.Target) string {
	return v.join(v.TargetNames(s, ts))
}

// TargetNames names each target: a player, a permanent or stack object by
// its card, or "#id" for an object that is gone.
func (v View) TargetNames(s *engine.State, ts []engine.Target) []string {
	names := make([]string, len(ts))
	for i, t := range ts {
		if t.IsPlayer() {
			names[i] = v.Player(s, t.Player)
		} else if n := v.Object(s, t.Object); n != "" {
			names[i] = n
		} else {
			names[i] = "#" + strconv.Itoa(t.Object)
		}
	}
	return names
}

func (v View) join(names []string) string {
	if v.Lang == "ja" {
		return strings.Join(names, "、")
	}
	return strings.Join(names, ", ")
}

// Board renders the state.
func (v View) Board(s *engine.State) templates.SimBoard {
	b := templates.SimBoard{TurnLabel: v.f("SimTurn", map[string]any{"Turn": s.Turn}) + " · " + v.StepName(s.Step)}
	for ph := engine.Beginning; ph <= engine.Ending; ph++ {
		tp := templates.TrackPhase{Label: v.T(phaseIDs[ph]), Current: s.Step.Phase() == ph}
		for st := engine.Untap; st <= engine.Cleanup; st++ {
			if st.Phase() == ph {
				tp.Steps = append(tp.Steps, templates.TrackStep{Label: v.StepName(st), Current: st == s.Step})
			}
		}
		b.Track = append(b.Track, tp)
	}
	if s.Priority >= 0 && s.Priority < len(s.Players) {
		b.Priority = v.f("SimPriorityHolder", map[string]any{"Player": v.Player(s, s.Priority)})
	} else {
		b.Priority = v.T("SimNoPriority")
	}
	switch {
	case s.PassStreak > 0:
		b.Streak = v.Cat.Format(v.Lang, "SimPassStreak", s.PassStreak, map[string]any{"Count": s.PassStreak})
	case s.Pending.Kind == engine.ChooseTrigger:
		// Nobody has priority until the waiting triggers are on the stack (603.3b).
		var names []string
		for _, w := range s.Waiting {
			if w.Controller == s.Pending.Player {
				names = append(names, v.Card(s, w.Card))
			}
		}
		b.Streak = v.f("SimChoosingTriggers", map[string]any{"Player": v.Player(s, s.Pending.Player), "Cards": v.join(names)})
	case s.Pending.Kind == engine.ChooseMay && s.Pending.Resolving != nil:
		b.Streak = v.f("SimChoosingMay", map[string]any{"Player": v.Player(s, s.Pending.Player), "Card": v.Card(s, s.Pending.Resolving.Card)})
	}
	if s.Over && s.Winner >= 0 {
		b.Result = v.f("SimWon", map[string]any{"Player": v.Player(s, s.Winner)})
	}
	for i := len(s.Stack) - 1; i >= 0; i-- {
		b.Stack = append(b.Stack, v.stackItem(s, s.Stack[i]))
	}
	for i, p := range s.Players {
		b.Players = append(b.Players, v.player(s, i, p))
	}
	b.Cards = v.cardTexts(s)
	return b
}

// cardTexts describes each card in the game, once, in the order first
// seen: on the battlefield, on the stack, in hands and graveyards.
func (v View) cardTexts(s *engine.State) []templates.SimCard {
	seen := map[string]bool{}
	var out []templates.SimCard
	add := func(id string) {
		c, ok := s.Cards[id]
		if !ok || seen[id] {
			return
		}
		seen[id] = true
		out = append(out, templates.SimCard{Name: c.Name(v.Lang), Text: c.Description.In(v.Lang)})
	}
	for _, p := range s.Battlefield {
		add(p.Card)
	}
	for _, o := range s.Stack {
		add(o.Card)
	}
	for _, p := range s.Players {
		for _, c := range p.Hand {
			add(c)
		}
		for _, c := range p.Graveyard {
			add(c)
		}
	}
	return out
}

var kindIDs = map[engine.StackKind]string{
	engine.KindSpell: "SimKindSpell", engine.KindAbility: "SimKindAbility", engine.KindTrigger: "SimKindTrigger",
}

// Kind names a kind of stack object: spell, activated or triggered ability.
func (v View) Kind(k engine.StackKind) string { return v.T(kindIDs[k]) }

func (v View) stackItem(s *engine.State, o engine.StackObject) templates.SimStackItem {
	it := templates.SimStackItem{Name: v.Card(s, o.Card), Kind: v.Kind(o.Kind)}
	it.Details = append(it.Details, v.f("SimControlledBy", map[string]any{"Player": v.Player(s, o.Controller)}))
	if len(o.Targets) > 0 {
		it.Details = append(it.Details, v.f("SimTargets", map[string]any{"Targets": v.Targets(s, o.Targets)}))
	}
	return it
}

func (v View) player(s *engine.State, i int, p engine.Player) templates.SimPlayer {
	sp := templates.SimPlayer{Name: p.Name, Life: int(p.Life), Priority: s.Priority == i, Pool: p.Pool.String()}
	if s.Active == i {
		sp.Notes = append(sp.Notes, v.T("SimActivePlayer"))
	}
	if p.Left {
		sp.Notes = append(sp.Notes, v.T("SimLeft"))
	}
	if p.Lost {
		sp.Notes = append(sp.Notes, v.T("SimLost"))
	}
	for _, c := range p.Hand {
		sp.Hand = append(sp.Hand, v.Card(s, c))
	}
	for _, c := range p.Graveyard {
		sp.Graveyard = append(sp.Graveyard, v.Card(s, c))
	}
	for _, perm := range s.Battlefield {
		if int(perm.Controller) == i {
			sp.Battlefield = append(sp.Battlefield, v.permanent(s, perm))
		}
	}
	return sp
}

func (v View) permanent(s *engine.State, p engine.Permanent) templates.SimPermanent {
	sp := templates.SimPermanent{Name: v.Object(s, int(p.ID)), Tapped: p.Tapped}
	if pw, tg, ok := s.PowerToughness(int(p.ID)); ok && s.IsCreature(&p) {
		sp.PT = strconv.Itoa(pw) + "/" + strconv.Itoa(tg)
	}
	if p.Tapped {
		sp.Notes = append(sp.Notes, v.T("SimTapped"))
	}
	if p.Damage > 0 {
		sp.Notes = append(sp.Notes, v.f("SimDamage", map[string]any{"Amount": int(p.Damage)}))
	}
	for _, kind := range slices.Sorted(maps.Keys(p.Counters)) {
		if n := p.Counters[kind]; n > 0 {
			sp.Notes = append(sp.Notes, v.Cat.Format(v.Lang, "SimCounters", n, map[string]any{"Amount": n, "Counter": v.counterName(kind)}))
		}
	}
	if p.Attacking {
		sp.Notes = append(sp.Notes, v.T("SimAttacking"))
	}
	if p.Blocking != 0 {
		sp.Notes = append(sp.Notes, v.f("SimBlocking", map[string]any{"Card": v.Object(s, int(p.Blocking))}))
	}
	return sp
}
