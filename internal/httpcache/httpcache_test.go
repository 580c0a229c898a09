package httpcache

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// edition is the content's date in these tests: every public answer's
// Last-Modified.
var edition = time.Date(2026, 4, 17, 0, 0, 0, 0, time.UTC)

// server serves /page (public, slow to render, counted; reads ?v=),
// /private (sets a cookie), /boom (panics) and /fail (an error) through
// the cache, which keeps the answers of those four routes; /unkept
// (public, but its route never asked to be kept), /cookie (public, reads
// a cookie) and /big (public, over MaxEntryBytes) are counted too.
func server(t *testing.T, maxBytes int64) (*echo.Echo, *atomic.Int32, *Cache) {
	t.Helper()
	var renders atomic.Int32
	c := New(maxBytes, edition)
	for _, route := range []string{"/private", "/boom", "/fail", "/cookie", "/big"} {
		c.Keep(route)
	}
	c.Keep("/page", "v", "m*")
	e := echo.New()
	e.Pre(HeadAsGet)
	e.Use(middleware.Recover())
	e.Use(c.Middleware)
	page := strings.Repeat("<p>Trample lets excess damage through.</p>\n", 100)
	e.GET("/page", func(ctx echo.Context) error {
		renders.Add(1)
		time.Sleep(20 * time.Millisecond)
		ctx.Response().Header().Set("Cache-Control", "public, max-age=60")
		return ctx.HTML(http.StatusOK, page+ctx.QueryParam("v"))
	})
	e.GET("/private", func(ctx echo.Context) error {
		renders.Add(1)
		ctx.SetCookie(&http.Cookie{Name: "lang", Value: "de"})
		ctx.Response().Header().Set("Cache-Control", "public, max-age=60")
		return ctx.String(http.StatusOK, "mine")
	})
	public := func(body func(echo.Context) string) echo.HandlerFunc {
		return func(ctx echo.Context) error {
			renders.Add(1)
			ctx.Response().Header().Set("Cache-Control", "public, max-age=60")
			return ctx.HTML(http.StatusOK, body(ctx))
		}
	}
	e.GET("/unkept", public(func(echo.Context) string { return page }))
	e.GET("/cookie", public(func(ctx echo.Context) string {
		if ck, err := ctx.Cookie("lang"); err == nil {
			return page + ck.Value
		}
		return page
	}))
	e.GET("/big", public(func(echo.Context) string { return strings.Repeat(page, MaxEntryBytes/len(page)+1) }))
	e.GET("/boom", func(echo.Context) error { panic("template exploded") })
	e.GET("/fail", func(echo.Context) error { return echo.NewHTTPError(http.StatusTeapot, "no") })
	return e, &renders, c
}

