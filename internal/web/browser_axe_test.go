package web

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/mtgrules/site/internal/sitetest/chromium"
)

// axeViolation is one rule axe-core finds broken, with where.
type axeViolation struct {
	ID      string   `json:"id"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// runAxe runs axe-core (testdata/axe/axe.min.js, the npm package's file,
// never fetched at test time) on the page ctx shows, with the WCAG 2.x A
// and AA rules and the best practices.
func runAxe(t *testing.T, ctx context.Context, src string) []axeViolation {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](src+";true")); err != nil {
		t.Fatalf("loading axe: %v", err)
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](`axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.map(v => ({id: v.id, help: v.help, targets: v.nodes.map(n => n.target.join(" ")).slice(0, 5)})))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe.run: %v", err)
	}
	return out
}

// colorScheme makes the page's prefers-color-scheme "light" or "dark".
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return err
	})
}

// TestBrowserAxe: axe finds no violation on a rule page, a search page, an
// example step, the sandbox and the builder, in light and in dark mode,
// on a laptop and on a phone (issue 25, 10).
func TestBrowserAxe(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		t.Fatal(err)
	}
	ctx := chromium.Tab(t)
	testServer(t)
	pages := []string{
		"/en/rules/117",
		"/en/rules",
		"/de/search?q=trample",
		"/ja/search?q=" + "優先権",
		"/en/examples/giant-growth-answered-by-shock?step=3",
		"/en/play/giant-growth-answered-by-shock",
		"/de/play/new",
		"/en/glossary",
		"/en/rules/702.19?compare=ja",
	}
	// axe itself finds what it should: an image without a text, and grey
	// on grey.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/en/"), chromedp.WaitReady(chromedp.CSS("main"))); err != nil {
		t.Fatal(err)
	}
	js[bool](t, ctx, `(() => { const m = document.querySelector("main"); m.insertAdjacentHTML("beforeend", '<img src="/static/x.png"><p id="low">low contrast</p>');
		const p = document.getElementById("low"); p.style.color = "#777"; p.style.background = "#888"; return true })()`)
	var found []string
	for _, v := range runAxe(t, ctx, string(src)) {
		found = append(found, v.ID)
	}
	if !slices.Contains(found, "image-alt") || !slices.Contains(found, "color-contrast") {
		t.Fatalf("axe on a broken page found %v", found)
	}
	for _, scheme := range []string{"light", "dark"} {
		for _, screen := range []struct {
			name string
			act  chromedp.Action[chromedp.Void]
		}{{"laptop", laptop}, {"phone", phone}} {
			if err := chromedp.Do(ctx, screen.act, colorScheme(scheme)); err != nil {
				t.Fatal(err)
			}
			for _, p := range pages {
				if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+p), chromedp.WaitReady(chromedp.CSS("main"))); err != nil {
					t.Fatal(err)
				}
				for _, v := range runAxe(t, ctx, string(src)) {
					t.Errorf("%s %s %s: %s (%s) at %s", scheme, screen.name, p, v.ID, v.Help, strings.Join(v.Targets, " | "))
				}
			}
		}
	}
}
