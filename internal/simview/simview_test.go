package simview

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/rules/engine"
)

// engineConsts reads the string constants of package engine whose names
// start with prefix, so a new event kind or reason cannot go untranslated.
func engineConsts(t *testing.T, prefix string) map[string]string {
	t.Helper()
	out := map[string]string{}
	inspectEngine(t, func(_ *token.FileSet, n ast.Node) {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return
		}
		for i, name := range vs.Names {
			if !strings.HasPrefix(name.Name, prefix) || i >= len(vs.Values) {
				continue
			}
			if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				v, _ := strconv.Unquote(lit.Value)
				out[name.Name] = v
			}
		}
	})
	return out
}

// inspectEngine visits every syntax node of the engine's non-test sources.
func inspectEngine(t *testing.T, visit func(fset *token.FileSet, n ast.Node)) {
	t.Helper()
	files, err := filepath.Glob("../../rules/engine/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("engine sources: %v", err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			visit(fset, n)
			return true
		})
	}
}

func TestEveryEventKindAndReasonIsTranslated(t *testing.T) {
	t.Parallel()
	evs := engineConsts(t, "Ev")
	if len(evs) < 30 {
		t.Fatalf("found only %d event kinds", len(evs))
	}
	for name, kind := range evs {
		id, ok := eventIDs[kind]
		if !ok || id == 0 {
			t.Errorf("event %s (%q) has no message", name, kind)
		}
	}
	reasons := engineConsts(t, "Reason")
	if len(reasons) < 20 {
		t.Fatalf("found only %d reasons", len(reasons))
	}
	for name, r := range reasons {
		id, ok := reasonIDs[engine.Reason(r)]
		if !ok || id == 0 {
			t.Errorf("reason %s (%q) has no message", name, r)
		}
	}
	for st := engine.Untap; st <= engine.Cleanup; st++ {
		if stepIDs[st] == 0 {
			t.Errorf("step %v has no message", st)
		}
	}
}

func TestDescriptions(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), testNames()
	cards := testCards()
	s := engine.NewState(cards, "Anna", "Ben")
	s.Battlefield = []engine.Permanent{{ID: 3, Card: "grizzly-bears", Controller: 1, Owner: 1, Damage: 1, Tapped: true}}
	s.Stack = []engine.StackObject{{ID: 4, Kind: engine.KindSpell, Controller: 0, Card: "shock", Targets: []engine.Target{engine.ObjectTarget(3)}}}
	cast := engine.Action{Kind: engine.ActCastSpell, Player: 0, Card: "shock", Targets: []engine.Target{engine.ObjectTarget(3)}}
	for lang, want := range map[string]string{
		"en": "Anna casts Shock targeting Grizzly Bears",
		"de": "Anna wirkt Schock mit Ziel Grizzlybären",
		"ja": "Annaが《灰色熊》を対象として《ショック》を唱える",
	} {
		if got := (View{Cat: cat, Cards: cardTexts, Lang: lang}).Action(&s, cast); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	b := View{Cat: cat, Cards: cardTexts, Lang: "en"}.Board(&s)
	if b.Priority != "Anna holds priority." || len(b.Stack) != 1 || b.Stack[0].Name != "Shock" ||
		strings.Join(b.Stack[0].Details, "|") != "controlled by Anna|targeting Grizzly Bears" {
		t.Errorf("board %+v", b)
	}
	bears := b.Players[1].Battlefield[0]
	if bears.PT != "2/2" || strings.Join(bears.Notes, "|") != "tapped|1 damage" {
		t.Errorf("bears %+v", bears)
	}
	if !b.Track[1].Current || b.Track[1].Steps[0].Label != "Precombat main phase" {
		t.Errorf("track %+v", b.Track)
	}
}

