package simview

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/moves"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules/engine"
	"github.com/mtgrules/site/templates"
)

// MaxMoves bounds the moves a sandbox address may carry.
const MaxMoves = 300

// StepPage is step (1-based, in range) of a worked example: the
// narration, what was done (or refused), the board and the way to the
// other steps. narrate links the rule numbers and terms of a narration;
// the caller adds the layout's Page.
func (v View) StepPage(ex *examples.Example, step int, narrate func(string) templates.Text) templates.SimStepPage {
	n := len(ex.Snapshots)
	v = v.Tracking(ex.Snapshots[:step])
	snap := &ex.Snapshots[step-1]
	page := templates.SimStepPage{
		Title: ex.Title.In(v.Lang), Board: v.Board(&snap.State), PlayHref: urls.Play(v.Lang, ex.Slug, nil),
		StepLabel: v.plural(msg.ExampleStepOf, n, map[string]any{"Step": step, "Count": n}),
	}
	if step == 1 && len(snap.Events) > 0 {
		start := ex.Start()
		page.Events = v.Events(&start, &snap.State, snap.Events) // the opening (see engine.Open)
	}
	if step > 1 {
		before := &ex.Snapshots[step-2].State
		if rej := snap.Rejected; rej != nil {
			page.Refused = v.Refusal(before, *snap.Action, rej)
		} else {
			page.Action = v.Action(before, *snap.Action)
			page.Events = v.Events(before, &snap.State, snap.Events)
		}
	}
	page.Narration = narrate(ex.TextAt(step).In(v.Lang))
	link := func(i int, id msg.Key) *templates.Link {
		return &templates.Link{Href: urls.Example(v.Lang, ex.Slug, i), Label: v.T(id)}
	}
	if step > 1 {
		page.First, page.Prev = link(1, msg.SimFirst), link(step-1, msg.SimPrev)
	}
	if step < n {
		page.Next, page.Last = link(step+1, msg.SimNext), link(n, msg.SimLast)
	}
	for i := 1; i <= n; i++ {
		page.Steps = append(page.Steps, templates.Link{Href: urls.Example(v.Lang, ex.Slug, i), Label: strconv.Itoa(i), Current: i == step})
	}
	return page
}

// Game is a sandbox game: the position it starts from, the moves played
// (as codes, see internal/moves) and the address of the game after some
// of them.
type Game struct {
	Start engine.State
	Codes []string
	Href  func(codes []string) string
}

// MoveError is an address whose moves cannot be played: a localized
// message naming the first bad move.
type MoveError struct {
	Message string
}

func (e *MoveError) Error() string { return e.Message }

// ExamplePlay is the sandbox of a worked example after codes.
func (v View) ExamplePlay(ex *examples.Example, codes []string) (templates.PlayPage, error) {
	g := Game{Start: ex.Start(), Codes: codes, Href: func(c []string) string { return urls.Play(v.Lang, ex.Slug, c) }}
	page, err := v.Play(g)
	if err != nil {
		return page, err
	}
	page.Heading = v.format(msg.PlayHeading, map[string]any{"Title": ex.Title.In(v.Lang)})
	page.Back = &templates.Link{Href: urls.Example(v.Lang, ex.Slug, 1), Label: v.T(msg.PlayBackToExample)}
	return page, nil
}

// CustomPlay is the sandbox of a built position (its canonical string
// setup and its start state) after codes.
func (v View) CustomPlay(setup string, start engine.State, codes []string) (templates.PlayPage, error) {
	g := Game{Start: start, Codes: codes, Href: func(c []string) string { return urls.Custom(v.Lang, setup, c) }}
	page, err := v.Play(g)
	if err != nil {
		return page, err
	}
	page.Heading = v.T(msg.CustomHeading)
	page.Lead = v.T(msg.CustomLead)
	page.Back = &templates.Link{Href: urls.Builder(v.Lang, setup), Label: v.T(msg.CustomEdit)}
	return page, nil
}

