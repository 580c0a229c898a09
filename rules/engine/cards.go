package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Card is a card definition: printed characteristics plus its behaviour as
// data the engine interprets. Its name and description are content of
// their own, by language (see internal/examples).
type Card struct {
	ID         string   `json:"id"`
	Supertypes []string `json:"supertypes,omitempty"` // "basic"
	Types      []string `json:"types"`                // land, creature, instant, sorcery, enchantment, artifact
	Subtypes   []string `json:"subtypes,omitempty"`   // aura, arcane, plains, ...
	Cost       string   `json:"cost,omitempty"`       // e.g. "{X}{R}", "{2}{B}"
	Power      int      `json:"power,omitempty"`
	Toughness  int      `json:"toughness,omitempty"`
	// Keywords: first_strike, flying, trample, split_second, bushido,
	// haste, vigilance, lifelink, reach. A keyword that is a triggered
	// ability (bushido) is also written out in Triggers.
	Keywords []string `json:"keywords,omitempty"`
	// Morph is the morph cost of a card that can be face down (702.37).
	Morph string `json:"morph,omitempty"`
	// Target is what the spell targets (see TargetSpec); an Aura's target is
	// the object it will enchant (303.4a).
	Target TargetSpec `json:"target,omitempty"`
	// Effects are the spell's instructions, followed in order on resolution.
	Effects []Effect `json:"effects,omitempty"`
	// Enchanted is the bonus an Aura gives the permanent it enchants.
	Enchanted *Bonus `json:"enchanted,omitempty"`
	// Abilities are the permanent's activated abilities (mana abilities too).
	Abilities []Ability `json:"abilities,omitempty"`
	// Triggers are the permanent's triggered abilities (603.1).
	Triggers []Trigger `json:"triggers,omitempty"`

	// triggerMask has bit 1<<k set when a trigger has the k-th TriggerEvent
	// of triggerEvents, so the engine skips most permanents quickly.
	triggerMask uint16
}

// TriggerEvent names what makes a triggered ability trigger.
type TriggerEvent string

// Trigger events.
const (
	OnEnters          TriggerEvent = "enters"            // "when ~ enters" (603.6a)
	OnDies            TriggerEvent = "dies"              // "when ~ dies": put into a graveyard from the battlefield (700.4, 603.6c)
	OnStep            TriggerEvent = "step"              // "at the beginning of [step]" (603.2b)
	OnAttacks         TriggerEvent = "attacks"           // "whenever ~ attacks" (508.1m)
	OnBlocks          TriggerEvent = "blocks"            // "whenever ~ blocks" (509.1i)
	OnBecomesBlocked  TriggerEvent = "becomes_blocked"   // "whenever ~ becomes blocked" (509.1i)
	OnBlocksOrBlocked TriggerEvent = "blocks_or_blocked" // bushido's trigger (702.45a)
	OnCast            TriggerEvent = "cast"              // "whenever a player casts a spell" (601.2i)
	OnDiscard         TriggerEvent = "discard"           // "whenever a player discards a card"
)

var triggerEvents = []TriggerEvent{OnEnters, OnDies, OnStep, OnAttacks, OnBlocks, OnBecomesBlocked, OnBlocksOrBlocked, OnCast, OnDiscard}

func triggerBit(e TriggerEvent) uint16 {
	for i, k := range triggerEvents {
		if k == e {
			return 1 << i
		}
	}
	return 0
}

