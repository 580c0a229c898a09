package content_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/internal/sources"
	"github.com/mtgrules/site/rules"
)

// editionNumbers is the committed list of the current edition's rule
// numbers, derived from the official file.
const editionNumbers = "rule-numbers-2026-04-17.txt"

// completeSections are the sections whose every rule and subrule our texts
// have; the others may still lack some, but never carry a number the
// edition does not have.
var completeSections = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}

func book(t *testing.T, lang string) *rules.Book {
	t.Helper()
	data, err := content.FS.ReadFile(lang + "/rules.txt")
	if err != nil {
		t.Fatal(err)
	}
	b, err := rules.Parse(data, lang+"/rules.txt", lang, langs.Default.RulesWords())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTextsFollowTheEditionsRuleNumbers(t *testing.T) {
	t.Parallel()
	want := sitetest.Lines(t, editionNumbers)
	edition := map[string]bool{}
	for _, n := range want {
		edition[n] = true
	}
	for _, lang := range langs.Default.Codes() {
		b := book(t, lang)
		if b.Edition() != "2026-04-17" {
			t.Errorf("%s follows edition %q, want 2026-04-17", lang, b.Edition())
		}
		have := map[string]bool{}
		for _, r := range b.Rules() {
			have[r.Number] = true
			if !edition[r.Number] {
				t.Errorf("%s has rule %s, which the edition does not have", lang, r.Number)
			}
		}
		var missing []string
		for _, n := range want {
			if slices.Contains(completeSections, n[:1]) && !have[n] {
				missing = append(missing, n)
			}
		}
		if len(missing) > 0 {
			t.Errorf("%s lacks %d rules of sections %v: %v", lang, len(missing), completeSections, missing[:min(len(missing), 20)])
		}
	}
}

// termRow is one row of terms/{lang}.tsv: English term, preferred term,
// wrong variants (a Go regexp, may be empty), note, evidence.
type termRow struct {
	english, preferred string
	wrong              *regexp.Regexp
	note, evidence     string
}

// termRows reads terms/{lang}.tsv.
func termRows(t *testing.T, lang string) []termRow {
	t.Helper()
	var rows []termRow
	for i, l := range sitetest.Lines(t, "terms/"+lang+".tsv") {
		f := strings.Split(l, "\t")
		if len(f) < 2 || len(f) > 5 {
			t.Fatalf("terms/%s.tsv row %d: want English, preferred, wrong variants, note, evidence; got %d columns", lang, i+1, len(f))
		}
		f = append(f, make([]string, 5-len(f))...)
		r := termRow{english: f[0], preferred: f[1], note: f[3], evidence: f[4]}
		if f[2] != "" {
			r.wrong = regexp.MustCompile(f[2])
		}
		rows = append(rows, r)
	}
	return rows
}

// TestPreferredTerms fails when a German or Japanese text (rules, glossary,
// worked examples, card names and texts, UI strings) uses a variant
// terms/{lang}.tsv marks as wrong.
func TestPreferredTerms(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"de", "ja"} {
		var terms []termRow
		for _, r := range termRows(t, lang) {
			if r.wrong != nil {
				terms = append(terms, r)
			}
		}
		if len(terms) == 0 {
			t.Fatalf("terms/%s.tsv marks no variant as wrong", lang)
		}
		for name, text := range texts(t, lang) {
			for i, l := range strings.Split(text, "\n") {
				if obsolete(l) {
					continue // an obsolete glossary entry is named by its old term
				}
				for _, tm := range terms {
					if m := tm.wrong.FindString(l); m != "" {
						t.Errorf("%s:%d: %q is a wrong variant; write %q", name, i+1, m, tm.preferred)
					}
				}
			}
		}
	}
}

// evidence is the form of a term's evidence: the English name and set code
// of a card whose current printing shows the term ("Aven Interrupter
// [OTJ]"), a mechanic never printed in that language ("unprinted: …"), or
// one not yet checked ("unconfirmed: …", listed by the test's log).
var evidence = regexp.MustCompile(`^(\S.* \[[0-9A-Z]{3,5}\]|unprinted: \S.*|unconfirmed: \S.*)$`)

