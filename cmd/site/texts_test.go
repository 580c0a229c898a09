package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/library/librarytest"
)

// TestStaleListsChangedParagraphs_117_3b: against a June edition in which
// only 117.3b changed, "site stale" lists 117.3b for German and Japanese
// (and our English) with the old and new official text and the words
// that changed, and fails (exit 1); against the texts' own edition it
// lists nothing and succeeds.
func TestStaleListsChangedParagraphs_117_3b(t *testing.T) {
	dir := t.TempDir()
	april := librarytest.Edition(t, dir, librarytest.Date, nil)
	june := librarytest.JuneEdition(t, dir)
	src := librarytest.Source(t, nil)

	var out strings.Builder
	err := stale([]string{"-rules", "en=" + june + ",en=" + april}, &out, src)
	if !errors.Is(err, errStale) || !strings.Contains(err.Error(), ": 3 against "+june) {
		t.Errorf("error %v, want errStale with 3", err)
	}
	for _, lang := range []string{"en", "de", "ja"} {
		want := "# " + lang + ": 1 outdated\n\n## 117.3b\n\nRenders 2026-04-17; changed 2026-06-12.\n\n" +
			"- old (2026-04-17): Each time a spell or ability other than a mana ability resolves, the active player receives priority afterward.\n" +
			"- new: " + librarytest.June117_3b + "\n" +
			"- diff: Each time a spell or ability other than a mana ability resolves, the active player receives priority afterward**, unless a zeppelin is overhead**.\n\n"
		if !strings.Contains(out.String(), want) {
			t.Errorf("%s: output lacks\n%s\ngot:\n%s", lang, want, out.String())
		}
	}

	out.Reset()
	err = stale([]string{"-rules", "en=" + june, "-lang", "de", "-format", "tsv"}, &out, src)
	if !errors.Is(err, errStale) {
		t.Errorf("tsv: %v", err)
	}
	if want := "lang\tnumber\tsource\tsince\told\tnew\tdiff\nde\t117.3b\t2026-04-17\t2026-06-12\t\t" + librarytest.June117_3b + "\t\n"; out.String() != want {
		t.Errorf("tsv:\n%q\nwant\n%q", out.String(), want)
	}

	out.Reset()
	if err := stale([]string{"-rules", "en=" + april}, &out, src); err != nil || out.String() != "# en: 0 outdated\n\n# de: 0 outdated\n\n# ja: 0 outdated\n\n" {
		t.Errorf("current: %v\n%s", err, out.String())
	}
}

// TestStaleRefusesBadInput names the file that is wrong.
func TestStaleRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	older := librarytest.Edition(t, dir, "November 14, 2025", nil)
	undated := librarytest.Edition(t, dir, "a date to be announced", nil)
	src := librarytest.Source(t, nil)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-rules", "en=" + older}, older + " is the 2025-11-14 edition, older than the en text (2026-04-17)"},
		{[]string{"-rules", "en=" + undated}, undated + ": the effective date cannot be read"},
		{[]string{"-rules", "de=" + older}, "stale needs -rules en=FILE"},
		{[]string{"-rules", "en=" + older, "-format", "html"}, `-format "html": want md or tsv`},
		{[]string{"-rules", "en=" + older, "-lang", "fr"}, `unknown language "fr"`},
	} {
		var out strings.Builder
		if err := stale(tc.args, &out, src); err == nil || errors.Is(err, errStale) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestCheckLoadsAndNamesBadFiles: "site check" loads what the site would
// and names a file cut inside the glossary.
func TestCheckLoadsAndNamesBadFiles(t *testing.T) {
	dir := t.TempDir()
	april := librarytest.Edition(t, dir, librarytest.Date, nil)
	if err := runCheck([]string{"-rules", "en=" + april}); err != nil {
		t.Errorf("whole file: %v", err)
	}
	data, err := os.ReadFile(april)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.txt")
	if err := os.WriteFile(cut, data[:strings.LastIndex(string(data), "\nCredits\n")-200], 0o600); err != nil {
		t.Fatal(err)
	}
	if err := runCheck([]string{"-rules", "en=" + cut}); err == nil || !strings.Contains(err.Error(), cut+": no credits heading after the glossary's") {
		t.Errorf("cut inside the glossary: %v", err)
	}
}
