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
