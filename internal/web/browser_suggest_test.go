package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mtgrules/site/internal/sitetest/chromium"
)

// waitJS polls a JavaScript expression until it is true.
func waitJS(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	for range 100 {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr)); err == nil && ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("never true: %s", expr)
}

func js[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// TestBrowserSearchCombobox types a rule number into the search box: the
// completions appear as a WAI-ARIA listbox, ↓ moves the active option,
// Escape closes the list, and Enter opens the chosen rule. Typing half-width
// katakana in Japanese offers the glossary entry and the rule.
func TestBrowserSearchCombobox(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	testServer(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/en/"), chromedp.WaitVisible(chromedp.CSS("#q"))); err != nil {
		t.Fatal(err)
	}
	if got := js[string](t, ctx, `[document.getElementById("q").getAttribute("role"), document.getElementById("q").getAttribute("aria-autocomplete"), document.getElementById("q").getAttribute("aria-expanded"), document.getElementById("q").getAttribute("aria-controls")].join(" ")`); got != "combobox list false q-suggestions" {
		t.Fatalf("combobox attributes: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#q"), "117.3")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.querySelectorAll("#q-suggestions [role=option]").length === 5`)
	if got := js[string](t, ctx, `document.getElementById("q").getAttribute("aria-expanded") + " " + document.getElementById("q-suggestions").getAttribute("role") + " " + document.getElementById("q-suggestions").hidden`); got != "true listbox false" {
		t.Errorf("open list: %q", got)
	}
	if got := js[string](t, ctx, `document.querySelector("form.search [role=status]").textContent`); got != "5 suggestions. Choose with the up and down arrow keys." {
		t.Errorf("announcement %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown)); err != nil {
		t.Fatal(err)
	}
	active := js[string](t, ctx, `document.getElementById("q").getAttribute("aria-activedescendant")`)
	if active != "q-suggestions-1" || js[string](t, ctx, `document.getElementById("q-suggestions-1").getAttribute("aria-selected")`) != "true" ||
		js[string](t, ctx, `document.getElementById("q-suggestions-1").textContent`) != "117.3a · Timing and Priority" {
		t.Errorf("after ↓↓ the active option is %q", active)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if got := js[string](t, ctx, `document.getElementById("q").getAttribute("aria-expanded") + " " + document.getElementById("q").hasAttribute("aria-activedescendant")`); got != "false false" {
		t.Errorf("after Escape: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitLocation(t, ctx, "/en/rules/117.3a")

	// Japanese, half-width katakana; the box still searches without a choice.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/ja/"), chromedp.WaitVisible(chromedp.CSS("#q")), chromedp.SendKeys(chromedp.CSS("#q"), "ｽﾀ")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.querySelectorAll("#q-suggestions [role=option]").length > 2`)
	// Label and note read apart ("スタック, 用語集") and stand apart.
	if got := js[string](t, ctx, `Array.from(document.querySelectorAll("#q-suggestions [role=option]"), o => o.textContent).slice(0, 2).join("|")`); got != "スタック, 用語集|スタック, 405" {
		t.Errorf("ja options %q", got)
	}
	if gap := js[float64](t, ctx, `(() => { const o = document.querySelector("#q-suggestions [role=option]"); return o.querySelector(".detail").getBoundingClientRect().left - o.querySelector(".label").getBoundingClientRect().right })()`); gap < 8 {
		t.Errorf("label and note %v px apart", gap)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	loc := waitLocation(t, ctx, "/ja/search?q="+"%EF%BD%BD%EF%BE%80")
	if !strings.Contains(loc, "/ja/search?") {
		t.Errorf("Enter without a choice went to %s", loc)
	}
}
