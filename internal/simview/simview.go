// Package simview turns rules-engine states, events and actions into the
// localized view models the simulator templates render: the board, a
// worked example's step page, the sandbox and the position builder. It
// decides no rule: everything it shows is read off the engine's snapshots.
package simview

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules/engine"
	"github.com/mtgrules/site/templates"
)

// View localizes for one language. Cards holds the names and
// descriptions of the cards in the games it shows. Trail, when set, says
// where objects went that are no longer in the game's zones (see
// Tracking). Bare writes card names as printed, without the brackets of
// running text (for machine-readable fields).
type View struct {
	Cat   *locales.Catalog
	Lang  string
	Cards examples.CardTexts
	Trail Trail
	Bare  bool
}

// language is the table row of the view's language (the fallback's for a
// language the catalogue lacks): how its running text quotes and lists.
func (v View) language() *langs.Lang {
	t := v.Cat.Langs()
	if l := t.Get(v.Lang); l != nil {
		return l
	}
	return t.Fallback()
}

// T returns a plain message.
func (v View) T(id msg.Key) string { return v.Cat.T(v.Lang, id) }

// format fills in a message's placeholders.
func (v View) format(id msg.Key, data map[string]any) string {
	return v.Cat.Format(v.Lang, id, 0, data)
}

// plural formats a message whose form depends on count.
func (v View) plural(id msg.Key, count int, data map[string]any) string {
	return v.Cat.Format(v.Lang, id, count, data)
}

