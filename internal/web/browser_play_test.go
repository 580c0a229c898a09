package web

import (
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/moves"
	"github.com/mtgrules/site/internal/sitetest/chromium"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/rules/engine"
)

// phone makes the page 390×844 CSS pixels, a phone held upright.
var phone = chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)

// laptop is a small laptop screen.
var laptop = chromedp.EmulateViewport(1280, 720)

// onFirstScreen reports whether the element is wholly inside the viewport
// without scrolling (the page is at its top).
func onFirstScreen(t *testing.T, ctx context.Context, sel string) bool {
	t.Helper()
	return js[bool](t, ctx, `(() => { const e = document.querySelector(`+strconv.Quote(sel)+`); if (!e) return false;
		const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight })()`)
}

// inView reports whether any part of the element is in the viewport.
func inView(t *testing.T, ctx context.Context, sel string) bool {
	t.Helper()
	return js[bool](t, ctx, `(() => { const e = document.querySelector(`+strconv.Quote(sel)+`); if (!e) return false;
		const r = e.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight })()`)
}

// stackFrames counts the frames a stack is drawn as: alike objects one
// above the other share a frame.
func stackFrames(s []engine.StackObject) int {
	n := 0
	for i, o := range s {
		if i == 0 || o.Card != s[i-1].Card || o.Kind != s[i-1].Kind || o.Controller != s[i-1].Controller ||
			!slices.Equal(o.Targets, s[i-1].Targets) || o.Source != s[i-1].Source {
			n++
		}
	}
	return n
}

// biggestStack finds the example step whose stack is drawn tallest.
func biggestStack(set *examples.Set) (*examples.Example, int) {
	var best *examples.Example
	step, most := 0, -1
	for _, ex := range set.List {
		for i, snap := range ex.Snapshots {
			if n := stackFrames(snap.State.Stack); n > most {
				best, step, most = ex, i+1, n
			}
		}
	}
	return best, step
}

// fiveMoves finds an example whose first five actions are legal and leave
// something on the stack, and returns their codes.
func fiveMoves(set *examples.Set) (*examples.Example, []string) {
	for _, ex := range set.List {
		if len(ex.Steps) < 5 {
			continue
		}
		var codes []string
		for _, st := range ex.Steps[:5] {
			if st.ExpectError == "" {
				codes = append(codes, moves.Encode(st.Action))
			}
		}
		if len(codes) == 5 && len(ex.Snapshots[5].State.Stack) > 0 {
			return ex, codes
		}
	}
	return nil, nil
}

// TestBrowserFirstScreen: on a phone (390×844) and on a laptop, the step
// with the tallest stack of all examples shows the narration, the priority
// line and the whole stack without scrolling, in every language; the turn
// track is one line and nothing overflows sideways. The sandbox after five
// moves does the same for the priority line and the stack.
func TestBrowserFirstScreen(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	testServer(t)
	set := testExamples(t)
	ex, step := biggestStack(set)
	if n := stackFrames(ex.Snapshots[step-1].State.Stack); n < 3 {
		t.Fatalf("the tallest stack has only %d frames", n)
	}
	pex, codes := fiveMoves(set)
	if pex == nil {
		t.Fatal("no example has five legal first moves that leave a stack")
	}
	for _, screen := range []struct {
		name string
		emu  chromedp.Action[chromedp.Void]
	}{{"phone", phone}, {"laptop", laptop}} {
		for _, lang := range langs.Default.Codes() {
			pages := map[string]string{
				"step":    urls.Example(lang, ex.Slug, step),
				"sandbox": urls.Play(lang, pex.Slug, codes),
			}
			for what, path := range pages {
				if err := chromedp.Do(ctx, screen.emu, chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS(".stack"))); err != nil {
					t.Fatal(err)
				}
				where := screen.name + " " + what + " " + path
				sels := []string{".priority", ".stack", ".stack .frame.top"}
				if what == "step" {
					sels = append(sels, ".narration")
				}
				for _, sel := range sels {
					if !onFirstScreen(t, ctx, sel) {
						t.Errorf("%s: %s is not on the first screen", where, sel)
					}
				}
				if h := js[float64](t, ctx, `document.querySelector(".track").getBoundingClientRect().height`); h > 24 {
					t.Errorf("%s: the turn track is %.0f px high, not one line", where, h)
				}
				if js[bool](t, ctx, `document.documentElement.scrollWidth > window.innerWidth`) {
					t.Errorf("%s: the page is wider than the screen", where)
				}
			}
		}
	}
}

