// Package httpcache keeps the finished responses of public pages in memory
// and serves them as a good cache would: a strong ETag and If-None-Match →
// 304, Last-Modified and If-Modified-Since → 304, gzip when the client takes
// it, Content-Length, HEAD without a body. A kept page is also compressed
// with brotli, in the background, once a reader asks for it; until then it
// is served with gzip.
//
// Keeping is opt-in per route (Keep), which names the query parameters
// the route reads: any other request URI redirects to the canonical one,
// so no parameter makes a new entry. Concurrent misses for one URL render
// once. Responses that are not public (or set a cookie, read one, fail or
// are larger than MaxEntryBytes) pass through, compressed the same way.
package httpcache

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/labstack/echo/v4"
	"golang.org/x/sync/singleflight"

	"github.com/mtgrules/site/internal/urls"
)

// Cache is a byte-capped LRU of finished responses keyed by request URI.
type Cache struct {
	max   int64
	group singleflight.Group
	// since is when the content behind every response last changed: a
	// reload builds a new handler with a new Cache. It is each public
	// response's Last-Modified.
	since time.Time
	// routes are the routes whose answers are kept, with the query
	// parameters each reads; set before serving.
	routes map[string]query

	compressing sync.WaitGroup // background brotli compressions

	mu    sync.Mutex
	used  int64
	order *list.List               // front: most recently used
	byKey map[string]*list.Element // of *entry
}

// New makes a cache holding at most maxBytes of bodies; 0 caches nothing
// (responses still get ETags, Last-Modified, gzip and Content-Length).
// Make one per loaded content: since, when the content last changed, is
// every public response's Last-Modified.
func New(maxBytes int64, since time.Time) *Cache {
	return &Cache{max: maxBytes, since: since.UTC().Truncate(time.Second), routes: map[string]query{},
		order: list.New(), byKey: map[string]*list.Element{}}
}

// MaxEntryBytes bounds a kept answer: a larger one is sent, not kept, so
// one page cannot push out dozens.
const MaxEntryBytes = 256 << 10

// query is what a kept route reads of a query string: each parameter
// whether it may repeat.
type query map[string]bool

// Keep makes the answers of route (an echo route path, as registered)
// kept and shared, keyed by the parameters named: "name" is read once (a
// repeat is dropped), "name*" may repeat. A request with other parameters,
// or written another way, redirects (301) to the canonical query. Call it
// before serving.
func (c *Cache) Keep(route string, params ...string) {
	q := query{}
	for _, p := range params {
		name, many := strings.CutSuffix(p, "*")
		q[name] = many
	}
	c.routes[route] = q
}

// canonical is raw with only q's parameters, each escaped as url.Values
// does, in the order given; a parameter read once appears once.
func (q query) canonical(raw string) string {
	var b strings.Builder
	seen := map[string]bool{}
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		k, v, _ := strings.Cut(pair, "=")
		k, kerr := url.QueryUnescape(k)
		v, verr := url.QueryUnescape(v)
		many, ok := q[k]
		if !ok || kerr != nil || verr != nil || (seen[k] && !many) {
			continue
		}
		seen[k] = true
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(k) + "=" + url.QueryEscape(v))
	}
	return b.String()
}

// entry is one finished response.
type entry struct {
	key    string
	status int
	header http.Header
	body   []byte
	gz     []byte    // nil when not worth compressing
	etag   string    // strong, of body; the gzip form adds "-gz"
	since  time.Time // Last-Modified of a public entry
	public bool      // may be cached and shared
	vary   bool      // worth compressing: the representation depends on Accept-Encoding
	// The complete headers of each representation, built once: a cache
	// hit only copies them.
	plainHeader, gzHeader http.Header
	keepable              bool                // public, read no cookie, small enough: may be kept
	kept                  bool                // put in the cache
	br                    atomic.Pointer[rep] // set in the background, while cached
	brStarted             atomic.Bool
}

// rep is a body in one more encoding with its complete headers.
type rep struct {
	body   []byte
	header http.Header
}

func (e *entry) size() int64 {
	n := len(e.key) + len(e.body) + len(e.gz) + 512
	if r := e.br.Load(); r != nil {
		n += len(r.body)
	}
	return int64(n)
}

// headKey marks, in the echo context, a HEAD request routed as GET.
const headKey = "httpcache.head"