// Trigger is a triggered ability as data: its trigger event and whose
// event counts, an intervening "if" (603.4), whether it is optional ("you
// may", 603.5), its target and effects. The player the trigger event
// names ("that player": the active player of the step, the caster, the
// discarding player, the controller of the entering permanent, the
// defending player) is remembered on the stack object.
type Trigger struct {
	When TriggerEvent `json:"when"`
	// Step is the step whose beginning triggers an OnStep ability.
	Step Step `json:"step,omitempty"`
	// Whose limits the player the event names: "you" (the default for
	// steps), "opponent" or "any" (the default for the rest).
	Whose string `json:"whose,omitempty"`
	// Subject limits which permanent's event counts for enters, dies and
	// attacks: "self" (the default), "creature" (this or any other),
	// "another_creature", "land", "your_creature".
	Subject string `json:"subject,omitempty"`
	// Spell limits the spells a cast trigger sees: "" any spell,
	// "instant_or_sorcery"; MaxManaValue, when positive, an upper bound.
	Spell        string `json:"spell,omitempty"`
	MaxManaValue int    `json:"max_mana_value,omitempty"`
	// If is the intervening "if" clause, checked on trigger and on resolution (603.4).
	If *Condition `json:"if,omitempty"`
	// May makes the ability optional: its controller chooses on resolution (603.5).
	May    bool       `json:"may,omitempty"`
	Target TargetSpec `json:"target,omitempty"`
	// Effects are followed in order on resolution.
	Effects []Effect `json:"effects"`
	// Keyword names the keyword ability this trigger is (bushido), Rules the
	// rules that define it; both are cited when it triggers.
	Keyword string   `json:"keyword,omitempty"`
	Rules   []string `json:"rules,omitempty"`
}

// Condition is an intervening "if" clause.
type Condition struct {
	// Kind: "life_at_least" (its controller has at least Amount life),
	// "source_untapped" (its source is an untapped permanent).
	Kind   string `json:"kind"`
	Amount int    `json:"amount,omitempty"`
}

// Bonus is a power/toughness modification.
type Bonus struct {
	Power     int `json:"power"`
	Toughness int `json:"toughness"`
}

// TargetSpec describes legal targets.
type TargetSpec string

// Target specifications.
const (
	TargetNone            TargetSpec = ""
	TargetAny             TargetSpec = "any"              // creature or player
	TargetCreature        TargetSpec = "creature"         // creature permanent
	TargetDamagedCreature TargetSpec = "damaged_creature" // creature dealt damage this turn
	TargetPlayer          TargetSpec = "player"
	TargetOpponent        TargetSpec = "opponent"
	TargetSpell           TargetSpec = "spell"
	TargetTappedCreature  TargetSpec = "tapped_creature"         // tapped creature permanent
	TargetArtifact        TargetSpec = "artifact"                // artifact permanent
	TargetArtifactOrEnch  TargetSpec = "artifact_or_enchantment" // artifact or enchantment permanent
)

// Ability is an activated ability: cost, restrictions and effects (602.1).
type Ability struct {
	Cost          string     `json:"cost,omitempty"` // mana part of the cost
	Tap           bool       `json:"tap,omitempty"`  // {T}
	Sacrifice     bool       `json:"sacrifice,omitempty"`
	RemoveCounter string     `json:"remove_counter,omitempty"` // remove one counter of this kind
	Discard       int        `json:"discard,omitempty"`        // discard this many cards (named in Action.Cards)
	Mana          bool       `json:"mana,omitempty"`           // a mana ability (605.1a)
	Timing        string     `json:"timing,omitempty"`         // "your_upkeep" or "sorcery"
	Target        TargetSpec `json:"target,omitempty"`
	Effects       []Effect   `json:"effects"`
}

// EffectKind names one instruction the engine knows.
type EffectKind string

