package templates

// ExampleList lists the worked examples.
type ExampleList struct {
	Page
	Items []ExampleItem
}

// ExampleItem is one example in the list.
type ExampleItem struct {
	Href    string
	Title   string
	Summary Text
	Steps   string // localized step count
}

// TrackPhase is one phase of the turn track with its steps.
type TrackPhase struct {
	Label   string
	Current bool
	Steps   []TrackStep
}

// TrackStep is one step of the turn track.
type TrackStep struct {
	Label   string
	Current bool
}

// SimPlayer is one player's side of the board.
type SimPlayer struct {
	Name        string
	Notes       []string // active player, has left, has lost
	Priority    bool
	Life        int
	Pool        string // mana symbols, "" when empty
	Hand        []string
	Battlefield []SimPermanent
	Graveyard   []string
}

// SimPermanent is a permanent on the battlefield.
type SimPermanent struct {
	Name   string
	PT     string   // "2/2" for creatures
	Notes  []string // tapped, damage, counters, attacking, blocking
	Tapped bool
}

// SimStackItem is one object on the stack.
type SimStackItem struct {
	Name    string
	Kind    string
	Details []string // controller, targets
}

// SimEvent is one thing that happened in a step, with the rules behind it.
type SimEvent struct {
	Text  string
	Rules []Link
}

// SimBoard is the game at one moment: the turn, priority, stack and players.
type SimBoard struct {
	TurnLabel string
	Track     []TrackPhase
	Priority  string // who holds priority, or that nobody does
	Streak    string // how many passed in succession, or the choice nobody's priority waits for; "" for none
	Stack     []SimStackItem
	Players   []SimPlayer
	Result    string // the winner, when the game is over
	Cards     []SimCard
}

// SimCard is a card in the game with what it does, in a line.
type SimCard struct {
	Name string
	Text string
}

// SimStepPage shows one step of a worked example.
type SimStepPage struct {
	Page
	Title      string
	StepLabel  string
	Action     string // what was done to reach this step, "" at the start
	Narration  Text
	Events     []SimEvent
	Board      SimBoard
	Steps      []Link // every step, the current one marked
	First      *Link
	Prev, Next *Link
	Last       *Link
	PlayHref   string
}

// PlayPage is the sandbox: a position, its legal moves and undo.
type PlayPage struct {
	Page
	Heading    string
	Board      SimBoard
	Events     []SimEvent
	Moves      []string // the moves so far, described
	Legal      []Link   // the legal moves as links that append them
	LegalFor   string   // whose choices these are
	Undo       *Link
	Restart    string
	ExampleURL string
}
