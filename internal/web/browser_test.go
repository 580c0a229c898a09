package web

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mtgrules/site/internal/sitetest/chromium"
)

// waitLocation polls until the address ends with suffix.
func waitLocation(t *testing.T, ctx context.Context, suffix string) string {
	t.Helper()
	var loc string
	for range 100 {
		var err error
		if loc, err = chromedp.Run(ctx, chromedp.Location()); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(loc, suffix) {
			return loc
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("location %q never ended with %q", loc, suffix)
	return ""
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return s
}

// TestBrowserStepsWithKeys presses → through a whole example: the address
// and the step follow without a reload, the stack changes along the way,
// and ← goes back.
func TestBrowserStepsWithKeys(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	testServer(t)
	ex := testExamples(t).List[0]
	n := len(ex.Snapshots)
	base := srv.URL + "/en/examples/" + ex.Slug
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"?step=1"), chromedp.WaitVisible(chromedp.CSS("[data-sim]"))); err != nil {
		t.Fatal(err)
	}
	// A marker on window survives only if the page is never reloaded.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("window.__noReload = true")); err != nil {
		t.Fatal(err)
	}
	stacks := map[string]bool{}
	for step := 2; step <= n; step++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
			t.Fatal(err)
		}
		waitLocation(t, ctx, "?step="+strconv.Itoa(step))
		if got := text(t, ctx, "[data-sim] .step-list a[aria-current]"); got != strconv.Itoa(step) {
			t.Fatalf("after → to step %d the current step is %q", step, got)
		}
		stacks[text(t, ctx, "[data-sim] .stack")] = true
	}
	if len(stacks) < 2 {
		t.Errorf("the stack never changed over %d steps: %v", n, stacks)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	waitLocation(t, ctx, "?step="+strconv.Itoa(n-1))
	kept, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("window.__noReload === true"))
	if err != nil || !kept {
		t.Errorf("the page reloaded while stepping (%v)", err)
	}
}

// TestBrowserStepsWithoutJavaScript walks the same example through its
// links with JavaScript switched off.
func TestBrowserStepsWithoutJavaScript(t *testing.T) {
	t.Parallel()
	ctx := chromium.Tab(t)
	noJS := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})
	testServer(t)
	ex := testExamples(t).List[0]
	n := len(ex.Snapshots)
	if err := chromedp.Do(ctx, noJS, chromedp.Navigate(srv.URL+"/de/examples/"+ex.Slug+"?step=1")); err != nil {
		t.Fatal(err)
	}
	first := text(t, ctx, "[data-sim] .board")
	for step := 2; step <= n; step++ {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`a[rel="next"]`)), chromedp.WaitVisible(chromedp.CSS("[data-sim]"))); err != nil {
			t.Fatal(err)
		}
		waitLocation(t, ctx, "?step="+strconv.Itoa(step))
	}
	if last := text(t, ctx, "[data-sim] .board"); last == first {
		t.Error("the board did not change from the first to the last step")
	}
	if !strings.Contains(text(t, ctx, "html"), "Schritt "+strconv.Itoa(n)+" von "+strconv.Itoa(n)) {
		t.Error("last step label missing")
	}
}
