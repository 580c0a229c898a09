package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
)

// Scenario is a worked example as the engine sees it: a start position,
// the actions played from it and the rules it shows
// (content/scenarios/{slug}.json). Its texts are content of their own
// (see internal/examples).
type Scenario struct {
	Slug  string         `json:"slug"`
	Rules []string       `json:"rules"`
	Setup Setup          `json:"start"`
	Steps []ScenarioStep `json:"steps"`

	cards map[string]Card
}

// ScenarioStep is one action. ExpectError marks an attempt the rules
// forbid: the step shows that the action is rejected with this reason and
// the game goes on unchanged.
type ScenarioStep struct {
	Action      Action `json:"action"`
	ExpectError Reason `json:"expect_error,omitempty"`
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
	if len(sc.Rules) == 0 {
		return errors.New("rules missing")
	}
	for _, r := range sc.Rules {
		if !ruleRe.MatchString(r) {
			return fmt.Errorf("bad rule number %q", r)
		}
	}
	if err := sc.Setup.Validate(sc.cards); err != nil {
		return err
	}
	known := func(c string) error {
		if _, ok := sc.cards[c]; !ok {
			return fmt.Errorf("unknown card %q", c)
		}
		return nil
	}
	if len(sc.Steps) == 0 {
		return errors.New("no steps")
	}
	for i, s := range sc.Steps {
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

// Cards returns the card pool the scenario was parsed with.
func (sc Scenario) Cards() map[string]Card { return sc.cards }

// Start builds the scenario's start state.
func (sc Scenario) Start() State { return sc.Setup.State(sc.cards) }

// Actions returns the scenario's actions in order.
func (sc Scenario) Actions() []Action {
	out := make([]Action, len(sc.Steps))
	for i, s := range sc.Steps {
		out[i] = s.Action
	}
	return out
}

// Run plays the scenario. Snapshot 0 is the start as the rules leave it
// before anyone receives priority (see Open); snapshot i+1 belongs to
// step i. A step with
// ExpectError must be rejected with exactly that reason; its snapshot keeps
// the state and records the rejection. Any other failure stops the run and
// returns the snapshots so far with a *ReplayError.
func (sc Scenario) Run() ([]Snapshot, error) {
	snaps := make([]Snapshot, 1, len(sc.Steps)+1)
	snaps[0] = Open(sc.Start())
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