// Play replays the game's moves and describes the position: the board,
// the moves so far with what followed from each, the distinct legal
// moves and undo. An unreadable or illegal move is a *MoveError.
func (v View) Play(g Game) (templates.PlayPage, error) {
	page := templates.PlayPage{Heading: v.T(msg.PlayHeadingPlain), Lead: v.T(msg.PlayLead), Restart: g.Href(nil)}
	if len(g.Codes) > MaxMoves {
		return page, &MoveError{Message: v.plural(msg.ErrTooManyMoves, MaxMoves, map[string]any{"Count": MaxMoves})}
	}
	actions := make([]engine.Action, len(g.Codes))
	for i, code := range g.Codes {
		var err error
		if actions[i], err = moves.Decode(code); err != nil {
			return page, &MoveError{Message: v.format(msg.ErrMoveSyntax, map[string]any{"Index": i + 1})}
		}
	}
	open := engine.Open(g.Start)
	snaps, err := engine.Replay(open.State, actions)
	if err != nil {
		var re *engine.ReplayError
		var ie *engine.IllegalError
		if !errors.As(err, &re) || !errors.As(err, &ie) {
			return page, err
		}
		before := &snaps[len(snaps)-1].State
		return page, &MoveError{Message: v.format(msg.ErrIllegalMove, map[string]any{
			"Index": re.Index + 1, "Action": v.Action(before, re.Action), "Reason": v.Reason(ie.Reason),
		})}
	}
	// The opening is a step of its own: what the rules did before anyone
	// received priority, from the position as built.
	open.State = snaps[0].State
	snaps = append([]engine.Snapshot{{State: g.Start}, open}, snaps[1:]...)
	v = v.Tracking(snaps)
	last := &snaps[len(snaps)-1]
	page.Board = v.Board(&last.State)
	first := 2 // the first snapshot shown in the history
	if len(open.Events) > 0 {
		first = 1
	}
	for i := first; i < len(snaps); i++ {
		before, after := &snaps[i-1].State, &snaps[i].State
		line := templates.SimHistoryLine{Href: g.Href(g.Codes[:i-1]), Outcome: v.Outcome(before, after, snaps[i].Events)}
		if a := snaps[i].Action; a != nil {
			line.Action = v.Action(before, *a)
		} else {
			line.Action = v.T(msg.PlayOpening)
		}
		page.History = append(page.History, line)
	}
	if n := len(snaps); n > first {
		page.Last = &page.History[len(page.History)-1]
		page.Events = v.Events(&snaps[n-2].State, &last.State, last.Events)
	}
	if len(g.Codes) > 0 {
		page.Undo = &templates.Link{Href: g.Href(g.Codes[:len(g.Codes)-1]), Label: v.T(msg.PlayUndo)}
	}
	legal := engine.LegalActions(last.State)
	if len(g.Codes) >= MaxMoves {
		legal = nil
	}
	page.Legal = v.distinctMoves(&last.State, legal, func(a engine.Action) string {
		return g.Href(append(g.Codes[:len(g.Codes):len(g.Codes)], moves.Encode(a)))
	})
	switch {
	case len(legal) > 0:
		page.LegalFor = v.format(msg.PlayLegal, map[string]any{"Player": v.Player(&last.State, legal[0].Player)})
	case len(g.Codes) >= MaxMoves:
		page.LegalFor = v.plural(msg.PlayMoveLimit, MaxMoves, map[string]any{"Count": MaxMoves})
	default:
		page.LegalFor = v.T(msg.PlayGameOver)
	}
	return page, nil
}

// distinctMoves lists each different legal move once: moves that differ
// only in which of several alike permanents they use (three untapped
// Forests) become one move with a count. Moves that read the same but are
// not alike say how their permanents differ.
func (v View) distinctMoves(s *engine.State, legal []engine.Action, href func(engine.Action) string) []templates.SimMove {
	var out []templates.SimMove
	var firsts []engine.Action
	index := map[string]int{}
	for _, a := range legal {
		key := v.moveKey(s, a)
		if i, ok := index[key]; ok {
			out[i].Count++
			continue
		}
		index[key] = len(out)
		out = append(out, templates.SimMove{Href: href(a), Label: v.Action(s, a), Count: 1})
		firsts = append(firsts, a)
	}
	labels := map[string]int{}
	for _, m := range out {
		labels[m.Label]++
	}
	for i := range out {
		if labels[out[i].Label] > 1 {
			if notes := v.objectNotes(s, firsts[i]); notes != "" {
				out[i].Label += " (" + notes + ")"
			}
		}
		if out[i].Count > 1 {
			out[i].Alike = v.plural(msg.PlayAlike, out[i].Count, map[string]any{"Count": out[i].Count})
		}
	}
	return out
}

// moveKey is the same for moves that differ only in the ids of alike
// permanents.
func (v View) moveKey(s *engine.State, a engine.Action) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s|%d|%s|%d|%s|%d|%d|%d|%t|%s", a.Kind, a.Player, a.Card, a.Ability, a.Color, a.X, a.Defender, a.Trigger, a.Accept, strings.Join(a.Cards, ","))
	obj := func(id int) {
		b.WriteString("|")
		b.WriteString(fingerprint(s, id))
	}
	obj(a.Object)
	for _, t := range a.Targets {
		if t.IsPlayer() {
			fmt.Fprintf(&b, "|p%d", t.Player)
		} else {
			obj(t.Object)
		}
	}
	for _, id := range a.Attackers {
		obj(id)
	}
	for _, bl := range a.Blocks {
		obj(bl.Blocker)
		obj(bl.Attacker)
	}
	for _, m := range a.Mana {
		obj(m.Object)
		fmt.Fprintf(&b, ":%d:%s", m.Ability, m.Color)
	}
	return b.String()
}

// fingerprint describes what matters about an object for the moves it
// takes part in: alike permanents have the same fingerprint.
func fingerprint(s *engine.State, id int) string {
	if id == 0 {
		return "-"
	}
	p := s.Permanent(id)
	if p == nil {
		return "o" + strconv.Itoa(id) // a stack object is one of a kind
	}
	pw, tg, _ := s.PowerToughness(id)
	return fmt.Sprintf("%s/%d/%t/%t/%d/%v/%t/%d/%d/%d/%t/%d/%d/%t", p.Card, p.Controller, p.Tapped, p.Sick, p.Damage, p.Counters,
		p.Attacking, p.Defender, p.Blocking, p.AttachedTo, p.FaceDown, pw, tg, p.DamagedThisTurn)
}

// objectNotes describes the permanents a move uses (tapped, damage, …),
// to tell apart moves that read the same.
func (v View) objectNotes(s *engine.State, a engine.Action) string {
	ids := []int{a.Object}
	for _, t := range a.Targets {
		ids = append(ids, t.Object)
	}
	ids = append(ids, a.Attackers...)
	var notes []string
	for _, id := range ids {
		if p := s.Permanent(id); p != nil {
			if n := v.permanent(s, *p).Notes; len(n) > 0 {
				notes = append(notes, n...)
			} else {
				notes = append(notes, v.T(msg.SimUntouched))
			}
		}
	}
	return v.join(notes)
}
