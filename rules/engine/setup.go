package engine

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
)

// Setup describes a start position: a scenario's, or one built by a
// reader. Setup.Validate checks it against a card pool and Setup.State
// builds it.
type Setup struct {
	Players     []SetupPlayer    `json:"players"`
	Battlefield []SetupPermanent `json:"battlefield"`
	// Stack holds spells and abilities already on the stack, bottom first.
	Stack  []SetupStackObject `json:"stack,omitempty"`
	Turn   int                `json:"turn"`
	Active int                `json:"active"`
	Step   Step               `json:"step"`
	// Priority is the player holding priority; omitted means the active player.
	Priority      *int `json:"priority,omitempty"`
	SkipFirstDraw bool `json:"skip_first_draw,omitempty"`
	TurnLimit     int  `json:"turn_limit,omitempty"`
}

// SetupPlayer is a player in a start position.
type SetupPlayer struct {
	Name    string   `json:"name"`
	Life    *int     `json:"life,omitempty"` // default 20
	Hand    []string `json:"hand,omitempty"`
	Library []string `json:"library,omitempty"` // top card first
	// LibrarySize adds this many cards whose identity does not matter
	// (HiddenCard) below Library.
	LibrarySize int      `json:"library_size,omitempty"`
	Graveyard   []string `json:"graveyard,omitempty"`
	Pool        string   `json:"pool,omitempty"`
}

// HiddenCard is a card whose identity does not matter, such as the rest
// of a library of a given size. It is in no card pool: it can be drawn,
// discarded and counted, never played or cast.
const HiddenCard = "hidden-card"

// SetupPermanent is a permanent in a start position. Ids must be unique
// and positive; objects created later get the following ids in order.
type SetupPermanent struct {
	ID         int            `json:"id"`
	Card       string         `json:"card"`
	Controller int            `json:"controller"`
	Tapped     bool           `json:"tapped,omitempty"`
	Sick       bool           `json:"summoning_sick,omitempty"`
	Damage     int            `json:"damage,omitempty"`
	Counters   map[string]int `json:"counters,omitempty"`
	AttachedTo int            `json:"attached_to,omitempty"`
	FaceDown   bool           `json:"face_down,omitempty"`
	// Attacking is the player this creature attacks, nil when it does not
	// attack. It was declared an attacker this combat, so it was untapped
	// then; it is built tapped unless it has vigilance (508.1f).
	Attacking *int `json:"attacking,omitempty"`
	// Blocking is the id of the attacking creature this one blocks.
	Blocking int `json:"blocking,omitempty"`
}

// SetupStackObject is a spell or ability on the stack of a start position.
// Its id is unique among the permanents' and the other stack objects'; its
// targets may name players, permanents and spells below it.
type SetupStackObject struct {
	ID         int       `json:"id"`
	Kind       StackKind `json:"kind"`
	Card       string    `json:"card"` // the spell's card, or the source's card
	Controller int       `json:"controller"`
	// Source is the permanent an ability comes from; 0 when it has left
	// the battlefield (the ability still resolves, 113.7a).
	Source int `json:"source,omitempty"`
	// Ability is the index into the card's Abilities (an activated
	// ability) or Triggers (a triggered one).
	Ability int      `json:"ability,omitempty"`
	Targets []Target `json:"targets,omitempty"`
	X       int      `json:"x,omitempty"`
}

// MaxSetupX bounds the X of a spell on the stack of a start position.
const MaxSetupX = 99

// MaxSetupLibrary bounds a player's library in a start position.
const MaxSetupLibrary = 10000

// SetupReason is a stable, machine-readable code for what is wrong with a
// start position. The web layer translates these codes; never change
// existing values.
type SetupReason string