// TestBrowserSandboxMoves plays three moves by tapping them on a phone:
// the page never reloads, the address follows, the priority line and the
// stack stay in view, focus lands on the first move now offered, and the
// history says what each move did. Back returns to the previous position,
// and undo goes back one move.
func TestBrowserSandboxMoves(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	testServer(t)
	ex, _ := testExamples(t).Get("giant-growth-answered-by-shock")
	if err := chromedp.Do(ctx, phone, chromedp.Navigate(srv.URL+"/en/play/"+ex.Slug), chromedp.WaitVisible(chromedp.CSS("[data-play]"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("window.__noReload = true")); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".moves-list a"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, `document.querySelectorAll(".history ol li").length === `+strconv.Itoa(i))
		loc, err := chromedp.Run(ctx, chromedp.Location())
		if err != nil {
			t.Fatal(err)
		}
		u, _ := url.Parse(loc)
		if got := len(u.Query()["m"]); got != i {
			t.Fatalf("after %d moves the address has %d: %s", i, got, loc)
		}
		if !inView(t, ctx, ".priority") || !inView(t, ctx, ".stack") {
			t.Errorf("after move %d the priority line or the stack is out of view", i)
		}
		if !js[bool](t, ctx, `document.activeElement && document.activeElement.closest("[data-play] .legal") !== null`) {
			t.Errorf("after move %d focus is on %s", i, js[string](t, ctx, `document.activeElement ? document.activeElement.outerHTML.slice(0, 80) : "nothing"`))
		}
		if got := js[string](t, ctx, `document.querySelector(".history ol li:last-child").textContent`); !strings.Contains(got, "receives priority") && !strings.Contains(got, "begins") && !strings.Contains(got, "resolves") {
			t.Errorf("history line %d does not say what happened: %q", i, got)
		}
	}
	if !js[bool](t, ctx, `window.__noReload === true`) {
		t.Fatal("the page reloaded")
	}
	if err := chromedp.Do(ctx, chromedp.NavigateBack()); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.querySelectorAll(".history ol li").length === 2`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("a[data-undo]"))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.querySelectorAll(".history ol li").length === 1`)
	if !js[bool](t, ctx, `window.__noReload === true`) {
		t.Error("back or undo reloaded the page")
	}
}

// TestBrowserSandboxWithoutJavaScript: the same moves work as plain links.
func TestBrowserSandboxWithoutJavaScript(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	noJS := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})
	testServer(t)
	if err := chromedp.Do(ctx, noJS, phone, chromedp.Navigate(srv.URL+"/ja/play/giant-growth-answered-by-shock")); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 2; i++ {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".moves-list a")), chromedp.WaitVisible(chromedp.CSS(".history ol"))); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, `document.querySelectorAll(".history ol li").length === `+strconv.Itoa(i))
	}
	if n := js[int](t, ctx, `document.querySelectorAll("button.copy").length`); n != 0 {
		t.Errorf("without JavaScript %d copy buttons", n)
	}
}

// TestBrowserBuilder sets up a position in the builder on a phone: A has
// Shock and a Mountain, B a Grizzly Bears with 1 damage; the built
// position opens in the sandbox, where A casts Shock at the Bears.
func TestBrowserBuilder(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	testServer(t)
	if err := chromedp.Do(ctx, phone, chromedp.Navigate(srv.URL+"/en/play/new"), chromedp.WaitVisible(chromedp.CSS("form.builder"))); err != nil {
		t.Fatal(err)
	}
	fill := func(name, value string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`[name="`+name+`"]`), value)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	fill("h0.0", "Shock")
	fill("b0.0", "Mountain")
	fill("b1.0", "Grizzly Bears")
	fill("b1.0d", "1")
	fill("l1", "14")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`button[name="go"]`))); err != nil {
		t.Fatal(err)
	}
	loc := waitLocation(t, ctx, "/en/play/custom?s=1.0.m1_p20.30_h.shock_b.mountain_p14.30_b.grizzly-bears.d1")
	if !strings.Contains(loc, "/play/custom?s=") {
		t.Fatal(loc)
	}
	waitJS(t, ctx, `document.querySelector(".priority") !== null`)
	if got := text(t, ctx, ".priority strong"); got != "A holds priority." {
		t.Errorf("priority %q", got)
	}
	// Tap the Mountain, then cast Shock at the Bears.
	for _, label := range []string{"A activates the mana ability of Mountain", "A casts Shock targeting Grizzly Bears"} {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.Search(`//a[contains(@class,"move")][contains(., "`+label+`")]`))); err != nil {
			t.Fatalf("%s: %v", label, err)
		}
		waitJS(t, ctx, `document.querySelector(".last-move strong") !== null && document.querySelector(".last-move strong").textContent === `+strconv.Quote(label))
	}
	if got := text(t, ctx, ".stack .frame.top"); !strings.Contains(got, "Shock") || !strings.Contains(got, "targeting Grizzly Bears") || !strings.Contains(got, "controlled by A") {
		t.Errorf("stack %q", got)
	}
	if !onFirstScreen(t, ctx, ".stack .frame.top") {
		t.Error("the stack is not on the first screen")
	}
}
