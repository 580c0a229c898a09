package engine

// ActionKind names what a player does.
type ActionKind string

// Action kinds. (The step constants own the names DeclareAttackers and
// DeclareBlockers, so action kinds carry the Act prefix.)
const (
	ActPass             ActionKind = "pass"              // pass priority (117.3d)
	ActPlayLand         ActionKind = "play_land"         // special action (305.1)
	ActActivateMana     ActionKind = "activate_mana"     // a mana ability (605)
	ActCastSpell        ActionKind = "cast_spell"        // 601.2
	ActActivateAbility  ActionKind = "activate_ability"  // 602.2
	ActDeclareAttackers ActionKind = "declare_attackers" // turn-based action (508.1)
	ActDeclareBlockers  ActionKind = "declare_blockers"  // turn-based action (509.1)
	ActDiscard          ActionKind = "discard"           // a pending discard (514.1, 608.2c)
	ActConcede          ActionKind = "concede"           // leave the game (104.3a, 800.4a)
	ActPutTrigger       ActionKind = "put_trigger"       // put a waiting triggered ability on the stack (603.3b)
	ActMay              ActionKind = "may"               // decide an optional ability on resolution (603.5)
	ActTurnFaceUp       ActionKind = "turn_face_up"      // special action (116.2b, 702.37e)
	// ActLeaveGame is another name for ActConcede.
	ActLeaveGame = ActConcede
	// ActPassPriority is another name for ActPass.
	ActPassPriority = ActPass
)

// Block assigns one blocking creature to one attacking creature.
type Block struct {
	Blocker  int `json:"blocker"`
	Attacker int `json:"attacker"`
}

// ManaUse is a mana ability activated while casting a spell (601.2g).
type ManaUse struct {
	Object  int    `json:"object"`
	Ability int    `json:"ability,omitempty"`
	Color   string `json:"color,omitempty"`
}

// Action is one thing a player does. Every action names its player.
//
//   - pass: Player.
//   - play_land: Card (slug of a card in hand).
//   - activate_mana: Object, Ability (index into the card's abilities), Color for "any color".
//   - cast_spell: Card, Targets, X, and Mana: mana abilities activated
//     while casting, before the cost is paid (601.2g).
//   - activate_ability: Object, Ability, Targets, Cards for a discard cost.
//   - declare_attackers: Attackers, Defender.
//   - declare_blockers: Blocks.
//   - discard: Cards (slugs in hand).
//   - concede: Player.
//   - put_trigger: Trigger (index into State.Waiting), Targets.
//   - may: Accept.
//   - turn_face_up: Object.
type Action struct {
	Kind      ActionKind `json:"kind"`
	Player    int        `json:"player"`
	Card      string     `json:"card,omitempty"`
	Object    int        `json:"object,omitempty"`
	Ability   int        `json:"ability,omitempty"`
	Targets   []Target   `json:"targets,omitempty"`
	X         int        `json:"x,omitempty"`
	Color     string     `json:"color,omitempty"`
	Attackers []int      `json:"attackers,omitempty"`
	Defender  int        `json:"defender,omitempty"`
	Blocks    []Block    `json:"blocks,omitempty"`
	Cards     []string   `json:"cards,omitempty"`
	Mana      []ManaUse  `json:"mana,omitempty"`
	Trigger   int        `json:"trigger,omitempty"`
	Accept    bool       `json:"accept,omitempty"`
}

// Pass returns a pass-priority action for player p.
func Pass(p int) Action { return Action{Kind: ActPassPriority, Player: p} }

// Event is something that happened, with the rule numbers that justify it.
// Player is the player it concerns (-1 when none), Object the object it
// concerns (0 when none), Source the object that caused it.
type Event struct {
	Kind   string   `json:"kind"`
	Rules  []string `json:"rules"`
	Player int32    `json:"player"`
	Object int32    `json:"object,omitempty"`
	Source int32    `json:"source,omitempty"`
	Card   string   `json:"card,omitempty"`
	Amount int32    `json:"amount,omitempty"`
	// Other is a second player the event concerns (the attacked player, the
	// other side of a life exchange), or -1.
	Other int32 `json:"other"`
	Step  Step  `json:"step"`
	Turn  int32 `json:"turn"`
}