// stepIDs and phaseIDs name each step's and phase's message.
var (
	stepIDs = map[engine.Step]msg.Key{
		engine.Untap: msg.StepUntap, engine.Upkeep: msg.StepUpkeep, engine.Draw: msg.StepDraw, engine.Main1: msg.StepMain1,
		engine.BeginCombat: msg.StepBeginCombat, engine.DeclareAttackers: msg.StepDeclareAttackers,
		engine.DeclareBlockers: msg.StepDeclareBlockers, engine.FirstStrikeDamage: msg.StepFirstStrikeDamage,
		engine.CombatDamage: msg.StepCombatDamage, engine.EndCombat: msg.StepEndCombat, engine.Main2: msg.StepMain2,
		engine.End: msg.StepEnd, engine.Cleanup: msg.StepCleanup,
	}
	phaseIDs = map[engine.Phase]msg.Key{
		engine.Beginning: msg.PhaseBeginning, engine.PrecombatMain: msg.PhasePrecombatMain, engine.Combat: msg.PhaseCombat,
		engine.PostcombatMain: msg.PhasePostcombatMain, engine.Ending: msg.PhaseEnding,
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

// CardName is a card's printed name in the view's language, as it stands
// on the card (no brackets).
func (v View) CardName(s *engine.State, id string) string {
	if c, ok := s.Cards[id]; ok && c != nil {
		return v.Cards.Name(id, v.Lang)
	}
	if id == engine.HiddenCard {
		return v.T(msg.SimHiddenCard)
	}
	return v.T(msg.SimUnknownCard)
}

// Card is a card's name as running text writes it (see runningName).
func (v View) Card(s *engine.State, id string) string {
	if s.Cards[id] == nil {
		return v.CardName(s, id)
	}
	return v.runningName(id)
}

// runningName is the name of a card of the pool as running text writes
// it: in the language's card quotes (Japanese 《》), unless the view is
// Bare.
func (v View) runningName(id string) string {
	name := v.Cards.Name(id, v.Lang)
	if v.Bare {
		return name
	}
	return v.language().QuoteCard(name)
}

// Object names a permanent or stack object by id, "" when it is gone. A
// face-down permanent is named as such, with its card in brackets (the
// examples show every card). An optional ability waiting for its
// controller's decision counts as on the stack.
func (v View) Object(s *engine.State, id int) string {
	if p := s.Permanent(id); p != nil {
		if p.FaceDown {
			return v.format(msg.SimFaceDown, map[string]any{"Card": v.Card(s, p.Card)})
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
// its card, or an object that has left by its card and where it went
// (read off the view's Trail; without one, that it has left).
func (v View) TargetNames(s *engine.State, ts []engine.Target) []string {
	names := make([]string, len(ts))
	for i, t := range ts {
		if t.IsPlayer() {
			names[i] = v.Player(s, t.Player)
		} else if n := v.Object(s, t.Object); n != "" {
			names[i] = n
		} else {
			names[i] = v.gone(s, t.Object)
		}
	}
	return names
}

// join lists names with the language's comma.
func (v View) join(names []string) string {
	return strings.Join(names, v.language().Comma)
}

// and lists names as a sentence does: "A", "A and B", "A, B and C".
func (v View) and(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	if len(names) > 2 && v.language().CommasOnly {
		return v.join(names) // 「A、B、C」
	}
	return v.format(msg.ListAnd, map[string]any{"First": v.join(names[:len(names)-1]), "Last": names[len(names)-1]})
}

// passOrder lists the players who have passed in succession since the
// stack or the step last changed (117.3d, 117.4), in the order they
// passed: the PassStreak players before the one who holds (or, once
// triggers are on the stack, will hold) priority, in turn order.
func passOrder(s *engine.State) []int {
	holder := s.Priority
	if holder < 0 && s.Pending.Kind == engine.ChooseTrigger {
		holder = s.Pending.Then
	}
	if holder < 0 || holder >= len(s.Players) || s.PassStreak <= 0 {
		return nil
	}
	var out []int
	p := holder
	for range min(s.PassStreak, len(s.Players)-1) {
		if p = s.PrevInGame(p); p < 0 || p == holder {
			break
		}
		out = append(out, p)
	}
	slices.Reverse(out)
	return out
}

// Board renders the state.
func (v View) Board(s *engine.State) templates.SimBoard {
	b := templates.SimBoard{Turn: v.format(msg.SimTurn, map[string]any{"Turn": s.Turn}), StepName: v.StepName(s.Step)}
	for ph := engine.Beginning; ph <= engine.Ending; ph++ {
		tp := templates.TrackPhase{Label: v.T(phaseIDs[ph]), Current: s.Step.Phase() == ph}
		tp.Heading = v.format(msg.SimZoneLabel, map[string]any{"Zone": tp.Label})
		for st := engine.Untap; st <= engine.Cleanup; st++ {
			if st == engine.FirstStrikeDamage && !s.FirstStrikeStep {
				continue // this combat has no first-strike damage step (506.1, 510.4)
			}
			if st.Phase() == ph {
				tp.Steps = append(tp.Steps, templates.TrackStep{Label: v.StepName(st), Current: st == s.Step, Past: st < s.Step})
			}
		}
		b.Track = append(b.Track, tp)
	}
	if s.Priority >= 0 && s.Priority < len(s.Players) {
		b.Priority = v.format(msg.SimPriorityHolder, map[string]any{"Player": v.Player(s, s.Priority)})
	} else if s.Over {
		b.Priority = v.T(msg.SimNoPriorityOver)
	} else {
		b.Priority = v.T(msg.SimNoPriority)
	}
	order := passOrder(s)
	passed := make([]bool, len(s.Players))
	names := make([]string, len(order))
	for i, p := range order {
		passed[p], names[i] = true, v.Player(s, p)
	}
	if len(names) > 0 {
		id := msg.SimPassedOne
		if len(names) > 1 {
			id = msg.SimPassedMany
		}
		b.Passes = v.format(id, map[string]any{"Players": v.and(names)})
	}
	if s.Priority >= 0 && !s.Over && s.PlayersInGame() > 1 && s.PassStreak == s.PlayersInGame()-1 {
		data := map[string]any{"Player": v.Player(s, s.Priority)}
		switch top := s.Top(); {
		case top == nil:
			b.Next = v.format(msg.SimNextStep, data)
		case top.Kind == engine.KindSpell:
			data["Card"] = v.Card(s, top.Card)
			b.Next = v.format(msg.SimNextResolves, data)
		default:
			data["Card"] = v.Card(s, top.Card)
			b.Next = v.format(msg.SimNextResolvesAbility, data)
		}
	}
	switch {
	case s.Pending.Kind == engine.ChooseTrigger:
		// Nobody has priority until the waiting triggers are on the stack (603.3b).
		var cards []string
		for _, w := range s.Waiting {
			if w.Controller == s.Pending.Player {
				cards = append(cards, v.Card(s, w.Card))
			}
		}
		b.Waiting = v.format(msg.SimChoosingTriggers, map[string]any{"Player": v.Player(s, s.Pending.Player), "Cards": v.join(cards)})
	case s.Pending.Kind == engine.ChooseMay && s.Pending.Resolving != nil:
		b.Waiting = v.format(msg.SimChoosingMay, map[string]any{"Player": v.Player(s, s.Pending.Player), "Card": v.Card(s, s.Pending.Resolving.Card)})
	case s.Pending.Kind == engine.ChooseAttackers:
		b.Waiting = v.format(msg.SimChoosingAttackers, map[string]any{"Player": v.Player(s, s.Pending.Player)})
	case s.Pending.Kind == engine.ChooseBlockers:
		b.Waiting = v.format(msg.SimChoosingBlockers, map[string]any{"Player": v.Player(s, s.Pending.Player)})
	case s.Pending.Kind == engine.ChooseDiscard:
		b.Waiting = v.plural(msg.SimChoosingDiscard, s.Pending.Count, map[string]any{"Player": v.Player(s, s.Pending.Player), "Count": s.Pending.Count})
	}
	for i, p := range s.Players {
		seat := templates.SimSeat{Name: p.Name, Priority: s.Priority == i, Passed: passed[i], Active: s.Active == i, Out: !s.InGame(i)}
		var labels []string
		if seat.Active {
			labels = append(labels, v.T(msg.SimActivePlayer))
		}
		switch {
		case seat.Priority:
			labels = append(labels, v.T(msg.SimHoldsPriority))
		case seat.Passed:
			labels = append(labels, v.T(msg.SimHasPassed))
		case seat.Out:
			labels = append(labels, v.T(msg.SimOut))
		}
		if len(labels) > 0 {
			seat.Label = v.format(msg.SimSeatNote, map[string]any{"Notes": v.join(labels)})
		}
		b.Seats = append(b.Seats, seat)
	}
	b.StackHead = v.T(msg.SimStack)
	if n := len(s.Stack); n > 0 {
		b.StackHead = v.plural(msg.SimStackCount, n, map[string]any{"Count": n})
	}
	// Alike objects one above the other (four activations of the same
	// ability) make one frame with a count.
	for i := len(s.Stack) - 1; i >= 0; i-- {
		it := v.stackItem(s, s.Stack[i])
		it.Top, it.Count = i == len(s.Stack)-1, 1
		if n := len(b.Stack); n > 0 && b.Stack[n-1].Name == it.Name && b.Stack[n-1].Kind == it.Kind &&
			slices.Equal(b.Stack[n-1].Details, it.Details) {
			b.Stack[n-1].Count++
			b.Stack[n-1].Alike = v.plural(msg.SimStackAlike, b.Stack[n-1].Count, map[string]any{"Count": b.Stack[n-1].Count})
			continue
		}
		b.Stack = append(b.Stack, it)
	}
	for i, p := range s.Players {
		b.Players = append(b.Players, v.player(s, i, p, passed[i]))
	}
	// Libraries are shown where they matter: when a player has cards in
	// one or drew from an empty one. A position without libraries (most
	// examples) would otherwise say "Library: 0 cards" for everyone.
	if !slices.ContainsFunc(s.Players, func(p engine.Player) bool { return len(p.Library) > 0 || p.DrewFromEmpty }) {
		for i := range b.Players {
			b.Players[i].Library = ""
		}
	}
	if s.Over {
		b.Result = v.result(s)
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
		if !ok || c == nil || seen[id] {
			return
		}
		seen[id] = true
		out = append(out, templates.SimCard{Name: v.Card(s, id), Text: v.Cards.Description(id, v.Lang)})
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

var kindIDs = map[engine.StackKind]msg.Key{
	engine.KindSpell: msg.SimKindSpell, engine.KindAbility: msg.SimKindAbility, engine.KindTrigger: msg.SimKindTrigger,
}

// Kind names a kind of stack object: spell, activated or triggered ability.
func (v View) Kind(k engine.StackKind) string { return v.T(kindIDs[k]) }

func (v View) stackItem(s *engine.State, o engine.StackObject) templates.SimStackItem {
	it := templates.SimStackItem{Name: v.Card(s, o.Card), Kind: v.Kind(o.Kind), Class: string(o.Kind)}
	it.Details = append(it.Details, v.format(msg.SimControlledBy, map[string]any{"Player": v.Player(s, o.Controller)}))
	if o.Kind != engine.KindSpell && o.Source != 0 {
		// The source is named when it is not simply the permanent the
		// frame is named after: when it has left, or is face down.
		src := v.Object(s, o.Source)
		if src == "" {
			src = v.gone(s, o.Source)
		}
		if src != it.Name {
			it.Details = append(it.Details, v.format(msg.SimSource, map[string]any{"Card": src}))
		}
	}
	if len(o.Targets) > 0 {
		it.Details = append(it.Details, v.format(msg.SimTargets, map[string]any{"Targets": v.Targets(s, o.Targets)}))
	}
	if o.X > 0 {
		it.Details = append(it.Details, "X = "+strconv.Itoa(o.X))
	}
	return it
}

// cardCount is a localized count of cards ("3 cards").
func (v View) cardCount(n int) string { return v.plural(msg.SimCards, n, map[string]any{"Count": n}) }

func (v View) player(s *engine.State, i int, p engine.Player, passed bool) templates.SimPlayer {
	sp := templates.SimPlayer{Name: p.Name, Life: int(p.Life), Priority: s.Priority == i, Passed: passed, PoolText: p.Pool.String()}
	for _, c := range []struct {
		n int32
		s string
	}{{p.Pool.W, "W"}, {p.Pool.U, "U"}, {p.Pool.B, "B"}, {p.Pool.R, "R"}, {p.Pool.G, "G"}, {p.Pool.C, "C"}} {
		for range c.n {
			sp.Pool = append(sp.Pool, c.s)
		}
	}
	if s.Active == i {
		sp.Notes = append(sp.Notes, v.T(msg.SimActivePlayer))
	}
	if p.Left {
		sp.Notes = append(sp.Notes, v.T(msg.SimLeft))
	} else if p.Lost {
		sp.Notes = append(sp.Notes, v.T(msg.SimLost))
	}
	sp.HandCount = v.cardCount(len(p.Hand))
	hidden := 0
	for _, c := range p.Hand {
		if c == engine.HiddenCard {
			hidden++
			continue
		}
		sp.Hand = append(sp.Hand, v.Card(s, c))
	}
	if hidden > 0 {
		sp.Hand = append(sp.Hand, v.plural(msg.SimHiddenCards, hidden, map[string]any{"Count": hidden}))
	}
	sp.Library = v.cardCount(len(p.Library))
	if p.DrewFromEmpty {
		sp.Library, sp.LibraryOut = v.T(msg.SimLibraryEmpty), true
	}
	sp.HandLabel = v.format(msg.SimZoneLabel, map[string]any{"Zone": v.T(msg.SimHand)})
	sp.GraveLabel = v.format(msg.SimZoneCount, map[string]any{"Zone": v.T(msg.SimGraveyard), "Count": v.cardCount(len(p.Graveyard))})
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
	sp := templates.SimPermanent{Name: v.Object(s, int(p.ID)), Tapped: p.Tapped, Attacking: p.Attacking, Blocking: p.Blocking != 0}
	card := s.Cards[p.Card]
	switch {
	case p.FaceDown || s.IsCreature(&p):
		sp.Type = "creature"
	case card != nil && card.Is("land"):
		sp.Type = "land"
	case card != nil && card.Is("artifact"):
		sp.Type = "artifact"
	case card != nil && card.Is("enchantment"):
		sp.Type = "enchantment"
	}
	if pw, tg, ok := s.PowerToughness(int(p.ID)); ok && s.IsCreature(&p) {
		sp.PT = strconv.Itoa(pw) + "/" + strconv.Itoa(tg)
		sp.Sick = p.Sick && !s.HasKeyword(&p, "haste")
	}
	if p.Tapped {
		sp.Notes = append(sp.Notes, v.T(msg.SimTapped))
	}
	if p.Damage > 0 {
		sp.Notes = append(sp.Notes, v.format(msg.SimDamage, map[string]any{"Amount": int(p.Damage)}))
	}
	for _, kind := range slices.Sorted(maps.Keys(p.Counters)) {
		if n := p.Counters[kind]; n > 0 {
			sp.Notes = append(sp.Notes, v.plural(msg.SimCounters, n, map[string]any{"Amount": n, "Counter": v.counterName(kind)}))
		}
	}
	if p.AttachedTo != 0 {
		sp.Notes = append(sp.Notes, v.format(msg.SimAttachedTo, map[string]any{"Card": v.Object(s, int(p.AttachedTo))}))
	}
	if p.Attacking {
		if p.Blocked {
			sp.Notes = append(sp.Notes, v.format(msg.SimAttackingBlocked, map[string]any{"Player": v.Player(s, int(p.Defender))}))
		} else {
			sp.Notes = append(sp.Notes, v.format(msg.SimAttacking, map[string]any{"Player": v.Player(s, int(p.Defender))}))
		}
	}
	if p.Blocking != 0 {
		// It stays a blocking creature when the attacker leaves (506.4).
		name := v.Object(s, int(p.Blocking))
		if name == "" {
			name = v.gone(s, int(p.Blocking))
		}
		sp.Notes = append(sp.Notes, v.format(msg.SimBlocking, map[string]any{"Card": name}))
	}
	if sp.Sick {
		sp.Notes = append(sp.Notes, v.T(msg.SimSick))
	}
	return sp
}

// result says who won and why: each player who lost, with the rule the
// engine says they lost by, or that the example ended (at its turn limit).
func (v View) result(s *engine.State) *templates.SimResult {
	r := &templates.SimResult{Heading: v.T(msg.SimGameOver)}
	if s.Winner >= 0 {
		r.Winner = v.format(msg.SimWon, map[string]any{"Player": v.Player(s, s.Winner)})
	} else {
		r.Winner = v.T(msg.SimNoWinner)
	}
	for _, p := range s.Players {
		if !p.Lost {
			continue
		}
		data := map[string]any{"Player": p.Name, "Life": int(p.Life)}
		var id msg.Key
		switch {
		case p.DrewFromEmpty:
			id = msg.SimLostEmptyLibrary
		case p.Life <= 0:
			id = msg.SimLostLife
		case p.Left:
			id = msg.SimLostConceded
		default:
			id = msg.SimLostEffect
			data["Winner"] = v.Player(s, s.Winner)
		}
		r.Reasons = append(r.Reasons, templates.SimEvent{Text: v.format(id, data), Rules: v.ruleLinks([]string{p.LostBy})})
	}
	if len(r.Reasons) == 0 && s.Winner < 0 {
		r.Reasons = append(r.Reasons, templates.SimEvent{Text: v.T(msg.EvTurnLimit), Rules: v.ruleLinks([]string{engine.TurnLimitRule})})
	}
	return r
}
