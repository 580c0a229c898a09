package web

import (
	"context"
	"net/url"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/mtgrules/site/internal/sitetest/chromium"
)

// touchPhone is phone with a touch screen as its only pointer.
var touchPhone = chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)

// grantClipboard lets the page write to the clipboard without asking.
var grantClipboard = chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
	_, err := cdp.Call(ctx, tg, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{Permission: &cdpbrowser.PermissionDescriptor{Name: "clipboard-write"}, Setting: cdpbrowser.PermissionSettingGranted})
	return err
})

// TestBrowserPhoneReader: on a phone (390×844) the header stays within
// about 100 px in every language, the compare view labels and sets apart
// the second language, and the search count is a line of text, not a
// coloured bar (issue 25, 7).
func TestBrowserPhoneReader(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	testServer(t)
	if err := chromedp.Do(ctx, phone); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "de", "ja"} {
		for _, path := range []string{"/" + lang + "/rules/117.3a", "/" + lang + "/examples/giant-growth-answered-by-shock?step=1"} {
			if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("header.site"))); err != nil {
				t.Fatal(err)
			}
			if h := js[float64](t, ctx, `document.querySelector("header.site").getBoundingClientRect().height`); h > 104 {
				t.Errorf("%s: the header is %.0f px high", path, h)
			}
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/de/rules/117.3?compare=ja"), chromedp.WaitVisible(chromedp.CSS(".compare"))); err != nil {
		t.Fatal(err)
	}
	if got := js[string](t, ctx, `Array.from(document.querySelectorAll('[id="117.3a"] .lang-label'), e => e.textContent + "/" + e.closest("[lang]").lang).join(" ")`); got != "Deutsch/de 日本語/ja" {
		t.Errorf("compare labels %q", got)
	}
	if same := js[bool](t, ctx, `(() => { const [a, b] = document.querySelectorAll('[id="117.3a"] > .text'); return getComputedStyle(a).backgroundColor === getComputedStyle(b).backgroundColor })()`); same {
		t.Error("compared languages look the same")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/en/search?q="+url.QueryEscape("trample planeswalker")), chromedp.WaitVisible(chromedp.CSS(".result-count"))); err != nil {
		t.Fatal(err)
	}
	if bg := js[string](t, ctx, `getComputedStyle(document.querySelector(".result-count")).backgroundColor`); bg != "rgba(0, 0, 0, 0)" {
		t.Errorf("result count background %s", bg)
	}
}

// TestBrowserPhoneExampleSteps: on a phone, choosing a step below the
// board (the step numbers, the pager at the bottom) brings the new step's
// board into view; the keyboard tip is not shown on a touch screen; a
// library is shown only where an example has one (issue 25, 5).
func TestBrowserPhoneExampleSteps(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	testServer(t)
	base := srv.URL + "/en/examples/giant-growth-answered-by-shock"
	if err := chromedp.Do(ctx, touchPhone, chromedp.Navigate(base+"?step=1"), chromedp.WaitVisible(chromedp.CSS("[data-sim]"))); err != nil {
		t.Fatal(err)
	}
	if js[string](t, ctx, `getComputedStyle(document.querySelector(".key-tip")).display`) != "none" {
		t.Error("the ← → tip shows on a phone")
	}
	if n := js[int](t, ctx, `Array.from(document.querySelectorAll(".player dt")).filter(d => d.textContent === "Library").length`); n != 0 {
		t.Errorf("%d players show a library in an example without libraries", n)
	}
	for _, c := range []struct{ sel, step string }{{`.step-list li:nth-child(3) a`, "3"}, {`.step-bottom a[rel="next"]`, "4"}, {`.step-bottom a[rel="prev"]`, "3"}} {
		js[bool](t, ctx, `window.scrollTo(0, document.body.scrollHeight); true`)
		if inView(t, ctx, "[data-sim] .narration") {
			t.Fatal("the narration is in view at the bottom of the page; the test proves nothing")
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(c.sel))); err != nil {
			t.Fatal(err)
		}
		waitLocation(t, ctx, "?step="+c.step)
		waitJS(t, ctx, `document.querySelector(".step-list a[aria-current]").textContent === "`+c.step+`"`)
		if !onFirstScreen(t, ctx, "[data-sim] .narration") || !js[bool](t, ctx, `(() => { const r = document.querySelector("[data-sim] .board").getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2 })()`) {
			t.Errorf("after %s the narration and the board's top are out of view", c.sel)
		}
	}
	if err := chromedp.Do(ctx, laptop, chromedp.Navigate(base+"?step=1"), chromedp.WaitVisible(chromedp.CSS("[data-sim]"))); err != nil {
		t.Fatal(err)
	}
	if js[string](t, ctx, `getComputedStyle(document.querySelector(".key-tip")).display`) == "none" {
		t.Error("the ← → tip is hidden on a laptop")
	}
	// An example with libraries shows them.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/en/examples/howling-mine-each-draw-step?step=1"), chromedp.WaitVisible(chromedp.CSS("[data-sim]"))); err != nil {
		t.Fatal(err)
	}
	if n := js[int](t, ctx, `Array.from(document.querySelectorAll(".player dt")).filter(d => d.textContent === "Library").length`); n == 0 {
		t.Error("an example with libraries shows none")
	}
}

// TestBrowserPhoneLinkify: on a phone, after "Add links" the result is in
// view, and a button copies it (issue 25, 6).
func TestBrowserPhoneLinkify(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	testServer(t)
	if err := chromedp.Do(ctx, phone, chromedp.Navigate(srv.URL+"/de/linkify"), chromedp.WaitVisible(chromedp.CSS("#linkify-text")),
		chromedp.SendKeys(chromedp.CSS("#linkify-text"), "Siehe 117.3a und 704.5a."),
		chromedp.Click(chromedp.CSS("form.linkify button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#linkify-out"))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `(() => { const r = document.getElementById("linkify-out").getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight })()`)
	if got := js[string](t, ctx, `document.querySelector(".linkify-result button.copy").textContent`); got != "Ergebnis kopieren" {
		t.Errorf("copy button %q", got)
	}
	// The copy lands on the clipboard (granted to the page for the test).
	if err := chromedp.Do(ctx, grantClipboard, chromedp.Click(chromedp.CSS(".linkify-result button.copy"))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.querySelector(".linkify-result .copied").textContent === "Kopiert"`)
	out := js[string](t, ctx, `document.getElementById("linkify-out").value`)
	if !strings.Contains(out, "/r/117.3a]117.3a[/url]") {
		t.Errorf("result %q", out)
	}
}
