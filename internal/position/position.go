// Package position writes a start position built by a reader as a short,
// URL-safe string and reads it back, so a position is a plain link:
// /en/play/custom?s=3.0.m1_p20.30_h.shock_b.mountain.t_p14.30_b.grizzly-bears.d1_k.s.shock.0.o2
//
// The string is a list of tokens joined by "_" (only letters, digits and
// "-", ".", "_", "~", which URLs carry unescaped):
//
//	3.0.m1[.1]          turn 3, player 0 is active, precombat main phase [, player 1 holds priority]
//	p20.30              the next player (A, B, C, D): 20 life, 30 cards in the library
//	h.shock.forest~2    that player's hand: Shock and two Forests, in order
//	g.shock             that player's graveyard
//	b.forest.t.n3       a permanent that player controls: flags t tapped, s summoning sick,
//	                    d2 damage, c1 charge counter, a4 attached to permanent 4, n3 three alike
//	k.s.shock.0.o2[.x3] a spell on the stack (bottom first), controlled by player 0, targeting object 2
//	k.a0.prodigal-pyromancer.1.p0.s5   activated ability 0 of permanent 5's card, targeting player 0
//	k.t0.goblin-arsonist.0.p1          triggered ability 0; without s its source has left
//
// Permanents are numbered 1, 2, … in the order written, stack objects
// after them; those numbers are the objects' ids in the game. Steps are
// written un, up, dr, m1, bc, da, db, fs, cd, ec, m2, en, cl.
//
// Decode checks the form and the limits below and returns an
// engine.Setup, which engine.Setup.Build checks against the rules
// (targets, abilities, attachments). Encode writes the canonical string of
// a setup, so every position has exactly one address.
package position

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mtgrules/site/rules/engine"
)

// Limits of a position. They keep an address short and a page quick.
const (
	MaxLen         = 1500 // characters of the whole string
	MinPlayers     = 2
	MaxPlayers     = 4
	MaxHand        = 15 // cards in a hand
	MaxGraveyard   = 30 // cards in a graveyard
	MaxLibrary     = 200
	MaxPermanents  = 16 // permanents a player controls
	MaxStack       = 8  // objects on the stack
	MaxCopies      = 20 // alike cards or permanents written once
	MinLife        = -99
	MaxLife        = 999
	MaxTurn        = 99
	MaxDamage      = 99
	MaxCounters    = 99
	MaxX           = 20
	DefaultLife    = 20
	DefaultLibrary = 30
)

// Names are the players' names, in seat order.
var Names = [MaxPlayers]string{"A", "B", "C", "D"}

// Code names what is wrong with a position string.
type Code string

// Error codes.
const (
	ErrTooLong   Code = "too_long"   // longer than MaxLen
	ErrSyntax    Code = "syntax"     // a token that cannot be read
	ErrPlayers   Code = "players"    // fewer than MinPlayers or more than MaxPlayers
	ErrTooMany   Code = "too_many"   // more than Limit items in Zone
	ErrRange     Code = "range"      // a number out of its range (Field)
	ErrNoPlayer  Code = "no_player"  // a zone before the first player
	ErrUnknown   Code = "unknown"    // a card the pool lacks
	ErrStackLast Code = "stack_last" // a player after the stack
	ErrObject    Code = "object"     // a number that names no permanent or object below
)

// Error says what is wrong with a position string and where.
type Error struct {
	Code   Code
	Token  int    // 1-based index of the token, 0 for the whole string
	Text   string // the token (clipped), or the card id for ErrUnknown
	Player int    // the player the token belongs to, -1 for none
	Zone   string // engine.ZoneHand, … for ErrTooMany
	Field  string // "life", "turn", "damage", … for ErrRange
	Limit  int    // the limit that was passed
}

func (e *Error) Error() string {
	return fmt.Sprintf("position: %s at token %d (%q) player %d %s%s limit %d", e.Code, e.Token, e.Text, e.Player, e.Zone, e.Field, e.Limit)
}