func do(h http.Handler, method, path string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

func TestConcurrentMissesRenderOnce(t *testing.T) {
	e, renders, _ := server(t, 1<<20)
	var wg sync.WaitGroup
	bodies := make([]string, 16)
	for i := range bodies {
		wg.Go(func() { bodies[i] = do(e, http.MethodGet, "/page").Body.String() })
	}
	wg.Wait()
	if n := renders.Load(); n != 1 {
		t.Errorf("16 concurrent requests rendered %d times", n)
	}
	for _, b := range bodies {
		if b != bodies[0] || len(b) < 1000 {
			t.Fatal("requests got different bodies")
		}
	}
	do(e, http.MethodGet, "/page")
	if n := renders.Load(); n != 1 {
		t.Errorf("a cached page rendered again: %d", n)
	}
}

func TestValidatorsCompressionAndHead(t *testing.T) {
	e, _, _ := server(t, 1<<20)
	plain := do(e, http.MethodGet, "/page")
	etag := plain.Header().Get("ETag")
	if plain.Code != 200 || !strings.HasPrefix(etag, `"`) || strings.HasPrefix(etag, "W/") || plain.Header().Get("Content-Length") != "4300" {
		t.Fatalf("plain: %d ETag %q length %q", plain.Code, etag, plain.Header().Get("Content-Length"))
	}
	gz := do(e, http.MethodGet, "/page", "Accept-Encoding", "br;q=1, gzip;q=0.8")
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Header().Get("ETag") != strings.TrimSuffix(etag, `"`)+`-gz"` || gz.Header().Get("Vary") != "Accept-Encoding" {
		t.Fatalf("gzip: %v", gz.Header())
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, plain.Body.Bytes()) {
		t.Error("gzip body differs")
	}
	if w := do(e, http.MethodGet, "/page", "Accept-Encoding", "gzip;q=0"); w.Header().Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 got gzip")
	}
	gzTag := gz.Header().Get("ETag")
	// 304 only when the client holds the representation it would get now.
	for _, c := range []struct {
		ae, inm string
		want    int
	}{
		{"", etag, http.StatusNotModified},
		{"", `"other", ` + etag, http.StatusNotModified},
		{"", "W/" + etag, http.StatusNotModified},
		{"", "*", http.StatusNotModified},
		{"", gzTag, http.StatusOK},
		{"gzip", gzTag, http.StatusNotModified},
		{"gzip", etag, http.StatusOK},
		{"gzip;q=0", gzTag, http.StatusOK},
		{"", `"stale"`, http.StatusOK},
	} {
		w := do(e, http.MethodGet, "/page", "Accept-Encoding", c.ae, "If-None-Match", c.inm)
		if w.Code != c.want || (c.want == http.StatusNotModified && w.Body.Len() != 0) {
			t.Errorf("Accept-Encoding %q, If-None-Match %s: %d, %d bytes; want %d", c.ae, c.inm, w.Code, w.Body.Len(), c.want)
		}
		if sent := w.Header().Get("ETag"); (c.ae == "gzip" && sent != gzTag) || (c.ae != "gzip" && sent != etag) {
			t.Errorf("Accept-Encoding %q: ETag %s", c.ae, sent)
		}
	}
	lastMod := plain.Header().Get("Last-Modified")
	since, err := http.ParseTime(lastMod)
	if err != nil || !since.Equal(edition) {
		t.Fatalf("Last-Modified %q (%v); want the content's date %s", lastMod, err, edition.Format(http.TimeFormat))
	}
	for _, c := range []struct {
		header []string
		want   int
	}{
		{[]string{"If-Modified-Since", lastMod}, http.StatusNotModified},
		{[]string{"If-Modified-Since", since.Add(time.Hour).Format(http.TimeFormat)}, http.StatusNotModified},
		{[]string{"If-Modified-Since", since.Add(-time.Second).Format(http.TimeFormat)}, http.StatusOK},
		{[]string{"If-Modified-Since", "yesterday"}, http.StatusOK},
		// If-None-Match wins over If-Modified-Since.
		{[]string{"If-Modified-Since", lastMod, "If-None-Match", `"stale"`}, http.StatusOK},
	} {
		if w := do(e, http.MethodGet, "/page", c.header...); w.Code != c.want {
			t.Errorf("%q: %d, want %d", c.header, w.Code, c.want)
		}
	}
	head := do(e, http.MethodHead, "/page")
	if head.Code != 200 || head.Body.Len() != 0 || head.Header().Get("Content-Length") != "4300" || head.Header().Get("ETag") != etag {
		t.Errorf("HEAD: %d, %d bytes, %v", head.Code, head.Body.Len(), head.Header())
	}
}

func TestPrivateAndFailedResponsesPassThrough(t *testing.T) {
	e, renders, c := server(t, 1<<20)
	for range 2 {
		w := do(e, http.MethodGet, "/private")
		if w.Body.String() != "mine" || w.Header().Get("Set-Cookie") == "" || w.Header().Get("ETag") != "" || w.Header().Get("Last-Modified") != "" {
			t.Errorf("private: %q %v", w.Body.String(), w.Header())
		}
	}
	if n := renders.Load(); n != 2 {
		t.Errorf("a response with a cookie was served from the cache (%d renders)", n)
	}
	if w := do(e, http.MethodGet, "/private", "If-Modified-Since", time.Now().Add(time.Hour).Format(http.TimeFormat)); w.Code != http.StatusOK {
		t.Errorf("a private response answered %d to If-Modified-Since", w.Code)
	}
	if w := do(e, http.MethodGet, "/fail"); w.Code != http.StatusTeapot || w.Header().Get("Content-Length") == "" {
		t.Errorf("error: %d %v", w.Code, w.Header())
	}
	if w := do(e, http.MethodGet, "/boom"); w.Code != http.StatusInternalServerError {
		t.Errorf("panic: %d", w.Code)
	}
	if n, _ := c.Len(); n != 0 {
		t.Errorf("%d responses cached", n)
	}
}

