package engine

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestParseCardsRejectsBadCards(t *testing.T) {
	t.Parallel()
	bad := map[string]string{
		"not json":      `{`,
		"no types":      `[{"id":"x"}]`,
		"unknown field": `[{"id":"x","types":["instant"],"names":{"en":"a"}}]`,
		"bad id":        `[{"id":"Bad Id","types":["instant"]}]`,
		"bad type":      `[{"id":"x","types":["planeswalker"]}]`,
		"bad cost":      `[{"id":"x","types":["instant"],"cost":"{Q}"}]`,
		"bad effect":    `[{"id":"x","types":["instant"],"effects":[{"kind":"explode"}]}]`,
		"discard first": `[{"id":"x","types":["instant"],"effects":[{"kind":"discard","amount":1},{"kind":"draw","amount":1}]}]`,
		"duplicate":     `[{"id":"x","types":["instant"]},{"id":"x","types":["instant"]}]`,
	}
	for name, data := range bad {
		if _, err := ParseCards([]byte(data)); err == nil {
			t.Errorf("%s: expected an error", name)
		}
	}
}

func TestCardPool(t *testing.T) {
	t.Parallel()
	cards := testCards(t)
	for _, id := range []string{"plains", "island", "swamp", "mountain", "forest", "grizzly-bears", "craw-wurm",
		"colossal-dreadmaw", "tundra-wolves", "wind-drake", "giant-growth", "shock", "holy-strength", "earthquake",
		"dark-ritual", "cancel", "catalog", "sudden-spoiling", "magus-of-the-mirror", "cursed-ronin",
		"crushing-pain", "gemstone-array", "prodigal-pyromancer"} {
		if _, ok := cards[id]; !ok {
			t.Errorf("card %s missing", id)
		}
	}
	c := cards["earthquake"]
	if cost, _ := ParseCost(c.Cost); !cost.X || cost.Colored.R != 1 {
		t.Fatal("earthquake costs {X}{R}")
	}
	if !cards["sudden-spoiling"].HasKeyword("split_second") || !cards["tundra-wolves"].HasKeyword("first_strike") {
		t.Fatal("keywords")
	}
}

func TestParseScenarioRejectsBadScenarios(t *testing.T) {
	t.Parallel()
	cards := testCards(t)
	good := `{"slug":"x","rules":["117.3a"],
	"start":{"players":[{"name":"A"},{"name":"B"}],"battlefield":[],"turn":1,"active":0,"step":"main1"},
	"steps":[{"action":{"kind":"pass","player":0}}]}`
	if _, err := ParseScenario([]byte(good), cards); err != nil {
		t.Fatalf("good scenario: %v", err)
	}
	for name, repl := range map[string][2]string{
		"unknown field":   {`"slug":"x"`, `"slug":"x","extra":1`},
		"bad slug":        {`"slug":"x"`, `"slug":"Not A Slug"`},
		"text field":      {`"slug":"x"`, `"slug":"x","title":{"en":"a"}`},
		"bad rule":        {`"rules":["117.3a"]`, `"rules":["rule 117"]`},
		"one player":      {`{"name":"A"},{"name":"B"}`, `{"name":"A"}`},
		"unknown card":    {`{"name":"A"}`, `{"name":"A","hand":["black-lotus"]}`},
		"untap start":     {`"step":"main1"`, `"step":"untap"`},
		"bad step":        {`"step":"main1"`, `"step":"main3"`},
		"no steps":        {`"steps":[{"action":{"kind":"pass","player":0}}]`, `"steps":[]`},
		"duplicate id":    {`"battlefield":[]`, `"battlefield":[{"id":1,"card":"island","controller":0},{"id":1,"card":"island","controller":1}]`},
		"unknown in step": {`"kind":"pass","player":0`, `"kind":"cast_spell","player":0,"card":"nope"`},
	} {
		data := strings.Replace(good, repl[0], repl[1], 1)
		if data == good {
			t.Fatalf("%s: replacement did not apply", name)
		}
		if _, err := ParseScenario([]byte(data), cards); err == nil {
			t.Errorf("%s: expected an error", name)
		}
	}
}

