package web

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/library/librarytest"
	"github.com/mtgrules/site/internal/offline"
	"github.com/mtgrules/site/internal/sitetest/chromium"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
)

// origin serves one handler at a time on a fixed address; down stops it
// answering at all (the network is gone) and up brings it back, perhaps
// with another handler (the site reloaded with a new edition), on the
// same origin, so the browser keeps its service worker and caches.
type origin struct {
	t    *testing.T
	addr string
	srv  *http.Server
}

func newOrigin(t *testing.T) *origin {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
	o := &origin{t: t, addr: ln.Addr().String()}
	t.Cleanup(o.down)
	return o
}

func (o *origin) url() string { return "http://" + o.addr }

func (o *origin) up(h http.Handler) {
	o.down()
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		o.t.Fatal(err)
	}
	o.srv = &http.Server{Handler: h}
	go o.srv.Serve(ln)
}

func (o *origin) down() {
	if o.srv != nil {
		o.srv.Close()
		o.srv = nil
	}
}

// newerEdition is lang's embedded text as the next year's edition: the
// same rules, effective a year later, with 117.3b saying one more thing.
func newerEdition(t *testing.T, b *rules.Book) string {
	text := librarytest.Text(t, b.Lang)
	if !strings.Contains(text, b.Effective) || !strings.Contains(b.Effective, "2026") {
		t.Fatalf("%s: effective line %q", b.Lang, b.Effective)
	}
	text = strings.Replace(text, b.Effective, strings.Replace(b.Effective, "2026", "2027", 1), 1)
	i := strings.Index(text, "\n117.3b ")
	j := i + 1 + strings.Index(text[i+1:], "\n")
	return text[:j] + " Zeppelins change nothing here." + text[j:]
}

// offlineSites are the site as it is (with the worked examples) and the
// site a year later, when every language has a newer edition, both at
// the public origin base.
func offlineSites(t *testing.T, base string) (now, later http.Handler) {
	cfg := testConfig(t, testLibrary(t))
	cfg.Examples, cfg.BaseURL = testExamples(t), base
	books := cfg.Library.Books
	now = New(cfg)
	o := library.Overrides{}
	for _, lang := range langs.Default.Codes() {
		dir := t.TempDir()
		for name, text := range map[string]string{"2026.txt": librarytest.Text(t, lang), "2027.txt": newerEdition(t, books[lang])} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		o[lang] = []string{dir}
	}
	lib, err := library.Load(library.Embedded(o))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Library = lib
	return now, New(cfg)
}

// dropBatches passes requests to h, except that once after batches of a
// pack were sent it drops the connection of every further one while on.
type dropBatches struct {
	h           http.Handler
	on          atomic.Bool
	after, sent atomic.Int32
}

func (d *dropBatches) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if isBatch(r.URL.Path) {
		if d.on.Load() && d.sent.Load() >= d.after.Load() {
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		d.sent.Add(1)
	}
	d.h.ServeHTTP(w, r)
}

// isBatch: "/en/offline/3f2a9c1b0d4e/12".
func isBatch(path string) bool {
	parts := strings.Split(path, "/")
	return len(parts) == 5 && parts[2] == "offline" && parts[3] != "unavailable"
}

// tab opens a page in a new browser context of the browser ctx runs, with
// its own service workers and caches, as a phone of 390×844 shows it.
func tab(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	tc, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(tc, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	return tc
}

// until polls a JavaScript condition for up to limit.
func until(t *testing.T, ctx context.Context, what, cond string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %v (%v)", what, limit, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("main"))); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
}

func jsText(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return s
}

// paraText is the text of the paragraph of rule num on the page.
func paraText(t *testing.T, ctx context.Context, num string) string {
	return jsText(t, ctx, `(document.getElementById("`+num+`") || {textContent: ""}).textContent`)
}

// saveOffline saves lang's rules from its offline page and waits until
// the saved copy is there.
func saveOffline(t *testing.T, ctx context.Context, base, lang string) {
	t.Helper()
	open(t, ctx, base+"/"+lang+"/offline")
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("[data-offline-save]")), chromedp.Click(chromedp.CSS("[data-offline-save]"))); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	until(t, ctx, lang+" saved", `!document.querySelector("[data-offline-ready]").hidden`, 90*time.Second)
	t.Logf("%s saved in %v", lang, time.Since(start).Round(100*time.Millisecond))
}