// TestDamageNamesSourceAndRecipient: a damage event names what dealt the
// damage (found before the spell left the stack) and the creature or
// player dealt it.
func TestDamageNamesSourceAndRecipient(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), testNames()
	cards := testCards()
	before := engine.NewState(cards, "Anna", "Ben")
	before.Battlefield = []engine.Permanent{{ID: 3, Card: "grizzly-bears", Controller: 1, Owner: 1}}
	before.Stack = []engine.StackObject{{ID: 4, Kind: engine.KindSpell, Controller: 0, Card: "shock"}}
	after := before
	after.Stack = nil
	events := []engine.Event{
		{Kind: engine.EvDamage, Player: 1, Object: 3, Source: 4, Card: "grizzly-bears", Amount: 2, Other: -1},
		{Kind: engine.EvCombatDamage, Player: 1, Source: 3, Amount: 2, Other: -1},
	}
	for lang, want := range map[string][2]string{
		"en": {"Shock deals 2 damage to Grizzly Bears.", "Grizzly Bears deals 2 combat damage to Ben."},
		"de": {"Schock fügt Grizzlybären 2 Schadenspunkte zu.", "Grizzlybären fügt Ben 2 Kampfschadenspunkte zu."},
		"ja": {"《ショック》が《灰色熊》に2点のダメージを与える。", "《灰色熊》がBenに2点の戦闘ダメージを与える。"},
	} {
		got := View{Cat: cat, Cards: cardTexts, Lang: lang}.Events(&before, &after, events)
		if len(got) != 2 || got[0].Text != want[0] || got[1].Text != want[1] {
			t.Errorf("%s: %+v", lang, got)
		}
	}
}

// TestCountersAbilitiesAndAuras: counter events name the permanent and the
// kind of counter, an ability's resolution says it is the ability, and an
// aura names what it enters attached to.
func TestCountersAbilitiesAndAuras(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), testNames()
	before := engine.NewState(testCards(), "Anna", "Ben")
	before.Battlefield = []engine.Permanent{{ID: 3, Card: "gemstone-array"}, {ID: 5, Card: "grizzly-bears"}}
	before.Stack = []engine.StackObject{{ID: 4, Kind: engine.KindAbility, Card: "gemstone-array", Source: 3}}
	after := before
	after.Stack = nil
	events := []engine.Event{
		{Kind: engine.EvResolve, Object: 4, Card: "gemstone-array", Other: -1},
		{Kind: engine.EvCounters, Object: 3, Card: "charge", Amount: 1, Other: -1},
		{Kind: engine.EvCounters, Object: 3, Card: "charge", Amount: -2, Other: -1},
		{Kind: engine.EvAttach, Object: 5, Card: "holy-strength", Other: -1},
	}
	for lang, want := range map[string]string{
		"en": "All players passed in succession: the ability of Gemstone Array resolves.|A charge counter is put on Gemstone Array.|" +
			"2 charge counters are removed from Gemstone Array.|Holy Strength enters attached to Grizzly Bears.",
		"de": "Alle Spieler haben nacheinander gepasst: die Fähigkeit der Karte Edelsteinreihe wird verrechnet.|Auf Edelsteinreihe wird eine Ladungsmarke gelegt.|" +
			"Von Edelsteinreihe werden 2 Ladungsmarken entfernt.|Heilige Stärke kommt an Grizzlybären angelegt ins Spiel.",
		"ja": "すべてのプレイヤーが連続してパスしたので、《宝石の配列》の能力が解決される。|《宝石の配列》の上に蓄積カウンターが1個置かれる。|" +
			"《宝石の配列》から蓄積カウンターが2個取り除かれる。|《神聖なる力》が《灰色熊》につけられた状態で戦場に出る。",
	} {
		var got []string
		for _, e := range (View{Cat: cat, Cards: cardTexts, Lang: lang}).Events(&before, &after, events) {
			got = append(got, e.Text)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%s:\n got %s\nwant %s", lang, strings.Join(got, "|"), want)
		}
	}
	// The board counts counters with the right plural.
	for n, want := range map[int]map[string]string{
		1: {"en": "1 charge counter", "de": "1 Ladungsmarke", "ja": "蓄積カウンター1個"},
		3: {"en": "3 charge counters", "de": "3 Ladungsmarken", "ja": "蓄積カウンター3個"},
	} {
		after.Battlefield = []engine.Permanent{{ID: 3, Card: "gemstone-array", Counters: map[string]int{"charge": n}}}
		for lang, note := range want {
			b := View{Cat: cat, Cards: cardTexts, Lang: lang}.Board(&after)
			if notes := b.Players[0].Battlefield[0].Notes; !slices.Contains(notes, note) {
				t.Errorf("%s, %d counters: notes %q", lang, n, notes)
			}
		}
	}
}

