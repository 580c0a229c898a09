package engine

// State is a whole game at one moment. Use Clone to copy it; Apply never
// mutates the state it gets. Cards holds the card definitions; it is shared
// between clones and must be treated as read-only.
type State struct {
	Players     []Player      `json:"players"`
	Battlefield []Permanent   `json:"battlefield"`
	Exile       []string      `json:"exile,omitempty"`
	Stack       []StackObject `json:"stack"` // bottom first, top last
	Effects     []Continuous  `json:"effects,omitempty"`
	// Waiting holds triggered abilities that triggered but are not yet on
	// the stack; they are put there next time a player would get priority (603.3).
	Waiting []StackObject `json:"waiting,omitempty"`
	Turn    int           `json:"turn"`
	Active  int           `json:"active"`
	// Priority is the player holding priority, or -1 when nobody has it.
	Priority int `json:"priority"`
	// PassStreak counts the players who passed in succession (117.4).
	PassStreak int `json:"pass_streak"`
	// Attackers is how many creatures were declared as attackers this combat.
	Attackers int    `json:"attackers,omitempty"`
	NextID    int    `json:"next_id"`
	Pending   Choice `json:"pending"`
	// TurnLimit ends the game before turn TurnLimit+1 begins (0 = no limit).
	TurnLimit int `json:"turn_limit,omitempty"`
	// Winner is the winning player once the game is over, or -1 for none.
	Winner int `json:"winner"`

	// The step and the flags share one word.
	Step Step `json:"step"`
	// CleanupPriority is set when state-based actions or triggers happened
	// during cleanup, so players get priority and another cleanup follows (514.3a).
	CleanupPriority bool `json:"cleanup_priority,omitempty"`
	// SkipFirstDraw makes the starting player skip the draw of turn 1 (103.8a).
	SkipFirstDraw bool `json:"skip_first_draw,omitempty"`
	Over          bool `json:"over,omitempty"`
	// FirstStrikeStep is set when this turn's combat has a first-strike
	// combat damage step (510.4); without one that step does not exist (506.1).
	FirstStrikeStep bool `json:"first_strike_step,omitempty"`

	Cards CardPool `json:"-"`
}

// CardPool holds the card definitions a game uses, by id. It is shared by
// all states of a game and must not be modified.
type CardPool map[string]*Card

// NewCardPool makes a pool from ParseCards' result.
func NewCardPool(cards map[string]Card) CardPool {
	pool := make(CardPool, len(cards))
	for id, c := range cards {
		pool[id] = &c
	}
	return pool
}

var noCard = &Card{}

// faceDown is what a face-down permanent is: a 2/2 creature with no name,
// text, subtypes or mana cost (708.2a).
var faceDown = &Card{Types: []string{"creature"}, Power: 2, Toughness: 2}

// card returns the definition of a card id, or an empty card when unknown.
func (s *State) card(id string) *Card {
	if c := s.Cards[id]; c != nil {
		return c
	}
	return noCard
}

// permanentCard returns the characteristics of a permanent: its card's, or a
// face-down 2/2's.
func (s *State) permanentCard(p *Permanent) *Card {
	if p.FaceDown {
		return faceDown
	}
	return s.card(p.Card)
}

// Clone returns a deep copy of the state (the card pool is shared).
// States returned by Apply and Replay share unchanged slices with earlier
// states; call Clone before writing into a state in place.
func (s State) Clone() State {
	c := s
	if s.Players != nil {
		c.Players = make([]Player, len(s.Players))
		for i, p := range s.Players {
			p.Hand = cloneStrings(p.Hand)
			p.Library = cloneStrings(p.Library)
			p.Graveyard = cloneStrings(p.Graveyard)
			c.Players[i] = p
		}
	}
	if s.Battlefield != nil {
		c.Battlefield = make([]Permanent, len(s.Battlefield))
		copy(c.Battlefield, s.Battlefield)
		for i := range c.Battlefield {
			if m := c.Battlefield[i].Counters; m != nil {
				n := make(map[string]int, len(m))
				for k, v := range m {
					n[k] = v
				}
				c.Battlefield[i].Counters = n
			}
		}
	}
	c.Exile = cloneStrings(s.Exile)
	if r := s.Pending.Resolving; r != nil {
		o := cloneStack([]StackObject{*r})[0]
		c.Pending.Resolving = &o
	}
	c.Pending.ThenRules = cloneStrings(s.Pending.ThenRules)
	c.Stack = cloneStack(s.Stack)
	c.Waiting = cloneStack(s.Waiting)
	if s.Effects != nil {
		c.Effects = make([]Continuous, len(s.Effects))
		copy(c.Effects, s.Effects)
	}
	return c
}