// HeadAsGet is a Pre middleware: a HEAD request is routed like GET, and
// Middleware sends the same status and headers without the body.
func HeadAsGet(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if r := c.Request(); r.Method == http.MethodHead {
			r.Method = http.MethodGet
			c.Set(headKey, true)
		}
		return next(c)
	}
}

// Middleware records what the handlers write, serves the public GET pages
// of the routes that Keep them from the cache, and finishes every response
// (compression, validators, Content-Length, HEAD). It runs after routing
// (echo's Use).
func (c *Cache) Middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(ctx echo.Context) error {
		r := ctx.Request()
		q, kept := c.routes[ctx.Path()]
		if r.Method != http.MethodGet || !kept {
			c.write(ctx, c.record(ctx, next, false))
			return nil
		}
		if canon := q.canonical(r.URL.RawQuery); canon != r.URL.RawQuery {
			// A routed path: never "//host".
			return ctx.Redirect(http.StatusMovedPermanently, urls.WithQuery(r.URL.EscapedPath(), canon))
		}
		if c.max <= 0 {
			c.write(ctx, c.record(ctx, next, false))
			return nil
		}
		key := r.URL.RequestURI()
		if e := c.get(key); e != nil {
			c.write(ctx, e)
			return nil
		}
		mine := false
		v, _, _ := c.group.Do(key, func() (any, error) {
			mine = true
			e := c.record(ctx, next, true)
			if e.keepable {
				e.kept = c.put(key, e)
			}
			return e, nil
		})
		e := v.(*entry)
		if !mine && !e.keepable {
			// Another request's answer that is not shared is not ours to send.
			e = c.record(ctx, next, false)
		}
		c.write(ctx, e)
		return nil
	}
}

// record runs the handler (and the error handler, on an error) into a
// buffer and returns the finished response. A public response that will be
// kept (keep) is compressed once for every later reader; any other only
// when this reader takes gzip.
func (c *Cache) record(ctx echo.Context, next echo.HandlerFunc, keep bool) *entry {
	res := ctx.Response()
	real := res.Writer
	rec := NewRecorder()
	res.Writer = rec
	defer func() {
		// Also on a panic, so the recovering middleware answers the client.
		res.Writer, res.Committed, res.Size = real, false, 0
	}()
	watch := &cookieWatch{Context: ctx}
	if err := next(watch); err != nil {
		ctx.Error(err)
	}
	e := &entry{key: ctx.Request().URL.RequestURI(), status: rec.Status, header: rec.header, body: rec.Body.Bytes()}
	e.public = ctx.Request().Method == http.MethodGet && e.status == http.StatusOK &&
		strings.Contains(e.header.Get("Cache-Control"), "public") && e.header.Get("Set-Cookie") == ""
	keep = keep && e.public && !watch.read && len(e.body) <= MaxEntryBytes
	e.keepable = keep
	if e.public { // validators also for answers not kept
		sum := sha256.Sum256(e.body)
		e.etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
		e.since = c.since
	}
	if e.vary = compressible(e); e.vary {
		switch {
		case keep:
			e.gz = compress(e.body, true)
		case quality(ctx.Request().Header.Get("Accept-Encoding"), "gzip") > 0:
			e.gz = compress(e.body, false)
		}
	}
	e.plainHeader = e.headers(e.body, "", e.etag)
	if e.gz != nil {
		e.gzHeader = e.headers(e.gz, "gzip", e.tagged("-gz"))
	}
	return e
}

// headers are the response headers of one representation of e.
func (e *entry) headers(body []byte, encoding, etag string) http.Header {
	h := e.header.Clone()
	if e.vary {
		h.Add("Vary", "Accept-Encoding")
	}
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
	}
	if etag != "" {
		h.Set("ETag", etag)
		h.Set("Last-Modified", e.since.Format(http.TimeFormat))
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	return h
}

// tagged is the entry's ETag for another encoding ("" when it has none).
func (e *entry) tagged(suffix string) string {
	if e.etag == "" {
		return ""
	}
	return strings.TrimSuffix(e.etag, `"`) + suffix + `"`
}

// Request is what a cached answer depends on besides its URL: the
// request's Accept-Encoding, If-None-Match and If-Modified-Since headers.
type Request struct {
	AcceptEncoding, IfNoneMatch, IfModifiedSince string
}

// Reply is a finished response, ready to send.
type Reply struct {
	Status int
	// Header is complete, Content-Length included; it is shared with
	// other replies: never change it.
	Header http.Header
	Body   []byte // the body of a GET; a HEAD sends none
}

