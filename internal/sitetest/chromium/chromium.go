// Package chromium gives each browser test a tab of one headless Chromium
// per test binary: starting the browser takes about a second, a new tab a
// few milliseconds. Only tests import it.
package chromium

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var (
	once     sync.Once
	browser  context.Context
	stop     context.CancelFunc = func() {}
	startErr error
)

// Tab opens a new tab for a test of at most 90 seconds.
func Tab(t *testing.T) context.Context {
	t.Helper()
	return TabFor(t, 90*time.Second)
}

// TabFor opens a new tab, starting the test binary's Chromium on first
// use, for a test that may take up to limit; the tab closes when t ends.
// It skips only when no browser is installed, and never when
// REQUIRE_BROWSER is set (CI). A tab's settings (viewport, JavaScript
// off) are its own.
func TabFor(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	if !installed() {
		if os.Getenv("REQUIRE_BROWSER") != "" {
			t.Fatal("REQUIRE_BROWSER is set but no Chromium is installed")
		}
		t.Skip("no Chromium installed")
	}
	once.Do(func() {
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromedp.DefaultExecAllocatorOptions[:]...)
		ctx, cancelCtx := chromedp.NewContext(alloc)
		stop = func() { cancelCtx(); cancelAlloc() }
		browser, startErr = ctx, chromedp.Do(ctx)
	})
	if startErr != nil {
		t.Fatalf("starting Chromium: %v", startErr)
	}
	tab, closeTab := chromedp.NewContext(browser)
	tab, cancelTimeout := context.WithTimeout(tab, limit)
	t.Cleanup(func() { cancelTimeout(); closeTab() })
	if err := chromedp.Do(tab); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return tab
}

// Parallel is how many tests a package with browser tests runs at once
// unless -parallel says otherwise: a browser test mostly waits for
// Chromium, so more of them than there are CPUs keep the CPUs busy.
const Parallel = 4

// Run runs a test binary's tests, at least Parallel at once, then stops
// its Chromium: a package with browser tests calls it from TestMain.
func Run(m *testing.M) int {
	defer func() { stop() }()
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if n := flag.Lookup("test.parallel"); !given && n != nil && runtime.GOMAXPROCS(0) < Parallel {
		n.Value.Set(strconv.Itoa(Parallel))
	}
	return m.Run()
}

func installed() bool {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if _, err := exec.LookPath(name); err == nil {
			return true
		}
	}
	return false
}
