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
func Replay(start State, actions []Action) ([]Snapshot, error) {
	snaps := make([]Snapshot, 0, len(actions)+1)
	acts := append([]Action(nil), actions...) // snapshots point into this copy
	cur := start.Clone()
	snaps = append(snaps, Snapshot{State: cur})
	for i := range acts {
		a := acts[i]
		next, ev, err := Apply(cur, a)
		if err != nil {
			return snaps, &ReplayError{Index: i, Action: a, Err: err}
		}
		snaps = append(snaps, Snapshot{State: next, Action: &acts[i], Events: ev})
		cur = next
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
