package rules

import (
	"errors"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// english are the words of the official English layout.
var english = Words{
	Contents: []string{"Contents"}, Glossary: []string{"Glossary"}, Credits: []string{"Credits"},
	Example: []string{"Example:"}, Effective: []string{"effective as of"},
	Dates: []DateForm{{Layout: "January 2, 2006"}},
}

// dates are the forms the site's languages write their effective dates in.
var dates = []DateForm{
	{Layout: "2 January 2006"}, {Layout: "January 2, 2006"},
	{Layout: "2. January 2006", Months: strings.Fields("Januar Februar März April Mai Juni Juli August September Oktober November Dezember")},
	{Layout: "2. January 2006", Months: strings.Fields("Jänner Februar März April Mai Juni Juli August September Oktober November Dezember")},
	{Layout: "2006年1月2日"},
}

// refWords are the words the site's languages write around rule numbers.
var refWords = RefWords{
	Before: []string{"comprehensive rules", "comprehensive rule", "CR", "rules", "rule", "Regeln", "Regel", "R.", "Rl.", "総合ルール", "ルール", "規則"},
	After:  []string{"項"},
}

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
	b, err := Parse(loadFixture(t), "official.txt", "en", english)
	if err != nil {
		t.Fatal(err)
	}
	if b.Title != "Magic: The Gathering Comprehensive Rules" {
		t.Errorf("title %q", b.Title)
	}
	if b.Effective != "These rules are effective as of November 14, 2025." {
		t.Errorf("effective %q", b.Effective)
	}
	if b.Edition() != "2025-11-14" || !b.Date.Equal(time.Date(2025, 11, 14, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("edition %q, date %v", b.Edition(), b.Date)
	}
	if want := []string{"Introduction", "This fixture follows the official layout. A wrapped introduction line joins the paragraph above."}; !reflect.DeepEqual(b.Intro, want) {
		t.Errorf("intro %q", b.Intro)
	}
	want := []string{"100", "100.1", "100.1a", "100.2", "117", "117.1", "117.1a", "117.2", "117.3", "117.3a", "117.3b", "500", "500.1", "500.2"}
	for _, c := range "abcdefghijkmnp" {
		want = append(want, "500.2"+string(c))
	}
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
	if r, _ := b.Rule("117.2"); r.Text != "This rule lacks the dot after its number, as one rule in every edition does." || r.Parent.Number != "117" {
		t.Errorf("117.2 without a dot: %q", r.Text)
	}
	if r, _ := b.Rule("117.3b"); r.Text != "The active player receives priority after a spell resolves" {
		t.Errorf("117.3b: %q", r.Text)
	}
	if r, _ := b.Rule("100.2"); len(r.Text) < 1000 || !strings.HasSuffix(r.Text, "Type159.") {
		t.Errorf("long line: %d bytes", len(r.Text))
	}
	if r, _ := b.Rule("500.2"); len(r.Children) != 14 || r.Children[11].Number != "500.2m" || r.Children[13].Number != "500.2p" {
		t.Errorf("500.2 has %d subrules", len(r.Children))
	}
	if len(b.Glossary) != 2 || b.Glossary[1].Slug != "priority" || len(b.Glossary[1].Definition) != 3 {
		t.Errorf("glossary %+v", b.Glossary)
	}
	if tm, ok := b.Term("active-player"); !ok || tm.Definition[0] != "The player whose turn it is. See rule 117.3a." {
		t.Errorf("term active-player: %+v", tm)
	}
	if len(b.Credits) != 1 || b.Credits[0] != "Written for the tests." {
		t.Errorf("credits %q", b.Credits)
	}
}

// The fixture as each official and third-party file comes — BOM and CRLF,
// BOM and lone CR with "\r\r\n" before section headings, UTF-16 with a BOM,
// Windows-1252 without one, "\r\r\n" on every line, no BOM — parses to the
// same book.
func TestParseEncodingsAndLineEnds(t *testing.T) {
	base := loadFixture(t)
	want, err := Parse(base, "f", "en", english)
	if err != nil {
		t.Fatal(err)
	}
	lf := string(base)
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	bom := func(s string) []byte { return append([]byte("\uFEFF"), s...) }
	variants := map[string][]byte{
		"bom+crlf":           bom(crlf),
		"bom+cr+headings":    bom(loneCR(lf)),
		"utf16le+bom":        utf16Bytes(crlf, false, true),
		"utf16be+bom":        utf16Bytes(crlf, true, true),
		"utf16le":            utf16Bytes(crlf, false, false),
		"cp1252":             cp1252Bytes(t, crlf),
		"crcrlf":             []byte(strings.ReplaceAll(lf, "\n", "\r\r\n")),
		"bom+crcrlf":         bom(strings.ReplaceAll(lf, "\n", "\r\r\n")),
		"crlf without bom":   []byte(crlf),
		"cr without bom":     []byte(strings.ReplaceAll(lf, "\n", "\r")),
		"utf16le+bom+cr":     utf16Bytes(loneCR(lf), false, true),
		"trailing spaces":    []byte(strings.ReplaceAll(lf, "\n", "  \n")),
		"ideographic spaces": []byte(strings.ReplaceAll(lf, "100.1a A", "100.1a\u3000A")),
	}
	for name, data := range variants {
		t.Run(name, func(t *testing.T) {
			got, err := Parse(data, "f", "en", english)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(numbers(got), numbers(want)) {
				t.Fatalf("numbers %v", numbers(got))
			}
			for _, r := range want.Rules() {
				g, _ := got.Rule(r.Number)
				if g.Text != r.Text || !reflect.DeepEqual(g.Examples, r.Examples) {
					t.Errorf("%s: %q %q, want %q %q", r.Number, clip(g.Text), g.Examples, clip(r.Text), r.Examples)
				}
			}
			// Everything else too: front matter, glossary, credits, lines.
			if !reflect.DeepEqual(got, want) {
				t.Errorf("books differ: %+v", got)
			}
		})
	}
}

// loneCR writes lone CR line ends and, as the official files do, "\r\r\n"
// for the blank line before each section heading.
func loneCR(lf string) string {
	lines := strings.Split(lf, "\n")
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(l)
		if i == len(lines)-1 {
			break
		}
		if l == "" && i+1 < len(lines) && sectionRe.MatchString(lines[i+1]) {
			b.WriteString("\r\n")
		} else {
			b.WriteString("\r")
		}
	}
	return b.String()
}