func TestCacheStaysUnderItsCap(t *testing.T) {
	e, renders, c := server(t, 40_000) // room for a few 4.3 KB pages
	for _, v := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "1"} {
		do(e, http.MethodGet, "/page?v="+v)
	}
	n, size := c.Len()
	if size > 40_000 || n == 0 || n >= 9 {
		t.Errorf("%d entries, %d bytes", n, size)
	}
	if renders.Load() != 10 {
		t.Errorf("the oldest page was not evicted: %d renders", renders.Load())
	}
	off, offRenders, _ := server(t, 0)
	for range 2 {
		if w := do(off, http.MethodGet, "/page"); w.Header().Get("ETag") == "" {
			t.Error("no ETag without a cache")
		}
	}
	if offRenders.Load() != 2 {
		t.Errorf("a cache of 0 bytes kept a page: %d renders", offRenders.Load())
	}
	// Without a cache a page is compressed only for a reader who takes gzip.
	for ae, want := range map[string]string{"gzip": "gzip", "": ""} {
		w := do(off, http.MethodGet, "/page", "Accept-Encoding", ae)
		if w.Header().Get("Content-Encoding") != want || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("no cache, Accept-Encoding %q: %v", ae, w.Header())
		}
	}
}

func TestQuality(t *testing.T) {
	for _, c := range []struct {
		ae, coding string
		want       float64
	}{
		{"gzip", "gzip", 1}, {"GZIP", "gzip", 1}, {"deflate, gzip;q=0.5", "gzip", 0.5}, {"*", "gzip", 1},
		{"gzip;q=0", "gzip", 0}, {"gzip; q=0.000", "gzip", 0}, {"br", "gzip", 0}, {"", "gzip", 0},
		{"gzip;q=banana", "gzip", 0}, {"gzip;q=2", "gzip", 0}, {"*;q=0.2, br", "br", 1},
		{"br;q=0, *", "br", 0}, {"gzip, deflate, br, zstd", "br", 1}, {"*;q=0.3", "br", 0.3},
	} {
		if got := quality(c.ae, c.coding); got != c.want {
			t.Errorf("%q %s: %v, want %v", c.ae, c.coding, got, c.want)
		}
	}
}

func TestBrotliOnceAReaderAsks(t *testing.T) {
	e, renders, c := server(t, 1<<20)
	plain := do(e, http.MethodGet, "/page")
	_, before := c.Len()
	first := do(e, http.MethodGet, "/page", "Accept-Encoding", "gzip, deflate, br")
	if first.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("before brotli is ready: %v", first.Header())
	}
	c.compressing.Wait()
	br := do(e, http.MethodGet, "/page", "Accept-Encoding", "gzip, deflate, br")
	etag := strings.TrimSuffix(plain.Header().Get("ETag"), `"`) + `-br"`
	if br.Header().Get("Content-Encoding") != "br" || br.Header().Get("ETag") != etag || br.Header().Get("Vary") != "Accept-Encoding" ||
		br.Header().Get("Content-Length") != strconv.Itoa(br.Body.Len()) || br.Body.Len() >= first.Body.Len() {
		t.Fatalf("brotli: %v, %d bytes (gzip %d)", br.Header(), br.Body.Len(), first.Body.Len())
	}
	brLen := int64(br.Body.Len())
	if got, err := io.ReadAll(brotli.NewReader(br.Body)); err != nil || !bytes.Equal(got, plain.Body.Bytes()) {
		t.Errorf("brotli body differs: %v", err)
	}
	for ae, want := range map[string]string{"br;q=0.5, gzip": "gzip", "br;q=0, gzip": "gzip", "br;q=0.1": "br", "identity": ""} {
		if w := do(e, http.MethodGet, "/page", "Accept-Encoding", ae); w.Header().Get("Content-Encoding") != want {
			t.Errorf("Accept-Encoding %q: %q, want %q", ae, w.Header().Get("Content-Encoding"), want)
		}
	}
	if w := do(e, http.MethodGet, "/page", "Accept-Encoding", "br", "If-None-Match", etag); w.Code != http.StatusNotModified {
		t.Errorf("brotli ETag: %d", w.Code)
	}
	if head := do(e, http.MethodHead, "/page", "Accept-Encoding", "br"); head.Body.Len() != 0 || head.Header().Get("Content-Length") != br.Header().Get("Content-Length") {
		t.Errorf("HEAD: %v", head.Header())
	}
	if n, after := c.Len(); n != 1 || after != before+brLen {
		t.Errorf("%d entries, %d bytes, %d before brotli (%d bytes)", n, after, before, brLen)
	}
	if n := renders.Load(); n != 1 {
		t.Errorf("%d renders", n)
	}
	// A response that is not kept is never compressed with brotli.
	off, _, offCache := server(t, 0)
	for range 2 {
		w := do(off, http.MethodGet, "/page", "Accept-Encoding", "br, gzip")
		offCache.compressing.Wait()
		if w.Header().Get("Content-Encoding") != "gzip" {
			t.Errorf("without a cache: %v", w.Header())
		}
	}
}