// Reasons a start position is refused.
const (
	SetupPlayerCount    SetupReason = "player_count"    // fewer than two players
	SetupPlayerName     SetupReason = "player_name"     // a player without a name
	SetupUnknownCard    SetupReason = "unknown_card"    // a card the pool lacks
	SetupLife           SetupReason = "life"            // a life total out of range
	SetupPool           SetupReason = "pool"            // a mana pool that does not parse
	SetupLibrarySize    SetupReason = "library_size"    // negative or above MaxSetupLibrary
	SetupActive         SetupReason = "active"          // the active player is not a player
	SetupPriority       SetupReason = "priority"        // the priority holder is not a player
	SetupStep           SetupReason = "step"            // a step where nobody gets priority
	SetupTurn           SetupReason = "turn"            // a turn number below 1
	SetupID             SetupReason = "id"              // an object id that is not positive and unique
	SetupRange          SetupReason = "range"           // damage, counters or an attachment out of range
	SetupController     SetupReason = "controller"      // a controller that is not a player
	SetupFaceDown       SetupReason = "face_down"       // face down without morph
	SetupAttachedTo     SetupReason = "attached_to"     // attached to an object that is not a permanent
	SetupStackKind      SetupReason = "stack_kind"      // neither spell, activated nor triggered ability
	SetupNotASpell      SetupReason = "not_a_spell"     // a land on the stack
	SetupNoSuchAbility  SetupReason = "no_such_ability" // the card has no such (non-mana) ability
	SetupSource         SetupReason = "source"          // the source is not a permanent with that card
	SetupTargetCount    SetupReason = "target_count"    // too many or too few targets
	SetupIllegalTarget  SetupReason = "illegal_target"  // a target that is not legal for the object
	SetupX              SetupReason = "x"               // an X the card does not have, or out of range
	SetupHiddenCardUsed SetupReason = "hidden_card"     // HiddenCard named outside a library
	SetupCombatStep     SetupReason = "combat_step"     // attackers before declare attackers, blockers before declare blockers
	SetupAttacker       SetupReason = "attacker"        // a creature that could not have attacked (see SetupError.Illegal)
	SetupBlocker        SetupReason = "blocker"         // a creature that could not have blocked (see SetupError.Illegal)
)

// Zones named by a SetupError.
const (
	ZoneHand        = "hand"
	ZoneLibrary     = "library"
	ZoneGraveyard   = "graveyard"
	ZoneBattlefield = "battlefield"
	ZoneStack       = "stack"
)

// SetupError says what is wrong with a start position and where: a
// player (or -1), a zone ("" for the game as a whole) and the 0-based
// item in that zone (or -1).
type SetupError struct {
	Reason SetupReason
	Player int
	Zone   string
	Item   int
	Detail string // English detail for logs, not for users
	// Illegal is why the rules forbid the attack or block (SetupAttacker,
	// SetupBlocker).
	Illegal Reason
}

