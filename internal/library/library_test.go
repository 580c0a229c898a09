package library

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

func numbers(b *rules.Book) []string {
	var out []string
	for _, r := range b.Rules() {
		out = append(out, r.Number)
	}
	return out
}

// TestSameRuleNumbersInEveryLanguage proves our three texts are aligned.
func TestSameRuleNumbersInEveryLanguage(t *testing.T) {
	t.Parallel()
	lib, err := Load(Embedded(nil))
	if err != nil {
		t.Fatal(err)
	}
	en := numbers(lib.Books["en"])
	for _, lang := range []string{"de", "ja"} {
		if got := numbers(lib.Books[lang]); !slices.Equal(got, en) {
			t.Errorf("%s has %d rules, en %d; first difference near %v", lang, len(got), len(en), firstDiff(got, en))
		}
	}
	// The coverage the reference promises.
	for _, num := range []string{"100.1", "103.8", "104.3b", "106.4", "110.1", "113.1", "116.2a", "117.1a", "117.3a", "117.3b", "117.3c", "117.3d", "117.4", "117.5", "117.7",
		"500.1", "502.1", "503.1", "504.1", "505.1", "506.1", "507.1", "508.1", "509.1", "510.4", "511.1", "512.1", "513.1", "514.3a",
		"601.2a", "602.2", "603.3b", "604.1", "605.3", "606.1", "607.1", "608.2b", "704.3", "704.5a", "800.4a"} {
		if _, ok := lib.Books["en"].Rule(num); !ok {
			t.Errorf("rule %s missing", num)
		}
	}
	for lang, b := range lib.Books {
		if len(b.Glossary) < 40 {
			t.Errorf("%s glossary has %d terms", lang, len(b.Glossary))
		}
	}
}

func firstDiff(a, b []string) []string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return []string{a[i], b[i]}
		}
	}
	return nil
}

