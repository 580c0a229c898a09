package web

import (
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserPhoneReader: on a phone (390×844) the header stays within
// about 100 px in every language, the compare view labels and sets apart
// the second language, and the search count is a line of text, not a
// coloured bar (issue 25, 7).
func TestBrowserPhoneReader(t *testing.T) {
	ctx := browser(t)
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