func (e *SetupError) Error() string {
	s := "setup: " + string(e.Reason)
	if e.Player >= 0 {
		s += fmt.Sprintf(", player %d", e.Player)
	}
	if e.Zone != "" {
		s += ", " + e.Zone
	}
	if e.Item >= 0 {
		s += fmt.Sprintf(" item %d", e.Item)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

func setupErr(r SetupReason, player int, zone string, item int, detail string) *SetupError {
	return &SetupError{Reason: r, Player: player, Zone: zone, Item: item, Detail: detail}
}

// Validate checks the position against the card pool; the error is a
// *SetupError.
func (st Setup) Validate(cards map[string]Card) error {
	_, err := st.Build(cards)
	return err
}

// State builds the position; call Validate first (an invalid setup gives
// a partial state).
func (st Setup) State(cards map[string]Card) State {
	s, _ := st.build(cards)
	return s
}

// Build checks the position against the card pool and builds it: the
// permanents and stack objects keep their ids, objects created later get
// the ids after the highest. The error is a *SetupError.
func (st Setup) Build(cards map[string]Card) (State, error) {
	if err := st.validateBase(cards); err != nil {
		return State{}, err
	}
	s, err := st.build(cards)
	if err != nil {
		return State{}, err
	}
	return s, nil
}

// validateBase checks everything but the stack.
func (st Setup) validateBase(cards map[string]Card) error {
	if len(st.Players) < 2 {
		return setupErr(SetupPlayerCount, -1, "", -1, "at least two players")
	}
	for i, p := range st.Players {
		if p.Name == "" {
			return setupErr(SetupPlayerName, i, "", -1, "player without a name")
		}
		for _, z := range []struct {
			name string
			list []string
		}{{ZoneHand, p.Hand}, {ZoneLibrary, p.Library}, {ZoneGraveyard, p.Graveyard}} {
			for j, c := range z.list {
				if c == HiddenCard {
					return setupErr(SetupHiddenCardUsed, i, z.name, j, "use library_size")
				}
				if _, ok := cards[c]; !ok {
					return setupErr(SetupUnknownCard, i, z.name, j, fmt.Sprintf("unknown card %q", c))
				}
			}
		}
		if _, err := ParseMana(p.Pool); err != nil {
			return setupErr(SetupPool, i, "", -1, err.Error())
		}
		if p.Life != nil && !fits32(*p.Life) {
			return setupErr(SetupLife, i, "", -1, fmt.Sprintf("player %s: life out of range", p.Name))
		}
		if p.LibrarySize < 0 || p.LibrarySize > MaxSetupLibrary {
			return setupErr(SetupLibrarySize, i, ZoneLibrary, -1, fmt.Sprintf("library_size must be 0 to %d", MaxSetupLibrary))
		}
	}
	if st.Active < 0 || st.Active >= len(st.Players) {
		return setupErr(SetupActive, -1, "", -1, "active player out of range")
	}
	if st.Priority != nil && (*st.Priority < 0 || *st.Priority >= len(st.Players)) {
		return setupErr(SetupPriority, -1, "", -1, "priority out of range")
	}
	if st.Step == Untap || st.Step < 0 || st.Step > Cleanup {
		return setupErr(SetupStep, -1, "", -1, "a position starts in a step where a player has priority")
	}
	if st.Turn < 1 || st.Turn > math.MaxInt32 {
		return setupErr(SetupTurn, -1, "", -1, "turn must be at least 1")
	}
	ids := map[int]bool{}
	for i, p := range st.Battlefield {
		if p.ID <= 0 || p.ID >= math.MaxInt32 || ids[p.ID] {
			return setupErr(SetupID, -1, ZoneBattlefield, i, fmt.Sprintf("permanent id %d must be positive, unique and below 2147483647", p.ID))
		}
		ids[p.ID] = true
	}
	for i, p := range st.Battlefield {
		if !fits32(p.Damage) || !fits32(p.AttachedTo) || p.Damage < 0 {
			return setupErr(SetupRange, -1, ZoneBattlefield, i, fmt.Sprintf("permanent %d: damage or attached_to out of range", p.ID))
		}
		for _, n := range p.Counters {
			if n < 0 {
				return setupErr(SetupRange, -1, ZoneBattlefield, i, fmt.Sprintf("permanent %d: negative counters", p.ID))
			}
		}
		if _, ok := cards[p.Card]; !ok {
			return setupErr(SetupUnknownCard, -1, ZoneBattlefield, i, fmt.Sprintf("unknown card %q", p.Card))
		}
		if p.Controller < 0 || p.Controller >= len(st.Players) {
			return setupErr(SetupController, -1, ZoneBattlefield, i, fmt.Sprintf("permanent %d: controller out of range", p.ID))
		}
		if p.FaceDown && cards[p.Card].Morph == "" {
			return setupErr(SetupFaceDown, -1, ZoneBattlefield, i, fmt.Sprintf("permanent %d: only a card with morph starts face down here", p.ID))
		}
		if p.AttachedTo != 0 && (p.AttachedTo == p.ID || !ids[p.AttachedTo]) {
			return setupErr(SetupAttachedTo, -1, ZoneBattlefield, i, fmt.Sprintf("permanent %d: attached to %d, which is no other permanent", p.ID, p.AttachedTo))
		}
	}
	for i, o := range st.Stack {
		if o.ID <= 0 || o.ID >= math.MaxInt32 || ids[o.ID] {
			return setupErr(SetupID, -1, ZoneStack, i, fmt.Sprintf("stack object id %d must be positive, unique and below 2147483647", o.ID))
		}
		ids[o.ID] = true
	}
	return nil
}

// build makes the state; with the base validated, only the stack can be
// wrong, and it is checked object by object against what lies below.
func (st Setup) build(cards map[string]Card) (State, error) {
	s := State{Cards: NewCardPool(cards), Turn: st.Turn, Active: st.Active, Step: st.Step, Priority: st.Active,
		NextID: 1, Winner: -1, SkipFirstDraw: st.SkipFirstDraw, TurnLimit: st.TurnLimit,
		FirstStrikeStep: st.Step == FirstStrikeDamage}
	if st.Priority != nil {
		s.Priority = *st.Priority
	}
	for _, p := range st.Players {
		life := 20
		if p.Life != nil {
			life = *p.Life
		}
		pool, _ := ParseMana(p.Pool)
		lib := slices.Clone(p.Library)
		if n := max(0, min(p.LibrarySize, MaxSetupLibrary)); n > 0 {
			lib = slices.Grow(lib, n)
			for range n {
				lib = append(lib, HiddenCard)
			}
		}
		s.Players = append(s.Players, Player{Name: p.Name, Life: int32(life), Pool: pool,
			Hand: slices.Clone(p.Hand), Library: lib, Graveyard: slices.Clone(p.Graveyard)})
	}
	for _, p := range st.Battlefield {
		var counters map[string]int
		if len(p.Counters) > 0 {
			counters = maps.Clone(p.Counters)
		}
		s.Battlefield = append(s.Battlefield, Permanent{ID: int32(p.ID), Card: p.Card, Controller: int32(p.Controller),
			Owner: int32(p.Controller), Tapped: p.Tapped, Sick: p.Sick, Damage: int32(p.Damage), DamagedThisTurn: p.Damage > 0,
			Counters: counters, AttachedTo: int32(p.AttachedTo), FaceDown: p.FaceDown})
		s.NextID = max(s.NextID, p.ID+1)
	}
	if err := st.buildCombat(&s); err != nil {
		return s, err
	}
	for i, o := range st.Stack {
		if err := s.checkSetupStack(o, i, len(st.Players)); err != nil {
			return s, err
		}
		obj := StackObject{ID: o.ID, Kind: o.Kind, Controller: o.Controller, Owner: o.Controller, Card: o.Card,
			Source: o.Source, Ability: o.Ability, Targets: slices.Clone(o.Targets), X: o.X}
		if o.Kind == KindTrigger {
			obj.That = st.Active // "that player": the active player of the step
		}
		s.Stack = append(s.Stack, obj)
		s.NextID = max(s.NextID, o.ID+1)
	}
	return s, nil
}

// checkSetupStack checks stack object i of a start position against the
// state below it.
func (s *State) checkSetupStack(o SetupStackObject, i, players int) error {
	bad := func(r SetupReason, detail string) error { return setupErr(r, -1, ZoneStack, i, detail) }
	c, ok := s.Cards[o.Card]
	if !ok || c == nil {
		return bad(SetupUnknownCard, fmt.Sprintf("unknown card %q", o.Card))
	}
	if o.Controller < 0 || o.Controller >= players {
		return bad(SetupController, "controller out of range")
	}
	var spec TargetSpec
	switch o.Kind {
	case KindSpell:
		if c.Is("land") {
			return bad(SetupNotASpell, "a land is never a spell")
		}
		if o.Source != 0 || o.Ability != 0 {
			return bad(SetupSource, "a spell has no source or ability index")
		}
		cost := mustCost(c.Cost)
		if o.X < 0 || o.X > MaxSetupX || (!cost.X && o.X != 0) {
			return bad(SetupX, "bad X")
		}
		spec = c.Target
	case KindAbility:
		if o.Ability < 0 || o.Ability >= len(c.Abilities) || c.Abilities[o.Ability].Mana {
			return bad(SetupNoSuchAbility, "no such non-mana activated ability")
		}
		spec = c.Abilities[o.Ability].Target
	case KindTrigger:
		if o.Ability < 0 || o.Ability >= len(c.Triggers) {
			return bad(SetupNoSuchAbility, "no such triggered ability")
		}
		spec = c.Triggers[o.Ability].Target
	default:
		return bad(SetupStackKind, fmt.Sprintf("unknown kind %q", o.Kind))
	}
	if o.Kind != KindSpell {
		if o.X != 0 {
			return bad(SetupX, "an ability has no X")
		}
		if o.Source != 0 {
			if p := s.Permanent(o.Source); p == nil || p.Card != o.Card {
				return bad(SetupSource, "the source must be a permanent with the ability's card")
			}
		}
	}
	want := 1
	if spec == TargetNone {
		want = 0
	}
	if len(o.Targets) != want {
		return bad(SetupTargetCount, fmt.Sprintf("%d targets, want %d", len(o.Targets), want))
	}
	for _, t := range o.Targets {
		if t.Player < 0 || t.Object < 0 || !s.targetLegal(spec, t, o.Controller) {
			return bad(SetupIllegalTarget, fmt.Sprintf("target %+v is not legal for %s", t, spec))
		}
	}
	return nil
}

// fits32 reports whether n fits the int32 fields of Player and Permanent.
func fits32(n int) bool { return n >= math.MinInt32 && n <= math.MaxInt32 }

// buildCombat declares the position's attackers and blockers, checked as
// the declarations would be (508.1, 509.1): attackers only from the
// declare attackers step on, blockers from the declare blockers step on.
// Their triggers are not fired; a position shows any on the stack.
func (st Setup) buildCombat(s *State) error {
	var attackers []int
	for i, p := range st.Battlefield {
		if p.Attacking == nil {
			continue
		}
		bad := func(r Reason) error {
			e := setupErr(SetupAttacker, -1, ZoneBattlefield, i, fmt.Sprintf("permanent %d cannot attack: %s", p.ID, r))
			e.Illegal = r
			return e
		}
		if st.Step < DeclareAttackers || st.Step > CombatDamage {
			return setupErr(SetupCombatStep, -1, ZoneBattlefield, i, "attackers exist from the declare attackers step to the combat damage step")
		}
		if p.Tapped {
			return bad(ReasonTapped) // attacking taps it (unless vigilance); written tapped, it was tapped before
		}
		if len(attackers) > 0 && *p.Attacking != *st.Battlefield[attackers[0]].Attacking {
			return bad(ReasonIllegalDefender) // one combat, one defending player here
		}
		perm := s.Permanent(p.ID)
		perm.Tapped = false
		a := Action{Kind: ActDeclareAttackers, Player: st.Active, Attackers: []int{p.ID}, Defender: *p.Attacking}
		if err := checkChoice(s, a); err != nil {
			return bad(illegalReason(err))
		}
		attackers = append(attackers, i)
	}
	for _, i := range attackers {
		p := s.Permanent(st.Battlefield[i].ID)
		p.Tapped = !s.HasKeyword(p, "vigilance")
		p.Attacking, p.Defender = true, int32(*st.Battlefield[i].Attacking)
	}
	s.Attackers = len(attackers)
	for i, p := range st.Battlefield {
		if p.Blocking == 0 {
			continue
		}
		if st.Step < DeclareBlockers || st.Step > CombatDamage {
			return setupErr(SetupCombatStep, -1, ZoneBattlefield, i, "blockers exist from the declare blockers step to the combat damage step")
		}
		a := Action{Kind: ActDeclareBlockers, Player: p.Controller, Blocks: []Block{{Blocker: p.ID, Attacker: p.Blocking}}}
		if err := checkChoice(s, a); err != nil {
			e := setupErr(SetupBlocker, -1, ZoneBattlefield, i, fmt.Sprintf("permanent %d cannot block %d: %v", p.ID, p.Blocking, err))
			e.Illegal = illegalReason(err)
			return e
		}
	}
	for _, p := range st.Battlefield {
		if p.Blocking != 0 {
			s.Permanent(p.ID).Blocking = int32(p.Blocking)
			s.Permanent(p.Blocking).Blocked = true
		}
	}
	return nil
}

// illegalReason is the Reason of an *IllegalError.
func illegalReason(err error) Reason {
	var ie *IllegalError
	if errors.As(err, &ie) {
		return ie.Reason
	}
	return ""
}