// ErrNotEncodable is returned by Encode for a setup no string can hold
// (named library cards, a mana pool, face-down permanents, other names).
var ErrNotEncodable = errors.New("position: setup cannot be written as a string")

var stepCodes = [...]string{"un", "up", "dr", "m1", "bc", "da", "db", "fs", "cd", "ec", "m2", "en", "cl"}

// StepCode is the short code of a step ("m1").
func StepCode(s engine.Step) string {
	if s < 0 || int(s) >= len(stepCodes) {
		return ""
	}
	return stepCodes[s]
}

// ParseStep reads a step code.
func ParseStep(code string) (engine.Step, bool) {
	for i, c := range stepCodes {
		if c == code {
			return engine.Step(i), true
		}
	}
	return 0, false
}

func clip(s string) string {
	if r := []rune(s); len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}

// num reads a canonical decimal integer (no sign, no leading zeros).
func num(s string) (int, bool) {
	if s == "" || len(s) > 6 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// signed reads a canonical integer that may be negative.
func signed(s string) (int, bool) {
	if strings.HasPrefix(s, "-") {
		n, ok := num(s[1:])
		return -n, ok && n != 0
	}
	return num(s)
}

// Decode reads a position string. cards is the card pool; a card it lacks
// is an error here, so that the reader learns which token names it.
func Decode(s string, cards map[string]engine.Card) (engine.Setup, error) {
	var st engine.Setup
	if len(s) > MaxLen {
		return st, &Error{Code: ErrTooLong, Player: -1, Limit: MaxLen}
	}
	toks := strings.Split(s, "_")
	bad := func(i int, player int) error {
		return &Error{Code: ErrSyntax, Token: i + 1, Text: clip(toks[i]), Player: player}
	}
	rng := func(i, player int, field string, limit int) error {
		return &Error{Code: ErrRange, Token: i + 1, Text: clip(toks[i]), Player: player, Field: field, Limit: limit}
	}
	// The game: turn.active.step[.priority]
	g := strings.Split(toks[0], ".")
	if len(g) < 3 || len(g) > 4 {
		return st, bad(0, -1)
	}
	turn, ok1 := num(g[0])
	active, ok2 := num(g[1])
	step, ok3 := ParseStep(g[2])
	if !ok1 || !ok2 || !ok3 {
		return st, bad(0, -1)
	}
	if turn < 1 || turn > MaxTurn {
		return st, rng(0, -1, "turn", MaxTurn)
	}
	st.Turn, st.Active, st.Step = turn, active, step
	if len(g) == 4 {
		p, ok := num(g[3])
		if !ok {
			return st, bad(0, -1)
		}
		st.Priority = &p
	}
	cur := -1         // the player whose zones follow
	stack := false    // a stack token was read
	var perms []int   // permanents per player so far, for the limit
	var permTok []int // the token of each permanent
	known := func(i, player int, id string) error {
		if _, ok := cards[id]; !ok {
			return &Error{Code: ErrUnknown, Token: i + 1, Text: clip(id), Player: player}
		}
		return nil
	}
	for i := 1; i < len(toks); i++ {
		tok := toks[i]
		f := strings.Split(tok, ".")
		switch {
		case len(f[0]) > 1 && f[0][0] == 'p':
			if stack {
				return st, &Error{Code: ErrStackLast, Token: i + 1, Text: clip(tok), Player: -1}
			}
			if len(st.Players) == MaxPlayers {
				return st, &Error{Code: ErrPlayers, Token: i + 1, Text: clip(tok), Player: -1, Limit: MaxPlayers}
			}
			cur = len(st.Players)
			if len(f) != 2 {
				return st, bad(i, cur)
			}
			life, ok1 := signed(f[0][1:])
			lib, ok2 := num(f[1])
			if !ok1 || !ok2 {
				return st, bad(i, cur)
			}
			if life < MinLife || life > MaxLife {
				return st, rng(i, cur, "life", MaxLife)
			}
			if lib > MaxLibrary {
				return st, &Error{Code: ErrTooMany, Token: i + 1, Text: clip(tok), Player: cur, Zone: engine.ZoneLibrary, Limit: MaxLibrary}
			}
			st.Players = append(st.Players, engine.SetupPlayer{Name: Names[cur], Life: &life, LibrarySize: lib})
			perms = append(perms, 0)
		case f[0] == "h" || f[0] == "g":
			if stack {
				return st, &Error{Code: ErrStackLast, Token: i + 1, Text: clip(tok), Player: -1}
			}
			if cur < 0 {
				return st, &Error{Code: ErrNoPlayer, Token: i + 1, Text: clip(tok), Player: -1}
			}
			zone, limit := engine.ZoneHand, MaxHand
			if f[0] == "g" {
				zone, limit = engine.ZoneGraveyard, MaxGraveyard
			}
			if len(f) < 2 {
				return st, bad(i, cur)
			}
			var list []string
			for _, c := range f[1:] {
				if c == "" {
					return st, bad(i, cur)
				}
				id, n := c, 1
				if a, b, ok := strings.Cut(c, "~"); ok {
					var okN bool
					if n, okN = num(b); !okN || n < 2 {
						return st, bad(i, cur)
					}
					if n > MaxCopies {
						return st, rng(i, cur, "copies", MaxCopies)
					}
					id = a
				}
				if err := known(i, cur, id); err != nil {
					return st, err
				}
				if len(list)+n > limit {
					return st, &Error{Code: ErrTooMany, Token: i + 1, Text: clip(tok), Player: cur, Zone: zone, Limit: limit}
				}
				for range n {
					list = append(list, id)
				}
			}
			p := &st.Players[cur]
			if zone == engine.ZoneHand {
				if p.Hand != nil {
					return st, bad(i, cur)
				}
				p.Hand = list
			} else {
				if p.Graveyard != nil {
					return st, bad(i, cur)
				}
				p.Graveyard = list
			}
		case f[0] == "b":
			if stack {
				return st, &Error{Code: ErrStackLast, Token: i + 1, Text: clip(tok), Player: -1}
			}
			if cur < 0 {
				return st, &Error{Code: ErrNoPlayer, Token: i + 1, Text: clip(tok), Player: -1}
			}
			if len(f) < 2 {
				return st, bad(i, cur)
			}
			if err := known(i, cur, f[1]); err != nil {
				return st, err
			}
			perm := engine.SetupPermanent{Card: f[1], Controller: cur}
			copies := 1
			seen := ""
			for _, fl := range f[2:] {
				if fl == "" || strings.ContainsRune(seen, rune(fl[0])) {
					return st, bad(i, cur)
				}
				seen += fl[:1]
				switch {
				case fl == "t":
					perm.Tapped = true
				case fl == "s":
					perm.Sick = true
				case fl[0] == 'd' || fl[0] == 'c' || fl[0] == 'a' || fl[0] == 'n':
					n, ok := num(fl[1:])
					if !ok || n == 0 {
						return st, bad(i, cur)
					}
					switch fl[0] {
					case 'd':
						if n > MaxDamage {
							return st, rng(i, cur, "damage", MaxDamage)
						}
						perm.Damage = n
					case 'c':
						if n > MaxCounters {
							return st, rng(i, cur, "counters", MaxCounters)
						}
						perm.Counters = map[string]int{"charge": n}
					case 'a':
						perm.AttachedTo = n
					case 'n':
						if n < 2 {
							return st, bad(i, cur)
						}
						if n > MaxCopies {
							return st, rng(i, cur, "copies", MaxCopies)
						}
						copies = n
					}
				default:
					return st, bad(i, cur)
				}
			}
			if perms[cur]+copies > MaxPermanents {
				return st, &Error{Code: ErrTooMany, Token: i + 1, Text: clip(tok), Player: cur, Zone: engine.ZoneBattlefield, Limit: MaxPermanents}
			}
			perms[cur] += copies
			for range copies {
				p := perm
				p.ID = len(st.Battlefield) + 1
				if perm.Counters != nil {
					p.Counters = map[string]int{"charge": perm.Counters["charge"]}
				}
				st.Battlefield = append(st.Battlefield, p)
				permTok = append(permTok, i)
			}
		case f[0] == "k":
			stack = true
			if len(st.Stack) == MaxStack {
				return st, &Error{Code: ErrTooMany, Token: i + 1, Text: clip(tok), Player: -1, Zone: engine.ZoneStack, Limit: MaxStack}
			}
			if len(f) < 4 {
				return st, bad(i, -1)
			}
			var o engine.SetupStackObject
			switch k := f[1]; {
			case k == "s":
				o.Kind = engine.KindSpell
			case len(k) > 1 && (k[0] == 'a' || k[0] == 't'):
				n, ok := num(k[1:])
				if !ok {
					return st, bad(i, -1)
				}
				o.Kind, o.Ability = engine.KindAbility, n
				if k[0] == 't' {
					o.Kind = engine.KindTrigger
				}
			default:
				return st, bad(i, -1)
			}
			if err := known(i, -1, f[2]); err != nil {
				return st, err
			}
			o.Card = f[2]
			c, ok := num(f[3])
			if !ok {
				return st, bad(i, -1)
			}
			o.Controller = c
			seen := ""
			for _, fl := range f[4:] {
				if fl == "" || strings.ContainsRune(seen, rune(fl[0])) {
					return st, bad(i, -1)
				}
				seen += fl[:1]
				switch fl[0] {
				case 'p', 'o', 'x', 's':
				default:
					return st, bad(i, -1)
				}
				n, ok := num(fl[1:])
				if !ok {
					return st, bad(i, -1)
				}
				switch fl[0] {
				case 'p':
					if strings.ContainsRune(seen[:len(seen)-1], 'o') {
						return st, bad(i, -1)
					}
					o.Targets = []engine.Target{engine.PlayerTarget(n)}
				case 'o':
					if strings.ContainsRune(seen[:len(seen)-1], 'p') {
						return st, bad(i, -1)
					}
					if n == 0 || n > len(st.Battlefield)+len(st.Stack) {
						return st, &Error{Code: ErrObject, Token: i + 1, Text: clip(tok), Player: -1}
					}
					o.Targets = []engine.Target{engine.ObjectTarget(n)}
				case 'x':
					if n == 0 {
						return st, bad(i, -1)
					}
					if n > MaxX {
						return st, rng(i, -1, "x", MaxX)
					}
					o.X = n
				case 's':
					if n == 0 || n > len(st.Battlefield) {
						return st, &Error{Code: ErrObject, Token: i + 1, Text: clip(tok), Player: -1}
					}
					o.Source = n
				}
			}
			o.ID = len(st.Battlefield) + len(st.Stack) + 1
			st.Stack = append(st.Stack, o)
		default:
			return st, bad(i, cur)
		}
	}
	if len(st.Players) < MinPlayers {
		return st, &Error{Code: ErrPlayers, Player: -1, Limit: MinPlayers}
	}
	for i, p := range st.Battlefield {
		if p.AttachedTo > len(st.Battlefield) {
			t := permTok[i]
			return st, &Error{Code: ErrObject, Token: t + 1, Text: clip(toks[t]), Player: p.Controller}
		}
	}
	return st, nil
}

// Encode writes a setup as its canonical string. The setup must have the
// shape Decode gives: players named A, B, …, permanents numbered 1… in
// order and grouped by controller, stack objects numbered after them,
// only charge counters, no named library cards, pools or face-down
// permanents.
func Encode(st engine.Setup) (string, error) {
	var b strings.Builder
	b.WriteString(strconv.Itoa(st.Turn) + "." + strconv.Itoa(st.Active) + "." + StepCode(st.Step))
	if st.Priority != nil {
		b.WriteString("." + strconv.Itoa(*st.Priority))
	}
	if len(st.Players) > MaxPlayers || st.SkipFirstDraw || st.TurnLimit != 0 {
		return "", ErrNotEncodable
	}
	next := 0 // index into the battlefield
	for i, p := range st.Players {
		if p.Name != Names[i] || len(p.Library) > 0 || p.Pool != "" {
			return "", ErrNotEncodable
		}
		life := DefaultLife
		if p.Life != nil {
			life = *p.Life
		}
		b.WriteString("_p" + strconv.Itoa(life) + "." + strconv.Itoa(p.LibrarySize))
		writeCards(&b, "h", p.Hand)
		writeCards(&b, "g", p.Graveyard)
		for next < len(st.Battlefield) && st.Battlefield[next].Controller == i {
			perm := st.Battlefield[next]
			if perm.ID != next+1 || perm.FaceDown || !onlyCharge(perm.Counters) {
				return "", ErrNotEncodable
			}
			n := 1
			for next+n < len(st.Battlefield) && n < MaxCopies && alike(st.Battlefield[next+n], perm) && st.Battlefield[next+n].ID == next+n+1 {
				n++
			}
			b.WriteString("_b." + perm.Card)
			if perm.Tapped {
				b.WriteString(".t")
			}
			if perm.Sick {
				b.WriteString(".s")
			}
			if perm.Damage > 0 {
				b.WriteString(".d" + strconv.Itoa(perm.Damage))
			}
			if c := perm.Counters["charge"]; c > 0 {
				b.WriteString(".c" + strconv.Itoa(c))
			}
			if perm.AttachedTo > 0 {
				b.WriteString(".a" + strconv.Itoa(perm.AttachedTo))
			}
			if n > 1 {
				b.WriteString(".n" + strconv.Itoa(n))
			}
			next += n
		}
	}
	if next != len(st.Battlefield) {
		return "", ErrNotEncodable // not grouped by controller in seat order
	}
	for i, o := range st.Stack {
		if o.ID != len(st.Battlefield)+i+1 || len(o.Targets) > 1 {
			return "", ErrNotEncodable
		}
		b.WriteString("_k.")
		switch o.Kind {
		case engine.KindSpell:
			b.WriteString("s")
		case engine.KindAbility:
			b.WriteString("a" + strconv.Itoa(o.Ability))
		case engine.KindTrigger:
			b.WriteString("t" + strconv.Itoa(o.Ability))
		default:
			return "", ErrNotEncodable
		}
		b.WriteString("." + o.Card + "." + strconv.Itoa(o.Controller))
		for _, t := range o.Targets {
			if t.IsPlayer() {
				b.WriteString(".p" + strconv.Itoa(t.Player))
			} else {
				b.WriteString(".o" + strconv.Itoa(t.Object))
			}
		}
		if o.X > 0 {
			b.WriteString(".x" + strconv.Itoa(o.X))
		}
		if o.Source > 0 {
			b.WriteString(".s" + strconv.Itoa(o.Source))
		}
	}
	return b.String(), nil
}

func writeCards(b *strings.Builder, tag string, cards []string) {
	if len(cards) == 0 {
		return
	}
	b.WriteString("_" + tag)
	for i := 0; i < len(cards); {
		n := 1
		for i+n < len(cards) && cards[i+n] == cards[i] && n < MaxCopies {
			n++
		}
		b.WriteString("." + cards[i])
		if n > 1 {
			b.WriteString("~" + strconv.Itoa(n))
		}
		i += n
	}
}

func onlyCharge(m map[string]int) bool {
	for k, v := range m {
		if k != "charge" || v < 0 {
			return false
		}
	}
	return true
}

// alike reports whether two permanents differ only in their ids.
func alike(a, b engine.SetupPermanent) bool {
	return a.Card == b.Card && a.Controller == b.Controller && a.Tapped == b.Tapped && a.Sick == b.Sick &&
		a.Damage == b.Damage && a.AttachedTo == b.AttachedTo && a.FaceDown == b.FaceDown &&
		a.Counters["charge"] == b.Counters["charge"]
}

// Default is the builder's empty position: two players with 20 life and
// 30 cards in their libraries, turn 1, A's precombat main phase.
func Default() engine.Setup {
	st := engine.Setup{Turn: 1, Step: engine.Main1}
	for i := range 2 {
		life := DefaultLife
		st.Players = append(st.Players, engine.SetupPlayer{Name: Names[i], Life: &life, LibrarySize: DefaultLibrary})
	}
	return st
}
