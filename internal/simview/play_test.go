package simview

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/moves"
	"github.com/mtgrules/site/internal/position"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules/engine"
	"github.com/mtgrules/site/templates"
)

// build reads a position string against the real card pool.
func build(t *testing.T, s string) engine.State {
	t.Helper()
	cards := exampleSet(t).Cards
	st, err := position.Decode(s, cards)
	if err != nil {
		t.Fatal(err)
	}
	state, err := st.Build(cards)
	if err != nil {
		t.Fatal(err)
	}
	return state
}

// Passes are marked per player since the stack last changed, and the
// sentence names them in the order they passed, naturally in each
// language; when all but one have passed, it says what one more pass does.
func TestPassesReadNaturally_117_4(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), exampleSet(t).CardTexts
	s := build(t, "1.0.m1_p20.30_p20.30_p20.30_p20.30_k.s.shock.0.p3")
	s.Priority, s.PassStreak = 2, 2 // A and B passed, C holds priority
	want := map[string][3]string{
		"en": {"C holds priority.", "A and B have passed in succession.", ""},
		"de": {"C hat Priorität.", "A und B haben nacheinander gepasst.", ""},
		"ja": {"Cが優先権を持っている。", "AとBが連続してパスした。", ""},
	}
	for lang, w := range want {
		b := View{Cat: cat, Cards: cardTexts, Lang: lang}.Board(&s)
		if b.Priority != w[0] || b.Passes != w[1] || b.Next != w[2] {
			t.Errorf("%s: %q %q %q", lang, b.Priority, b.Passes, b.Next)
		}
		var marks []bool
		for _, seat := range b.Seats {
			marks = append(marks, seat.Passed)
		}
		if !slices.Equal(marks, []bool{true, true, false, false}) || !b.Seats[2].Priority {
			t.Errorf("%s: seats %+v", lang, b.Seats)
		}
	}
	s.Priority, s.PassStreak = 0, 1 // D passed, A holds priority: one player
	for lang, w := range map[string][2]string{
		"en": {"D has passed.", ""}, "de": {"D hat gepasst.", ""}, "ja": {"Dがパスした。", ""},
	} {
		if b := (View{Cat: cat, Cards: cardTexts, Lang: lang}).Board(&s); b.Passes != w[0] || b.Next != w[1] {
			t.Errorf("%s: %q %q", lang, b.Passes, b.Next)
		}
	}
	s.Priority, s.PassStreak = 3, 3 // A, B and C passed: D's pass resolves Shock
	for lang, w := range map[string][2]string{
		"en": {"A, B and C have passed in succession.", "If D passes too, Shock resolves."},
		"de": {"A, B und C haben nacheinander gepasst.", "Passt D ebenfalls, wird Schock verrechnet."},
		"ja": {"A、B、Cが連続してパスした。", "Dもパスすると、《ショック》が解決される。"},
	} {
		if b := (View{Cat: cat, Cards: cardTexts, Lang: lang}).Board(&s); b.Passes != w[0] || b.Next != w[1] {
			t.Errorf("%s: %q %q", lang, b.Passes, b.Next)
		}
	}
}

// A target that has left the game's zones is named with where it went,
// never by an internal number.
func TestGoneTargetSaysWhereItWent(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), exampleSet(t).CardTexts
	// B's Giant Growth targets the Bears; A's Shock on top kills them.
	start := build(t, "1.0.m1_p20.30_p20.30_b.grizzly-bears_k.s.giant-growth.1.o1_k.s.shock.0.o1")
	snaps, err := engine.Replay(start, []engine.Action{engine.Pass(0), engine.Pass(1)})
	if err != nil {
		t.Fatal(err)
	}
	last := &snaps[2].State
	for lang, want := range map[string]string{
		"en": "targeting Grizzly Bears (now in B's graveyard)",
		"de": "mit Ziel Grizzlybären (jetzt im Friedhof von B)",
		"ja": "対象：《灰色熊》（Bの墓地に置かれた）",
	} {
		b := View{Cat: cat, Cards: cardTexts, Lang: lang}.Tracking(snaps).Board(last)
		if len(b.Stack) != 1 || !slices.Contains(b.Stack[0].Details, want) {
			t.Errorf("%s: %+v", lang, b.Stack)
		}
	}
}

