//go:build ignore

// gen draws the link-preview images (static/og-{kind}-{lang}.png, 1200×630)
// and the icons (static/icon-32.png, static/apple-touch-icon.png) with
// headless Chromium: one preview per kind of page and language, the site's
// name and the kind in that language, the three languages named in their
// own scripts. Run from static/: go run ./og/gen.go (needs Chromium and a
// font with Japanese glyphs, Debian's fonts-noto-cjk).
package main

import (
	"context"
	"fmt"
	"html"
	"log"
	"net/url"
	"os"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/locales/msg"
)

const page = `<!DOCTYPE html><html lang="%s"><head><meta charset="utf-8"><style>
html,body{margin:0;width:1200px;height:630px;overflow:hidden}
body{background:linear-gradient(135deg,#5b3a8c 0%%,#3a2460 100%%);color:#fff;font-family:"Noto Sans CJK JP","Noto Sans JP","DejaVu Sans",sans-serif;display:flex;flex-direction:column;justify-content:space-between;padding:64px 80px;box-sizing:border-box}
.brand{display:flex;align-items:center;gap:24px;font-size:48px;font-weight:700}
.brand svg{width:88px;height:88px;border-radius:16px;box-shadow:0 0 0 4px rgba(255,255,255,.35)}
.kind{font-size:104px;font-weight:700;line-height:1.1;margin:0}
.lead{font-size:34px;line-height:1.45;margin:18px 0 0;max-width:1040px;opacity:.92}
.langs{font-size:32px;opacity:.85;letter-spacing:.02em}
</style></head><body>
<div class="brand">%s<span>%s</span></div>
<div><p class="kind">%s</p><p class="lead">%s</p></div>
<div class="langs">%s</div>
</body></html>`

const iconPage = `<!DOCTYPE html><html><head><style>html,body{margin:0;width:%dpx;height:%dpx;overflow:hidden;background:transparent}svg{display:block;width:100%%;height:100%%}</style></head><body>%s</body></html>`

// kinds are the preview kinds and the message naming each; "site" has
// none beside the site's name.
var kinds = []struct {
	name string
	key  msg.Key
}{{"rules", msg.NavRules}, {"glossary", msg.GlossaryHeading}, {"examples", msg.NavExamples}, {"search", msg.SearchHeading}, {"site", 0}}

func main() {
	cat, err := locales.Load(langs.Default, locales.Files)
	if err != nil {
		log.Fatal(err)
	}
	icon, err := os.ReadFile("icon.svg")
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := chromedp.NewContext(context.Background())
	defer cancel()
	var names []string
	for _, l := range langs.Default.Codes() {
		names = append(names, html.EscapeString(langs.Default.Get(l).Name))
	}
	for _, lang := range langs.Default.Codes() {
		for _, k := range kinds {
			label, lead := cat.T(lang, msg.HomeLead), ""
			if k.key != 0 {
				label, lead = cat.T(lang, k.key), cat.T(lang, msg.HomeLead)
			}
			doc := fmt.Sprintf(page, lang, icon, html.EscapeString(cat.T(lang, msg.SiteName)), html.EscapeString(label), html.EscapeString(lead), strings.Join(names, " · "))
			if k.key == 0 {
				doc = strings.Replace(doc, `class="kind"`, `class="kind" style="font-size:56px;line-height:1.4"`, 1)
			}
			write(ctx, fmt.Sprintf("og-%s-%s.png", k.name, lang), 1200, 630, doc)
		}
	}
	write(ctx, "icon-32.png", 32, 32, fmt.Sprintf(iconPage, 32, 32, icon))
	write(ctx, "apple-touch-icon.png", 180, 180, fmt.Sprintf(iconPage, 180, 180, strings.Replace(string(icon), `rx="6"`, `rx="0"`, 1)))
}

// write renders doc at w×h CSS pixels into name.
func write(ctx context.Context, name string, w, h int64, doc string) {
	transparent := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetDefaultBackgroundColorOverride, emulation.SetDefaultBackgroundColorOverrideParams{Color: &cdp.RGBA{}})
		return err
	})
	if err := chromedp.Do(ctx, transparent, chromedp.EmulateViewport(w, h), chromedp.Navigate("data:text/html;charset=utf-8,"+url.PathEscape(doc))); err != nil {
		log.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(name, png, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s", name)
}
