package rules

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

func loadFixture(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/official.txt")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func numbers(b *Book) []string {
	var out []string
	for _, r := range b.Rules() {
		out = append(out, r.Number)
	}
	return out
}

func TestParseOfficialLayout(t *testing.T) {
	b, err := Parse(loadFixture(t), "official.txt", "en")
	if err != nil {
		t.Fatal(err)
	}
	if b.Title != "Magic: The Gathering Comprehensive Rules" {
		t.Errorf("title %q", b.Title)
	}
	if b.Effective != "These rules are effective as of November 14, 2025." {
		t.Errorf("effective %q", b.Effective)
	}
	if want := []string{"Introduction", "This fixture follows the official layout. A wrapped introduction line joins the paragraph above."}; !reflect.DeepEqual(b.Intro, want) {
		t.Errorf("intro %q", b.Intro)
	}
	want := []string{"100", "100.1", "100.1a", "117", "117.1", "117.1a", "117.3", "117.3a", "117.3b", "500", "500.1"}
	if got := numbers(b); !reflect.DeepEqual(got, want) {
		t.Fatalf("numbers %v, want %v", got, want)
	}
	if len(b.Sections) != 2 || b.Sections[0].Title != "Game Concepts" || b.Sections[1].Number != 5 {
		t.Errorf("sections %+v", b.Sections)
	}
	r, _ := b.Rule("117.1a")
	if len(r.Examples) != 2 || r.Examples[0] != "Alice casts Shock while Bob’s spell is on the stack." {
		t.Errorf("examples of 117.1a: %q", r.Examples)
	}
	if r.Parent.Number != "117.1" || r.Top().Number != "117" || r.Title() != "Timing and Priority" {
		t.Errorf("tree of 117.1a: parent %s top %s", r.Parent.Number, r.Top().Number)
	}
	if r, _ := b.Rule("117.3b"); r.Text != "The active player receives priority after a spell resolves" {
		t.Errorf("117.3b without a dot: %q", r.Text)
	}
	if len(b.Glossary) != 2 || b.Glossary[1].Slug != "priority" || len(b.Glossary[1].Definition) != 2 {
		t.Errorf("glossary %+v", b.Glossary)
	}
	if tm, ok := b.Term("active-player"); !ok || tm.Definition[0] != "The player whose turn it is. See rule 117.3a." {
		t.Errorf("term active-player: %+v", tm)
	}
	if len(b.Credits) != 1 || b.Credits[0] != "Written for the tests." {
		t.Errorf("credits %q", b.Credits)
	}
}

// The same text with a BOM and CRLF, lone CR, "\r\r\n", UTF-16 and
// Windows-1252 parses to the same book.
func TestParseEncodingsAndLineEnds(t *testing.T) {
	base := loadFixture(t)
	want, err := Parse(base, "f", "en")
	if err != nil {
		t.Fatal(err)
	}
	lf := string(base)
	variants := map[string][]byte{
		"bom+crlf":  append([]byte("\uFEFF"), strings.ReplaceAll(lf, "\n", "\r\n")...),
		"bom+cr":    append([]byte("\uFEFF"), strings.ReplaceAll(lf, "\n", "\r")...),
		"crcrlf":    []byte(strings.ReplaceAll(lf, "\n", "\r\r\n")),
		"utf16le":   utf16Bytes(lf, false),
		"utf16be":   utf16Bytes(lf, true),
		"cp1252":    cp1252Bytes(t, lf),
		"trailing":  []byte(strings.ReplaceAll(lf, "\n", "  \n")),
		"fullwidth": []byte(strings.ReplaceAll(lf, "100.1a A", "100.1a\u3000A")),
	}
	for name, data := range variants {
		t.Run(name, func(t *testing.T) {
			got, err := Parse(data, "f", "en")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(numbers(got), numbers(want)) {
				t.Fatalf("numbers %v", numbers(got))
			}
			for _, r := range want.Rules() {
				g, _ := got.Rule(r.Number)
				if g.Text != r.Text || !reflect.DeepEqual(g.Examples, r.Examples) {
					t.Errorf("%s: %q %q, want %q %q", r.Number, g.Text, g.Examples, r.Text, r.Examples)
				}
			}
			if !reflect.DeepEqual(got.Glossary, want.Glossary) || got.Effective != want.Effective {
				t.Errorf("glossary or effective date differ")
			}
		})
	}
}