func testCatalog(t *testing.T) *locales.Catalog { return sitetest.Catalog(t) }

// testCards is a small pool: an instant, a creature, an artifact and an
// aura; testNames names them.
func testCards() map[string]engine.Card {
	return map[string]engine.Card{
		"shock":          {ID: "shock", Types: []string{"instant"}},
		"grizzly-bears":  {ID: "grizzly-bears", Types: []string{"creature"}, Power: 2, Toughness: 2},
		"gemstone-array": {ID: "gemstone-array", Types: []string{"artifact"}},
		"holy-strength":  {ID: "holy-strength", Types: []string{"enchantment"}},
	}
}

func testNames() examples.CardTexts {
	name := func(en, de, ja string) examples.CardText {
		return examples.CardText{Name: examples.Text{ByLang: map[string]string{"en": en, "de": de, "ja": ja}}}
	}
	return examples.CardTexts{
		"shock":          name("Shock", "Schock", "ショック"),
		"grizzly-bears":  name("Grizzly Bears", "Grizzlybären", "灰色熊"),
		"gemstone-array": name("Gemstone Array", "Edelsteinreihe", "宝石の配列"),
		"holy-strength":  name("Holy Strength", "Heilige Stärke", "神聖なる力"),
	}
}

// A spell whose target is gone is not said to resolve (608.2b).
func TestFizzleIsNotCalledResolving(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), testNames()
	before := engine.NewState(testCards(), "Anna", "Ben")
	before.Stack = []engine.StackObject{{ID: 4, Kind: engine.KindSpell, Card: "shock"}}
	after := before
	after.Stack = nil
	events := []engine.Event{
		{Kind: engine.EvResolve, Object: 4, Card: "shock", Other: -1},
		{Kind: engine.EvFizzle, Object: 4, Card: "shock", Other: -1},
	}
	got := View{Cat: cat, Cards: cardTexts, Lang: "en"}.Events(&before, &after, events)
	if len(got) != 2 || got[0].Text != "All players passed in succession: Shock, on top of the stack, is about to resolve." ||
		got[1].Text != "Shock does not resolve: it has no legal target left." {
		t.Errorf("%+v", got)
	}
	// Without the fizzle it simply resolves.
	if got := (View{Cat: cat, Cards: cardTexts, Lang: "en"}).Events(&before, &after, events[:1]); got[0].Text != "All players passed in succession: Shock resolves." {
		t.Errorf("%+v", got)
	}
}

// citedRule finds rule numbers in narration and in the engine's source.
var citedRule = regexp.MustCompile(`\b[1-9]\d{2}\.\d+[a-z]?\b`)

// TestEveryCitedRuleExists: every rule number the simulator can show as a
// link — cited by an engine event or refusal (found in the engine's
// source), by a scenario's summary or narration, or by what the examples'
// events actually cite — is a rule of every embedded book, so no rule link
// on an example page leads to a 404.
func TestEveryCitedRuleExists(t *testing.T) {
	t.Parallel()
	cited := map[string]string{} // number → where
	inspectEngine(t, func(fset *token.FileSet, n ast.Node) {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && s != "" && citedRule.FindString(s) == s {
				cited[s] = fset.Position(lit.Pos()).String()
			}
		}
	})
	for _, ex := range sitetest.Examples(t).List {
		for _, tx := range append([]examples.Text{ex.Summary}, ex.Narration...) {
			for _, s := range tx.ByLang {
				for _, num := range citedRule.FindAllString(s, -1) {
					cited[num] = ex.Slug
				}
			}
		}
		for _, snap := range ex.Snapshots {
			for _, e := range snap.Events {
				for _, num := range e.Rules {
					cited[num] = ex.Slug + " events"
				}
			}
		}
	}
	if len(cited) < 50 {
		t.Fatalf("only %d cited rules found", len(cited))
	}
	for lang, b := range sitetest.Library(t).Books {
		for num, where := range cited {
			if _, ok := b.Rule(num); !ok {
				t.Errorf("%s lacks rule %s, cited in %s", lang, num, where)
			}
		}
	}
}
