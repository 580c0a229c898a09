package simview

import (
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/rules/engine"
)

// exampleSet is the worked examples with the card pool.
func exampleSet(t *testing.T) *examples.Set { return sitetest.Examples(t) }

func snapshots(t *testing.T, set *examples.Set, slug string) []engine.Snapshot {
	t.Helper()
	ex, ok := set.Get(slug)
	if !ok {
		t.Fatalf("no example %s", slug)
	}
	return ex.Snapshots
}

// The board lists each card of the game once with its description, and
// says whose trigger choice nobody's priority waits for; the choice is
// offered as moves that name the ability and its target.
func TestTriggerChoiceAndCardTexts(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), exampleSet(t).CardTexts
	set := exampleSet(t)
	snaps := snapshots(t, set, "order-your-own-triggers")
	s := &snaps[4].State
	b := View{Cat: cat, Cards: cardTexts, Lang: "de"}.Board(s)
	if b.Priority != "Gerade hat niemand Priorität." ||
		b.Waiting != "A legt zuerst die wartenden ausgelösten Fähigkeiten auf den Stapel (Blutkünstler, Goblin-Brandstifter)." {
		t.Errorf("priority %q / %q", b.Priority, b.Waiting)
	}
	var names []string
	for _, c := range b.Cards {
		names = append(names, c.Name+": "+c.Text)
	}
	if got := strings.Join(names, "|"); got != "Blutkünstler: Eine 0/1-Kreatur; immer wenn sie oder eine andere Kreatur stirbt, verliert ein Spieler deiner Wahl 1 Lebenspunkt und du erhältst 1 Lebenspunkt dazu.|"+
		"Goblin-Brandstifter: Eine 1/1-Kreatur; wenn sie stirbt, kannst du sie 1 Schaden an einem beliebigen Ziel zufügen lassen.|Schock: Spontanzauber: 2 Schaden an einem beliebigen Ziel." {
		t.Errorf("cards %s", got)
	}
	var moves []string
	for _, a := range engine.LegalActions(*s) {
		moves = append(moves, View{Cat: cat, Cards: cardTexts, Lang: "en"}.Action(s, a))
	}
	if got := strings.Join(moves, "|"); got != "A puts the triggered ability of Blood Artist on the stack targeting A|"+
		"A puts the triggered ability of Blood Artist on the stack targeting B|A puts the triggered ability of Goblin Arsonist on the stack targeting A|"+
		"A puts the triggered ability of Goblin Arsonist on the stack targeting B|A puts the triggered ability of Goblin Arsonist on the stack targeting Blood Artist" {
		t.Errorf("moves %s", got)
	}
}

// An optional ability waits for its controller: the board says so, the
// moves are yes and no, and the damage it deals after its source died is
// named after the source.
func TestMayAndGoneSource(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), exampleSet(t).CardTexts
	snaps := snapshots(t, exampleSet(t), "apnap-two-dies-triggers")
	s := &snaps[7].State
	if b := (View{Cat: cat, Cards: cardTexts, Lang: "ja"}).Board(s); b.Waiting != "Bは《ゴブリンの放火魔》の能力が示すことを行うかどうかを選ぶ。" {
		t.Errorf("streak %q", b.Waiting)
	}
	var moves []string
	for _, a := range engine.LegalActions(*s) {
		moves = append(moves, View{Cat: cat, Cards: cardTexts, Lang: "en"}.Action(s, a))
	}
	if got := strings.Join(moves, "|"); got != "B chooses to do it|B chooses not to" {
		t.Errorf("moves %s", got)
	}
	var texts []string
	for _, e := range (View{Cat: cat, Cards: cardTexts, Lang: "en"}).Events(s, &snaps[8].State, snaps[8].Events) {
		texts = append(texts, e.Text)
	}
	if got := strings.Join(texts, "|"); got != "B chooses to do what the ability of Goblin Arsonist offers.|Goblin Arsonist deals 1 damage to A.|A receives priority." {
		t.Errorf("events %s", got)
	}
}

// A face-down permanent is named as one, with its card for the reader; a
// cast with mana abilities names them.
func TestFaceDownAndManaWhileCasting(t *testing.T) {
	t.Parallel()
	cat, cardTexts := testCatalog(t), exampleSet(t).CardTexts
	set := exampleSet(t)
	snaps := snapshots(t, set, "split-second-morph-special-action")
	s := &snaps[0].State
	if got := (View{Cat: cat, Cards: cardTexts, Lang: "de"}).Action(s, *snaps[1].Action); got != "A wirkt Plötzlicher Schock mit Ziel verdeckte Kreatur (Erhabener Engel)" {
		t.Errorf("cast %q", got)
	}
	if got := (View{Cat: cat, Cards: cardTexts, Lang: "en"}).Action(&snaps[6].State, *snaps[7].Action); got != "B turns Exalted Angel face up" {
		t.Errorf("face up %q", got)
	}
	snaps = snapshots(t, set, "mana-abilities-while-casting")
	if got := (View{Cat: cat, Cards: cardTexts, Lang: "en"}).Action(&snaps[1].State, *snaps[2].Action); got != "A casts Grizzly Bears, activating the mana abilities of Forest, Sol Ring while casting" {
		t.Errorf("cast %q", got)
	}
}
