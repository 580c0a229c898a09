package richtext

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

const fixture = `Title

1. Game Concepts

100. General

100.1. Text.

117. Timing and Priority

117.3. Who has priority.

117.3a Text.

117.3c Text.

Glossary

Active Player
The player whose turn it is.

Priority
Who may act.

Stack
A zone.

Mana Pool
Where mana waits.

Credits

Us.
`

func book(t *testing.T, lang, text string) *rules.Book {
	t.Helper()
	b, err := rules.Parse([]byte(text), "f", lang, langs.Default.RulesWords())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSegmentsLinkRulesAndTermsLongestFirst(t *testing.T) {
	l := New(book(t, "en", fixture), langs.Default.Get("en"))
	got := l.Segments("The active player gets priority (rule 117.3c, see 117.3a). Priority again; players and 999.9a and v1.117.3 and 2117.3a.", "")
	want := []Segment{
		{Text: "The "},
		{Text: "active player", Kind: TermRef, Target: "active-player"},
		{Text: " gets "},
		{Text: "priority", Kind: TermRef, Target: "priority"},
		{Text: " (rule "},
		{Text: "117.3c", Kind: RuleRef, Target: "117.3c"},
		{Text: ", see "},
		{Text: "117.3a", Kind: RuleRef, Target: "117.3a"},
		{Text: "). Priority again; players and 999.9a and v1.117.3 and 2117.3a."},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%#v\nwant\n%#v", got, want)
	}
}

func TestSegmentsNotInsideWordsAndSkipSelf(t *testing.T) {
	l := New(book(t, "en", fixture), langs.Default.Get("en"))
	got := l.Segments("Stacks, stackable, the mana pools.", "stack")
	want := []Segment{{Text: "Stacks, stackable, the "}, {Text: "mana pools", Kind: TermRef, Target: "mana-pool"}, {Text: "."}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v", got)
	}
}

const japanese = `T

1. ゲームの概念

117. タイミングと優先権

117.3. 優先権。

117.3a 本文。

Glossary

優先権
行動できる権利。

スタック
領域。

Credits

私たち。
`

func TestSegmentsJapaneseMatchWithoutSpaces(t *testing.T) {
	l := New(book(t, "ja", japanese), langs.Default.Get("ja"))
	got := l.Segments("アクティブ・プレイヤーは優先権を得て、スタックに置く（117.3a参照）。", "")
	want := []Segment{
		{Text: "アクティブ・プレイヤーは"},
		{Text: "優先権", Kind: TermRef, Target: "優先権"},
		{Text: "を得て、"},
		{Text: "スタック", Kind: TermRef, Target: "スタック"},
		{Text: "に置く（"},
		{Text: "117.3a", Kind: RuleRef, Target: "117.3a"},
		{Text: "参照）。"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%#v\nwant\n%#v", got, want)
	}
}

func TestSegmentsLeaveEverydayWordsUnlinked(t *testing.T) {
	de := `T

1. Spielkonzepte

100. Allgemeines

100.1. Text.

Glossary

Fall
Ein Verzauberungstyp.

Werden
Ein Wort in Auslösebedingungen.

Fallschirm
Erfunden, um Wortgrenzen zu prüfen.

Credits

Wir.
`
	l := New(book(t, "de", de), langs.Default.Get("de"))
	got := l.Segments("In diesem Fall kann er ein Fallschirm werden und fallen.", "")
	want := []Segment{
		{Text: "In diesem Fall kann er ein "},
		{Text: "Fallschirm", Kind: TermRef, Target: "fallschirm"},
		{Text: " werden und fallen."},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%#v\nwant\n%#v", got, want)
	}
	ja := strings.Replace(japanese, "スタック\n領域。", "なる\n状態の変化。", 1)
	got = New(book(t, "ja", ja), langs.Default.Get("ja")).Segments("異なる優先権になる。", "")
	want = []Segment{{Text: "異なる"}, {Text: "優先権", Kind: TermRef, Target: "優先権"}, {Text: "になる。"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%#v\nwant\n%#v", got, want)
	}
}

const senses = `T

1. Game Concepts

100. General

100.1. Text.

Glossary

Instead
A word of replacement effects.

Locked
A Room half's state.

Exalted
A keyword ability.

Cost
What is paid.

Mana Cost
A cost in mana.

Credits

Us.
`

// TestSegmentsLinkTermsInTheirSense: a word of card text links only where
// quoted, an everyday phrase and a card's name stay text, and a term
// linked before stays whole ("cost" inside a later "mana cost").
func TestSegmentsLinkTermsInTheirSense(t *testing.T) {
	l := &langs.Lang{Code: "en", PluralSuffixes: []string{"s"}, QuotedWords: []string{"instead"}, EverydayPhrases: []string{"locked in"}}
	ln := New(book(t, "en", senses), l).Plain("Exalted Angel")
	cases := []struct {
		text string
		want []Segment
	}{
		{"Rule 2 applies instead, not locked in.", []Segment{{Text: "Rule 2 applies instead, not locked in."}}},
		{`The word "instead," marks it; a locked half.`, []Segment{
			{Text: `The word "`}, {Text: "instead", Kind: TermRef, Target: "instead"},
			{Text: `," marks it; a `}, {Text: "locked", Kind: TermRef, Target: "locked"}, {Text: " half."},
		}},
		{"Exalted Angel attacks; exalted triggers.", []Segment{
			{Text: "Exalted Angel attacks; "}, {Text: "exalted", Kind: TermRef, Target: "exalted"}, {Text: " triggers."},
		}},
		{"Mana cost, then mana cost is a cost.", []Segment{
			{Text: "Mana cost", Kind: TermRef, Target: "mana-cost"}, {Text: ", then mana cost is a "},
			{Text: "cost", Kind: TermRef, Target: "cost"}, {Text: "."},
		}},
	}
	for _, c := range cases {
		if got := ln.Segments(c.text, ""); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q:\ngot  %#v\nwant %#v", c.text, got, c.want)
		}
	}
	// Plain made a copy: the book's own linker still links the name's word.
	if got := New(book(t, "en", senses), l).Segments("Exalted Angel", ""); len(got) == 0 || got[0].Kind != TermRef {
		t.Errorf("New linker: %#v", got)
	}
}

func TestSegmentsJapaneseQuotedAndCardNames(t *testing.T) {
	ja := `T

1. ゲームの概念

100. 一般

100.1. 本文。

Glossary

代わりに
置換効果の語。

山
基本土地タイプ。

賛美
キーワード能力。

Credits

私たち。
`
	ln := New(book(t, "ja", ja), langs.Default.Get("ja")).Plain("賛美されし天使")
	got := ln.Segments("《山》と鉱山、代わりに「代わりに」。賛美されし天使は賛美を持つ。山。", "")
	want := []Segment{
		{Text: "《山》と鉱山、代わりに「"}, {Text: "代わりに", Kind: TermRef, Target: "代わりに"},
		{Text: "」。賛美されし天使は"}, {Text: "賛美", Kind: TermRef, Target: "賛美"},
		{Text: "を持つ。"}, {Text: "山", Kind: TermRef, Target: "山"}, {Text: "。"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%#v\nwant\n%#v", got, want)
	}
}