// TestKeptOnlyWhenAsked: a public answer is kept only when its route asked
// (Keep), did not read a cookie and is at most MaxEntryBytes; the others
// render for every request.
func TestKeptOnlyWhenAsked(t *testing.T) {
	e, renders, c := server(t, 64<<20)
	for _, path := range []string{"/unkept", "/cookie", "/big"} {
		renders.Store(0)
		for i := range 2 {
			w := do(e, http.MethodGet, path, "Cookie", "lang=de"+strconv.Itoa(i))
			if w.Code != 200 || w.Header().Get("ETag") == "" {
				t.Errorf("%s: %d, ETag %q", path, w.Code, w.Header().Get("ETag"))
			}
		}
		if n := renders.Load(); n != 2 {
			t.Errorf("%s: %d renders for 2 requests; want 2 (never kept)", path, n)
		}
	}
	if n, _ := c.Len(); n != 0 {
		t.Errorf("%d entries kept", n)
	}
	do(e, http.MethodGet, "/page")
	if n, _ := c.Len(); n != 1 {
		t.Errorf("a kept route's page: %d entries", n)
	}
}

// TestCanonicalQuery: a kept route's URI with parameters it does not read,
// repeated ones it reads once, or escaped another way, redirects to the
// canonical URI, which alone is kept.
func TestCanonicalQuery(t *testing.T) {
	e, renders, c := server(t, 64<<20)
	for raw, want := range map[string]string{
		"/page?x=1":                "/page",
		"/page?v=1&x=2":            "/page?v=1",
		"/page?x=2&v=1&v=2":        "/page?v=1",
		"/page?v=%61":              "/page?v=a",
		"/page?v=a+b&utm_source=z": "/page?v=a+b",
		"/page?m=1&v=2&m=3":        "", // canonical already
		"/page?v":                  "/page?v=",
		"/page?&":                  "/page",
	} {
		w := do(e, http.MethodGet, raw)
		switch {
		case want == "" && w.Code != http.StatusOK:
			t.Errorf("%s: %d; want 200", raw, w.Code)
		case want != "" && (w.Code != http.StatusMovedPermanently || w.Header().Get("Location") != want):
			t.Errorf("%s: %d to %q; want 301 to %s", raw, w.Code, w.Header().Get("Location"), want)
		}
	}
	if n, _ := c.Len(); n != 1 || renders.Load() != 1 {
		t.Errorf("%d entries, %d renders; want the canonical one only", n, renders.Load())
	}
	// A route that keeps nothing is answered whatever its query.
	if w := do(e, http.MethodGet, "/unkept?x=1"); w.Code != 200 {
		t.Errorf("/unkept?x=1: %d", w.Code)
	}
}
