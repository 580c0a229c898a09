package engine

import (
	"fmt"
	"strings"
)

// Reason is a stable, machine-readable code for why an action is illegal.
// The web layer translates these codes; never change existing values.
type Reason string

// Reasons for illegal actions.
const (
	ReasonGameOver          Reason = "game_over"
	ReasonUnknownAction     Reason = "unknown_action"
	ReasonNoSuchPlayer      Reason = "no_such_player"
	ReasonPlayerLeft        Reason = "player_left"
	ReasonNoPriority        Reason = "no_priority"
	ReasonNotYourPriority   Reason = "not_your_priority"
	ReasonChoicePending     Reason = "choice_pending"
	ReasonNoChoice          Reason = "no_choice"
	ReasonNotInHand         Reason = "not_in_hand"
	ReasonUnknownCard       Reason = "unknown_card"
	ReasonSorceryTiming     Reason = "sorcery_timing"
	ReasonNotALand          Reason = "not_a_land"
	ReasonIsALand           Reason = "is_a_land"
	ReasonLandAlreadyPlayed Reason = "land_already_played"
	ReasonNotEnoughMana     Reason = "not_enough_mana"
	ReasonBadX              Reason = "bad_x"
	ReasonIllegalTarget     Reason = "illegal_target"
	ReasonWrongTargetCount  Reason = "wrong_target_count"
	ReasonSplitSecond       Reason = "split_second"
	ReasonNoSuchObject      Reason = "no_such_object"
	ReasonNotController     Reason = "not_controller"
	ReasonNoSuchAbility     Reason = "no_such_ability"
	ReasonManaAbility       Reason = "mana_ability"
	ReasonNotManaAbility    Reason = "not_mana_ability"
	ReasonNeedColor         Reason = "need_color"
	ReasonTapped            Reason = "tapped"
	ReasonSummoningSick     Reason = "summoning_sick"
	ReasonNoCounter         Reason = "no_counter"
	ReasonAbilityTiming     Reason = "ability_timing"
	ReasonCannotAttack      Reason = "cannot_attack"
	ReasonIllegalDefender   Reason = "illegal_defender"
	ReasonCannotBlock       Reason = "cannot_block"
	ReasonIllegalDiscard    Reason = "illegal_discard"
	ReasonNotFaceDown       Reason = "not_face_down"
)

// IllegalError reports an illegal action. The state is left unchanged.
type IllegalError struct {
	Reason Reason   `json:"reason"`
	Rules  []string `json:"rules"`
	Detail string   `json:"detail,omitempty"` // English detail for logs, not for users
}

// Error describes the reason and its rules in English.
func (e *IllegalError) Error() string {
	s := "illegal action: " + string(e.Reason)
	if len(e.Rules) > 0 {
		s += " (" + strings.Join(e.Rules, ", ") + ")"
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

func illegal(r Reason, detail string, rules ...string) *IllegalError {
	return &IllegalError{Reason: r, Rules: rules, Detail: detail}
}

// ReplayError says which action of a sequence was illegal.
type ReplayError struct {
	Index  int    // index of the first illegal action
	Action Action // that action
	Err    error  // usually an *IllegalError
}

// Error names the index of the illegal action.
func (e *ReplayError) Error() string {
	return fmt.Sprintf("engine: action %d (%s by player %d): %v", e.Index, e.Action.Kind, e.Action.Player, e.Err)
}

// Unwrap returns the underlying error.
func (e *ReplayError) Unwrap() error { return e.Err }
