package offline

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/rules/engine"
)

const book = `Magic: The Gathering Comprehensive Rules

These rules are effective as of April 17, 2026.

Contents

1. Game Concepts

Glossary

Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.

100.1a A two-player game is a game that begins with only two players.

100.2. To play, each player needs their own deck.

101. The Magic Golden Rules

101.1. Whenever a card contradicts these rules, the card takes precedence.

Glossary

Active Player
The player whose turn it is.

Priority
Which player can take actions at any given time.

Credits

Thanks.
`

func TestPathsListEveryPageUpToTheSecondLevel(t *testing.T) {
	b, err := rules.Parse([]byte(book), "test.txt", "en", langs.Default.RulesWords())
	if err != nil {
		t.Fatal(err)
	}
	ex := &examples.Example{Scenario: engine.Scenario{Slug: "shock"}, Snapshots: make([]engine.Snapshot, 3)}
	got := Paths("en", b, nil, []*examples.Example{ex})
	want := []string{"/en/", "/en/rules", "/en/glossary", "/en/examples", "/en/offline", "/en/offline/unavailable",
		"/en/rules/100", "/en/rules/100.1", "/en/rules/100.2", "/en/rules/101", "/en/rules/101.1",
		"/en/glossary/active-player", "/en/glossary/priority",
		"/en/examples/shock?step=1", "/en/examples/shock?step=2", "/en/examples/shock?step=3"}
	if !slices.Equal(got, want) {
		t.Errorf("paths\n%q\nwant\n%q", got, want)
	}
}

func TestBuildSplitsIntoBatchesThatDecodeBack(t *testing.T) {
	var pages []Page
	for i := range 40 {
		pages = append(pages, Page{URL: "/en/rules/" + string(rune('a'+i%26)) + strings.Repeat("x", i), HTML: "<p>" + strings.Repeat("Priority & <b>stack</b> ", 2000+i) + "</p>"})
	}
	p := Build(pages)
	if len(p.Batches) < 2 || p.Pages != 40 {
		t.Fatalf("%d batches of %d pages", len(p.Batches), p.Pages)
	}
	var back []Page
	for i, b := range p.Batches {
		zr, err := gzip.NewReader(bytes.NewReader(b.Gzip))
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := io.ReadAll(zr)
		fromBr, _ := io.ReadAll(brotli.NewReader(bytes.NewReader(b.Brotli)))
		if !bytes.Equal(plain, fromBr) {
			t.Errorf("batch %d: gzip and brotli differ", i)
		}
		var got []Page
		if err := json.Unmarshal(plain, &got); err != nil || len(got) != b.Pages {
			t.Fatalf("batch %d: %v, %d pages, says %d", i, err, len(got), b.Pages)
		}
		if bytes.Contains(plain, []byte(`\u003c`)) {
			t.Error("HTML escaped in the JSON: it compresses worse")
		}
		back = append(back, got...)
		if raw := len(plain); i < len(p.Batches)-1 && raw < BatchBytes {
			t.Errorf("batch %d is %d bytes, less than BatchBytes", i, raw)
		}
	}
	if !slices.Equal(back, pages) {
		t.Error("the batches do not give the pages back in order")
	}
	if p.TransferGzip() >= p.Bytes/10 || p.TransferBrotli() >= p.Bytes/10 {
		t.Errorf("repetitive pages compress to %d (gzip), %d (brotli) of %d", p.TransferGzip(), p.TransferBrotli(), p.Bytes)
	}
	// The version names the content.
	if again := Build(pages); again.Version != p.Version {
		t.Error("the same pages give another version")
	}
	pages[39].HTML += "."
	if changed := Build(pages); changed.Version == p.Version || len(p.Version) != 12 {
		t.Errorf("versions %q, %q", p.Version, changed.Version)
	}
}