// Effect kinds.
const (
	EffDamage       EffectKind = "damage"         // Amount (or X) damage to the target
	EffDamageEach   EffectKind = "damage_each"    // X damage to each creature without flying and each player
	EffPump         EffectKind = "pump"           // +Power/+Toughness until end of turn to the target or the source
	EffSpoil        EffectKind = "spoil"          // creatures target player controls lose all abilities and are 0/2
	EffAddMana      EffectKind = "add_mana"       // add Mana
	EffAddManaAny   EffectKind = "add_mana_any"   // add Amount mana of one color of the player's choice
	EffCounterSpell EffectKind = "counter_spell"  // counter target spell
	EffDraw         EffectKind = "draw"           // draw Amount cards
	EffDiscard      EffectKind = "discard"        // discard Amount cards
	EffExchangeLife EffectKind = "exchange_life"  // exchange life totals with the target player
	EffAddCounters  EffectKind = "add_counters"   // put Amount Counter counters on the source
	EffLoseLife     EffectKind = "lose_life"      // Who loses Amount life (119.3)
	EffGainLife     EffectKind = "gain_life"      // Who gains Amount life (119.3)
	EffDestroy      EffectKind = "destroy"        // destroy the target permanent (701.8a)
	EffSacrifice    EffectKind = "sacrifice"      // the controller sacrifices the source (701.21a)
	EffBounce       EffectKind = "return_to_hand" // return the target permanent to its owner's hand
	EffWin          EffectKind = "win_game"       // the controller wins the game (104.2b)
)

// Effect is one instruction of a spell or ability.
type Effect struct {
	Kind      EffectKind `json:"kind"`
	Amount    int        `json:"amount,omitempty"`
	X         bool       `json:"x,omitempty"` // Amount is the spell's X
	Power     int        `json:"power,omitempty"`
	Toughness int        `json:"toughness,omitempty"`
	Mana      string     `json:"mana,omitempty"`
	Counter   string     `json:"counter,omitempty"`
	Self      bool       `json:"self,omitempty"` // affects the source instead of the target
	// Who receives damage, life loss or gain, or draws: "target" (the
	// default for damage and life loss), "you" (the default for the rest),
	// "that_player" (the player the trigger event names) or "each_opponent".
	Who string `json:"who,omitempty"`
}

// Cost is a parsed mana cost.
type Cost struct {
	Generic int
	Colored Mana
	X       bool
}

// ParseCost reads a mana cost like "{X}{R}" or "{2}{B}{B}".
func ParseCost(s string) (Cost, error) {
	var c Cost
	rest := strings.TrimSpace(s)
	for rest != "" {
		if rest[0] != '{' {
			return Cost{}, fmt.Errorf("engine: bad cost %q", s)
		}
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return Cost{}, fmt.Errorf("engine: bad cost %q", s)
		}
		sym := rest[1:end]
		rest = rest[end+1:]
		switch {
		case sym == "X":
			c.X = true
		case len(sym) > 0 && sym[0] >= '0' && sym[0] <= '9':
			n := 0
			for _, r := range sym {
				if r < '0' || r > '9' {
					return Cost{}, fmt.Errorf("engine: bad cost %q", s)
				}
				n = n*10 + int(r-'0')
			}
			c.Generic += n
		case len(sym) == 1 && sym != "C":
			if !c.Colored.addColor(sym[0], 1) {
				return Cost{}, fmt.Errorf("engine: bad cost %q", s)
			}
		default:
			return Cost{}, fmt.Errorf("engine: bad cost %q", s)
		}
	}
	return c, nil
}

// canPay reports whether the pool can pay the cost with the given X.
func canPay(pool Mana, c Cost, x int) bool {
	if pool.W < c.Colored.W || pool.U < c.Colored.U || pool.B < c.Colored.B ||
		pool.R < c.Colored.R || pool.G < c.Colored.G || pool.C < c.Colored.C {
		return false
	}
	need := c.Generic
	if c.X {
		need += x
	}
	return pool.Total()-c.Colored.Total() >= need
}

// pay removes the cost from the pool; generic mana is paid with colorless
// first, then W, U, B, R, G. The caller checked canPay.
func pay(pool Mana, c Cost, x int) Mana {
	pool.W -= c.Colored.W
	pool.U -= c.Colored.U
	pool.B -= c.Colored.B
	pool.R -= c.Colored.R
	pool.G -= c.Colored.G
	pool.C -= c.Colored.C
	need := int32(c.Generic)
	if c.X {
		need += int32(x)
	}
	for _, p := range []*int32{&pool.C, &pool.W, &pool.U, &pool.B, &pool.R, &pool.G} {
		n := min(*p, need)
		*p -= n
		need -= n
	}
	return pool
}