func TestNormalizeLineEnds(t *testing.T) {
	for in, want := range map[string]string{
		"a\r\nb\r\n\r\nc":        "a\nb\n\nc",
		"a\rb\r\rc\r\r\n1. D\re": "a\nb\n\nc\n\n1. D\ne",
		"a\r\r\nb\r\r\n\r\r\nc":  "a\nb\n\nc",
		"a\nb":                   "a\nb",
	} {
		if got := normalizeLineEnds(in); got != want {
			t.Errorf("normalizeLineEnds(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseEffective(t *testing.T) {
	want := time.Date(2025, 11, 14, 0, 0, 0, 0, time.UTC)
	for _, line := range []string{
		"These rules are effective as of November 14, 2025.",
		"These texts follow the Comprehensive Rules effective as of November 14, 2025.",
		"Diese Regeln gelten ab dem 14. November 2025.",
		"Diese Regeln gelten ab 14.November 2025.",
		"この総合ルールは2025年11月14日から有効です。",
		"このルールは２０２５年１１月１４日より発効する。",
		"Effective 2025-11-14",
	} {
		if got, ok := ParseEffective(line, dates); !ok || !got.Equal(want) {
			t.Errorf("ParseEffective(%q) = %v, %v", line, got, ok)
		}
	}
	for _, line := range []string{"These rules are effective as of February 30, 2025.", "No date here.", "2025年13月1日", "effective as of May 1, 1066"} {
		if got, ok := ParseEffective(line, dates); ok {
			t.Errorf("ParseEffective(%q) = %v, want none", line, got)
		}
	}
}

func TestCompareNumbers(t *testing.T) {
	ordered := []string{"100", "100.1", "100.1a", "100.1b", "100.2", "100.10", "100.10a", "117", "117.3", "117.3k", "117.3m", "702.190a", "900"}
	for i := range ordered {
		for j := range ordered {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := CompareNumbers(ordered[i], ordered[j]); got != want {
				t.Errorf("CompareNumbers(%s, %s) = %d, want %d", ordered[i], ordered[j], got, want)
			}
		}
	}
}

func TestWithin(t *testing.T) {
	for _, tc := range []struct {
		number, root string
		want         bool
	}{
		{"117", "117", true}, {"117.3", "117", true}, {"117.3c", "117", true},
		{"117.3", "117.3", true}, {"117.3c", "117.3", true}, {"117.3c", "117.3c", true},
		{"117.35", "117.3", false}, {"117.3c", "117.3d", false}, {"117.3", "117.3c", false},
		{"117", "117.3", false}, {"1170", "117", false}, {"118.3", "117", false},
	} {
		if got := Within(tc.number, tc.root); got != tc.want {
			t.Errorf("Within(%s, %s) = %v, want %v", tc.number, tc.root, got, tc.want)
		}
	}
}

func utf16Bytes(s string, bigEndian, bom bool) []byte {
	var out []byte
	if bom {
		s = "\uFEFF" + s
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

func cp1252Bytes(t *testing.T, s string) []byte {
	var out []byte
	for _, r := range s {
		switch {
		case r < 0x80 || (r >= 0xA0 && r <= 0xFF):
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
	if utf8.Valid(out) {
		t.Fatal("the Windows-1252 fixture is valid UTF-8; it tests nothing")
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
		{"line longer than any rules file's", "T\n\n1. Game\n\n100. General\n" + strings.Repeat("x", MaxLineBytes+1) + "\n", 6, "no rules file has such a line"},
		{"control character", "T\n\n1. Game\n\n100. General \x1b[2J\n", 5, "control character U+001B"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.text), "bad.txt", "en", english)
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

// A form writes dates and reads them back, in its own month names and
// leniently; ISO is read without any form, and another form's line is
// not read.
func TestDateForm(t *testing.T) {
	d := time.Date(2026, time.January, 7, 0, 0, 0, 0, time.UTC)
	iksa := DateForm{Layout: "2-a de January 2006", Months: strings.Fields("januaro februaro marto aprilo majo junio julio aŭgusto septembro oktobro novembro decembro")}
	for _, tc := range []struct {
		form  DateForm
		write string
		read  []string
	}{
		{DateForm{Layout: "January 2, 2006"}, "January 7, 2026", []string{"as of january 7 2026.", "as of JANUARY 7 , 2026"}},
		{dates[2], "7. Januar 2026", []string{"ab dem 7 . Januar 2026", "ab 7.januar 2026"}},
		{dates[3], "7. Jänner 2026", []string{"ab dem 7. JÄNNER 2026"}},
		{dates[4], "2026年1月7日", []string{"2026 年 1 月 7 日から"}},
		{DateForm{Layout: "02.01.2006"}, "07.01.2026", []string{"ab 7.1.2026"}},
		{iksa, "7-a de januaro 2026", []string{"ekde la 7-a  de Januaro 2026."}},
		{DateForm{Layout: "January 2, 2006", Months: append([]string{"Ĵanuaro"}, iksa.Months[1:]...)}, "Ĵanuaro 7, 2026", []string{"ekde ĵanuaro 7, 2026"}},
	} {
		if got := tc.form.Format(d); got != tc.write {
			t.Errorf("%q writes %q, want %q", tc.form.Layout, got, tc.write)
		}
		for _, line := range append(tc.read, tc.write) {
			if got, ok := ParseEffective(line, []DateForm{tc.form}); !ok || !got.Equal(d) {
				t.Errorf("%q reads %q as %v, %v", tc.form.Layout, line, got, ok)
			}
		}
		if err := tc.form.Check(); err != nil {
			t.Error(err)
		}
	}
	if got, ok := ParseEffective("gilt ab 2026-01-07", nil); !ok || !got.Equal(d) {
		t.Errorf("ISO without forms: %v, %v", got, ok)
	}
	for _, line := range []string{"ab dem 7. Januar 2026", "7 januaro 2026", "January 72026", "ab 7 1 2026", "ab 117.1.2026", "Xjanuary 7, 2026"} {
		if got, ok := ParseEffective(line, []DateForm{{Layout: "January 2, 2006"}, iksa, {Layout: "2.1.2006"}}); ok {
			t.Errorf("%q read as %v", line, got)
		}
	}
	for layout, want := range map[string]string{
		"Monday, 2 January 2006": `layout "Monday, 2 January 2006" has a field other than day, month and year`,
		"2 Jan 2006":             `layout "2 Jan 2006" has a field other than day, month and year`,
		"2 January":              `layout "2 January" lacks a day, a month or a year`,
		"":                       `layout "" lacks a day, a month or a year`,
	} {
		if err := (DateForm{Layout: layout}).Check(); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %s", layout, err, want)
		}
	}
	if err := (DateForm{Layout: "2 January 2006", Months: []string{"a"}}).Check(); err == nil || err.Error() != "1 month names, want 12" {
		t.Errorf("one month name: %v", err)
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
		if got, ok := NewRefReader(refWords).Normalize(in); !ok || got != want {
			t.Errorf("NormalizeRef(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "priority", "11.3", "1170.3", "117.3ab", "117a", "117.0", "../117", "117.3a; drop", strings.Repeat("1", 100)} {
		if got, ok := NewRefReader(refWords).Normalize(in); ok {
			t.Errorf("NormalizeRef(%q) = %q, want not a reference", in, got)
		}
	}
}

// A reader knows only its words: a space in one stands for any white
// space, case does not matter, and without words only numbers are read.
func TestRefReaderWords(t *testing.T) {
	made := NewRefReader(RefWords{Before: []string{"la regulo"}, After: []string{"-an"}})
	for in, want := range map[string]string{"La  Regulo 100.1": "100.1", "100.1b-an": "100.1b", "LA REGULO 704-AN": "704"} {
		if got, ok := made.Normalize(in); !ok || got != want {
			t.Errorf("%q: %q, %v; want %q", in, got, ok, want)
		}
	}
	none := NewRefReader(RefWords{})
	if got, ok := none.Normalize("117.3a"); !ok || got != "117.3a" {
		t.Errorf("117.3a without words: %q, %v", got, ok)
	}
	for _, in := range []string{"rule 117.3a", "117.3a項"} {
		if got, ok := made.Normalize(in); ok {
			t.Errorf("%q read with another language's words: %q", in, got)
		}
		if got, ok := none.Normalize(in); ok {
			t.Errorf("%q read without words: %q", in, got)
		}
	}
}

func TestNearestSuggestsParentAndNeighbours(t *testing.T) {
	b, err := Parse(loadFixture(t), "f", "en", english)
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

// TestCompleteJudgesStructure: a file is whole when every rule its
// contents list names is present, the credits heading follows the
// glossary and the credits have text; how the last credit ends does not
// matter (the November 14, 2025 file ends without a period).
func TestCompleteJudgesStructure(t *testing.T) {
	full := string(loadFixture(t))
	glossary := strings.LastIndex(full, "\nGlossary\n")
	credits := strings.LastIndex(full, "\nCredits\n")
	rule500 := strings.LastIndex(full, "\n500. General")
	cases := []struct {
		name, text, want string // want "" loads
	}{
		{"whole", full, ""},
		{"credits without final period", strings.TrimRight(full, "\n.") + " by Viacom International Inc\n", ""},
		{"cut inside the credits' text", full[:len(full)-5], ""},
		{"cut inside the rules", full[:rule500], "the contents list rule 500, but the file has no such rule (1 of the 3 listed are missing): the file is cut short inside the rules"},
		{"cut before the glossary", full[:glossary], "no glossary after"},
		{"cut inside the glossary", full[:credits-20], `no credits heading after the glossary's 2 entries (the last is "Priority"): the file is cut short inside the glossary`},
		{"cut after the credits heading", full[:credits+len("\nCredits\n")], "nothing after the credits heading: the file is cut short"},
	}
	for _, tc := range cases {
		b, err := Parse([]byte(tc.text), "cut.txt", "en", english)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		err = b.Complete()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// hugeParagraph is a rules file whose rule 100.1 is one paragraph of
// about size bytes, wrapped at 60 bytes a line (as a hostile download
// could be), with an example and a glossary after it.
func hugeParagraph(size int) []byte {
	var b strings.Builder
	b.WriteString("Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of November 14, 2025.\n\n1. Game Concepts\n\n100. General\n\n100.1. Start")
	line := "\nwrapped words of a paragraph that never seems to end, 日本語"
	for b.Len() < size {
		b.WriteString(line)
	}
	b.WriteString("\nExample: An example\nwrapped too.\n\nGlossary\n\nPriority\nWho may act.\n\nCredits\n\nWritten for the tests.\n")
	return []byte(b.String())
}

// A paragraph of 2 MB in 36,000 wrapped lines costs its length, not its
// length times its lines: parsing it allocates a few times its size
// (joining line by line into a new string each time allocated ~36 GB).
func TestParseIsLinearInParagraphLength(t *testing.T) {
	data := hugeParagraph(2 << 20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b, err := Parse(data, "huge.txt", "en", english)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := b.Rule("100.1")
	if len(r.Text) < 2_000_000 || !strings.HasPrefix(r.Text, "Start wrapped words") || !strings.HasSuffix(r.Text, "never seems to end, 日本語") {
		t.Errorf("100.1 has %d bytes: %.40q … %q", len(r.Text), r.Text, r.Text[len(r.Text)-40:])
	}
	if strings.Contains(r.Text, "日本語 wrapped") || !strings.Contains(r.Text, "日本語wrapped") {
		t.Error("a line after Japanese text was joined with a space")
	}
	if len(r.Examples) != 1 || r.Examples[0] != "An example wrapped too." {
		t.Errorf("examples %q", r.Examples)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 20*uint64(len(data)) {
		t.Errorf("parsing %d bytes allocated %d bytes", len(data), alloc)
	}
}

// BenchmarkParseHugeParagraph parses a 2 MB file that is one wrapped
// paragraph.
func BenchmarkParseHugeParagraph(b *testing.B) {
	data := hugeParagraph(2 << 20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(data, "huge.txt", "en", english); err != nil {
			b.Fatal(err)
		}
	}
}
