package search

import (
	"testing"
	"time"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

// buildAsync starts Build in a goroutine.
func buildAsync(t *langs.Table, books map[string]*rules.Book, g Glossary) *Pending {
	p := BuildLater(t, books, g)
	p.Start()
	return p
}

// TestBuildAsync builds the English book alone in the background.
func TestBuildAsync(t *testing.T) {
	t.Parallel()
	p := buildAsync(langs.Default, map[string]*rules.Book{"en": fixtureBooks(t)["en"]}, nil)
	ix, err := p.Wait()
	if err != nil || ix == nil {
		t.Fatalf("%v %v", ix, err)
	}
	if got, ok := p.Index(); !ok || got != ix {
		t.Errorf("Index after Wait: %v %v", got, ok)
	}
	if err := p.Close(); err != nil {
		t.Error(err)
	}
	failed := buildAsync(langs.Default, nil, nil)
	if ix, err := failed.Wait(); ix != nil || err == nil {
		t.Errorf("empty build: %v %v", ix, err)
	}
	if ix, ok := failed.Index(); !ok || ix != nil {
		t.Errorf("failed Index: %v %v", ix, ok)
	}
	if ix, ok := Ready(nil).Index(); !ok || ix != nil {
		t.Error("Ready")
	}
}

func TestBuildLaterWaitsForStart(t *testing.T) {
	t.Parallel()
	// An empty build fails at once, so it would be done within the pause
	// had it started without Start.
	p := BuildLater(langs.Default, nil, nil)
	time.Sleep(50 * time.Millisecond)
	if _, done := p.Index(); done {
		t.Fatal("built before Start")
	}
	p.Start()
	p.Start() // a second Start does not build twice
	if ix, err := p.Wait(); ix != nil || err == nil {
		t.Fatalf("empty build: %v %v", ix, err)
	}
}