// Is reports whether the card has the card type t.
func (c Card) Is(t string) bool { return slices.Contains(c.Types, t) }

// HasSubtype reports whether the card has the subtype t.
func (c Card) HasSubtype(t string) bool { return slices.Contains(c.Subtypes, t) }

// HasKeyword reports whether the card is printed with the keyword k.
func (c Card) HasKeyword(k string) bool { return slices.Contains(c.Keywords, k) }

// IsPermanentCard reports whether the card becomes a permanent when it resolves (110.4).
func (c Card) IsPermanentCard() bool {
	return c.Is("creature") || c.Is("artifact") || c.Is("enchantment") || c.Is("land")
}

// SorcerySpeed reports whether the card can only be cast at sorcery speed (307.1, 117.1a).
func (c Card) SorcerySpeed() bool { return !c.Is("instant") }

// ManaValue is the card's mana value (202.3): its mana cost with X as 0.
func (c Card) ManaValue() int {
	cost := mustCost(c.Cost)
	return cost.Generic + cost.Colored.Total()
}

var knownTypes = []string{"land", "creature", "instant", "sorcery", "enchantment", "artifact"}
var knownKeywords = []string{"first_strike", "flying", "trample", "split_second", "bushido", "haste", "vigilance", "lifelink", "reach"}
var knownEffects = []EffectKind{EffDamage, EffDamageEach, EffPump, EffSpoil, EffAddMana, EffAddManaAny,
	EffCounterSpell, EffDraw, EffDiscard, EffExchangeLife, EffAddCounters, EffLoseLife, EffGainLife,
	EffDestroy, EffSacrifice, EffBounce, EffWin}
var knownTargets = []TargetSpec{TargetNone, TargetAny, TargetCreature, TargetDamagedCreature, TargetPlayer, TargetOpponent, TargetSpell,
	TargetTappedCreature, TargetArtifact, TargetArtifactOrEnch}
var knownWho = []string{"", "target", "you", "that_player", "each_opponent"}

// ParseCards decodes a JSON array of cards (content/cards.json) into a map by
// id and checks that every card is well formed. A field the engine does
// not know is an error.
func ParseCards(data []byte) (map[string]Card, error) {
	var list []Card
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, fmt.Errorf("engine: cards: %w", err)
	}
	out := make(map[string]Card, len(list))
	for i, c := range list {
		if err := c.validate(); err != nil {
			return nil, fmt.Errorf("engine: card %d (%q): %w", i, c.ID, err)
		}
		if _, dup := out[c.ID]; dup {
			return nil, fmt.Errorf("engine: duplicate card id %q", c.ID)
		}
		for _, t := range c.Triggers {
			c.triggerMask |= triggerBit(t.When)
		}
		out[c.ID] = c
	}
	return out, nil
}

