package web

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mtgrules/site/internal/sitetest/chromium"
)

// glossaryGroups reads the glossary index: its A–Z bar and each group's
// initial and terms.
func glossaryGroups(t *testing.T, lang string) (bar []string, groups map[string][]string) {
	t.Helper()
	r := get(t, "/"+lang+"/glossary")
	if r.status != http.StatusOK {
		t.Fatalf("%s: %d", lang, r.status)
	}
	nav := regexp.MustCompile(`(?s)<nav class="initials"[^>]*>(.*?)</nav>`).FindStringSubmatch(r.body)
	if nav == nil {
		t.Fatalf("%s: no A–Z bar", lang)
	}
	for _, m := range regexp.MustCompile(`<a href="#(letter-\d+)">([^<]+)</a>`).FindAllStringSubmatch(nav[1], -1) {
		bar = append(bar, m[2])
		if !strings.Contains(r.body, `<h2 id="`+m[1]+`">`+m[2]+`</h2>`) {
			t.Errorf("%s: %s links to no group", lang, m[2])
		}
	}
	groups = map[string][]string{}
	for _, g := range regexp.MustCompile(`(?s)<h2 id="letter-\d+">([^<]+)</h2>(.*?)</section>`).FindAllStringSubmatch(r.body, -1) {
		for _, li := range regexp.MustCompile(`<li><a href="[^"]+">([^<]+)</a>`).FindAllStringSubmatch(g[2], -1) {
			groups[g[1]] = append(groups[g[1]], li[1])
		}
	}
	return bar, groups
}

// TestGlossaryIndexByInitial: the 730 terms under an A–Z bar, alphabetical
// with umlauts folded; Japanese by kana row in the book's reading order
// (issue 25, 8).
func TestGlossaryIndexByInitial(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "de", "ja"} {
		bar, groups := glossaryGroups(t, lang)
		n := 0
		for _, terms := range groups {
			n += len(terms)
		}
		if n != 730 || len(bar) != len(groups) {
			t.Errorf("%s: %d terms in %d groups, %d initials", lang, n, len(groups), len(bar))
		}
		switch lang {
		case "en":
			if strings.Join(bar, "") != "ABCDEFGHIJKLMNOPRSTUVWXYZ" {
				t.Errorf("en bar %v", bar)
			}
		case "de":
			if bar[0] != "A" || bar[len(bar)-1] != "Z" || !contains(groups["U"], "Überwachen") || !contains(groups["O"], "Öffentliche Zone") {
				t.Errorf("de bar %v; U %v", bar, groups["U"])
			}
		case "ja":
			if strings.Join(bar, " ") != "# あ か さ た な は ま ら わ" || !contains(groups["あ"], "相棒") || !contains(groups["#"], "APNAP順") || !contains(groups["た"], "トランプル") {
				t.Errorf("ja bar %v", bar)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestBrowserGlossaryFilter: typing in the filter on a phone leaves the
// matching terms and their letters, and says how many are shown.
func TestBrowserGlossaryFilter(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	testServer(t)
	if err := chromedp.Do(ctx, phone, chromedp.Navigate(srv.URL+"/de/glossary"), chromedp.WaitVisible(chromedp.CSS("#term-filter")),
		chromedp.SendKeys(chromedp.CSS("#term-filter"), "trampel")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.querySelector(".term-filter [role=status]").textContent === "2 von 730 Begriffen angezeigt"`)
	if got := js[string](t, ctx, `Array.from(document.querySelectorAll(".term-group li:not([hidden])"), li => li.textContent).join("|")`); got != "Trampelschaden|Trampelschaden bei Planeswalkern" {
		t.Errorf("shown %q", got)
	}
	if got := js[string](t, ctx, `Array.from(document.querySelectorAll(".initials a:not([hidden])"), a => a.textContent).join("")`); got != "T" {
		t.Errorf("letters %q", got)
	}
}
