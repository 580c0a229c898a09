package engine

// Open brings a start position to the moment a player first receives
// priority, the way the rules reach every such moment: state-based actions
// are performed and waiting triggered abilities are put on the stack in
// APNAP order, again and again until neither happens (117.5, 704.3,
// 603.3). The returned snapshot has no action; its events are what the
// rules did (none for a position they leave as it is). s is not written.
//
// When a player has to choose how to put their triggered abilities on the
// stack, the snapshot waits for that choice, and the player who was to
// receive priority gets it afterwards.
func Open(s State) Snapshot {
	b := applier{}
	b.expect(1)
	next := s.fork()
	g := game{s: &next, applier: &b}
	holder := next.Priority
	next.Priority = -1
	if !g.settle() {
		next.Priority = holder
		return Snapshot{State: next}
	}
	g.handPriority(holder, "117.5")
	n := len(b.events)
	return Snapshot{State: next, Events: b.events[:n:n]}
}