// Event kinds.
const (
	EvPriority         = "priority"            // Player receives priority
	EvPass             = "pass"                // Player passed
	EvResolve          = "resolve"             // all passed: the top object resolves
	EvStepEnds         = "step_ends"           // all passed with an empty stack
	EvPoolsEmpty       = "mana_pools_empty"    // 500.4
	EvStep             = "step_begins"         // a new step begins
	EvTurn             = "turn_begins"         // a new turn begins
	EvUntap            = "untap"               // 502.3
	EvNoPriority       = "no_priority"         // untap/cleanup without priority
	EvDraw             = "draw"                // a card is drawn
	EvSkipDraw         = "skip_draw"           // 103.8a
	EvCast             = "cast"                // a spell is cast
	EvActivate         = "activate"            // an ability is activated
	EvManaAbility      = "mana_ability"        // a mana ability resolves at once
	EvPlayLand         = "play_land"           // a land is played
	EvAddMana          = "add_mana"            // mana is added to a pool
	EvDamage           = "damage"              // noncombat damage
	EvCombatDamage     = "combat_damage"       // combat damage
	EvDestroyed        = "destroyed"           // 704.5g lethal damage
	EvZeroToughness    = "zero_toughness"      // 704.5f
	EvAuraFallsOff     = "aura_unattached"     // 704.5m
	EvLoses            = "loses"               // a player loses
	EvConcede          = "concede"             // a player concedes (104.3a)
	EvLeaves           = "leaves_game"         // 800.4a
	EvGameOver         = "game_over"           // 104.2a
	EvTurnLimit        = "turn_limit"          // the scenario's turn limit is reached (TurnLimitRule)
	EvFizzle           = "does_not_resolve"    // 608.2b
	EvCountered        = "countered"           // a spell is countered
	EvEnters           = "enters"              // a permanent spell resolves (608.3)
	EvAttach           = "attached"            // an aura enters attached
	EvPump             = "pump"                // +N/+N until end of turn
	EvSpoil            = "lose_abilities"      // Sudden Spoiling's effect
	EvLifeExchange     = "life_exchange"       // life totals exchanged
	EvCounters         = "counters"            // counters put or removed
	EvSacrifice        = "sacrifice"           // a permanent is sacrificed as a cost
	EvDiscard          = "discard"             // a card is discarded
	EvChoice           = "choice"              // a player must choose (Card names the choice)
	EvTrigger          = "trigger"             // a triggered ability is put on the stack
	EvAttackers        = "attackers_declared"  // 508.1
	EvBlockers         = "blockers_declared"   // 509.1
	EvSkipCombatSteps  = "skip_combat_steps"   // 508.8
	EvCleanup          = "cleanup"             // 514.2
	EvCombatEnds       = "removed_from_combat" // 511.3
	EvRemovedFromStack = "removed_from_stack"  // 800.4a
	EvToGraveyard      = "to_graveyard"        // a resolved spell goes to the graveyard
	EvTriggered        = "triggered"           // a triggered ability triggers (603.2)
	EvTriggerRemoved   = "trigger_removed"     // no legal target: removed (603.3d)
	EvIfFails          = "condition_false"     // the intervening "if" is false on resolution (603.4)
	EvMayDeclined      = "may_declined"        // the controller chose not to (603.5)
	EvMayAccepted      = "may_accepted"        // the controller chose to (603.5)
	EvLifeLoss         = "life_loss"           // a player loses life (119.3)
	EvLifeGain         = "life_gain"           // a player gains life (119.3)
	EvDestroy          = "destroy"             // an effect destroys a permanent (701.8a)
	EvBounce           = "returned_to_hand"    // a permanent returns to its owner's hand
	EvWins             = "wins"                // an effect says a player wins (104.2b)
	EvFaceUp           = "turned_face_up"      // a face-down permanent is turned face up (702.37e)
)
