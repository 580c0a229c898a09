package edge

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/httpcache"
	"github.com/mtgrules/site/internal/refusal"
)

// site is an echo handler behind a response cache, counting the requests
// that reach echo.
type site struct {
	*echo.Echo
	cache   *httpcache.Cache
	reached atomic.Int32
}

func (s *site) Hit(uri string, r httpcache.Request) (httpcache.Reply, bool) {
	return s.cache.Hit(uri, r)
}

func newSite() *site {
	s := &site{Echo: echo.New(), cache: httpcache.New(1<<20, time.Date(2026, 4, 17, 0, 0, 0, 0, time.UTC))}
	s.Pre(httpcache.HeadAsGet, func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error { s.reached.Add(1); return next(c) }
	})
	s.Use(s.cache.Middleware)
	s.cache.Keep("/:lang/glossary/:slug")
	s.GET("/:lang/glossary/:slug", func(c echo.Context) error {
		c.Response().Header().Set("Cache-Control", "public, max-age=60")
		return c.HTML(http.StatusOK, "<h1>"+c.Param("slug")+"</h1>"+strings.Repeat("<p>The term's text.</p>", 100))
	})
	s.POST("/post", func(c echo.Context) error { return c.String(http.StatusOK, "not read") })
	return s
}

// start serves h on a loopback port with short timeouts.
func start(t *testing.T, h Site, l Limits) (*http.Server, string) {
	t.Helper()
	ln, err := Listen("127.0.0.1:0", l, nil, refusal.New(nil))
	if err != nil {
		t.Fatal(err)
	}
	srv := New(h, l, refusal.New(nil))
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return srv, ln.Addr().String()
}

var limits = Limits{ReadHeaderTimeout: 300 * time.Millisecond, ReadTimeout: 2 * time.Second, WriteTimeout: 2 * time.Second, IdleTimeout: 5 * time.Second, MaxHeaderBytes: 8 << 10}

