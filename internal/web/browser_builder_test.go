package web

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mtgrules/site/internal/sitetest/chromium"
)

// builderOnPhone opens the builder on a 390×844 phone and returns a
// function that fills its fields by name.
func builderOnPhone(t *testing.T) (context.Context, func(name, value string)) {
	t.Helper()
	ctx := chromium.Tab(t)
	testServer(t)
	if err := chromedp.Do(ctx, phone, chromedp.Navigate(srv.URL+"/en/play/new"), chromedp.WaitVisible(chromedp.CSS("form.builder"))); err != nil {
		t.Fatal(err)
	}
	return ctx, func(name, value string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`[name="`+name+`"]`), value)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// tap taps the element that matches the XPath.
func tap(t *testing.T, ctx context.Context, xpath string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.Search(xpath))); err != nil {
		t.Fatalf("%s: %v", xpath, err)
	}
}

// playMove taps the legal move with this label and waits until the page
// says it was played.
func playMove(t *testing.T, ctx context.Context, label string) {
	t.Helper()
	tap(t, ctx, `//a[contains(@class,"move")][contains(., "`+label+`")]`)
	waitJS(t, ctx, `document.querySelector(".last-move strong") !== null && document.querySelector(".last-move strong").textContent === `+strconv.Quote(label))
}

// noSideways reports whether the page fits the phone's width.
func noSideways(t *testing.T, ctx context.Context) bool {
	t.Helper()
	return js[bool](t, ctx, `document.documentElement.scrollWidth <= window.innerWidth`)
}

// TestBrowserBuilderCombat builds a combat on a phone: in the declare
// blockers step Ann's Grizzly Bears attack Bo, whose Hill Giant blocks
// them (chosen once the form is updated); then both players pass and
// combat damage kills the Bears.
func TestBrowserBuilderCombat(t *testing.T) {
	t.Parallel()
	ctx, fill := builderOnPhone(t)
	fill("st", "db")
	fill("nm0", "Ann")
	fill("nm1", "Bo")
	fill("b0.0", "Grizzly Bears")
	fill("b0.0v", "1")
	fill("b1.0", "Hill Giant")
	tap(t, ctx, `//button[@name="edit"]`)
	waitJS(t, ctx, `document.querySelector('[name="b1.0w"] option[value="0.0"]') !== null`)
	if !noSideways(t, ctx) {
		t.Error("the builder is wider than the phone")
	}
	fill("b1.0w", "0.0")
	tap(t, ctx, `//button[@name="go"]`)
	waitLocation(t, ctx, "/en/play/custom?s=1.0.db_p20.30.Ann_b.grizzly-bears.v1_p20.30.Bo_b.hill-giant.b1")
	waitJS(t, ctx, `document.querySelector(".priority") !== null`)
	if got := text(t, ctx, ".priority strong"); got != "Ann holds priority." {
		t.Errorf("priority %q", got)
	}
	if got := text(t, ctx, ".board-players"); !strings.Contains(got, "attacking Bo") || !strings.Contains(got, "blocking Grizzly Bears") {
		t.Errorf("players %q", got)
	}
	playMove(t, ctx, "Ann passes priority")
	playMove(t, ctx, "Bo passes priority")
	if got := text(t, ctx, ".events"); !strings.Contains(got, "Hill Giant deals 3 combat damage to Grizzly Bears.") ||
		!strings.Contains(got, "Grizzly Bears has lethal damage and is destroyed.") {
		t.Errorf("events %q", got)
	}
	if got := text(t, ctx, ".turnline"); !strings.Contains(got, "Combat damage step") {
		t.Errorf("step %q", got)
	}
	if !noSideways(t, ctx) {
		t.Error("the sandbox is wider than the phone")
	}
}

// TestBrowserBuilderMana builds a position with {R}{R} floating on a
// phone, casts Shock from the pool, and sees the other {R} announced on
// a pass and emptied as the step ends (117.3d, 500.5).
func TestBrowserBuilderMana(t *testing.T) {
	t.Parallel()
	ctx, fill := builderOnPhone(t)
	fill("h0.0", "Shock")
	fill("m0r", "2")
	tap(t, ctx, `//button[@name="go"]`)
	waitLocation(t, ctx, "/en/play/custom?s=1.0.m1_p20.30_h.shock_m.r2_p20.30")
	waitJS(t, ctx, `document.querySelector(".priority") !== null`)
	playMove(t, ctx, "A casts Shock targeting B")
	playMove(t, ctx, "A passes priority")
	if got := text(t, ctx, ".events"); !strings.Contains(got, "A passes and announces the mana still in their mana pool: {R}.") {
		t.Errorf("pass %q", got)
	}
	playMove(t, ctx, "B passes priority")
	playMove(t, ctx, "A passes priority")
	playMove(t, ctx, "B passes priority")
	if got := text(t, ctx, ".events"); !strings.Contains(got, "Unused mana empties from every mana pool.") || !strings.Contains(got, "500.5") {
		t.Errorf("end of step %q", got)
	}
	if got := text(t, ctx, ".board-players"); strings.Contains(got, "{R}") {
		t.Errorf("the mana survived the step: %q", got)
	}
	if !noSideways(t, ctx) {
		t.Error("the sandbox is wider than the phone")
	}
}