// TestKeywordTermsHaveEvidence fails when a keyword action or ability
// heading (701.x, 702.x) of a language with terms/{lang}.tsv has no row
// whose preferred term is the heading's name, or that row no evidence.
func TestKeywordTermsHaveEvidence(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"de", "ja"} {
		t.Run(lang, func(t *testing.T) {
			byTerm := map[string][]termRow{}
			for _, r := range termRows(t, lang) {
				byTerm[r.preferred] = append(byTerm[r.preferred], r)
			}
			heading := regexp.MustCompile(`^70[12]\.[0-9]+$`)
			var headings, unconfirmed int
			for _, r := range book(t, lang).Rules() {
				if !heading.MatchString(r.Number) || r.Number == "701.1" || r.Number == "702.1" {
					continue
				}
				headings++
				rows := byTerm[r.Text]
				if len(rows) == 0 {
					t.Errorf("%s %s %q has no row in terms/%s.tsv", lang, r.Number, r.Text, lang)
					continue
				}
				ok := false
				for _, row := range rows {
					if evidence.MatchString(row.evidence) {
						ok = true
						if strings.HasPrefix(row.evidence, "unconfirmed: ") {
							unconfirmed++
						}
						break
					}
				}
				if !ok {
					t.Errorf("%s %s %q: terms/%s.tsv gives no evidence (want \"Card Name [SET]\" or \"unprinted: …\"); have %q", lang, r.Number, r.Text, lang, rows[0].evidence)
				}
			}
			if headings < 250 {
				t.Fatalf("%s: found %d keyword headings, want all of 701 and 702", lang, headings)
			}
			if unconfirmed > 0 {
				t.Logf("%s: %d of %d keyword terms not yet checked against a printed card", lang, unconfirmed, headings)
			}
		})
	}
}

// obsolete tells a glossary headword marked obsolete, such as
// "Umgewandelte Manakosten (veraltet)".
func obsolete(line string) bool {
	return strings.HasSuffix(line, "(veraltet)") || strings.HasSuffix(line, "（廃止）")
}

// texts returns every text of one language by a name for messages: the
// files of its directory (the rules, each worked example's and card's
// strings) and the UI strings.
func texts(t *testing.T, lang string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := fs.WalkDir(content.FS, lang, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := content.FS.ReadFile(name)
		if err != nil {
			return err
		}
		if path.Ext(name) != ".json" {
			out["content/"+name] = string(data)
			return nil
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		var b strings.Builder
		collect(v, &b)
		out["content/"+name] = b.String()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := out["content/"+lang+"/rules.txt"]; !ok || len(out) < 3 {
		t.Fatalf("content/%s holds %d files", lang, len(out))
	}
	locs, err := fs.Glob(os.DirFS("../locales"), "*."+lang+".toml")
	if err != nil || len(locs) == 0 {
		t.Fatalf("no locale files for %s: %v", lang, err)
	}
	for _, f := range locs {
		data, err := os.ReadFile("../locales/" + f)
		if err != nil {
			t.Fatal(err)
		}
		out["locales/"+f] = string(data)
	}
	return out
}

// collect writes every string value found in v, one per line.
func collect(v any, b *strings.Builder) {
	switch v := v.(type) {
	case string:
		fmt.Fprintln(b, v)
	case map[string]any:
		for _, x := range v {
			collect(x, b)
		}
	case []any:
		for _, x := range v {
			collect(x, b)
		}
	}
}

// TestNearestHeadings: a subrule under a rule that is only a name
// ("205.3. Subtypes", later "702.19. Trample") is headed by that name;
// others by their top-level rule's title.
func TestNearestHeadings(t *testing.T) {
	t.Parallel()
	for lang, want := range map[string]map[string]string{
		"en": {"205.3m": "Subtypes", "205.3": "Subtypes", "205.1a": "Type Line", "117.3a": "Timing and Priority", "117": "Timing and Priority"},
		"de": {"205.3m": "Untertypen", "117.3a": "Timing und Priorität"},
		"ja": {"205.3m": "サブタイプ", "117.3a": "タイミングと優先権"},
	} {
		b := book(t, lang)
		for num, heading := range want {
			r, ok := b.Rule(num)
			if !ok {
				t.Fatalf("%s lacks %s", lang, num)
			}
			if got := r.Heading(); got != heading {
				t.Errorf("%s %s: heading %q, want %q", lang, num, got, heading)
			}
		}
	}
}

// TestEveryParagraphNamesItsSource: sources.tsv has a row for every rule
// number of every language's text, and none for a number the text lacks;
// no row names an edition newer than the one the text says it follows.
func TestEveryParagraphNamesItsSource(t *testing.T) {
	t.Parallel()
	data, err := content.FS.ReadFile("sources.tsv")
	if err != nil {
		t.Fatal(err)
	}
	table, err := sources.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range langs.Default.Codes() {
		b, rows := book(t, lang), table[lang]
		for _, r := range b.Rules() {
			if s, ok := rows[r.Number]; !ok || s.Edition == "" || s.Edition > b.Edition() || len(s.Fingerprint) != 16 {
				t.Errorf("%s %s: source %+v, want an edition up to %s", lang, r.Number, s, b.Edition())
			}
		}
		for num := range rows {
			if _, ok := b.Rule(num); !ok {
				t.Errorf("%s: a row for %s, which the text lacks", lang, num)
			}
		}
		if len(rows) != len(b.Rules()) {
			t.Errorf("%s: %d rows for %d rules", lang, len(rows), len(b.Rules()))
		}
	}
}
