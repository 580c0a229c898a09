package engine

// Snapshot is the game after one action: the state, the action that led to
// it (nil for the start) and the events it caused. Rejected is set when a
// scenario step shows an illegal attempt; the state is then unchanged.
type Snapshot struct {
	State    State         `json:"state"`
	Action   *Action       `json:"action,omitempty"`
	Events   []Event       `json:"events,omitempty"`
	Rejected *IllegalError `json:"rejected,omitempty"`
}

// Replay applies the actions in order. Snapshot 0 is the start. On an
// illegal action it returns the snapshots so far and a *ReplayError naming
// the index of the first illegal action.
//
// Each snapshot's Action points into actions, which is not copied: the
// caller must not modify the slice (or the actions in it) afterwards.
//
// Each state is written straight into its snapshot, and the events of all
// actions are carved from a few shared buffers without overlapping: every
// snapshot's Events and every event's Rules is clipped, so appending to one
// never reaches another (see applier).
func Replay(start State, actions []Action) ([]Snapshot, error) {
	snaps := make([]Snapshot, 1, len(actions)+1)
	acts := actions // snapshots point into the caller's slice
	snaps[0].State = start.Clone()
	b := newReplayApplier()
	for i := range acts {
		b.expect(len(acts) - i)
		snaps = snaps[:i+2]
		next := &snaps[i+1]
		ev, err := b.apply(&next.State, &snaps[i].State, acts[i])
		if err != nil {
			return snaps[:i+1], &ReplayError{Index: i, Action: acts[i], Err: err}
		}
		next.Action, next.Events = &acts[i], ev
	}
	return snaps, nil
}

// NewState returns a two-or-more-player game at turn 1, in the active
// player's first main phase with priority, 20 life each and empty zones.
func NewState(cards map[string]Card, names ...string) State {
	s := State{Cards: NewCardPool(cards), Turn: 1, Step: Main1, Priority: 0, NextID: 1, Winner: -1}
	for _, n := range names {
		s.Players = append(s.Players, Player{Name: n, Life: 20})
	}
	return s
}
