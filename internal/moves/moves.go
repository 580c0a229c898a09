// Package moves writes engine actions as short URL-safe codes and reads
// them back, so a sandbox position is a plain, shareable link:
// /en/play/shock?m=c0.shock.o3&m=p1. The codes are
//
//	p0                 player 0 passes priority
//	l0.mountain        plays a land
//	m0.5.0[.R]         activates mana ability 0 of object 5 (choosing red)
//	c0.shock.o3[.x2]   casts a spell with targets (o3 object, p1 player) and X
//	c0.bears.t5.t6:1:R casts, activating mana abilities while casting (object[:ability[:color]])
//	a0.5.1.o3          activates ability 1 of object 5 with targets
//	A0.5-6.d1          declares objects 5 and 6 as attackers of player 1
//	B1.7:5.8:6         declares blockers (blocker:attacker)
//	D0.island          discards cards
//	q2                 player 2 concedes
//	T0.1.p1            puts waiting triggered ability 1 on the stack, targeting player 1
//	y0 / n0            accepts or declines an optional ability ("you may")
//	u1.5               turns face-down permanent 5 face up
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
	engine.ActDiscard: 'D', engine.ActConcede: 'q', engine.ActPutTrigger: 'T', engine.ActMay: 'y',
	engine.ActTurnFaceUp: 'u',
}

var codeKind = func() map[byte]engine.ActionKind {
	m := map[byte]engine.ActionKind{}
	for k, c := range kindCode {
		m[c] = k
	}
	m['n'] = engine.ActMay // declining
	return m
}()

// Encode writes a as a code.
func Encode(a engine.Action) string {
	code := kindCode[a.Kind]
	if a.Kind == engine.ActMay && !a.Accept {
		code = 'n'
	}
	parts := []string{string(code) + strconv.Itoa(a.Player)}
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
		for _, m := range a.Mana {
			p := "t" + strconv.Itoa(m.Object)
			if m.Ability != 0 || m.Color != "" {
				p += ":" + strconv.Itoa(m.Ability)
			}
			if m.Color != "" {
				p += ":" + m.Color
			}
			parts = append(parts, p)
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
	case engine.ActPutTrigger:
		parts = append(parts, strconv.Itoa(a.Trigger))
		parts = append(parts, targets(a.Targets)...)
	case engine.ActTurnFaceUp:
		parts = append(parts, strconv.Itoa(a.Object))
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
	if kind == engine.ActMay {
		a.Accept = parts[0][0] == 'y'
	}
	args := parts[1:]
	need := func(n int) error {
		if len(args) < n {
			return syntaxf(code, "missing arguments")
		}
		return nil
	}
	switch kind {
	case engine.ActPass, engine.ActConcede, engine.ActMay:
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
			if strings.HasPrefix(t, "t") {
				m, err := manaUse(t[1:])
				if err != nil {
					return a, syntaxf(code, "bad mana ability %q", t)
				}
				a.Mana = append(a.Mana, m)
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
	case engine.ActPutTrigger:
		if err := need(1); err != nil {
			return a, err
		}
		if a.Trigger, err = num(args[0]); err != nil {
			return a, syntaxf(code, "bad trigger")
		}
		for _, t := range args[1:] {
			tg, err := target(t)
			if err != nil {
				return a, syntaxf(code, "bad target %q", t)
			}
			a.Targets = append(a.Targets, tg)
		}
	case engine.ActTurnFaceUp:
		if len(args) != 1 {
			return a, syntaxf(code, "want one object")
		}
		if a.Object, err = num(args[0]); err != nil {
			return a, syntaxf(code, "bad object")
		}
	}
	return a, nil
}

// manaUse reads object[:ability[:color]] of a mana ability activated while casting.
func manaUse(s string) (engine.ManaUse, error) {
	f := strings.Split(s, ":")
	if len(f) > 3 {
		return engine.ManaUse{}, ErrSyntax
	}
	var m engine.ManaUse
	var err error
	if m.Object, err = num(f[0]); err != nil {
		return m, err
	}
	if len(f) > 1 {
		if m.Ability, err = num(f[1]); err != nil {
			return m, err
		}
	}
	if len(f) > 2 {
		if len(f[2]) != 1 || !strings.Contains("WUBRG", f[2]) {
			return m, ErrSyntax
		}
		m.Color = f[2]
	} else if len(f) == 2 && m.Ability == 0 {
		return m, ErrSyntax // "t5:0" is written "t5"
	}
	return m, nil
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
