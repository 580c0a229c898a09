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

// server serves /page (public, slow to render, counted), /private (sets a
// cookie), /boom (panics) and /fail (an error) through the cache.
func server(t *testing.T, maxBytes int64) (*echo.Echo, *atomic.Int32, *Cache) {
	t.Helper()
	var renders atomic.Int32
	c := New(maxBytes)
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
	for _, inm := range []string{etag, gz.Header().Get("ETag"), `"other", ` + etag, "*"} {
		w := do(e, http.MethodGet, "/page", "If-None-Match", inm)
		if w.Code != http.StatusNotModified || w.Body.Len() != 0 || w.Header().Get("ETag") != etag {
			t.Errorf("If-None-Match %s: %d, %d bytes", inm, w.Code, w.Body.Len())
		}
	}
	if w := do(e, http.MethodGet, "/page", "If-None-Match", `"stale"`); w.Code != 200 {
		t.Errorf("stale ETag: %d", w.Code)
	}
	lastMod := plain.Header().Get("Last-Modified")
	since, err := http.ParseTime(lastMod)
	if err != nil || time.Since(since) > time.Minute || time.Until(since) > 0 {
		t.Fatalf("Last-Modified %q: %v", lastMod, err)
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
	if w := do(e, http.MethodGet, "/page", "If-None-Match", etag); w.Code != http.StatusNotModified {
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
