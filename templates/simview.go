package templates

// ExampleList lists the worked examples.
type ExampleList struct {
	Page
	Groups []ExampleGroup // the examples in learning order, under their groups
	// Builder links the position builder.
	Builder Link
}

// ExampleGroup is a run of the examples list under its heading.
type ExampleGroup struct {
	Title string
	Start int // the number of its first example in the whole list
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
	Heading string // the label as it introduces its steps ("Combat phase:")
	Current bool
	Steps   []TrackStep
}

// TrackStep is one step of the turn track.
type TrackStep struct {
	Label   string
	Current bool
	Past    bool // earlier in this turn than the current step
}

// SimSeat is one player in the priority line: turn order, who holds
// priority and who has passed since the stack last changed.
type SimSeat struct {
	Name     string
	Label    string // what the marks say, for screen readers ("holds priority", "has passed")
	Priority bool
	Passed   bool
	Active   bool
	Out      bool // has left or lost the game
}

// SimPlayer is one player's side of the board.
type SimPlayer struct {
	Name        string
	Notes       []string // active player, has left, has lost
	Priority    bool
	Passed      bool
	Life        int
	Pool        []string // mana symbols one by one ("R", "G"); empty when the pool is empty
	PoolText    string   // the pool written out ("{R}{G}"), "" when empty
	HandCount   string   // "3 cards"
	Hand        []string // the cards' names (hidden cards summed up at the end)
	Library     string   // "30 cards", or that it is empty; "" where no library matters
	LibraryOut  bool     // the library is empty
	Battlefield []SimPermanent
	Graveyard   []string
	HandLabel   string // "Hand:"
	GraveLabel  string // "Graveyard (2 cards):"
}

// SimPermanent is a permanent on the battlefield, drawn as a small card frame.
type SimPermanent struct {
	Name      string
	Type      string   // "creature", "land", "artifact", "enchantment": the frame's colour
	PT        string   // "2/2" for creatures
	Notes     []string // damage, counters, attacking, blocking, attached to
	Tapped    bool
	Attacking bool
	Blocking  bool
	Sick      bool
}

// SimStackItem is one object on the stack, drawn as a card frame.
type SimStackItem struct {
	Name    string // the spell's card, or the ability's source card
	Kind    string // spell, activated ability, triggered ability (localized)
	Class   string // "spell", "ability" or "trigger"
	Top     bool
	Details []string // controller, source, targets
	// Count is how many alike objects lie one above the other in this
	// frame (1 for one), Alike says so in words.
	Count int
	Alike string
}

// SimEvent is one thing that happened in a step, with the rules behind it.
type SimEvent struct {
	Text  string
	Rules []Link
	// Class marks the kind of event in a history line ("sba",
	// "resolve", "trigger", "step"), "" for the rest.
	Class string
	Label string // a short localized label for Class, e.g. "State-based action"
}

// SimResult says that the game is over, who won and why, with the rules.
type SimResult struct {
	Heading string
	Winner  string
	Reasons []SimEvent
}

// SimRefusal is an action the rules refuse: what was tried, why not and
// the rules that say so.
type SimRefusal struct {
	Heading string // "Not allowed: A casts Shock"
	Reason  string
	Rules   []Link
}

// SimBoard is the game at one moment: the turn, priority, stack and players.
type SimBoard struct {
	Turn      string // "Turn 3"
	StepName  string // the current step
	Track     []TrackPhase
	Priority  string // who holds priority, or that nobody does
	Passes    string // who has passed in succession, "" for nobody
	Next      string // what happens when the last player passes too, "" when not relevant
	Waiting   string // the choice nobody's priority waits for, "" for none
	Seats     []SimSeat
	Stack     []SimStackItem // top first
	StackHead string         // "Stack" with the number of objects
	Players   []SimPlayer
	Result    *SimResult // the game is over
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
	Action     string      // what was done to reach this step, "" at the start
	Refused    *SimRefusal // the action the rules refused at this step
	Narration  Text
	Events     []SimEvent
	Board      SimBoard
	Steps      []Link // every step, the current one marked
	First      *Link
	Prev, Next *Link
	Last       *Link
	PlayHref   string
}

// SimMove is a legal move: a link that appends it to the address, and
// how many alike moves it stands for (identical lands, say).
type SimMove struct {
	Href  string
	Label string
	Count int    // 1, or the number of alike moves
	Alike string // "one of 3 alike", "" when Count is 1
}

// SimHistoryLine is one move of the sandbox and what followed from it.
type SimHistoryLine struct {
	Href    string // the position right after this move
	Action  string
	Outcome []SimEvent
}

// PlayPage is the sandbox: a position, its legal moves and undo.
type PlayPage struct {
	Page
	Heading  string
	Lead     string
	Last     *SimHistoryLine // the move that led here
	Board    SimBoard
	Events   []SimEvent // the last move's events with their rules
	History  []SimHistoryLine
	Legal    []SimMove // the distinct legal moves as links that append them
	LegalFor string    // whose choices these are
	Undo     *Link
	Restart  string
	Back     *Link  // the worked example, or the builder for a built position
	Share    string // the absolute address of this position
}

// BuilderPage is the position builder's form.
type BuilderPage struct {
	Page
	Heading string
	Lead    string
	Action  string // the form's action
	Errors  []string
	Players []BuilderPlayer
	Count   []Option // 2, 3, 4 players
	Turn    string
	Active  []Option
	Step    []Option
	Stack   []BuilderStackRow
	// CardNames and StackNames feed the datalists the name fields suggest from.
	CardNames      []string
	PermanentNames []string
	SpellNames     []string
	Kinds          []Option // spell, activated or triggered ability (for every stack row)
	Controllers    []Option
	Limits         string // the limits in a sentence
	Preview        string // the address of the position, when it is valid
}

// Option is one <option>.
type Option struct {
	Value    string
	Label    string
	Selected bool
}

// BuilderPlayer is one player's fieldset.
type BuilderPlayer struct {
	Index       int
	Name        string // as shown
	NameValue   string // as typed (empty for the default)
	Placeholder string // the default name
	Legend      string
	Life        string
	Library     string
	Mana        []BuilderMana
	Hand        []BuilderCardRow
	Graveyard   []BuilderCardRow
	Battlefield []BuilderPermRow
}

// BuilderMana is the mana of one color in a player's pool.
type BuilderMana struct {
	Key    string // the form key
	Symbol string // "{R}"
	Value  string
}

// BuilderCardRow is a card name with how many of it.
type BuilderCardRow struct {
	Name  string
	Count string
	Error bool
}

// BuilderPermRow is one kind of permanent: its card, how many, and their state.
type BuilderPermRow struct {
	Name     string
	Count    string
	Tapped   bool
	Sick     bool
	FaceDown bool
	Damage   string
	Counters string
	Attached []Option
	Attacks  []Option // the players it may attack
	Blocks   []Option // the permanents it may block
	Error    bool
}

// BuilderStackRow is one spell or ability on the stack.
type BuilderStackRow struct {
	Name    string
	Kinds   []Option
	Control []Option
	Targets []Option
	Sources []Option
	X       string
	Error   bool
}