// exchange writes raw requests on one connection and reads one response
// for each.
func exchange(t *testing.T, addr string, requests ...string) []*http.Response {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	br := bufio.NewReader(c)
	var out []*http.Response
	for _, req := range requests {
		if _, err := io.WriteString(c, req); err != nil {
			t.Fatal(err)
		}
		method, _, _ := strings.Cut(req, " ")
		res, err := http.ReadResponse(br, &http.Request{Method: method})
		if err != nil {
			t.Fatalf("after %d responses: %v", len(out), err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body = io.NopCloser(strings.NewReader(string(body)))
		out = append(out, res)
	}
	return out
}

func text(res *http.Response) string {
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// TestKeptPageSkipsEcho: a glossary entry asked with its Japanese name
// raw in the request line, then percent-encoded, then as HEAD, reaches
// echo once: the other requests are answered from the cache in front of
// it, with the same bytes and validators.
func TestKeptPageSkipsEcho(t *testing.T) {
	s := newSite()
	_, addr := start(t, s, limits)
	res := exchange(t, addr,
		"GET /ja/glossary/優先権 HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /ja/glossary/%E5%84%AA%E5%85%88%E6%A8%A9 HTTP/1.1\r\nHost: x\r\n\r\n",
		"HEAD /ja/glossary/優先権 HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /ja/glossary/優先権 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n",
	)
	if n := s.reached.Load(); n != 1 {
		t.Errorf("echo reached %d times for 4 requests of a kept page; want 1", n)
	}
	first, again, head, gz := res[0], res[1], res[2], res[3]
	if first.StatusCode != 200 || !strings.Contains(text(first), "<h1>優先権</h1>") {
		t.Fatalf("first: %d", first.StatusCode)
	}
	if again.StatusCode != 200 || again.Header.Get("ETag") != first.Header.Get("ETag") || again.Header.Get("Content-Length") != first.Header.Get("Content-Length") {
		t.Errorf("kept: %d %v; first %v", again.StatusCode, again.Header, first.Header)
	}
	if head.StatusCode != 200 || head.Header.Get("Content-Length") != first.Header.Get("Content-Length") {
		t.Errorf("HEAD: %d %v", head.StatusCode, head.Header)
	}
	if gz.Header.Get("Content-Encoding") != "gzip" || gz.Header.Get("ETag") == first.Header.Get("ETag") {
		t.Errorf("gzip: %v", gz.Header)
	}
}

// TestBodies: a request with a chunked body (also one that names a
// Content-Length too, a smuggling shape) is answered with Connection:
// close, and the connection closes; one with a length the handler does
// not read leaves the connection usable, unless it is too large to skip.
func TestBodies(t *testing.T) {
	_, addr := start(t, newSite(), limits)
	big := strings.Repeat("x", 300<<10)
	for _, req := range []string{
		"POST /post HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
		"POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
		fmt.Sprintf("POST /post HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n", len(big), big),
		fmt.Sprintf("POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", len(big), big),
	} {
		res := exchange(t, addr, req)
		if res[0].StatusCode != 200 || !res[0].Close { // ReadResponse takes "Connection: close" into Close
			t.Errorf("%.80q: %d, close %v; want 200, Connection: close", req, res[0].StatusCode, res[0].Close)
		}
	}
	res := exchange(t, addr,
		"POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
		"GET /ja/glossary/x HTTP/1.1\r\nHost: x\r\n\r\n",
	)
	if res[0].StatusCode != 200 || res[0].Close || res[1].StatusCode != 200 {
		t.Errorf("a short body left unread: %d close %v, next request %d", res[0].StatusCode, res[0].Close, res[1].StatusCode)
	}
}

// TestShutdownSaysClose: a response finished while the server shuts down
// says Connection: close, so a keep-alive client does not send another
// request into a closing connection.
func TestShutdownSaysClose(t *testing.T) {
	s := newSite()
	release := make(chan struct{})
	started := make(chan struct{})
	s.GET("/slow", func(c echo.Context) error {
		close(started)
		<-release
		return c.String(http.StatusOK, "done")
	})
	srv, addr := start(t, s, limits)
	got := make(chan *http.Response, 1)
	go func() { got <- exchange(t, addr, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")[0] }()
	<-started
	stopped := make(chan error, 1)
	go func() { stopped <- srv.Shutdown(context.Background()) }()
	time.Sleep(50 * time.Millisecond) // Shutdown has begun
	close(release)
	res := <-got
	if res.StatusCode != 200 || !res.Close {
		t.Errorf("response during shutdown: %d, close %v; want Connection: close", res.StatusCode, res.Close)
	}
	if err := <-stopped; err != nil {
		t.Errorf("Shutdown: %v", err)
	}
}

// TestMalformedRequests: request shapes the probe found accepted are
// refused; a header that never ends is cut off by ReadHeaderTimeout.
func TestMalformedRequests(t *testing.T) {
	s := newSite()
	_, addr := start(t, s, limits)
	for req, want := range map[string]int{
		"GET /ja/glossary/x HTTP/2.0\r\nHost: x\r\n\r\n":                                     http.StatusHTTPVersionNotSupported,
		"GET /ja/glossary/x HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\t0\r\n\r\n":         http.StatusBadRequest,
		"GET /ja/glossary/x HTTP/1.1\r\nHost: x\r\nX A: 1\r\n\r\n":                           http.StatusBadRequest,
		"POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab": http.StatusBadRequest,
	} {
		if res := exchange(t, addr, req); res[0].StatusCode != want {
			t.Errorf("%q: %d; want %d", req, res[0].StatusCode, want)
		}
	}
	if n := s.reached.Load(); n != 0 {
		t.Errorf("%d malformed requests reached echo", n)
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n")
	began := time.Now()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	io.ReadAll(c)
	if took := time.Since(began); took > limits.ReadHeaderTimeout+time.Second {
		t.Errorf("an unfinished header kept the connection %v", took)
	}
}

// TestRequestContextEndsWithTheClient: a client that goes away ends its
// request's context, which the site's handlers run under.
func TestRequestContextEndsWithTheClient(t *testing.T) {
	s := newSite()
	ended := make(chan struct{})
	s.GET("/wait", func(c echo.Context) error {
		select {
		case <-c.Request().Context().Done():
			close(ended)
		case <-time.After(5 * time.Second):
		}
		return nil
	})
	_, addr := start(t, s, limits)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(c, "GET /wait HTTP/1.1\r\nHost: x\r\n\r\n")
	time.Sleep(50 * time.Millisecond)
	c.Close()
	select {
	case <-ended:
	case <-time.After(3 * time.Second):
		t.Error("the handler's context did not end when its client left")
	}
}
