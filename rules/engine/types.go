package engine

import (
	"fmt"
	"strings"
)

// Step is one step of a turn (rule 500.1). Main phases count as steps here.
// It is a byte-sized integer, so it packs with the flags of State.
type Step int8

// The steps of a turn in order (rules 501–514).
const (
	Untap Step = iota
	Upkeep
	Draw
	Main1
	BeginCombat
	DeclareAttackers
	DeclareBlockers
	FirstStrikeDamage
	CombatDamage
	EndCombat
	Main2
	End
	Cleanup
)

var stepNames = [...]string{
	"untap", "upkeep", "draw", "main1", "begin_combat", "declare_attackers",
	"declare_blockers", "first_strike_damage", "combat_damage", "end_combat",
	"main2", "end", "cleanup",
}

// String returns the step's stable machine name, e.g. "declare_blockers".
func (s Step) String() string {
	if s < 0 || int(s) >= len(stepNames) {
		return fmt.Sprintf("step(%d)", int(s))
	}
	return stepNames[s]
}

// MarshalText encodes the step as its machine name.
func (s Step) MarshalText() ([]byte, error) {
	if s < 0 || int(s) >= len(stepNames) {
		return nil, fmt.Errorf("engine: invalid step %d", int(s))
	}
	return []byte(stepNames[s]), nil
}

// UnmarshalText decodes a step from its machine name.
func (s *Step) UnmarshalText(b []byte) error {
	name := strings.ToLower(strings.TrimSpace(string(b)))
	for i, n := range stepNames {
		if n == name {
			*s = Step(i)
			return nil
		}
	}
	return fmt.Errorf("engine: unknown step %q", string(b))
}

// Phase groups steps into the five phases of a turn (rule 500.1).
type Phase int

// The five phases.
const (
	Beginning Phase = iota
	PrecombatMain
	Combat
	PostcombatMain
	Ending
)

var phaseNames = [...]string{"beginning", "precombat_main", "combat", "postcombat_main", "ending"}

// String returns the phase's machine name.
func (p Phase) String() string {
	if p < 0 || int(p) >= len(phaseNames) {
		return fmt.Sprintf("phase(%d)", int(p))
	}
	return phaseNames[p]
}

// Phase returns the phase the step belongs to.
func (s Step) Phase() Phase {
	switch {
	case s <= Draw:
		return Beginning
	case s == Main1:
		return PrecombatMain
	case s <= EndCombat:
		return Combat
	case s == Main2:
		return PostcombatMain
	default:
		return Ending
	}
}

// IsMain reports whether the step is a main phase (rule 505).
func (s Step) IsMain() bool { return s == Main1 || s == Main2 }

// Mana is an amount of mana by color; it is used for mana pools (rule 106.4).
type Mana struct {
	W int32 `json:"w,omitempty"`
	U int32 `json:"u,omitempty"`
	B int32 `json:"b,omitempty"`
	R int32 `json:"r,omitempty"`
	G int32 `json:"g,omitempty"`
	C int32 `json:"c,omitempty"`
}

// Total is the amount of mana of all colors.
func (m Mana) Total() int { return int(m.W + m.U + m.B + m.R + m.G + m.C) }

// Add returns the sum of two amounts.
func (m Mana) Add(o Mana) Mana {
	return Mana{m.W + o.W, m.U + o.U, m.B + o.B, m.R + o.R, m.G + o.G, m.C + o.C}
}

// String writes the mana as symbols, e.g. "{B}{B}{B}".
func (m Mana) String() string {
	var b strings.Builder
	for _, c := range []struct {
		n int32
		s string
	}{{m.W, "W"}, {m.U, "U"}, {m.B, "B"}, {m.R, "R"}, {m.G, "G"}, {m.C, "C"}} {
		for range c.n {
			b.WriteString("{" + c.s + "}")
		}
	}
	return b.String()
}

// addColor adds n mana of one color letter (W, U, B, R, G or C).
func (m *Mana) addColor(c byte, n int32) bool {
	switch c {
	case 'W', 'w':
		m.W += n
	case 'U', 'u':
		m.U += n
	case 'B', 'b':
		m.B += n
	case 'R', 'r':
		m.R += n
	case 'G', 'g':
		m.G += n
	case 'C', 'c':
		m.C += n
	default:
		return false
	}
	return true
}

// ParseMana reads mana written as letters ("BBB") or symbols ("{B}{B}{B}").
func ParseMana(s string) (Mana, error) {
	var m Mana
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '{' || c == '}' || c == ' ' {
			continue
		}
		if !m.addColor(c, 1) {
			return Mana{}, fmt.Errorf("engine: bad mana %q", s)
		}
	}
	return m, nil
}

// Target names a player or an object (a permanent or a stack object) as a
// target (rule 115.1). When Object is 0 the target is the player Player.
type Target struct {
	Player int `json:"player"`
	Object int `json:"object,omitempty"`
}

// IsPlayer reports whether the target is a player.
func (t Target) IsPlayer() bool { return t.Object == 0 }

// PlayerTarget returns a target naming player p.
func PlayerTarget(p int) Target { return Target{Player: p} }

// ObjectTarget returns a target naming the object with this id.
func ObjectTarget(id int) Target { return Target{Object: id} }

