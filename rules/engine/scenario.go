package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
)

// Text is a short text in English, German and Japanese.
type Text struct {
	En string `json:"en"`
	De string `json:"de"`
	Ja string `json:"ja"`
}

func (t Text) complete() bool { return t.En != "" && t.De != "" && t.Ja != "" }

// In returns the text in lang ("en", "de" or "ja"), English when it has
// none in lang.
func (t Text) In(lang string) string {
	switch {
	case lang == "de" && t.De != "":
		return t.De
	case lang == "ja" && t.Ja != "":
		return t.Ja
	}
	return t.En
}

// Scenario is a worked example: a start position and the actions played
// from it, each with a narration (content/scenarios/{slug}.json).
type Scenario struct {
	Slug    string         `json:"slug"`
	Title   Text           `json:"title"`
	Summary Text           `json:"summary"`
	Rules   []string       `json:"rules"`
	Setup   Setup          `json:"start"`
	Steps   []ScenarioStep `json:"steps"`

	cards map[string]Card
}

// ScenarioStep is one action with its narration. ExpectError marks an
// attempt the rules forbid: the step shows that the action is rejected with
// this reason and the game goes on unchanged.
type ScenarioStep struct {
	Action      Action `json:"action"`
	Narration   Text   `json:"narration"`
	ExpectError Reason `json:"expect_error,omitempty"`
}

// Setup describes the start position of a scenario.
type Setup struct {
	Players     []SetupPlayer    `json:"players"`
	Battlefield []SetupPermanent `json:"battlefield"`
	Turn        int              `json:"turn"`
	Active      int              `json:"active"`
	Step        Step             `json:"step"`
	// Priority is the player holding priority; omitted means the active player.
	Priority      *int `json:"priority,omitempty"`
	SkipFirstDraw bool `json:"skip_first_draw,omitempty"`
	TurnLimit     int  `json:"turn_limit,omitempty"`
}

// SetupPlayer is a player in a scenario's start position.
type SetupPlayer struct {
	Name      string   `json:"name"`
	Life      *int     `json:"life,omitempty"` // default 20
	Hand      []string `json:"hand,omitempty"`
	Library   []string `json:"library,omitempty"`
	Graveyard []string `json:"graveyard,omitempty"`
	Pool      string   `json:"pool,omitempty"`
}

// SetupPermanent is a permanent in a scenario's start position. Ids must be
// unique and positive; objects created later get the following ids in order.
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
}

var slugRe = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
var ruleRe = regexp.MustCompile(`^\d{3}(\.\d{1,3}[a-z]?)?$`)

// ParseScenario decodes and checks a scenario against the card pool.
// It does not play it; use Run for that.
func ParseScenario(data []byte, cards map[string]Card) (Scenario, error) {
	var sc Scenario
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		return Scenario{}, fmt.Errorf("engine: scenario: %w", err)
	}
	sc.cards = cards
	if err := sc.validate(); err != nil {
		return Scenario{}, fmt.Errorf("engine: scenario %q: %w", sc.Slug, err)
	}
	return sc, nil
}

func (sc *Scenario) validate() error {
	if !slugRe.MatchString(sc.Slug) {
		return errors.New("slug must be lower-case words joined by hyphens")
	}
	if !sc.Title.complete() || !sc.Summary.complete() {
		return errors.New("title and summary need en, de and ja")
	}
	if len(sc.Rules) == 0 {
		return errors.New("rules missing")
	}
	for _, r := range sc.Rules {
		if !ruleRe.MatchString(r) {
			return fmt.Errorf("bad rule number %q", r)
		}
	}
	known := func(c string) error {
		if _, ok := sc.cards[c]; !ok {
			return fmt.Errorf("unknown card %q", c)
		}
		return nil
	}
	st := sc.Setup
	if len(st.Players) < 2 {
		return errors.New("at least two players")
	}
	for _, p := range st.Players {
		if p.Name == "" {
			return errors.New("player without a name")
		}
		for _, list := range [][]string{p.Hand, p.Library, p.Graveyard} {
			for _, c := range list {
				if err := known(c); err != nil {
					return err
				}
			}
		}
		if _, err := ParseMana(p.Pool); err != nil {
			return err
		}
		if p.Life != nil && !fits32(*p.Life) {
			return fmt.Errorf("player %s: life out of range", p.Name)
		}
	}
	if st.Active < 0 || st.Active >= len(st.Players) {
		return errors.New("active player out of range")
	}
	if st.Priority != nil && (*st.Priority < 0 || *st.Priority >= len(st.Players)) {
		return errors.New("priority out of range")
	}
	if st.Step == Untap || st.Step < 0 || st.Step > Cleanup {
		return errors.New("a scenario starts in a step where a player has priority")
	}
	if st.Turn < 1 {
		return errors.New("turn must be at least 1")
	}
	ids := map[int]bool{}
	for _, p := range st.Battlefield {
		if p.ID <= 0 || p.ID >= math.MaxInt32 || ids[p.ID] {
			return fmt.Errorf("permanent id %d must be positive, unique and below 2147483647", p.ID)
		}
		if !fits32(p.Damage) || !fits32(p.AttachedTo) {
			return fmt.Errorf("permanent %d: damage or attached_to out of range", p.ID)
		}
		ids[p.ID] = true
		if err := known(p.Card); err != nil {
			return err
		}
		if p.Controller < 0 || p.Controller >= len(st.Players) {
			return fmt.Errorf("permanent %d: controller out of range", p.ID)
		}
		if p.FaceDown && sc.cards[p.Card].Morph == "" {
			return fmt.Errorf("permanent %d: only a card with morph starts face down here", p.ID)
		}
	}
	if len(sc.Steps) == 0 {
		return errors.New("no steps")
	}
	for i, s := range sc.Steps {
		if !s.Narration.complete() {
			return fmt.Errorf("step %d: narration needs en, de and ja", i)
		}
		if s.Action.Kind == "" {
			return fmt.Errorf("step %d: action kind missing", i)
		}
		if s.Action.Card != "" {
			if err := known(s.Action.Card); err != nil {
				return fmt.Errorf("step %d: %w", i, err)
			}
		}
		for _, c := range s.Action.Cards {
			if err := known(c); err != nil {
				return fmt.Errorf("step %d: %w", i, err)
			}
		}
	}
	return nil
}

