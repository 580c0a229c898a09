// Package engine is a pure, deterministic rules engine for the parts of
// Magic: The Gathering that explain priority, the stack and the turn.
//
// A game is a State value. Apply takes a state and one Action and returns a
// new state plus the Events that happened, each carrying the numbers of the
// Comprehensive Rules that justify it. Apply never mutates its input, uses no
// randomness and no I/O, so the same start state and the same actions always
// give the same snapshots (see Replay). Illegal actions return an
// *IllegalError with a stable Reason code and leave the state unchanged.
//
// The card pool is data (see Card and ParseCards); the engine interprets a
// small vocabulary of effects: damage, pumps, Sudden Spoiling, mana, counter
// target spell, draw then discard, auras, charge counters, life exchange,
// life gain and loss, destroy, sacrifice, return to hand and winning the
// game.
//
// Triggered abilities are card data too (Card.Triggers, see Trigger): an
// event ("enters", "dies", "step", "attacks", "blocks", "becomes_blocked",
// "blocks_or_blocked", "cast", "discard"), whose event counts, an
// intervening "if", "you may", a target and effects. Bushido is such a
// trigger. When an event matches, the ability waits in State.Waiting; the
// next time a player would receive priority, state-based actions are
// performed first, then each player in APNAP order puts theirs on the
// stack (117.5, 603.3b). A player with a choice to make — the order of
// different abilities, or a target — gets a pending put_trigger choice;
// an optional ability asks its controller on resolution (a "may" choice,
// 603.5). Dies triggers are found while the dying permanents are still on
// the battlefield (603.10a), and an ability whose source is gone still
// resolves, its source acting as it last existed (113.7a, 608.2h).
//
// Choices that the rules make during a step (declaring attackers and blockers,
// discarding, putting triggers on the stack, "you may") are modelled as a pending Choice: while one is pending nobody
// has priority and only the choosing player may act. Passing priority while a
// choice is pending makes the default choice (no attackers, no blockers, the
// last cards of the hand, the first waiting trigger with its first legal
// target, "no"), so a game of only passes always advances.
//
// States returned by Apply and Replay share unchanged data with earlier
// states (copy on write), which keeps replays cheap; treat them as values
// and call State.Clone before writing into one in place.
//
// Scenarios (content/scenarios/{slug}.json, see ParseScenario) are data:
// a slug, the rules they show, a start position ("start": players with
// hands and libraries, the battlefield with explicit ids, turn, active
// player, step, priority) and steps, each an Action. A step with
// "expect_error" shows an attempt the rules forbid; Scenario.Run checks
// that it is rejected with that reason. Objects created during play get
// the ids after the highest start id, in order (spells, abilities and
// permanents alike).
//
// The engine holds no human text: it deals in card ids, typed events and
// reason codes. Card names, scenario titles, summaries and narration live
// with the content, by language (content/{lang}/, read by
// internal/examples), and the site puts events and reasons into words.
//
// A start position (Setup) may also hold spells and abilities already on
// the stack and libraries of a given size (cards whose identity does not
// matter, HiddenCard). Setup.Build checks a position against the card pool
// and the rules — each stack object's targets against what lies below it —
// and says what is wrong with a *SetupError carrying a stable reason code.
//
// The source is split by job: apply.go (Apply and the event buffers),
// check.go (is an action legal), execute.go (performing a legal action),
// game.go (the copy-on-write working state), turn.go and combat.go (steps
// and turn-based actions), resolve.go and effects.go (resolving the stack),
// trigger.go (triggered abilities), statebased.go (state-based actions),
// leave.go (conceding and leaving the game), legal.go (LegalActions),
// cards.go, setup.go and scenario.go (the data), state.go and types.go.
package engine