// Hit is the kept answer to a GET or HEAD of uri (a request URI as
// Middleware keys it: "/en/rules/117?x=1"), false when none is kept. A
// server may answer with it without running the handlers: it is exactly
// what Middleware would send.
func (c *Cache) Hit(uri string, r Request) (Reply, bool) {
	e := c.get(uri)
	if e == nil {
		return Reply{}, false
	}
	return c.reply(e, r), true
}

// reply is e as the client prefers it: brotli when it is ready and not
// ranked below gzip, else gzip, else none; 304 when the client's copy is
// that representation, current.
func (c *Cache) reply(e *entry, r Request) Reply {
	body, hdr, etag := e.body, e.plainHeader, e.etag
	qbr, qgz := quality(r.AcceptEncoding, "br"), quality(r.AcceptEncoding, "gzip")
	br := e.br.Load()
	if qbr > 0 && br == nil && e.kept && e.vary {
		c.startBrotli(e)
	}
	switch {
	case br != nil && qbr > 0 && qbr >= qgz:
		body, hdr, etag = br.body, br.header, e.tagged("-br")
	case e.gz != nil && qgz > 0:
		body, hdr, etag = e.gz, e.gzHeader, e.tagged("-gz")
	}
	if notModified(r, etag, e.since) {
		h := hdr.Clone()
		for _, k := range []string{"Content-Type", "Content-Encoding", "Content-Length"} {
			delete(h, k)
		}
		return Reply{Status: http.StatusNotModified, Header: h}
	}
	return Reply{Status: e.status, Header: hdr, Body: body}
}

// write sends e to the client.
func (c *Cache) write(ctx echo.Context, e *entry) {
	req, res := ctx.Request(), ctx.Response()
	rep := c.reply(e, Request{
		AcceptEncoding:  req.Header.Get("Accept-Encoding"),
		IfNoneMatch:     req.Header.Get("If-None-Match"),
		IfModifiedSince: req.Header.Get("If-Modified-Since"),
	})
	h := res.Header()
	for k, v := range rep.Header {
		h[k] = v // shared with every hit: never changed after this
	}
	res.WriteHeader(rep.Status)
	if head, _ := ctx.Get(headKey).(bool); !head && rep.Body != nil {
		res.Write(rep.Body)
	}
}

// notModified reports whether the client's copy of the representation
// about to be sent (its ETag etag; "" when it has none) is current:
// If-None-Match names etag or, without If-None-Match (RFC 9110 13.2.2),
// If-Modified-Since is not before its Last-Modified.
func notModified(r Request, etag string, since time.Time) bool {
	if etag == "" {
		return false
	}
	if r.IfNoneMatch != "" {
		return matches(r.IfNoneMatch, etag)
	}
	ims, err := http.ParseTime(r.IfModifiedSince)
	return err == nil && !since.After(ims)
}

// matches reports whether an If-None-Match header names etag (compared
// weakly, as RFC 9110 13.1.2 asks).
func matches(ifNoneMatch, etag string) bool {
	for _, t := range strings.Split(ifNoneMatch, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// Quality is the weight an Accept-Encoding header gives coding, for
// handlers that send a body compressed beforehand.
func Quality(acceptEncoding, coding string) float64 { return quality(acceptEncoding, coding) }

// quality reads an Accept-Encoding header: the weight it gives coding,
// named or through "*" (the named entry wins), 0 when it gives none or an
// unreadable one.
func quality(ae, coding string) float64 {
	named, star := -1.0, -1.0
	for _, part := range strings.Split(ae, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != coding && name != "*" {
			continue
		}
		v := 1.0
		if q, ok := strings.CutPrefix(strings.ReplaceAll(strings.ToLower(params), " ", ""), "q="); ok {
			var err error
			if v, err = strconv.ParseFloat(q, 64); err != nil || v < 0 || v > 1 {
				v = 0
			}
		}
		if name == coding {
			named = v
		} else {
			star = v
		}
	}
	switch {
	case named >= 0:
		return named
	case star >= 0:
		return star
	}
	return 0
}

// brotliSlot lets one brotli compression run at a time in the process:
// at the best quality a large page takes about 0.1 s of CPU.
var brotliSlot = make(chan struct{}, 1)

// startBrotli compresses a cached entry with brotli in the background and
// adds the encoding while the entry is still cached. When another
// compression is running, a later reader tries again.
func (c *Cache) startBrotli(e *entry) {
	if !e.brStarted.CompareAndSwap(false, true) {
		return
	}
	select {
	case brotliSlot <- struct{}{}:
	default:
		e.brStarted.Store(false)
		return
	}
	c.compressing.Add(1)
	go func() {
		defer func() { <-brotliSlot; c.compressing.Done() }()
		var buf bytes.Buffer
		w := brotli.NewWriterLevel(&buf, brotli.BestCompression)
		w.Write(e.body)
		w.Close()
		if e.gz != nil && buf.Len() >= len(e.gz) {
			return // not worth keeping
		}
		r := &rep{body: buf.Bytes(), header: e.headers(buf.Bytes(), "br", e.tagged("-br"))}
		c.mu.Lock()
		defer c.mu.Unlock()
		if el, ok := c.byKey[e.key]; ok && el.Value.(*entry) == e {
			e.br.Store(r)
			c.used += int64(len(r.body))
			c.evict()
		}
	}()
}

// Gzip writers are reused: a new one allocates hundreds of kilobytes.
// A page kept in the cache is compressed once, as well as gzip can; an
// answer that is not kept, as fast as gzip can do it well.
var (
	bestWriters = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.BestCompression); return w }}
	fastWriters = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression); return w }}
)