func utf16Bytes(s string, bigEndian bool) []byte {
	out := []byte{0xFF, 0xFE}
	if bigEndian {
		out = []byte{0xFE, 0xFF}
	}
	for _, r := range s {
		var units []rune
		if r >= 0x10000 {
			r -= 0x10000
			units = []rune{0xD800 + (r >> 10), 0xDC00 + (r & 0x3FF)}
		} else {
			units = []rune{r}
		}
		for _, u := range units {
			if bigEndian {
				out = append(out, byte(u>>8), byte(u))
			} else {
				out = append(out, byte(u), byte(u>>8))
			}
		}
	}
	return out
}

func cp1252Bytes(t *testing.T, s string) []byte {
	var out []byte
	for _, r := range s {
		switch {
		case r < 0x80:
			out = append(out, byte(r))
		default:
			i := -1
			for j, c := range cp1252 {
				if c == r {
					i = j
				}
			}
			if i < 0 {
				t.Fatalf("rune %q not in Windows-1252", r)
			}
			out = append(out, byte(0x80+i))
		}
	}
	return out
}

func TestParseRejectsMalformed(t *testing.T) {
	cases := []struct {
		name, text string
		line       int
		msg        string
	}{
		{"empty", "", 0, "empty"},
		{"no rules", "Title\n\nJust prose.\n", 0, "no numbered rules"},
		{"orphan subrule", "T\n\n1. Game\n\n100. General\n\n100.1a Orphan.\n", 7, "no parent rule 100.1"},
		{"duplicate", "T\n\n1. Game\n\n100. General\n\n100.1. A.\n\n100.1. B.\n", 9, "appears twice"},
		{"rule before section", "T\n\n100. General\n", 3, "before any section"},
		{"wrong section", "T\n\n1. Game\n\n500. General\n", 5, "in section 1"},
		{"term without definition", "T\n\n1. Game\n\n100. General\n\nGlossary\n\nLonely\n\nCredits\n", 9, "no definition"},
		{"utf-16 without BOM", "T\x00\n", 0, "NUL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.text), "bad.txt", "en")
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want *ParseError", err)
			}
			if pe.File != "bad.txt" || pe.Line != tc.line || !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("got %q (line %d), want line %d containing %q", err, pe.Line, tc.line, tc.msg)
			}
		})
	}
}

func TestNormalizeRef(t *testing.T) {
	ok := map[string]string{
		"117.3a": "117.3a", "CR 117.3a": "117.3a", "cr117.3a": "117.3a", "rule 117.3a": "117.3a",
		"Rule 117.3A": "117.3a", "Regel 117.3a": "117.3a", "R. 704.5a": "704.5a", "１１７．３ａ": "117.3a",
		"117.3a.": "117.3a", "117.3.": "117.3", "117": "117", "117.": "117", " 704.5g ": "704.5g",
		"総合ルール117.3a": "117.3a", "117.3a項": "117.3a", "Regeln 704": "704",
	}
	for in, want := range ok {
		if got, ok := NormalizeRef(in); !ok || got != want {
			t.Errorf("NormalizeRef(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "priority", "11.3", "1170.3", "117.3ab", "117a", "117.0", "../117", "117.3a; drop", strings.Repeat("1", 100)} {
		if got, ok := NormalizeRef(in); ok {
			t.Errorf("NormalizeRef(%q) = %q, want not a reference", in, got)
		}
	}
}

func TestNearestSuggestsParentAndNeighbours(t *testing.T) {
	b, err := Parse(loadFixture(t), "f", "en")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range b.Nearest("117.3z", 3) {
		got = append(got, r.Number)
	}
	if want := []string{"117.3", "117.3a", "117.3b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Nearest(117.3z) = %v, want %v", got, want)
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"Active Player": "active-player", "Active Player, Nonactive Player Order": "active-player-nonactive-player-order", "優先権": "優先権", "Zustandsbasierte Aktionen": "zustandsbasierte-aktionen", "Mana Ability": "mana-ability"} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
