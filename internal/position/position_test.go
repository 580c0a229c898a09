package position

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/rules/engine"
)

func testCards(t testing.TB) map[string]engine.Card {
	t.Helper()
	data, err := content.FS.ReadFile("cards.json")
	if err != nil {
		t.Fatal(err)
	}
	cards, err := engine.ParseCards(data)
	if err != nil {
		t.Fatal(err)
	}
	return cards
}

// A position reads into the setup it describes, builds into a legal game
// and writes back to the same string.
func TestDecodeEncodeRoundTrip(t *testing.T) {
	cards := testCards(t)
	s := "3.0.m1_p20.30_h.shock~2.forest_g.lightning-bolt_b.mountain.t.n2_b.holy-strength.a4_p14.0_b.grizzly-bears.s.d1_k.s.shock.0.o4_k.s.counterspell.1.o5"
	st, err := Decode(s, cards)
	if err != nil {
		t.Fatal(err)
	}
	if st.Turn != 3 || st.Active != 0 || st.Step != engine.Main1 || st.Priority != nil || len(st.Players) != 2 {
		t.Fatalf("game %+v", st)
	}
	a, b := st.Players[0], st.Players[1]
	if a.Name != "A" || *a.Life != 20 || a.LibrarySize != 30 || strings.Join(a.Hand, ",") != "shock,shock,forest" ||
		strings.Join(a.Graveyard, ",") != "lightning-bolt" || b.Name != "B" || *b.Life != 14 || b.LibrarySize != 0 {
		t.Fatalf("players %+v %+v", a, b)
	}
	want := []engine.SetupPermanent{
		{ID: 1, Card: "mountain", Controller: 0, Tapped: true},
		{ID: 2, Card: "mountain", Controller: 0, Tapped: true},
		{ID: 3, Card: "holy-strength", Controller: 0, AttachedTo: 4},
		{ID: 4, Card: "grizzly-bears", Controller: 1, Damage: 1, Sick: true},
	}
	if !reflect.DeepEqual(st.Battlefield, want) {
		t.Fatalf("battlefield %+v", st.Battlefield)
	}
	wantStack := []engine.SetupStackObject{
		{ID: 5, Kind: engine.KindSpell, Card: "shock", Controller: 0, Targets: []engine.Target{engine.ObjectTarget(4)}},
		{ID: 6, Kind: engine.KindSpell, Card: "counterspell", Controller: 1, Targets: []engine.Target{engine.ObjectTarget(5)}},
	}
	if !reflect.DeepEqual(st.Stack, wantStack) {
		t.Fatalf("stack %+v", st.Stack)
	}
	state, err := st.Build(cards)
	if err != nil {
		t.Fatal(err)
	}
	if len(state.Players[0].Library) != 30 || state.Players[0].Library[0] != engine.HiddenCard || state.NextID != 7 || state.Stack[1].Card != "counterspell" {
		t.Errorf("state %+v", state)
	}
	got, err := Encode(st)
	if err != nil || got != s {
		t.Errorf("Encode = %q, %v; want %q", got, err, s)
	}
}

