package simview

import (
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules/engine"
)

// Where says where an object went when it left the battlefield or the stack.
type Where int8

// Where objects go.
const (
	WentAway        Where = iota // left, and nothing says where
	WentGraveyard                // into its owner's graveyard
	WentHand                     // back to its owner's hand
	WentBattlefield              // a permanent spell that resolved
	WentResolved                 // an ability that resolved
	WentCountered                // a countered ability, or one removed from the stack
	WentGame                     // left the game with its owner (800.4a)
)

// Gone is an object that left: its card, its owner and where it went.
type Gone struct {
	Card  string
	Owner int
	Where Where
	Stack bool // it was a spell or ability on the stack
}

// Trail says where objects went that left the battlefield or the stack,
// by their ids, read off a game's snapshots.
type Trail map[int]Gone

// Tracking returns the view with a Trail of the objects that left during
// snaps (a game from its start up to the position shown).
func (v View) Tracking(snaps []engine.Snapshot) View {
	v.Trail = NewTrail(snaps)
	return v
}

// NewTrail follows the objects through snaps: every permanent or stack
// object of one snapshot that the next lacks has gone somewhere, and the
// events of that action say where.
func NewTrail(snaps []engine.Snapshot) Trail {
	var t Trail
	for i := 1; i < len(snaps); i++ {
		before, after := &snaps[i-1].State, &snaps[i].State
		if snaps[i].Rejected != nil {
			continue
		}
		t = t.follow(before, after, snaps[i].Events)
	}
	return t
}

// follow records the objects of before that after lacks.
func (t Trail) follow(before, after *engine.State, events []engine.Event) Trail {
	gone := func(id int) bool { return after.Permanent(id) == nil && after.StackObject(id) == nil }
	add := func(id int, g Gone) {
		if t == nil {
			t = Trail{}
		}
		if _, ok := t[id]; !ok || t[id].Where == WentAway {
			t[id] = g
		}
	}
	where := map[int]Where{}
	for _, e := range events {
		id := int(e.Object)
		switch e.Kind {
		case engine.EvDestroyed, engine.EvZeroToughness, engine.EvAuraFallsOff, engine.EvDestroy, engine.EvSacrifice,
			engine.EvToGraveyard:
			where[id] = WentGraveyard
		case engine.EvBounce:
			where[id] = WentHand
		case engine.EvEnters:
			if e.Source != 0 {
				where[int(e.Source)] = WentBattlefield
			}
		case engine.EvCountered, engine.EvFizzle, engine.EvTriggerRemoved, engine.EvIfFails:
			where[id] = WentCountered
		case engine.EvRemovedFromStack:
			where[id] = WentGame
		case engine.EvResolve:
			if _, ok := where[id]; !ok {
				where[id] = WentResolved
			}
		}
	}
	for _, p := range before.Battlefield {
		id := int(p.ID)
		if !gone(id) {
			continue
		}
		w, ok := where[id]
		if !ok && p.Owner >= 0 && int(p.Owner) < len(after.Players) && after.Players[p.Owner].Left {
			w = WentGame
		}
		add(id, Gone{Card: p.Card, Owner: int(p.Owner), Where: w})
	}
	for _, o := range before.Stack {
		if !gone(o.ID) {
			continue
		}
		w := where[o.ID]
		if o.Kind == engine.KindSpell && (w == WentCountered || w == WentResolved) {
			w = WentGraveyard // a countered or resolved spell goes to the graveyard (608.2n, 701.6a)
		}
		if o.Kind != engine.KindSpell && w == WentGraveyard {
			w = WentResolved
		}
		add(o.ID, Gone{Card: o.Card, Owner: o.Owner, Where: w, Stack: true})
	}
	return t
}

var whereIDs = map[Where]msg.Key{
	WentAway: msg.SimGoneAway, WentGraveyard: msg.SimGoneGraveyard, WentHand: msg.SimGoneHand,
	WentBattlefield: msg.SimGoneBattlefield, WentResolved: msg.SimGoneResolved, WentCountered: msg.SimGoneCountered,
	WentGame: msg.SimGoneGame,
}

// gone names an object that is no longer in s: its card and where it went.
func (v View) gone(s *engine.State, id int) string {
	g, ok := v.Trail[id]
	if !ok {
		return v.T(msg.SimGoneUnknown)
	}
	where := whereIDs[g.Where]
	if g.Where == WentAway && g.Stack {
		where = msg.SimGoneStack
	}
	return v.format(where, map[string]any{"Card": v.Card(s, g.Card), "Player": v.Player(s, g.Owner)})
}
