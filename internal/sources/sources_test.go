package sources

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

// layout is a small official-layout file; {date} and {117.3b} are filled in.
const layout = "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of {date}.\n\n" +
	"Contents\n\n1. Game Concepts\n117. Timing and Priority\nGlossary\nCredits\n\n" +
	"1. Game Concepts\n\n117. Timing and Priority\n\n117.3. Which player has priority.\n\n" +
	"117.3a The active player receives priority at the beginning of most steps.\n\n" +
	"117.3b {117.3b}\n\nExample: A “quoted” card name.\n\n" +
	"Glossary\n\nPriority\nWhich player may act.\n\nCredits\n\nWritten for the tests\n"

func book(t *testing.T, text string, data []byte) *rules.Book {
	t.Helper()
	if data == nil {
		data = []byte(text)
	}
	b, err := rules.Parse(data, "official.txt", "en", langs.Default.RulesWords())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func fill(date, rule string) string {
	return strings.NewReplacer("{date}", date, "{117.3b}", rule).Replace(layout)
}

// cp1252 encodes s, whose only non-ASCII runes are curly double quotes.
func cp1252(s string) []byte {
	return []byte(strings.NewReplacer("“", "\x93", "”", "\x94").Replace(s))
}

// TestFingerprintIgnoresEncodingAndLayout: the same words hash alike in
// every encoding, line end and wrapping an official file comes in, and
// with straight quotes; a changed word changes the hash.
func TestFingerprintIgnoresEncodingAndLayout(t *testing.T) {
	text := fill("April 17, 2026", "The active player receives priority after a spell resolves.")
	want := Fingerprint(mustRule(t, book(t, text, nil), "117.3b"))
	for name, data := range map[string][]byte{
		"CRLF":           []byte(strings.ReplaceAll(text, "\n", "\r\n")),
		"lone CR":        []byte(strings.ReplaceAll(text, "\n", "\r")),
		"CR CR LF":       []byte(strings.ReplaceAll(text, "\n\n", "\r\r\n\r\r\n")),
		"Windows-1252":   cp1252(strings.ReplaceAll(text, "\n", "\r\n")),
		"BOM":            append([]byte("\ufeff"), text...),
		"wrapped":        []byte(strings.Replace(text, "receives priority", "receives\n   priority", 1)),
		"straight quote": []byte(strings.NewReplacer("“", `"`, "”", `"`).Replace(text)),
		"other date":     []byte(strings.Replace(text, "April 17, 2026", "June 12, 2026", 1)),
	} {
		if got := Fingerprint(mustRule(t, book(t, "", data), "117.3b")); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	for name, other := range map[string]string{
		"a word":     fill("April 17, 2026", "The active player receives priority after a spell or ability resolves."),
		"an example": strings.Replace(text, "A “quoted” card name.", "A “quoted” card name, changed.", 1),
	} {
		if Fingerprint(mustRule(t, book(t, other, nil), "117.3b")) == want {
			t.Errorf("%s changed, the fingerprint did not", name)
		}
	}
	if len(want) != 16 {
		t.Errorf("fingerprint %q, want 16 hex digits", want)
	}
}

func mustRule(t *testing.T, b *rules.Book, num string) *rules.Rule {
	t.Helper()
	r, ok := b.Rule(num)
	if !ok {
		t.Fatalf("no rule %s", num)
	}
	return r
}

func TestBuildWriteParse(t *testing.T) {
	official := book(t, fill("April 17, 2026", "The official words."), nil)
	ours := book(t, fill("April 17, 2026", "Our own words."), nil)
	table, err := Build(official, map[string]*rules.Book{"de": ours, "en": ours})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := table.Write(&buf); err != nil {
		t.Fatal(err)
	}
	fp := Fingerprint(mustRule(t, official, "117.3b"))
	if !strings.Contains(buf.String(), "\nde\t117.3\t2026-04-17\t") || !strings.Contains(buf.String(), "\nen\t117.3b\t2026-04-17\t"+fp+"\n") ||
		strings.Index(buf.String(), "de\t117.3a") > strings.Index(buf.String(), "de\t117.3b") {
		t.Errorf("written:\n%s", buf.String())
	}
	back, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got := back["de"]["117.3b"]; got != (Source{Edition: "2026-04-17", Fingerprint: fp}) || len(back["en"]) != 4 {
		t.Errorf("read back %+v, %d en rows", got, len(back["en"]))
	}
	// Our text with a rule the official one lacks.
	extra := book(t, strings.Replace(fill("April 17, 2026", "x"), "\n\nGlossary", "\n\n117.3c A rule of ours only.\n\nGlossary", 1), nil)
	if _, err := Build(official, map[string]*rules.Book{"ja": extra}); err == nil || !strings.Contains(err.Error(), "rule 117.3c of the ja text is not in official.txt") {
		t.Errorf("extra rule: %v", err)
	}
	for _, bad := range []string{"de\t117.3\t2026-04-17\n", "de\t117.3\tApril\tabc\n", "de\t117\t2026-04-17\tab\nde\t117\t2026-04-17\tcd\n"} {
		if _, err := Parse([]byte(bad)); err == nil || !strings.Contains(err.Error(), "line ") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