func (c Card) validate() error {
	if c.ID == "" || strings.ToLower(c.ID) != c.ID || strings.ContainsAny(c.ID, " _") {
		return fmt.Errorf("id must be a lower-case slug")
	}
	if c.ID == HiddenCard {
		return fmt.Errorf("the id %q is reserved", HiddenCard)
	}
	if c.Morph != "" {
		if _, err := ParseCost(c.Morph); err != nil {
			return fmt.Errorf("morph: %w", err)
		}
	}
	if len(c.Types) == 0 {
		return fmt.Errorf("types missing")
	}
	for _, t := range c.Types {
		if !slices.Contains(knownTypes, t) {
			return fmt.Errorf("unknown type %q", t)
		}
	}
	for _, k := range c.Keywords {
		if !slices.Contains(knownKeywords, k) {
			return fmt.Errorf("unknown keyword %q", k)
		}
	}
	if _, err := ParseCost(c.Cost); err != nil {
		return err
	}
	if c.Is("creature") && c.Toughness <= 0 {
		return fmt.Errorf("creature needs toughness")
	}
	if c.HasSubtype("aura") && c.Target != TargetCreature {
		return fmt.Errorf("aura must target a creature")
	}
	if !slices.Contains(knownTargets, c.Target) {
		return fmt.Errorf("unknown target %q", c.Target)
	}
	if err := validateEffects(c.Effects); err != nil {
		return err
	}
	for i, a := range c.Abilities {
		if _, err := ParseCost(a.Cost); err != nil {
			return fmt.Errorf("ability %d: %w", i, err)
		}
		if !slices.Contains(knownTargets, a.Target) || a.Target == TargetSpell {
			return fmt.Errorf("ability %d: bad target %q", i, a.Target)
		}
		if a.Timing != "" && a.Timing != "your_upkeep" && a.Timing != "sorcery" {
			return fmt.Errorf("ability %d: unknown timing %q", i, a.Timing)
		}
		if len(a.Effects) == 0 {
			return fmt.Errorf("ability %d: no effects", i)
		}
		if err := validateEffects(a.Effects); err != nil {
			return fmt.Errorf("ability %d: %w", i, err)
		}
		if a.Mana && a.Target != TargetNone {
			return fmt.Errorf("ability %d: mana abilities can't target (605.1a)", i)
		}
	}
	for i, t := range c.Triggers {
		if err := t.validate(); err != nil {
			return fmt.Errorf("trigger %d: %w", i, err)
		}
	}
	return nil
}

func (t Trigger) validate() error {
	if triggerBit(t.When) == 0 {
		return fmt.Errorf("unknown trigger event %q", t.When)
	}
	if !slices.Contains([]string{"", "you", "opponent", "any"}, t.Whose) {
		return fmt.Errorf("unknown whose %q", t.Whose)
	}
	if !slices.Contains([]string{"", "self", "creature", "another_creature", "land", "your_creature"}, t.Subject) {
		return fmt.Errorf("unknown subject %q", t.Subject)
	}
	if t.Spell != "" && t.Spell != "instant_or_sorcery" {
		return fmt.Errorf("unknown spell filter %q", t.Spell)
	}
	if t.If != nil && t.If.Kind != "life_at_least" && t.If.Kind != "source_untapped" {
		return fmt.Errorf("unknown condition %q", t.If.Kind)
	}
	if !slices.Contains(knownTargets, t.Target) || t.Target == TargetSpell {
		return fmt.Errorf("bad target %q", t.Target)
	}
	if len(t.Effects) == 0 {
		return fmt.Errorf("no effects")
	}
	if err := validateEffects(t.Effects); err != nil {
		return err
	}
	for _, e := range t.Effects {
		if e.Kind == EffDiscard && t.May {
			return fmt.Errorf("an optional trigger can't discard")
		}
	}
	for _, r := range t.Rules {
		if !ruleRe.MatchString(r) {
			return fmt.Errorf("bad rule number %q", r)
		}
	}
	return nil
}

func validateEffects(effs []Effect) error {
	for i, e := range effs {
		if e.Kind == EffDiscard && i != len(effs)-1 {
			return fmt.Errorf("a discard must be the last effect")
		}
		if !slices.Contains(knownEffects, e.Kind) {
			return fmt.Errorf("unknown effect %q", e.Kind)
		}
		if !slices.Contains(knownWho, e.Who) {
			return fmt.Errorf("unknown who %q", e.Who)
		}
		if e.Mana != "" {
			if _, err := ParseMana(e.Mana); err != nil {
				return err
			}
		}
	}
	return nil
}

// mustCost parses a cost already validated by ParseCards; a bad cost counts as free.
func mustCost(s string) Cost {
	c, _ := ParseCost(s)
	return c
}
