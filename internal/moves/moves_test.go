package moves

import (
	"errors"
	"reflect"
	"testing"

	"github.com/mtgrules/site/rules/engine"
)

func TestRoundTrip(t *testing.T) {
	for code, a := range map[string]engine.Action{
		"p1":                 engine.Pass(1),
		"q2":                 {Kind: engine.ActConcede, Player: 2},
		"l0.mountain":        {Kind: engine.ActPlayLand, Player: 0, Card: "mountain"},
		"m0.5.0":             {Kind: engine.ActActivateMana, Player: 0, Object: 5},
		"m1.7.1.R":           {Kind: engine.ActActivateMana, Player: 1, Object: 7, Ability: 1, Color: "R"},
		"c0.shock.o3":        {Kind: engine.ActCastSpell, Player: 0, Card: "shock", Targets: []engine.Target{engine.ObjectTarget(3)}},
		"c1.earthquake.x2":   {Kind: engine.ActCastSpell, Player: 1, Card: "earthquake", X: 2},
		"c0.shock.p1":        {Kind: engine.ActCastSpell, Player: 0, Card: "shock", Targets: []engine.Target{engine.PlayerTarget(1)}},
		"a0.5.1.o3":          {Kind: engine.ActActivateAbility, Player: 0, Object: 5, Ability: 1, Targets: []engine.Target{engine.ObjectTarget(3)}},
		"A0.5-6.d1":          {Kind: engine.ActDeclareAttackers, Player: 0, Attackers: []int{5, 6}, Defender: 1},
		"A0..d1":             {Kind: engine.ActDeclareAttackers, Player: 0, Defender: 1},
		"B1.7:5.8:6":         {Kind: engine.ActDeclareBlockers, Player: 1, Blocks: []engine.Block{{Blocker: 7, Attacker: 5}, {Blocker: 8, Attacker: 6}}},
		"D0.island.mountain": {Kind: engine.ActDiscard, Player: 0, Cards: []string{"island", "mountain"}},
		"T0.1.p1":            {Kind: engine.ActPutTrigger, Player: 0, Trigger: 1, Targets: []engine.Target{engine.PlayerTarget(1)}},
		"T1.0":               {Kind: engine.ActPutTrigger, Player: 1},
		"y0":                 {Kind: engine.ActMay, Player: 0, Accept: true},
		"n1":                 {Kind: engine.ActMay, Player: 1},
		"u1.5":               {Kind: engine.ActTurnFaceUp, Player: 1, Object: 5},
		"c0.grizzly-bears.t2.t3:1.t4:0:R": {Kind: engine.ActCastSpell, Player: 0, Card: "grizzly-bears",
			Mana: []engine.ManaUse{{Object: 2}, {Object: 3, Ability: 1}, {Object: 4, Color: "R"}}},
	} {
		if got := Encode(a); got != code {
			t.Errorf("Encode(%+v) = %q, want %q", a, got, code)
		}
		back, err := Decode(code)
		if err != nil || !reflect.DeepEqual(back, a) {
			t.Errorf("Decode(%q) = %+v, %v", code, back, err)
		}
	}
}

func TestDecodeRejects(t *testing.T) {
	for _, code := range []string{"", "x0", "p", "p-1", "p01", "p0.extra", "l0", "l0.Mountain", "l0.a/b", "c0", "c0.shock.z3", "c0.shock.o0", "c0.shock.xx",
		"m0.5", "m0.5.0.Q", "a0.5", "A0.5", "A0.5.x1", "B1.7", "B1.7:x", "D0.<b>", "p9999999", "T0", "T0.x", "y0.1", "u1", "u1.5.6", "c0.shock.t", "c0.shock.t5:0", "c0.shock.t5:1:Q", "c0.shock.t5:1:R:2", string(make([]byte, 300)), "\xff"} {
		if a, err := Decode(code); err == nil || !errors.Is(err, ErrSyntax) {
			t.Errorf("Decode(%q) = %+v, %v; want a syntax error", code, a, err)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{"p1", "c0.shock.o3.x1", "A0.5-6.d1", "B1.7:5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := Decode(s)
		if err != nil {
			return
		}
		again, err := Decode(Encode(a))
		if err != nil || !reflect.DeepEqual(again, a) {
			t.Fatalf("%q → %+v → %q → %+v, %v", s, a, Encode(a), again, err)
		}
	})
}
