package serve

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/reload"
	"github.com/mtgrules/site/internal/web"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/static"
)

// servers runs one site twice: through this package's server and, for
// reference, through net/http's. Both share the site and so its cache.
func servers(t *testing.T) (fast, std string) {
	t.Helper()
	cat, err := locales.Load(langs.Default, locales.Files)
	if err != nil {
		t.Fatal(err)
	}
	assets, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	exs, err := examples.Load(langs.Default, content.FS)
	if err != nil {
		t.Fatal(err)
	}
	site, err := reload.New(web.Config{Catalog: cat, Assets: assets, Examples: exs, BaseURL: "http://rules.test"}, library.Embedded(nil))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { site.Close() })
	if _, err := site.Search().Wait(); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := New(site, Limits{ReadTimeout: 5 * time.Second, WriteTimeout: 5 * time.Second, IdleTimeout: 5 * time.Second, MaxHeaderBytes: 96 << 10}, slog.New(slog.DiscardHandler))
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Shutdown() })
	ref := httptest.NewServer(site)
	t.Cleanup(ref.Close)
	return "http://" + ln.Addr().String(), ref.URL
}

// answer is a response without what differs from one second to the next.
type answer struct {
	status int
	header http.Header
	body   string
}

func (a answer) String() string {
	keys := make([]string, 0, len(a.header))
	for k := range a.header {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", a.status)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s\n", k, strings.Join(a.header[k], ", "))
	}
	fmt.Fprintf(&b, "body: %d bytes, %q…", len(a.body), a.body[:min(len(a.body), 60)])
	return b.String()
}