// Player is one player of the game.
type Player struct {
	Name        string   `json:"name"`
	Life        int32    `json:"life"`
	Hand        []string `json:"hand"`
	Library     []string `json:"library"` // top card first
	Graveyard   []string `json:"graveyard"`
	Pool        Mana     `json:"pool"`
	LandsPlayed int32    `json:"lands_played,omitempty"`
	// DrewFromEmpty is set when the player tried to draw from an empty library (704.5b).
	DrewFromEmpty bool `json:"drew_from_empty,omitempty"`
	Left          bool `json:"left,omitempty"` // the player has left the game (800.4a)
	Lost          bool `json:"lost,omitempty"` // the player lost the game (104.3)
	// LostBy is the rule by which the player lost, as the event that
	// made them lose cites it: 704.5a (no life), 704.5b (drew from an
	// empty library), 104.3a (conceded), 104.2b (an effect made another
	// player win).
	LostBy string `json:"lost_by,omitempty"`
}

// Permanent is an object on the battlefield.
type Permanent struct {
	ID         int32  `json:"id"`
	Card       string `json:"card"`
	Controller int32  `json:"controller"`
	Owner      int32  `json:"owner"`
	Damage     int32  `json:"damage,omitempty"`
	AttachedTo int32  `json:"attached_to,omitempty"`
	Defender   int32  `json:"defender,omitempty"` // the attacked player when Attacking
	Blocking   int32  `json:"blocking,omitempty"` // id of the attacker this creature blocks
	// Counters by kind ("charge"); the map is replaced, never written in place.
	Counters map[string]int `json:"counters,omitempty"`
	Tapped   bool           `json:"tapped,omitempty"`
	// DamagedThisTurn records that the permanent was dealt damage this turn.
	DamagedThisTurn bool `json:"damaged_this_turn,omitempty"`
	// Sick is summoning sickness: the permanent has not been continuously
	// controlled since its controller's most recent turn began (302.6).
	Sick      bool `json:"summoning_sick,omitempty"`
	Attacking bool `json:"attacking,omitempty"`
	Blocked   bool `json:"blocked,omitempty"` // an attacking creature that became blocked
	// FirstStruck marks a creature that had first strike when the first-strike
	// combat damage step began, so it deals no regular combat damage (510.4).
	FirstStruck bool `json:"first_struck,omitempty"`
	// FaceDown is a face-down permanent: a 2/2 creature with no name,
	// text, subtypes or mana cost (708.2a), turned face up by its morph cost.
	FaceDown bool `json:"face_down,omitempty"`
}

// StackKind tells spells from abilities on the stack.
type StackKind string

// Kinds of stack objects.
const (
	KindSpell   StackKind = "spell"
	KindAbility StackKind = "ability" // an activated ability
	KindTrigger StackKind = "trigger" // a triggered ability
)

// StackObject is a spell or ability on the stack (rule 405).
type StackObject struct {
	ID         int       `json:"id"`
	Kind       StackKind `json:"kind"`
	Controller int       `json:"controller"`
	Owner      int       `json:"owner"`
	Card       string    `json:"card"`             // the spell's card, or the source's card
	Source     int       `json:"source,omitempty"` // source permanent id of an ability
	// Ability is the index of the activated ability in the card's
	// Abilities, or of the triggered ability in its Triggers.
	Ability int      `json:"ability,omitempty"`
	Targets []Target `json:"targets,omitempty"`
	X       int      `json:"x,omitempty"`
	// That is the player the trigger event named ("that player"), for a
	// triggered ability.
	That int `json:"that,omitempty"`
}

// Continuous is a continuous effect from a resolved spell or ability that
// lasts until end of turn (611.2a). Effects apply in slice (timestamp) order.
type Continuous struct {
	Object        int  `json:"object"`
	Power         int  `json:"power,omitempty"`     // layer 7c modification
	Toughness     int  `json:"toughness,omitempty"` // layer 7c modification
	SetBase       bool `json:"set_base,omitempty"`  // layer 7b
	BasePower     int  `json:"base_power,omitempty"`
	BaseToughness int  `json:"base_toughness,omitempty"`
	LoseAbilities bool `json:"lose_abilities,omitempty"` // layer 6
}

// ChoiceKind names a pending choice.
type ChoiceKind string

// Pending choices.
const (
	ChooseAttackers ChoiceKind = "declare_attackers"
	ChooseBlockers  ChoiceKind = "declare_blockers"
	ChooseDiscard   ChoiceKind = "discard"
	// ChooseTrigger: the player puts one of their waiting triggered
	// abilities on the stack next, choosing its targets (603.3b, 603.3d).
	ChooseTrigger ChoiceKind = "put_trigger"
	// ChooseMay: the controller of a resolving optional ability decides
	// whether to do what it says (603.5).
	ChooseMay ChoiceKind = "may"
)

// Choice is a decision the rules ask a player to make while nobody has
// priority: declaring attackers (508.1), blockers (509.1) or discarding
// during resolution (608.2c) or cleanup (514.1).
type Choice struct {
	Kind   ChoiceKind `json:"kind,omitempty"`
	Player int        `json:"player,omitempty"`
	Count  int        `json:"count,omitempty"`
	// Spell is the resolving spell's card, put into its owner's graveyard
	// once the choice is made (608.2n).
	Spell      string `json:"spell,omitempty"`
	SpellOwner int    `json:"spell_owner,omitempty"`
	// Then is the player who gets priority once the triggered abilities
	// are on the stack, with the rules that say so (ChooseTrigger).
	Then      int      `json:"then,omitempty"`
	ThenRules []string `json:"then_rules,omitempty"`
	// Resolving is the optional ability waiting for its controller's
	// decision (ChooseMay). It is never written in place.
	Resolving *StackObject `json:"resolving,omitempty"`
}
