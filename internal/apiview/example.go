package apiview

import (
	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/simview"
)

// ExampleRef names a worked example in the list.
type ExampleRef struct {
	Slug  string `json:"slug"`
	Title string `json:"title"`
	Steps int    `json:"steps"`
	URL   string `json:"url"`
}

// ExampleList is the answer of /api/{lang}/examples.
type ExampleList struct {
	Lang     string       `json:"lang"`
	Examples []ExampleRef `json:"examples"`
}

// ExampleHref is the absolute URL of one step of an example's page.
type ExampleHref func(slug string, step int) string

// ExamplesOf lists the worked examples in v's language.
func ExamplesOf(v simview.View, set *examples.Set, href ExampleHref) ExampleList {
	out := ExampleList{Lang: v.Lang, Examples: []ExampleRef{}}
	if set == nil {
		return out
	}
	for _, ex := range set.List {
		out.Examples = append(out.Examples, ExampleRef{Slug: ex.Slug, Title: ex.Title.In(v.Lang), Steps: len(ex.Snapshots), URL: href(ex.Slug, 1)})
	}
	return out
}

// PlayerRef names a player by seat (0-based) and name.
type PlayerRef struct {
	Index int    `json:"index"`
	Name  string `json:"name"`
}

// Player is one player's public counts at a step.
type Player struct {
	PlayerRef
	Life        int  `json:"life"`
	HandSize    int  `json:"hand_size"`
	LibrarySize int  `json:"library_size"`
	Graveyard   int  `json:"graveyard_size"`
	Active      bool `json:"active"`
	Priority    bool `json:"priority"`
}

// StackObject is a spell or ability on the stack.
type StackObject struct {
	Name       string    `json:"name"` // the card's name in the reader's language
	Card       string    `json:"card"` // the card's id in content/cards.json
	Kind       string    `json:"kind"` // "spell", "ability" or "trigger"
	KindLabel  string    `json:"kind_label"`
	Controller PlayerRef `json:"controller"`
	Targets    []string  `json:"targets"`
}

// Event is something that happened in a step, with the rules behind it.
type Event struct {
	Kind  string   `json:"kind"` // the engine's event kind, or "rejected" for a refused action
	Text  string   `json:"text"`
	Rules []string `json:"rules"`
}

// Example is the answer of /api/{lang}/examples/{slug}?step=N: the game
// at one step of a worked example.
type Example struct {
	Slug  string `json:"slug"`
	Title string `json:"title"`
	Step  int    `json:"step"`  // 1-based; step 1 is the start position
	Steps int    `json:"steps"` // how many steps the example has
	URL   string `json:"url"`
	// Action is what was done to reach this step; absent at step 1.
	Action    string `json:"action,omitempty"`
	Narration string `json:"narration"`
	Turn      int    `json:"turn"`
	// GameStep is the step of the turn ("declare_blockers"), GameStepLabel
	// its name in the reader's language.
	GameStep      string        `json:"game_step"`
	GameStepLabel string        `json:"game_step_label"`
	Active        PlayerRef     `json:"active_player"`
	Priority      *PlayerRef    `json:"priority"` // null when nobody holds priority
	Stack         []StackObject `json:"stack"`    // top first
	Players       []Player      `json:"players"`
	Events        []Event       `json:"events"`
}

// ExampleOf describes step (1-based, in range) of ex in v's language.
func ExampleOf(v simview.View, ex *examples.Example, step int, href ExampleHref) Example {
	snap := &ex.Snapshots[step-1]
	s := &snap.State
	out := Example{
		Slug: ex.Slug, Title: ex.Title.In(v.Lang), Step: step, Steps: len(ex.Snapshots), URL: href(ex.Slug, step),
		Narration: ex.TextAt(step).In(v.Lang), Turn: s.Turn, GameStep: s.Step.String(), GameStepLabel: v.StepName(s.Step),
		Active: PlayerRef{s.Active, v.Player(s, s.Active)}, Stack: []StackObject{}, Players: []Player{}, Events: []Event{},
	}
	if s.Priority >= 0 && s.Priority < len(s.Players) {
		out.Priority = &PlayerRef{s.Priority, v.Player(s, s.Priority)}
	}
	bare := v.Tracking(ex.Snapshots[:step]) // names as printed; a target that left says where it went
	bare.Bare = true
	for i := len(s.Stack) - 1; i >= 0; i-- {
		o := s.Stack[i]
		out.Stack = append(out.Stack, StackObject{
			Name: bare.Card(s, o.Card), Card: o.Card, Kind: string(o.Kind), KindLabel: v.Kind(o.Kind),
			Controller: PlayerRef{o.Controller, v.Player(s, o.Controller)}, Targets: bare.TargetNames(s, o.Targets),
		})
	}
	for i, p := range s.Players {
		out.Players = append(out.Players, Player{
			PlayerRef: PlayerRef{i, p.Name}, Life: int(p.Life), HandSize: len(p.Hand), LibrarySize: len(p.Library),
			Graveyard: len(p.Graveyard), Active: s.Active == i, Priority: s.Priority == i,
		})
	}
	if step > 1 {
		before := &ex.Snapshots[step-2].State
		out.Action = v.Action(before, *snap.Action)
		for i, e := range v.Events(before, s, snap.Events) {
			out.Events = append(out.Events, Event{Kind: snap.Events[i].Kind, Text: e.Text, Rules: numbers(snap.Events[i].Rules)})
		}
		if rej := snap.Rejected; rej != nil {
			out.Events = append(out.Events, Event{Kind: "rejected", Text: v.Rejection(rej).Text, Rules: numbers(rej.Rules)})
		}
	}
	return out
}

func numbers(rs []string) []string {
	if rs == nil {
		return []string{}
	}
	return rs
}