// client does not follow redirects nor ask for gzip on its own.
var client = &http.Client{
	Transport:     &http.Transport{DisableCompression: true},
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

func send(t *testing.T, method, url string, header http.Header, body []byte) answer {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	res.Header.Del("Date")
	return answer{res.StatusCode, res.Header, string(b)}
}

// TestSameAnswersAsNetHTTP sends each request to both servers, cached and
// not, and wants the same status, headers and body from each.
func TestSameAnswersAsNetHTTP(t *testing.T) {
	fast, std := servers(t)
	first := send(t, http.MethodGet, std+"/en/rules/117", nil, nil)
	if first.status != http.StatusOK || first.header.Get("Etag") == "" {
		t.Fatalf("GET /en/rules/117:\n%s", first)
	}
	etag := first.header.Get("Etag")
	long := strings.Repeat("a", 70<<10)
	cases := []struct {
		name, method, path string
		header             http.Header
		body               []byte
		status             int
	}{
		{"miss, then kept", "GET", "/de/rules/702.19b", nil, nil, 200},
		{"HEAD, miss first", "HEAD", "/ja/rules/613.1f", nil, nil, 200},
		{"gzip", "GET", "/en/rules/117", http.Header{"Accept-Encoding": {"gzip, deflate"}}, nil, 200},
		{"If-None-Match", "GET", "/en/rules/117", http.Header{"If-None-Match": {etag}}, nil, 304},
		{"If-None-Match, gzip", "GET", "/en/rules/117", http.Header{"If-None-Match": {strings.TrimSuffix(etag, `"`) + `-gz"`}, "Accept-Encoding": {"gzip"}}, nil, 304},
		{"If-Modified-Since", "GET", "/en/rules/117", http.Header{"If-Modified-Since": {first.header.Get("Last-Modified")}}, nil, 304},
		{"HEAD kept", "HEAD", "/en/rules/117", http.Header{"Accept-Encoding": {"gzip"}}, nil, 200},
		{"not found", "GET", "/de/rules/999.9", nil, nil, 404},
		{"bad path", "GET", "/en/rules/%ff", http.Header{"Accept-Language": {"ja"}}, nil, 400},
		{"query too long", "GET", "/en/search?q=" + long, nil, nil, 414},
		{"wrong method", "PUT", "/en/rules/117", nil, nil, 405},
		{"private redirect", "GET", "/", http.Header{"Accept-Language": {"de-DE,de;q=0.9"}}, nil, 302},
		{"language chosen: a cookie", "GET", "/ja/rules/100.1?lang=ja", nil, nil, 303},
		{"search", "GET", "/de/search?q=Trampelschaden", nil, nil, 200},
		{"linkify", "POST", "/api/linkify", http.Header{"Content-Type": {"application/json"}}, []byte(`{"text":"see 702.19b","lang":"en"}`), 200},
		{"body too large", "POST", "/api/linkify", http.Header{"Content-Type": {"application/json"}, "Accept-Language": {"de"}}, bytes.Repeat([]byte("a"), 250<<10), 413},
		{"body far too large, unread", "POST", "/api/linkify", http.Header{"Content-Type": {"application/json"}}, bytes.Repeat([]byte("a"), 3<<20), 413},
	}
	for _, c := range cases {
		// Each twice: the first may fill the cache, the second is answered
		// from it when the page is kept.
		for round := 1; round <= 2; round++ {
			got := send(t, c.method, fast+c.path, c.header, c.body)
			want := send(t, c.method, std+c.path, c.header, c.body)
			if want.header.Get("Content-Length") == "" && c.method != "HEAD" && c.status != http.StatusNotModified {
				// net/http sends a body over 2 KB that did not come through
				// the cache chunked; fasthttp always with its length.
				if n := got.header.Get("Content-Length"); n != fmt.Sprint(len(got.body)) {
					t.Errorf("%s, round %d: Content-Length %s, body %d bytes", c.name, round, n, len(got.body))
				}
				got.header.Del("Content-Length")
			}
			if got.status != c.status {
				t.Errorf("%s, round %d: status %d, want %d\n%s", c.name, round, got.status, c.status, got)
			}
			if got.String() != want.String() || got.body != want.body {
				t.Errorf("%s, round %d:\nfast:\n%s\nnet/http:\n%s", c.name, round, got, want)
			}
		}
	}
}

// TestHeadSendsNoBody: HEAD has the GET's Content-Length and no body, in
// both the kept and the handed-over path.
func TestHeadSendsNoBody(t *testing.T) {
	fast, _ := servers(t)
	get := send(t, "GET", fast+"/en/rules/100.1", nil, nil)
	for _, path := range []string{"/en/rules/100.1", "/en/glossary"} {
		for round := 1; round <= 2; round++ {
			res, err := client.Head(fast + path)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || len(b) != 0 || res.ContentLength <= 0 {
				t.Errorf("HEAD %s round %d: %d, Content-Length %d, %d body bytes", path, round, res.StatusCode, res.ContentLength, len(b))
			}
			if path == "/en/rules/100.1" && res.ContentLength != int64(len(get.body)) {
				t.Errorf("HEAD %s: Content-Length %d, GET sends %d bytes", path, res.ContentLength, len(get.body))
			}
		}
	}
}

// TestKeptKeysSurviveReusedBuffers: many pages asked over a few kept-alive
// connections at once, then each again through net/http, which reads the
// cache by the keys the first requests stored: every one is found intact.
func TestKeptKeysSurviveReusedBuffers(t *testing.T) {
	fast, std := servers(t)
	var paths []string
	for _, n := range []string{"100", "101", "102", "103", "104", "105", "106", "107", "108", "109", "110", "111", "112", "113", "114", "115", "116", "117", "118", "119", "120", "121", "122"} {
		for _, lang := range []string{"en", "de", "ja"} {
			paths = append(paths, "/"+lang+"/rules/"+n+".1")
		}
	}
	bodies := make([]string, len(paths))
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < len(paths); i += 4 {
				bodies[i] = send(t, "GET", fast+paths[i], nil, nil).body
			}
		})
	}
	wg.Wait()
	for i, p := range paths {
		got := send(t, "GET", std+p, http.Header{"If-None-Match": {`"x"`}}, nil)
		if got.status != 200 || got.body != bodies[i] {
			t.Errorf("%s: %d, body differs: %v", p, got.status, got.body != bodies[i])
		}
	}
}

// TestRateLimitSeesTheClient: the linkifier's limit (a burst of 10) counts
// the client's address through this server too, and answers 429 with
// Retry-After.
func TestRateLimitSeesTheClient(t *testing.T) {
	fast, _ := servers(t)
	body := []byte(`{"text":"117.3b","lang":"de"}`)
	h := http.Header{"Content-Type": {"application/json"}}
	for i := 1; i <= 10; i++ {
		if a := send(t, "POST", fast+"/api/linkify", h, body); a.status != 200 {
			t.Fatalf("request %d: %d", i, a.status)
		}
	}
	a := send(t, "POST", fast+"/api/linkify", h, body)
	if a.status != http.StatusTooManyRequests || a.header.Get("Retry-After") == "" {
		t.Errorf("request 11:\n%s", a)
	}
}