// compress gzips body, with the best compression when it will be kept.
func compress(body []byte, kept bool) []byte {
	pool := &fastWriters
	if kept {
		pool = &bestWriters
	}
	zw := pool.Get().(*gzip.Writer)
	defer pool.Put(zw)
	var buf bytes.Buffer
	buf.Grow(len(body) / 3)
	zw.Reset(&buf)
	zw.Write(body)
	zw.Close()
	return buf.Bytes()
}

// compressible: text worth gzipping that is not compressed yet.
func compressible(e *entry) bool {
	if len(e.body) < 1024 || e.header.Get("Content-Encoding") != "" {
		return false
	}
	ct := e.header.Get("Content-Type")
	for _, p := range []string{"text/", "application/json", "application/xml", "application/atom+xml", "application/javascript", "image/svg+xml"} {
		if strings.HasPrefix(ct, p) {
			return true
		}
	}
	return false
}

func (c *Cache) get(key string) *entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		return nil
	}
	c.order.MoveToFront(el)
	return el.Value.(*entry)
}

// put keeps e under key and reports whether it did.
func (c *Cache) put(key string, e *entry) bool {
	size := e.size()
	c.mu.Lock()
	defer c.mu.Unlock()
	if size > c.max/8 {
		return false // one page may not crowd out the rest
	}
	if el, ok := c.byKey[key]; ok {
		c.used -= el.Value.(*entry).size()
		c.order.Remove(el)
	}
	c.byKey[key] = c.order.PushFront(e)
	c.used += size
	c.evict()
	return true
}

// evict drops the least recently used entries until the cache is under its
// cap; c.mu is held.
func (c *Cache) evict() {
	for c.used > c.max {
		old := c.order.Back()
		c.order.Remove(old)
		oe := old.Value.(*entry)
		delete(c.byKey, oe.key)
		c.used -= oe.size()
	}
}

// Len is the number of cached responses and their bytes.
func (c *Cache) Len() (n int, size int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len(), c.used
}

// cookieWatch notes whether the handler read a cookie: an answer that
// may depend on one is never kept.
type cookieWatch struct {
	echo.Context
	read bool
}

func (w *cookieWatch) Cookie(name string) (*http.Cookie, error) {
	w.read = true
	return w.Context.Cookie(name)
}

func (w *cookieWatch) Cookies() []*http.Cookie {
	w.read = true
	return w.Context.Cookies()
}

// Recorder is a response writer that keeps what a handler writes.
type Recorder struct {
	header http.Header
	Status int // 200 unless the handler said otherwise
	wrote  bool
	Body   bytes.Buffer
}

// NewRecorder is an empty Recorder.
func NewRecorder() *Recorder { return &Recorder{header: http.Header{}, Status: http.StatusOK} }

// Header is the response header the handler sets.
func (r *Recorder) Header() http.Header { return r.header }

// WriteHeader keeps the first status written.
func (r *Recorder) WriteHeader(code int) {
	if !r.wrote {
		r.Status, r.wrote = code, true
	}
}

// Write keeps b.
func (r *Recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.Body.Write(b)
}