func TestScenarioRunReportsFirstIllegalStep(t *testing.T) {
	t.Parallel()
	cards := testCards(t)
	data := `{"slug":"x","rules":["117.3a"],
	"start":{"players":[{"name":"A"},{"name":"B"}],"battlefield":[],"turn":1,"active":0,"step":"main1"},
	"steps":[{"action":{"kind":"pass","player":0}},
	         {"action":{"kind":"pass","player":0}}]}`
	sc, err := ParseScenario([]byte(data), cards)
	if err != nil {
		t.Fatal(err)
	}
	snaps, err := sc.Run()
	re, ok := err.(*ReplayError)
	if !ok || re.Index != 1 || reason(re.Err) != ReasonNotYourPriority || len(snaps) != 2 {
		t.Fatalf("got %v with %d snapshots", err, len(snaps))
	}
	// A step that expects an error fails when the action is legal.
	sc.Steps[0].ExpectError = ReasonNoPriority
	if _, err := sc.Run(); err == nil || !strings.Contains(err.Error(), "action 0") {
		t.Fatalf("expected failure at 0, got %v", err)
	}
}

func TestReplayStopsAtFirstIllegalAction(t *testing.T) {
	t.Parallel()
	s := game2(t)
	acts := []Action{Pass(0), Pass(1), Pass(1), Pass(0)}
	snaps, err := Replay(s, acts)
	re, ok := err.(*ReplayError)
	if !ok || re.Index != 2 || len(snaps) != 3 {
		t.Fatalf("err %v snapshots %d", err, len(snaps))
	}
	if snaps[0].Action != nil || snaps[1].Action.Player != 0 || !strings.Contains(err.Error(), "action 2") {
		t.Fatal("snapshot 0 is the start")
	}
	if !reflect.DeepEqual(snaps[0].State, s) {
		t.Fatal("snapshot 0 equals the start state")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	t.Parallel()
	s := richStart(t, 3)
	s, _ = mustAll(t, s, Pass(0))
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back State
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	back.Cards = s.Cards
	if !reflect.DeepEqual(back.Clone(), s.Clone()) {
		t.Fatalf("state does not survive JSON:\n%s", data)
	}
	if !strings.Contains(string(data), `"step":"main1"`) {
		t.Fatal("steps are written by name")
	}
	a := Action{Kind: ActCastSpell, Player: 1, Card: "shock", Targets: []Target{ObjectTarget(4)}}
	data, _ = json.Marshal(a)
	var b Action
	if err := json.Unmarshal(data, &b); err != nil || !reflect.DeepEqual(a, b) {
		t.Fatalf("action round trip: %s %v", data, err)
	}
	var st Step
	if err := st.UnmarshalText([]byte("nonsense")); err == nil {
		t.Fatal("unknown step accepted")
	}
	if Main2.Phase() != PostcombatMain || FirstStrikeDamage.Phase() != Combat || Upkeep.Phase() != Beginning || Cleanup.Phase() != Ending || Main1.Phase() != PrecombatMain {
		t.Fatal("phases")
	}
}

func TestCloneIsDeep(t *testing.T) {
	t.Parallel()
	s := richStart(t, 2)
	s.Battlefield[0].Counters = map[string]int{"charge": 1}
	s.Stack = []StackObject{{ID: 99, Kind: KindSpell, Card: "shock", Targets: []Target{PlayerTarget(1)}}}
	c := s.Clone()
	c.Players[0].Hand[0] = "x"
	c.Battlefield[0].Counters["charge"] = 5
	c.Stack[0].Targets[0].Player = 0
	c.Battlefield[1].Tapped = true
	if s.Players[0].Hand[0] == "x" || s.Battlefield[0].Counters["charge"] != 1 || s.Stack[0].Targets[0].Player != 1 || s.Battlefield[1].Tapped {
		t.Fatal("Clone shares data")
	}
}
