package library_test

import (
	"testing"

	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/library/librarytest"
)

const reworded = "The active player receives priority after a spell or ability resolves, unless a zeppelin is on the stack."

// TestOnlyChangedParagraphsAreOutdated_117_3b: with the texts' edition and
// a newer one in which only 117.3b changed (and 117.7 went), every
// language's 117.3b is outdated since the newer edition, with the old and
// new official text; 117.3a is current; the removed 117.7 says when.
func TestOnlyChangedParagraphsAreOutdated_117_3b(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	april := librarytest.Edition(t, dir, librarytest.Date, nil)
	june := librarytest.Edition(t, dir, "June 12, 2026", map[string]string{"117.3b": reworded})
	november := librarytest.Edition(t, dir, "November 13, 2026", map[string]string{"117.3b": reworded, "117.7": ""})
	lib, err := library.Load(librarytest.Source(t, library.Overrides{"en": {april, june, november}}))
	if err != nil {
		t.Fatal(err)
	}
	if lib.Official == nil || len(lib.Official.Books) != 3 {
		t.Fatalf("official editions: %+v", lib.Official)
	}
	for _, lang := range []string{"de", "ja"} {
		d, ok := lib.Outdated(lang, "117.3b")
		if !ok || d.Since.Edition() != "2026-06-12" || d.Source != "2026-04-17" || d.Now.Text != reworded || d.Was == nil || d.Was.Text == reworded || d.RemovedIn != nil {
			t.Errorf("%s 117.3b: %+v, %v", lang, d, ok)
		}
		if d, ok := lib.Outdated(lang, "117.3a"); ok {
			t.Errorf("%s 117.3a outdated since %s", lang, d.Since.Edition())
		}
		d, ok = lib.Outdated(lang, "117.7")
		if !ok || d.Since.Edition() != "2026-11-13" || d.RemovedIn.Edition() != "2026-11-13" || d.Now != nil {
			t.Errorf("%s 117.7: %+v, %v", lang, d, ok)
		}
		if n := len(lib.Official.Stale(lib.Books[lang], lib.Sources(lang))); n != 2 {
			t.Errorf("%s: %d outdated, want 2", lang, n)
		}
	}
	// The English pages show the official file itself: nothing to mark.
	if d, ok := lib.Outdated("en", "117.3b"); ok || lib.Renders("en") || !lib.Renders("de") {
		t.Errorf("en 117.3b: %+v", d)
	}
	// Our own English is held to the official text as the others are.
	ours, err := library.Load(librarytest.Source(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	stale := lib.Official.Stale(ours.Books["en"], ours.Sources("en"))
	if len(stale) != 2 || stale[0].Number != "117.3b" || stale[1].Number != "117.7" {
		t.Errorf("own English: %+v", stale)
	}
	if _, ok := ours.Outdated("de", "117.3b"); ok || ours.Official != nil {
		t.Error("marks without an official file")
	}
}

// TestOlderOfficialFilesMarkNothing: an official edition older than the
// texts, or the same, changes no mark.
func TestOlderOfficialFilesMarkNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	older := librarytest.Edition(t, dir, "November 14, 2025", map[string]string{"117.3b": reworded})
	april := librarytest.Edition(t, dir, librarytest.Date, nil)
	lib, err := library.Load(librarytest.Source(t, library.Overrides{"en": {older, april}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"de", "ja"} {
		if n := len(lib.Official.Stale(lib.Books[lang], lib.Sources(lang))); n != 0 {
			t.Errorf("%s: %d outdated", lang, n)
		}
	}
}
