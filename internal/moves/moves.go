// Package moves writes engine actions as short URL-safe codes and reads
// them back, so a sandbox position is a plain, shareable link:
// /en/play/shock?m=c0.shock.o3&m=p1. The codes are
//
//	p0                 player 0 passes priority
//	l0.mountain        plays a land
//	m0.5.0[.R]         activates mana ability 0 of object 5 (choosing red)
//	c0.shock.o3[.x2]   casts a spell with targets (o3 object, p1 player) and X
//	a0.5.1.o3          activates ability 1 of object 5 with targets
//	A0.5-6.d1          declares objects 5 and 6 as attackers of player 1
//	B1.7:5.8:6         declares blockers (blocker:attacker)
//	D0.island          discards cards
//	q2                 player 2 concedes
package moves

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mtgrules/site/rules/engine"
)

// MaxCodeLen bounds one code; longer input is rejected unparsed.
const MaxCodeLen = 200

var kindCode = map[engine.ActionKind]byte{
	engine.ActPass: 'p', engine.ActPlayLand: 'l', engine.ActActivateMana: 'm', engine.ActCastSpell: 'c',
	engine.ActActivateAbility: 'a', engine.ActDeclareAttackers: 'A', engine.ActDeclareBlockers: 'B',
	engine.ActDiscard: 'D', engine.ActConcede: 'q',
}

var codeKind = func() map[byte]engine.ActionKind {
	m := map[byte]engine.ActionKind{}
	for k, c := range kindCode {
		m[c] = k
	}
	return m
}()

// Encode writes a as a code.
func Encode(a engine.Action) string {
	parts := []string{string(kindCode[a.Kind]) + strconv.Itoa(a.Player)}
	switch a.Kind {
	case engine.ActPlayLand:
		parts = append(parts, a.Card)
	case engine.ActActivateMana:
		parts = append(parts, strconv.Itoa(a.Object), strconv.Itoa(a.Ability))
		if a.Color != "" {
			parts = append(parts, a.Color)
		}
	case engine.ActCastSpell:
		parts = append(parts, a.Card)
		parts = append(parts, targets(a.Targets)...)
		if a.X != 0 {
			parts = append(parts, "x"+strconv.Itoa(a.X))
		}
	case engine.ActActivateAbility:
		parts = append(parts, strconv.Itoa(a.Object), strconv.Itoa(a.Ability))
		parts = append(parts, targets(a.Targets)...)
	case engine.ActDeclareAttackers:
		ids := make([]string, len(a.Attackers))
		for i, id := range a.Attackers {
			ids[i] = strconv.Itoa(id)
		}
		parts = append(parts, strings.Join(ids, "-"), "d"+strconv.Itoa(a.Defender))
	case engine.ActDeclareBlockers:
		for _, b := range a.Blocks {
			parts = append(parts, strconv.Itoa(b.Blocker)+":"+strconv.Itoa(b.Attacker))
		}
	case engine.ActDiscard:
		parts = append(parts, a.Cards...)
	}
	return strings.Join(parts, ".")
}

func targets(ts []engine.Target) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		if t.IsPlayer() {
			out[i] = "p" + strconv.Itoa(t.Player)
		} else {
			out[i] = "o" + strconv.Itoa(t.Object)
		}
	}
	return out
}

// ErrSyntax is wrapped by every Decode error.
var ErrSyntax = errors.New("malformed action code")

func syntaxf(code, format string, args ...any) error {
	return fmt.Errorf("%w %q: %s", ErrSyntax, code, fmt.Sprintf(format, args...))
}