// fits32 reports whether n fits the int32 fields of Player and Permanent.
func fits32(n int) bool { return n >= math.MinInt32 && n <= math.MaxInt32 }

// Cards returns the card pool the scenario was parsed with.
func (sc Scenario) Cards() map[string]Card { return sc.cards }

// Start builds the scenario's start state.
func (sc Scenario) Start() State {
	st := sc.Setup
	s := State{Cards: NewCardPool(sc.cards), Turn: st.Turn, Active: st.Active, Step: st.Step, Priority: st.Active,
		NextID: 1, Winner: -1, SkipFirstDraw: st.SkipFirstDraw, TurnLimit: st.TurnLimit}
	if st.Priority != nil {
		s.Priority = *st.Priority
	}
	for _, p := range st.Players {
		life := 20
		if p.Life != nil {
			life = *p.Life
		}
		pool, _ := ParseMana(p.Pool)
		s.Players = append(s.Players, Player{Name: p.Name, Life: int32(life), Pool: pool,
			Hand: slices.Clone(p.Hand), Library: slices.Clone(p.Library), Graveyard: slices.Clone(p.Graveyard)})
	}
	for _, p := range st.Battlefield {
		var counters map[string]int
		if len(p.Counters) > 0 {
			counters = make(map[string]int, len(p.Counters))
			for k, v := range p.Counters {
				counters[k] = v
			}
		}
		s.Battlefield = append(s.Battlefield, Permanent{ID: int32(p.ID), Card: p.Card, Controller: int32(p.Controller),
			Owner: int32(p.Controller), Tapped: p.Tapped, Sick: p.Sick, Damage: int32(p.Damage), DamagedThisTurn: p.Damage > 0,
			Counters: counters, AttachedTo: int32(p.AttachedTo), FaceDown: p.FaceDown})
		s.NextID = max(s.NextID, p.ID+1)
	}
	return s
}

// Actions returns the scenario's actions in order.
func (sc Scenario) Actions() []Action {
	out := make([]Action, len(sc.Steps))
	for i, s := range sc.Steps {
		out[i] = s.Action
	}
	return out
}

// Run plays the scenario. Snapshot i+1 belongs to step i. A step with
// ExpectError must be rejected with exactly that reason; its snapshot keeps
// the state and records the rejection. Any other failure stops the run and
// returns the snapshots so far with a *ReplayError.
func (sc Scenario) Run() ([]Snapshot, error) {
	snaps := make([]Snapshot, 1, len(sc.Steps)+1)
	snaps[0].State = sc.Start()
	b := newReplayApplier()
	for i := range sc.Steps {
		step := &sc.Steps[i]
		b.expect(len(sc.Steps) - i)
		snaps = snaps[:i+2]
		cur, next := &snaps[i].State, &snaps[i+1]
		ev, err := b.apply(&next.State, cur, step.Action)
		if step.ExpectError != "" {
			var ie *IllegalError
			if !errors.As(err, &ie) || ie.Reason != step.ExpectError {
				if err == nil {
					err = fmt.Errorf("expected %s, but the action was legal", step.ExpectError)
				}
				return snaps[:i+1], &ReplayError{Index: i, Action: step.Action, Err: err}
			}
			*next = Snapshot{State: *cur, Action: &step.Action, Rejected: ie}
			continue
		}
		if err != nil {
			return snaps[:i+1], &ReplayError{Index: i, Action: step.Action, Err: err}
		}
		next.Action, next.Events = &step.Action, ev
	}
	return snaps, nil
}