// fork is the shallow copy Apply works on. Slices the engine only appends
// to or re-slices (exile, effects, waiting triggers, and the stack, which is
// popped by clipping) are shared with their capacity clipped, so an append
// always reallocates. The players and the battlefield are copied on their
// first write (game.writablePlayer, game.ownBattlefield); counters maps are replaced, never
// written (setCounter).
func (s State) fork() State {
	c := s
	// Players are copied by game.writablePlayer before the first write, which also
	// clips their hands, libraries and graveyards.
	c.Players = clip(s.Players)
	// The battlefield is copied by game.ownBattlefield before the first write.
	c.Battlefield = clip(s.Battlefield)
	c.Stack = clip(s.Stack) // popped with clip, pushed with append, never written in place
	c.Exile = clip(s.Exile)
	c.Effects = clip(s.Effects)
	c.Waiting = clip(s.Waiting)
	return c
}

// push appends v to s. A full s (as every slice shared with an earlier
// state is, see fork) grows by just one element instead of doubling, since
// an action rarely adds more than one object to the same slice.
func push[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		t := make([]T, len(s), len(s)+1)
		copy(t, s)
		s = t
	}
	return append(s, v)
}

func clip[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return s[:len(s):len(s)]
}

func cloneStrings(s []string) []string {
	if s == nil {
		return nil
	}
	c := make([]string, len(s))
	copy(c, s)
	return c
}

func cloneStack(s []StackObject) []StackObject {
	if s == nil {
		return nil
	}
	c := make([]StackObject, len(s))
	copy(c, s)
	for i := range c {
		if c[i].Targets != nil {
			t := make([]Target, len(c[i].Targets))
			copy(t, c[i].Targets)
			c[i].Targets = t
		}
	}
	return c
}

// Permanent returns the permanent with this id, or nil. States from Apply
// share permanents with earlier states: Clone before writing to it.
func (s *State) Permanent(id int) *Permanent {
	for i := range s.Battlefield {
		if int(s.Battlefield[i].ID) == id {
			return &s.Battlefield[i]
		}
	}
	return nil
}

// StackObject returns a pointer to the stack object with this id, or nil.
func (s *State) StackObject(id int) *StackObject {
	for i := range s.Stack {
		if s.Stack[i].ID == id {
			return &s.Stack[i]
		}
	}
	return nil
}

// Top returns the top object of the stack, or nil when the stack is empty.
func (s *State) Top() *StackObject {
	if len(s.Stack) == 0 {
		return nil
	}
	return &s.Stack[len(s.Stack)-1]
}

// InGame reports whether player p is still in the game.
func (s *State) InGame(p int) bool {
	return p >= 0 && p < len(s.Players) && !s.Players[p].Left && !s.Players[p].Lost
}

// PlayersInGame counts the players who have not left the game.
func (s *State) PlayersInGame() int {
	n := 0
	for i := range s.Players {
		if s.InGame(i) {
			n++
		}
	}
	return n
}

// NextInGame returns the next player after p in turn order who is still in
// the game (p itself if nobody else is), or -1 if nobody is.
func (s *State) NextInGame(p int) int {
	n := len(s.Players)
	for i := 1; i <= n; i++ {
		q := ((p+i)%n + n) % n
		if s.InGame(q) {
			return q
		}
	}
	return -1
}

// PrevInGame is the player before p in turn order who is still in the
// game, or -1.
func (s *State) PrevInGame(p int) int {
	n := len(s.Players)
	for i := 1; i <= n; i++ {
		q := ((p-i)%n + n) % n
		if s.InGame(q) {
			return q
		}
	}
	return -1
}

// activeOrNext is the active player, or the next player in turn order if the
// active player has left the game and the turn goes on without one (800.4).
func (s *State) activeOrNext() int {
	if s.InGame(s.Active) {
		return s.Active
	}
	return s.NextInGame(s.Active)
}