// TestBrowserOffline reads the site offline in one Chromium, each case in
// a browser context of its own (its own service worker and caches).
func TestBrowserOffline(t *testing.T) {
	t.Parallel() // its own origin, sites and browser contexts
	ctx := chromium.TabFor(t, 8*time.Minute)
	o := newOrigin(t)
	now, later := offlineSites(t, o.url())
	for _, lang := range langs.Default.Codes() {
		t.Run("saved/"+lang, func(t *testing.T) { readSavedOffline(t, tab(t, ctx), o, now, later, lang) })
	}
	t.Run("recently read", func(t *testing.T) { readRecentOffline(t, tab(t, ctx), o, now) })
	t.Run("dropped connection", func(t *testing.T) { saveAfterDrop(t, tab(t, ctx), o, now) })
}

// readSavedOffline saves lang's rules from its offline page, stops the
// server and reads the saved rules: a rule, a subrule (on its rule's
// page, marked), the contents and the glossary; a search says, in the
// reader's language, that it needs the site. Then the site comes back
// with a newer edition: the next page read says so, the saved copy is
// updated in the background, and offline again the rules are the newer
// edition's.
func readSavedOffline(t *testing.T, tc context.Context, o *origin, now, later http.Handler, lang string) {
	lib, cat := testLibrary(t), testConfig(t, nil).Catalog
	o.up(now)
	base := o.url() + "/" + lang
	saveOffline(t, tc, o.url(), lang)
	saved := jsText(t, tc, `document.querySelector("[data-offline-saved]").textContent`)
	label := jsText(t, tc, `document.querySelector(".offline .edition").textContent`)
	if !strings.Contains(saved, label) || !strings.Contains(saved, "MB") {
		t.Errorf("saved copy reads %q, want the edition %q and its size", saved, label)
	}

	o.down()
	b := lib.Books[lang]
	open(t, tc, base+"/rules/702.19")
	if r, _ := b.Rule("702.19a"); !strings.Contains(paraText(t, tc, "702.19a"), r.Text[:len(r.Text)/2]) {
		t.Errorf("offline 702.19 lacks 702.19a: %q", paraText(t, tc, "702.19a"))
	}
	open(t, tc, base+"/rules/117.3b")
	if loc := waitLocation(t, tc, "/rules/117.3#117.3b"); !strings.HasPrefix(loc, base) {
		t.Errorf("117.3b offline opened %s", loc)
	}
	if r, _ := b.Rule("117.3b"); !strings.Contains(paraText(t, tc, "117.3b"), r.Text[:len(r.Text)/2]) {
		t.Errorf("offline 117.3b lacks its text: %q", paraText(t, tc, "117.3b"))
	}
	until(t, tc, "117.3b marked", `document.getElementById("117.3b").matches(":target")`, 5*time.Second)
	open(t, tc, base+"/rules")
	if h := text(t, tc, "h1"); h != cat.T(lang, msg.ContentsHeading) {
		t.Errorf("offline contents: h1 %q", h)
	}
	if n := jsText(t, tc, `String(document.querySelectorAll('main a[href$="/rules/702"]').length)`); n != "1" {
		t.Errorf("offline contents link 702 %s times", n)
	}
	open(t, tc, base+"/glossary")
	if n := jsText(t, tc, `String(document.querySelectorAll("ul.terms a").length)`); n != strconv.Itoa(len(b.Glossary)) {
		t.Errorf("offline glossary lists %s entries, want %d", n, len(b.Glossary))
	}
	open(t, tc, base+"/search?q=priority")
	if h := text(t, tc, "[data-offline-unavailable] h1"); h != cat.T(lang, msg.OfflineUnavailableHeading) {
		t.Errorf("offline search: %q", h)
	}
	if n := jsText(t, tc, `String(document.querySelectorAll('[data-offline-unavailable] a[href="/`+lang+`/rules"]').length)`); n != "1" {
		t.Error("the offline message does not lead to the saved contents")
	}
	open(t, tc, o.url()+"/")
	waitLocation(t, tc, "/"+lang+"/")
	if h := text(t, tc, "h1"); h != b.Title {
		t.Errorf("offline home: h1 %q", h)
	}

	o.up(later)
	open(t, tc, base+"/rules/117")
	until(t, tc, "the newer edition announced", `!!document.querySelector("[data-offline-stale], [data-offline-updated]")`, 30*time.Second)
	if s := text(t, tc, "main .notice"); !strings.Contains(s, "2027") {
		t.Errorf("the notice %q does not name the newer edition", s)
	}
	until(t, tc, "the saved copy updated", `!!document.querySelector("[data-offline-updated]")`, 90*time.Second)
	o.down()
	open(t, tc, base+"/rules/117.3b")
	waitLocation(t, tc, "/rules/117.3#117.3b")
	if !strings.Contains(paraText(t, tc, "117.3b"), "Zeppelins change nothing here.") {
		t.Errorf("offline after the update, 117.3b is %q", paraText(t, tc, "117.3b"))
	}
	if e := text(t, tc, "p.edition"); !strings.Contains(e, "2027") {
		t.Errorf("offline after the update the edition is %q", e)
	}
}