// Decode reads a code written by Encode. It checks the form only; whether
// the action is legal is the engine's business.
func Decode(code string) (engine.Action, error) {
	if code == "" || len(code) > MaxCodeLen {
		return engine.Action{}, syntaxf(clip(code), "empty or too long")
	}
	parts := strings.Split(code, ".")
	if parts[0] == "" {
		return engine.Action{}, syntaxf(code, "no kind")
	}
	kind, ok := codeKind[parts[0][0]]
	if !ok {
		return engine.Action{}, syntaxf(code, "unknown kind %q", parts[0][:1])
	}
	player, err := num(parts[0][1:])
	if err != nil {
		return engine.Action{}, syntaxf(code, "bad player")
	}
	a := engine.Action{Kind: kind, Player: player}
	args := parts[1:]
	need := func(n int) error {
		if len(args) < n {
			return syntaxf(code, "missing arguments")
		}
		return nil
	}
	switch kind {
	case engine.ActPass, engine.ActConcede:
		if len(args) != 0 {
			return a, syntaxf(code, "unexpected arguments")
		}
	case engine.ActPlayLand:
		if len(args) != 1 || !slug(args[0]) {
			return a, syntaxf(code, "want one card")
		}
		a.Card = args[0]
	case engine.ActActivateMana:
		if err := need(2); err != nil || len(args) > 3 {
			return a, syntaxf(code, "want object, ability and an optional color")
		}
		if a.Object, err = num(args[0]); err != nil {
			return a, syntaxf(code, "bad object")
		}
		if a.Ability, err = num(args[1]); err != nil {
			return a, syntaxf(code, "bad ability")
		}
		if len(args) == 3 {
			if !strings.Contains("WUBRGC", args[2]) || len(args[2]) != 1 {
				return a, syntaxf(code, "bad color")
			}
			a.Color = args[2]
		}
	case engine.ActCastSpell:
		if err := need(1); err != nil || !slug(args[0]) {
			return a, syntaxf(code, "want a card")
		}
		a.Card = args[0]
		for _, t := range args[1:] {
			if strings.HasPrefix(t, "x") {
				if a.X, err = num(t[1:]); err != nil {
					return a, syntaxf(code, "bad X")
				}
				continue
			}
			tg, err := target(t)
			if err != nil {
				return a, syntaxf(code, "bad target %q", t)
			}
			a.Targets = append(a.Targets, tg)
		}
	case engine.ActActivateAbility:
		if err := need(2); err != nil {
			return a, err
		}
		if a.Object, err = num(args[0]); err != nil {
			return a, syntaxf(code, "bad object")
		}
		if a.Ability, err = num(args[1]); err != nil {
			return a, syntaxf(code, "bad ability")
		}
		for _, t := range args[2:] {
			tg, err := target(t)
			if err != nil {
				return a, syntaxf(code, "bad target %q", t)
			}
			a.Targets = append(a.Targets, tg)
		}
	case engine.ActDeclareAttackers:
		if len(args) != 2 || !strings.HasPrefix(args[1], "d") {
			return a, syntaxf(code, "want attackers and d<defender>")
		}
		if args[0] != "" {
			for _, s := range strings.Split(args[0], "-") {
				id, err := num(s)
				if err != nil {
					return a, syntaxf(code, "bad attacker")
				}
				a.Attackers = append(a.Attackers, id)
			}
		}
		if a.Defender, err = num(args[1][1:]); err != nil {
			return a, syntaxf(code, "bad defender")
		}
	case engine.ActDeclareBlockers:
		for _, s := range args {
			b, at, ok := strings.Cut(s, ":")
			bi, err1 := num(b)
			ai, err2 := num(at)
			if !ok || err1 != nil || err2 != nil {
				return a, syntaxf(code, "bad block %q", s)
			}
			a.Blocks = append(a.Blocks, engine.Block{Blocker: bi, Attacker: ai})
		}
	case engine.ActDiscard:
		for _, c := range args {
			if !slug(c) {
				return a, syntaxf(code, "bad card")
			}
			a.Cards = append(a.Cards, c)
		}
	}
	return a, nil
}

func target(s string) (engine.Target, error) {
	if len(s) < 2 {
		return engine.Target{}, ErrSyntax
	}
	n, err := num(s[1:])
	switch {
	case err != nil:
		return engine.Target{}, err
	case s[0] == 'p':
		return engine.PlayerTarget(n), nil
	case s[0] == 'o' && n > 0:
		return engine.ObjectTarget(n), nil
	}
	return engine.Target{}, ErrSyntax
}

// num reads a small non-negative decimal number.
func num(s string) (int, error) {
	if s == "" || len(s) > 6 {
		return 0, ErrSyntax
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || strconv.Itoa(n) != s {
		return 0, ErrSyntax
	}
	return n, nil
}

// slug accepts card ids: lower-case letters, digits and hyphens.
func slug(s string) bool {
	if s == "" || len(s) > 60 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