// A game lost by drawing from an empty library says so, with its rule,
// and the library shows why.
func TestGameOverSaysWhy_704_5b(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), exampleSet(t).CardTexts
	start := build(t, "1.0.en_p20.30_p20.0")
	var codes []string
	s := start
	for range 12 {
		legal := engine.LegalActions(s)
		if len(legal) == 0 {
			break
		}
		codes = append(codes, moves.Encode(legal[0]))
		s, _, _ = engine.Apply(s, legal[0])
	}
	if !s.Over {
		t.Fatalf("the game did not end: %v", codes)
	}
	for lang, want := range map[string][3]string{
		"en": {"A wins the game.", "B had to draw from an empty library and loses the game (a state-based action).", "0 cards: had to draw from it (704.5b)"},
		"de": {"A gewinnt das Spiel.", "B musste aus einer leeren Bibliothek ziehen und verliert das Spiel (eine zustandsbasierte Aktion).", "0 Karten: musste daraus ziehen (704.5b)"},
		"ja": {"Aがゲームに勝利する。", "Bは空のライブラリーからカードを引こうとしたので、状況起因処理によりゲームに敗北する。", "0枚：ここから引こうとした（704.5b）"},
	} {
		page, err := View{Cat: cat, Cards: cardTexts, Lang: lang}.CustomPlay("1.0.en_p20.30_p20.0", start, codes)
		if err != nil {
			t.Fatal(err)
		}
		r := page.Board.Result
		if r == nil || r.Winner != want[0] || len(r.Reasons) != 1 || r.Reasons[0].Text != want[1] || r.Reasons[0].Rules[0].Label != "704.5b" {
			t.Errorf("%s: result %+v", lang, r)
		}
		if got := page.Board.Players[1].Library; got != want[2] || !page.Board.Players[1].LibraryOut {
			t.Errorf("%s: library %q", lang, got)
		}
		if len(page.Legal) != 0 {
			t.Errorf("%s: moves after the game: %+v", lang, page.Legal)
		}
		// The history's last line tells the state-based action and the end.
		lastLine := page.History[len(page.History)-1]
		var classes []string
		for _, o := range lastLine.Outcome {
			classes = append(classes, o.Class)
		}
		if !slices.Contains(classes, "sba") || !slices.Contains(classes, "over") || !slices.Contains(classes, "step") {
			t.Errorf("%s: last history line %+v", lang, lastLine)
		}
	}
}

// Moves that differ only in which of several alike permanents they use are
// offered once, with a count; the history line says what the move did.
func TestDistinctMoves(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), exampleSet(t).CardTexts
	start := build(t, "1.0.m1_p20.30_h.shock_b.mountain.n3_b.mountain.t_p20.30_b.grizzly-bears.n2")
	page, err := View{Cat: cat, Cards: cardTexts, Lang: "en"}.CustomPlay("x", start, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range page.Legal {
		got = append(got, m.Label+"|"+m.Alike)
	}
	if want := "A passes priority||A activates the mana ability of Mountain|any one of 3 alike"; strings.Join(got, "|") != want {
		t.Errorf("moves %q", got)
	}
	// With mana, Shock is offered once per different target: each
	// player, and the Bears once for both.
	page, err = View{Cat: cat, Cards: cardTexts, Lang: "de"}.CustomPlay("x", start, []string{"m0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, m := range page.Legal {
		got = append(got, m.Label+"|"+m.Alike)
	}
	want := []string{"A passt die Priorität|", "A aktiviert die Manafähigkeit der Karte Gebirge|eine von 2 gleichen",
		"A wirkt Schock mit Ziel A|", "A wirkt Schock mit Ziel B|", "A wirkt Schock mit Ziel Grizzlybären|eine von 2 gleichen"}
	if !slices.Equal(got, want) {
		t.Errorf("moves\n got %q\nwant %q", got, want)
	}
	if h := page.History; len(h) != 1 || h[0].Action != "A aktiviert die Manafähigkeit der Karte Gebirge" || len(h[0].Outcome) != 1 ||
		h[0].Outcome[0].Text != "A erhält Priorität." {
		t.Errorf("history %+v", page.History)
	}
}

// A refused action at a step of an example has a heading that says so and
// the rule that refuses it.
func TestRefusedStepSaysSo(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), exampleSet(t).CardTexts
	ex, _ := exampleSet(t).Get("magus-upkeep-sudden-spoiling")
	for lang, want := range map[string]string{"en": "Not allowed: ", "de": "Nicht erlaubt: ", "ja": "認められない："} {
		page := View{Cat: cat, Cards: cardTexts, Lang: lang}.StepPage(ex, 2, func(string) templates.Text { return nil })
		if page.Refused == nil || !strings.HasPrefix(page.Refused.Heading, want) || len(page.Refused.Rules) == 0 ||
			page.Refused.Rules[0].Label != "117.1" || page.Action != "" {
			t.Errorf("%s: %+v", lang, page.Refused)
		}
	}
}

// pluralCall finds messages formatted with a count.
var pluralCall = regexp.MustCompile(`v\.plural\(msg\.([A-Za-z0-9]+)`)

// Every message formatted with a count is a plural table in English and
// German, so that a count of one reads right.
func TestCountedMessagesHavePlurals(t *testing.T) {
	t.Parallel()
	cat := testCatalog(t)
	files, _ := filepath.Glob("*.go")
	keys := map[string]msg.Key{}
	for _, k := range msg.All() {
		keys[k.String()] = k
	}
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range pluralCall.FindAllStringSubmatch(string(data), -1) {
			found++
			for _, lang := range []string{"en", "de", "ja"} {
				if got := cat.Format(lang, keys[m[1]], 1, map[string]any{"Count": 1}); got == m[1] {
					t.Errorf("%s: %s has no form for one", lang, m[1])
				}
			}
		}
	}
	if found < 8 {
		t.Fatalf("found only %d counted messages", found)
	}
}
