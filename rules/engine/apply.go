package engine

// Apply performs one action and returns the new state and what happened.
// It never mutates s. An illegal action returns s unchanged, no events and
// an *IllegalError.
func Apply(s State, a Action) (State, []Event, error) {
	if err := check(&s, a); err != nil {
		return s, nil, err
	}
	// One allocation holds the first events and their rule numbers; the
	// returned events point into it.
	buf := new(applyBuffer)
	b := applier{events: buf.events[:0], rules: buf.rules[:0]}
	b.expect(1)
	next := s.fork()
	return next, b.exec(&next, a), nil
}

// applyBuffer is the room for the events of a single Apply; most actions cause
// at most four events.
type applyBuffer struct {
	events [4]Event
	rules  [8]string
}

// applier applies actions one after another (see Replay). The events and
// rule numbers of all its actions are carved from shared buffers; each
// action gets clipped slices, so later actions never write into them.
type applier struct {
	// events holds the current action's events, at the start of the
	// spare capacity of the event buffer.
	events []Event
	// rules is the spare capacity for rule numbers; each event's Rules is
	// a clipped window into it.
	rules []string
	// eventChunk and ruleChunk are the least capacities of a new buffer.
	eventChunk, ruleChunk int
	// cardCache remembers the card definitions found for the first
	// battlefield positions, for state-based actions, which look at every
	// permanent after every action (see cardAt). cacheCards is off for a
	// single Apply.
	cardCache  [64]cardSlot
	cacheCards bool
}

// newReplayApplier returns an applier for a sequence of actions, with the
// card cache on.
func newReplayApplier() *applier {
	return &applier{cacheCards: true}
}

// expect sizes new buffers for n more actions: scenarios and random games
// average 2.7 events with 3.5 rule numbers per action. (slices.Grow rounds
// the capacity up to the allocation size class.)
func (b *applier) expect(n int) {
	b.eventChunk, b.ruleChunk = max(4, n*11/4), max(8, n*7/2)
}

// apply checks a against *s and, when it is legal, writes the resulting
// state to *dst and returns the events. *s is never written; dst must not
// be s.
func (b *applier) apply(dst, s *State, a Action) ([]Event, error) {
	if err := check(s, a); err != nil {
		return nil, err
	}
	*dst = s.fork()
	return b.exec(dst, a), nil
}

// exec performs the checked action a on the forked state *s and returns
// its events, clipped so that nothing appended later can reach them.
func (b *applier) exec(s *State, a Action) []Event {
	g := game{s: s, applier: b}
	g.exec(a)
	n := len(b.events)
	ev := b.events[:n:n]
	b.events = b.events[n:]
	return ev
}

// cardSlot is a card id with its definition.
type cardSlot struct {
	id string
	c  *Card
}

// cardAt returns the definition of the card of the permanent at battlefield
// index i, like State.card, remembering it for the next actions. The card
// pool is the same for all states an applier sees.
func (g *game) cardAt(i int) *Card {
	if g.s.Battlefield[i].FaceDown {
		return faceDown
	}
	id := g.s.Battlefield[i].Card
	b := g.applier
	if !b.cacheCards || i >= len(b.cardCache) {
		return g.s.card(id)
	}
	slot := &b.cardCache[i]
	if slot.c == nil || slot.id != id { // usually the same string: a pointer comparison
		*slot = cardSlot{id, g.s.card(id)}
	}
	return slot.c
}