func TestOverridesAndErrors(t *testing.T) {
	t.Parallel()
	o, err := ParseOverrides(langs.Default, "en=/a.txt, de=/b.txt,en=/dir/")
	if err != nil || !slices.Equal(o["en"], []string{"/a.txt", "/dir/"}) || !slices.Equal(o["de"], []string{"/b.txt"}) {
		t.Fatalf("%v %v", o, err)
	}
	for _, bad := range []string{"en", "xx=/a", "en=/a,en=/a", "en=/a,en=/b/../a", "en="} {
		if _, err := ParseOverrides(langs.Default, bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.txt")
	if err := os.WriteFile(broken, []byte("Title\n\n100.1. A rule before any section.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Load(Embedded(Overrides{"de": {broken}}))
	if err == nil || !strings.Contains(err.Error(), broken+":3") {
		t.Errorf("broken file: %v", err)
	}
	_, err = Load(Embedded(Overrides{"ja": {filepath.Join(dir, "missing.txt")}}))
	if err == nil || !strings.Contains(err.Error(), "missing.txt") {
		t.Errorf("missing file: %v", err)
	}
}

// TestOnlyCompleteFilesLoad: a download cut in the rules, the glossary or
// right after the credits heading parses, but is refused, naming the file
// and what is missing; the whole file loads, and so does one whose credits
// end without a period.
func TestOnlyCompleteFilesLoad(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	full := edition(t, dir, "full.txt", "April 17, 2026")
	data, err := os.ReadFile(full)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(Embedded(Overrides{"en": {full}})); err != nil {
		t.Fatalf("the whole file: %v", err)
	}
	glossary, credits := bytes.LastIndex(data, []byte("\nGlossary\n")), bytes.LastIndex(data, []byte("\nCredits\n"))
	for name, tc := range map[string]struct {
		at   int
		want string
	}{
		"50%":                             {len(data) / 2, ": the contents list rule "},
		"90%":                             {len(data) * 9 / 10, ": no credits heading after the glossary's "},
		"97%":                             {len(data) * 97 / 100, ": no credits heading after the glossary's "},
		"99.5%":                           {len(data) * 995 / 1000, ": no credits heading after the glossary's "},
		"before the glossary":             {glossary, ": no glossary after "},
		"after the glossary":              {credits, ": no credits heading after the glossary's "},
		"right after the credits heading": {credits + len("\nCredits\n"), ": nothing after the credits heading"},
	} {
		cut := filepath.Join(dir, "cut.txt")
		if err := os.WriteFile(cut, data[:tc.at], 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(Embedded(Overrides{"en": {cut}})); err == nil || !strings.Contains(err.Error(), cut+tc.want) {
			t.Errorf("cut at %s: %v, want %q", name, err, tc.want)
		}
	}
	// Credits whose last sentence has no period, as on November 14, 2025.
	open := filepath.Join(dir, "open.txt")
	if err := os.WriteFile(open, append(bytes.TrimRight(data, ".\n"), " of Viacom International Inc\r\n"...), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(Embedded(Overrides{"en": {open}})); err != nil {
		t.Errorf("credits without a final period: %v", err)
	}
}

// edition writes the embedded English text with another effective date.
func edition(t *testing.T, dir, name, date string) string {
	t.Helper()
	data, err := content.FS.ReadFile("en/rules.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "April 17, 2026", date, 1)
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestEditionsNewestFirst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := edition(t, dir, "a.txt", "November 13, 2026")
	b := edition(t, dir, "b.txt", "April 17, 2026")
	c := edition(t, dir, "c.TXT", "June 13, 2025")
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), []byte("not a rules file"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, o := range map[string]Overrides{
		"files":     {"en": {b, c, a}},
		"directory": {"en": {dir}},
	} {
		t.Run(name, func(t *testing.T) {
			lib, err := Load(Embedded(o))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range lib.Editions["en"] {
				got = append(got, e.Edition())
			}
			if want := []string{"2026-11-13", "2026-04-17", "2025-06-13"}; !slices.Equal(got, want) {
				t.Errorf("editions %v, want %v", got, want)
			}
			if lib.Books["en"] != lib.Editions["en"][0] || lib.Books["en"].Source() != a {
				t.Errorf("default book %s", lib.Books["en"].Source())
			}
			if e, ok := lib.Edition("en", "2025-06-13"); !ok || e.Source() != c {
				t.Errorf("Edition(2025-06-13) = %v, %v", e, ok)
			}
			if _, ok := lib.Edition("en", "2024-01-01"); ok {
				t.Error("unknown edition found")
			}
			if len(lib.Editions["de"]) != 1 || lib.Books["de"].Edition() != "2026-04-17" {
				t.Errorf("embedded German: %d editions", len(lib.Editions["de"]))
			}
		})
	}
}

func TestEditionsNeedDistinctDates(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := edition(t, dir, "a.txt", "April 17, 2026")
	b := edition(t, dir, "b.txt", "April 17, 2026")
	undated := edition(t, dir, "undated.txt", "a date to be announced")
	if _, err := Load(Embedded(Overrides{"en": {a, b}})); err == nil || !strings.Contains(err.Error(), "2026-04-17 edition") {
		t.Errorf("same date twice: %v", err)
	}
	if _, err := Load(Embedded(Overrides{"en": {a, undated}})); err == nil || !strings.Contains(err.Error(), `undated.txt: the effective date cannot be read in "These texts follow the Comprehensive Rules effective as of a date to be announced."`) {
		t.Errorf("undated: %v", err)
	}
	// An English file decides which paragraphs of ours are outdated, so
	// even alone it must say its date; another language's file alone
	// needs none.
	if _, err := Load(Embedded(Overrides{"en": {undated}})); err == nil || !strings.Contains(err.Error(), "undated.txt: the effective date cannot be read") {
		t.Errorf("single undated English file: %v", err)
	}
	if lib, err := Load(Embedded(Overrides{"de": {undated}})); err != nil || lib.Books["de"].Edition() != "" {
		t.Errorf("single undated German file: %v", err)
	}
	empty := t.TempDir()
	if _, err := Load(Embedded(Overrides{"en": {empty}})); err == nil || !strings.Contains(err.Error(), "no .txt files") {
		t.Errorf("empty directory: %v", err)
	}
}