// readRecentOffline reads a rule online without saving anything: offline
// it opens again, and so does a subrule on it; a page never read gives
// the stand-in page.
func readRecentOffline(t *testing.T, tc context.Context, o *origin, now http.Handler) {
	o.up(now)
	open(t, tc, o.url()+"/en/")
	until(t, tc, "the worker in control", `!!navigator.serviceWorker.controller`, 30*time.Second)
	open(t, tc, o.url()+"/en/rules/117")
	online := paraText(t, tc, "117.2")
	o.down()
	open(t, tc, o.url()+"/en/rules/117")
	if got := paraText(t, tc, "117.2"); got == "" || got != online {
		t.Errorf("offline 117 shows 117.2 as %q, online %q", got, online)
	}
	open(t, tc, o.url()+"/en/rules/117.2")
	waitLocation(t, tc, "/en/rules/117#117.2")
	open(t, tc, o.url()+"/en/rules/118")
	if h := text(t, tc, "h1"); h != testConfig(t, nil).Catalog.T("en", msg.OfflineUnavailableHeading) {
		t.Errorf("a rule never read, offline: %q", h)
	}
}

// saveAfterDrop drops the connection in the middle of a save: the page
// says so, and saving again fetches only the batches not kept yet.
func saveAfterDrop(t *testing.T, tc context.Context, o *origin, now http.Handler) {
	d := &dropBatches{h: now}
	d.after.Store(5)
	d.on.Store(true)
	o.up(d)
	open(t, tc, o.url()+"/de/offline")
	if err := chromedp.Do(tc, chromedp.WaitVisible(chromedp.CSS("[data-offline-save]")), chromedp.Click(chromedp.CSS("[data-offline-save]"))); err != nil {
		t.Fatal(err)
	}
	failed := testConfig(t, nil).Catalog.T("de", msg.OfflineFailed)
	until(t, tc, "the failure shown", `document.querySelector("[data-offline-status]").textContent === `+jsString(failed), 60*time.Second)
	if ready := jsText(t, tc, `String(document.querySelector("[data-offline-ready]").hidden)`); ready != "true" {
		t.Error("a failed save shows a saved copy")
	}
	first := d.sent.Load()
	if first != 5 {
		t.Fatalf("%d batches sent before the drop, want 5", first)
	}
	var ix offline.Index
	if err := json.Unmarshal([]byte(getAt(t, o.url(), urls.OfflineIndex("de")).body), &ix); err != nil {
		t.Fatal(err)
	}
	// The progress shows the batches kept.
	if p := jsText(t, tc, `(p => p.value + "/" + p.max + " " + p.hidden)(document.querySelector("[data-offline-progress]"))`); p != "5/"+strconv.Itoa(len(ix.Batches))+" false" {
		t.Errorf("progress after the drop: %s", p)
	}
	d.on.Store(false)
	if err := chromedp.Do(tc, chromedp.Click(chromedp.CSS("[data-offline-save]"))); err != nil {
		t.Fatal(err)
	}
	until(t, tc, "saved", `!document.querySelector("[data-offline-ready]").hidden`, 90*time.Second)
	if again := d.sent.Load() - first; int(again) != len(ix.Batches)-5 {
		t.Errorf("saving again fetched %d batches, want the %d not kept of %d", again, len(ix.Batches)-5, len(ix.Batches))
	}
}

// jsString writes s as a JavaScript string.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