func TestEncodeIsCanonical(t *testing.T) {
	cards := testCards(t)
	for in, want := range map[string]string{
		"1.0.m1_p20.30_h.shock.shock_p20.30":                                          "1.0.m1_p20.30_h.shock~2_p20.30",
		"1.0.up_p20.30_b.forest.t_b.forest.t_b.forest_p20.30":                         "1.0.up_p20.30_b.forest.t.n2_b.forest_p20.30",
		"1.1.en.0_p20.30_g.shock_h.forest_p20.30":                                     "1.1.en.0_p20.30_h.forest_g.shock_p20.30",
		"2.1.db_p20.30_p20.30_b.gemstone-array.c2.t_p20.30":                           "2.1.db_p20.30_p20.30_b.gemstone-array.t.c2_p20.30",
		"1.0.m1_p20.30_p20.30_b.prodigal-pyromancer_k.a0.prodigal-pyromancer.1.s1.p0": "1.0.m1_p20.30_p20.30_b.prodigal-pyromancer_k.a0.prodigal-pyromancer.1.p0.s1",
	} {
		st, err := Decode(in, cards)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if got, err := Encode(st); err != nil || got != want {
			t.Errorf("Encode(Decode(%q)) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// Mana pools, combat, face-down permanents and players' names read into
// the setup and write back the same; written another way, they write
// back in canonical form.
func TestDecodeEncodeNewParts(t *testing.T) {
	cards := testCards(t)
	s := "2.0.db.1_p20.30.Ann_m.w1.r2_b.grizzly-bears.v1_b.serra-angel.v1_p18.30.Bo-7_m.c3_b.hill-giant.b1_b.exalted-angel.f"
	st, err := Decode(s, cards)
	if err != nil {
		t.Fatal(err)
	}
	one := 1
	want := []engine.SetupPermanent{
		{ID: 1, Card: "grizzly-bears", Controller: 0, Attacking: &one},
		{ID: 2, Card: "serra-angel", Controller: 0, Attacking: &one},
		{ID: 3, Card: "hill-giant", Controller: 1, Blocking: 1},
		{ID: 4, Card: "exalted-angel", Controller: 1, FaceDown: true},
	}
	if a, b := st.Players[0], st.Players[1]; a.Name != "Ann" || a.Pool != "WRR" || b.Name != "Bo-7" || b.Pool != "CCC" || !reflect.DeepEqual(st.Battlefield, want) {
		t.Fatalf("setup %+v %+v", st.Players, st.Battlefield)
	}
	state, err := st.Build(cards)
	if err != nil {
		t.Fatal(err)
	}
	if p := state.Permanent(1); !p.Attacking || !p.Tapped || !p.Blocked || state.Permanent(3).Blocking != 1 || state.Players[0].Pool.R != 2 {
		t.Errorf("built %+v", state)
	}
	if got, err := Encode(st); err != nil || got != s {
		t.Errorf("Encode = %q, %v", got, err)
	}
	in := "2.0.db_p20.30_m.r2_b.grizzly-bears.v1_b.grizzly-bears.v1_p20.30_b.exalted-angel.f.s"
	st, err = Decode(in, cards)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := Encode(st); got != "2.0.db_p20.30_m.r2_b.grizzly-bears.v1.n2_p20.30_b.exalted-angel.s.f" {
		t.Errorf("canonical: %q", got)
	}
}

// Every malformed, tampered or oversized position says what is wrong and where.
func TestDecodeErrors(t *testing.T) {
	cards := testCards(t)
	long := "1.0.m1_p20.30_h" + strings.Repeat(".shock", 300)
	for in, want := range map[string]Error{
		"":                                          {Code: ErrSyntax, Token: 1, Text: "", Player: -1},
		"1.0":                                       {Code: ErrSyntax, Token: 1, Text: "1.0", Player: -1},
		"0.0.m1_p20.30_p20.30":                      {Code: ErrRange, Token: 1, Text: "0.0.m1", Player: -1, Field: "turn", Limit: MaxTurn},
		"1.0.xx_p20.30_p20.30":                      {Code: ErrSyntax, Token: 1, Text: "1.0.xx", Player: -1},
		"1.0.m1_p20.30":                             {Code: ErrPlayers, Player: -1, Limit: MinPlayers},
		"1.0.m1_p20.30_p1.0_p1.0_p1.0_p1.0":         {Code: ErrPlayers, Token: 6, Text: "p1.0", Player: -1, Limit: MaxPlayers},
		"1.0.m1_p1000.30_p20.30":                    {Code: ErrRange, Token: 2, Text: "p1000.30", Player: 0, Field: "life", Limit: MaxLife},
		"1.0.m1_p20.201_p20.30":                     {Code: ErrTooMany, Token: 2, Text: "p20.201", Player: 0, Zone: engine.ZoneLibrary, Limit: MaxLibrary},
		"1.0.m1_h.shock_p20.30_p20.30":              {Code: ErrNoPlayer, Token: 2, Text: "h.shock", Player: -1},
		"1.0.m1_p20.30_h.nosuchcard_p20.30":         {Code: ErrUnknown, Token: 3, Text: "nosuchcard", Player: 0},
		"1.0.m1_p20.30_h.<script>_p20.30":           {Code: ErrUnknown, Token: 3, Text: "<script>", Player: 0},
		"1.0.m1_p20.30_h.shock~16_p20.30":           {Code: ErrTooMany, Token: 3, Text: "h.shock~16", Player: 0, Zone: engine.ZoneHand, Limit: MaxHand},
		"1.0.m1_p20.30_h.shock~01_p20.30":           {Code: ErrSyntax, Token: 3, Text: "h.shock~01", Player: 0},
		"1.0.m1_p20.30_b.forest.n17_p20.30":         {Code: ErrTooMany, Token: 3, Text: "b.forest.n17", Player: 0, Zone: engine.ZoneBattlefield, Limit: MaxPermanents},
		"1.0.m1_p20.30_b.forest.d100_p20.30":        {Code: ErrRange, Token: 3, Text: "b.forest.d100", Player: 0, Field: "damage", Limit: MaxDamage},
		"1.0.m1_p20.30_b.forest.t.t_p20.30":         {Code: ErrSyntax, Token: 3, Text: "b.forest.t.t", Player: 0},
		"1.0.m1_p20.30_b.holy-strength.a9_p20.30":   {Code: ErrObject, Token: 3, Text: "b.holy-strength.a9", Player: 0},
		"1.0.m1_p20.30_p20.30_k.s.shock.0.o1":       {Code: ErrObject, Token: 4, Text: "k.s.shock.0.o1", Player: -1},
		"1.0.m1_p20.30_p20.30_k.s.shock.0.p1.o1":    {Code: ErrSyntax, Token: 4, Text: "k.s.shock.0.p1.o1", Player: -1},
		"1.0.m1_p20.30_k.s.shock.0.p1_p20.30":       {Code: ErrStackLast, Token: 4, Text: "p20.30", Player: -1},
		"1.0.m1_p20.30_p20.30_k.s.earthquake.0.x21": {Code: ErrRange, Token: 4, Text: "k.s.earthquake.0.x21", Player: -1, Field: "x", Limit: MaxX},
		"1.0.m1_p20.30_p20.30_zz":                   {Code: ErrSyntax, Token: 4, Text: "zz", Player: 1},
		long:                                        {Code: ErrTooLong, Player: -1, Limit: MaxLen},
		"1.0.m1_p20.30_m.r100_p20.30":               {Code: ErrRange, Token: 3, Text: "m.r100", Player: 0, Field: "mana", Limit: MaxMana},
		"1.0.m1_p20.30_m.g1.r1_p20.30":              {Code: ErrSyntax, Token: 3, Text: "m.g1.r1", Player: 0},
		"1.0.m1_p20.30_m.r0_p20.30":                 {Code: ErrSyntax, Token: 3, Text: "m.r0", Player: 0},
		"1.0.m1_p20.30.Ann_p20.30.Ann":              {Code: ErrName, Token: 3, Text: "p20.30.Ann", Player: 1},
		"1.0.m1_p20.30.A_p20.30":                    {Code: ErrName, Token: 2, Text: "p20.30.A", Player: 0},
		"1.0.m1_p20.30.Anne-Marie-Long_p20.30":      {Code: ErrName, Token: 2, Text: "p20.30.Anne-Marie-Long", Player: 0},
		"1.0.da_p20.30_b.grizzly-bears.v2_p20.30":   {Code: ErrObject, Token: 3, Text: "b.grizzly-bears.v2", Player: 0},
		"1.0.db_p20.30_p20.30_b.hill-giant.b5":      {Code: ErrObject, Token: 4, Text: "b.hill-giant.b5", Player: 1},
		"1.0.m1_p20.30_b.forest.ff_p20.30":          {Code: ErrSyntax, Token: 3, Text: "b.forest.ff", Player: 0},
	} {
		_, err := Decode(in, cards)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%.40q: %v, want %+v", in, err, want)
			continue
		}
		if *e != want {
			t.Errorf("%.40q:\n got %+v\nwant %+v", in, *e, want)
		}
	}
}

// The rules refuse a position that reads well but cannot be: the engine
// says which object and why.
func TestBuildRefusesImpossiblePositions(t *testing.T) {
	cards := testCards(t)
	for in, want := range map[string]engine.SetupError{
		"1.0.m1_p20.30_p20.30_k.s.giant-growth.0.p1":                 {Reason: engine.SetupIllegalTarget, Player: -1, Zone: engine.ZoneStack, Item: 0},
		"1.0.m1_p20.30_p20.30_k.s.shock.0":                           {Reason: engine.SetupTargetCount, Player: -1, Zone: engine.ZoneStack, Item: 0},
		"1.0.m1_p20.30_p20.30_k.s.forest.0":                          {Reason: engine.SetupNotASpell, Player: -1, Zone: engine.ZoneStack, Item: 0},
		"1.0.m1_p20.30_p20.30_k.s.shock.0.p1.x2":                     {Reason: engine.SetupX, Player: -1, Zone: engine.ZoneStack, Item: 0},
		"1.0.m1_p20.30_p20.30_k.a0.shock.0":                          {Reason: engine.SetupNoSuchAbility, Player: -1, Zone: engine.ZoneStack, Item: 0},
		"1.0.m1_p20.30_b.forest_p20.30_k.t0.goblin-arsonist.0.p1.s1": {Reason: engine.SetupSource, Player: -1, Zone: engine.ZoneStack, Item: 0},
		"1.0.m1_p20.30_p20.30_k.s.shock.5.p1":                        {Reason: engine.SetupController, Player: -1, Zone: engine.ZoneStack, Item: 0},
		"1.5.m1_p20.30_p20.30":                                       {Reason: engine.SetupActive, Player: -1, Item: -1},
		"1.0.un_p20.30_p20.30":                                       {Reason: engine.SetupStep, Player: -1, Item: -1},
		"1.0.m1_p20.30_b.holy-strength.a1_p20.30":                    {Reason: engine.SetupAttachedTo, Player: -1, Zone: engine.ZoneBattlefield, Item: 0},
	} {
		st, err := Decode(in, cards)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		_, err = st.Build(cards)
		var se *engine.SetupError
		if !errors.As(err, &se) {
			t.Errorf("%s: %v, want %+v", in, err, want)
			continue
		}
		se.Detail = ""
		if *se != want {
			t.Errorf("%s:\n got %+v\nwant %+v", in, *se, want)
		}
	}
	// A triggered ability whose source has left, targeting a player, is fine.
	st, err := Decode("1.0.m1_p20.30_p20.30_k.t0.goblin-arsonist.0.p1", cards)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Build(cards); err != nil {
		t.Errorf("source gone: %v", err)
	}
}

// Decode never panics, and whatever it accepts writes back to a string
// that reads the same.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		"3.0.m1_p20.30_h.shock~2.forest_g.lightning-bolt_b.mountain.t.n2_b.holy-strength.a4_p14.0_b.grizzly-bears.s.d1_k.s.shock.0.o4",
		"1.0.m1_p20.30_p20.30_k.t0.goblin-arsonist.0.p1", "1.1.en.0_p-5.0_p20.30", "_", "p", "1.0.m1_p20.30_b.x.n0",
	} {
		f.Add(s)
	}
	cards := testCards(f)
	f.Fuzz(func(t *testing.T, s string) {
		st, err := Decode(s, cards)
		if err != nil {
			return
		}
		enc, err := Encode(st)
		if err != nil {
			t.Fatalf("%q decodes but does not encode: %v", s, err)
		}
		again, err := Decode(enc, cards)
		if err != nil {
			t.Fatalf("%q → %q does not decode: %v", s, enc, err)
		}
		if enc2, _ := Encode(again); enc2 != enc {
			t.Fatalf("%q → %q → %q", s, enc, enc2)
		}
	})
}
