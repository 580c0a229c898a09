// Package serve is the site's HTTP server. Connections are fasthttp's,
// which spends far less CPU on each request than net/http. A GET or HEAD
// whose answer the response cache keeps is sent straight from it, exactly
// as the cache's echo middleware would send it; every other request is
// handed to the site's net/http handler (echo) as a net/http request.
package serve

import (
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/mtgrules/site/internal/httpcache"
)

// Site is what the server serves: a handler, and the answers its
// response cache keeps.
type Site interface {
	http.Handler
	Hit(uri string, r httpcache.Request) (httpcache.Reply, bool)
}

// Limits bound what one connection may cost.
type Limits struct {
	// ReadTimeout bounds reading a request, header and body; WriteTimeout
	// writing its response; IdleTimeout waiting for the next one.
	ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// MaxHeaderBytes bounds the request line and header (the search's long
	// queries are in the request line); larger ones get 431.
	MaxHeaderBytes int
}

// New is a server for site; log receives fasthttp's own messages.
func New(site Site, l Limits, log *slog.Logger) *fasthttp.Server {
	return &fasthttp.Server{
		Handler: func(ctx *fasthttp.RequestCtx) {
			if !hit(ctx, site) {
				handOver(ctx, site)
			}
		},
		ReadTimeout:    l.ReadTimeout,
		WriteTimeout:   l.WriteTimeout,
		IdleTimeout:    l.IdleTimeout,
		ReadBufferSize: l.MaxHeaderBytes,
		// Bodies reach the handlers as a stream, which bound them as they
		// read (the linkifier's 64 KB) and refuse a longer Content-Length
		// unread, in the reader's language.
		StreamRequestBody: true,
		// Buffers the size of a long search go back to the pool while a
		// connection waits.
		ReduceMemoryUsage:            true,
		NoDefaultServerHeader:        true,
		NoDefaultContentType:         true,
		DisablePreParseMultipartForm: true,
		Logger:                       printf{log},
	}
}

// hit answers a GET or HEAD from the cache and reports whether it did.
func hit(ctx *fasthttp.RequestCtx, site Site) bool {
	if !ctx.IsGet() && !ctx.IsHead() {
		return false
	}
	h := &ctx.Request.Header
	rep, ok := site.Hit(string(ctx.RequestURI()), httpcache.Request{
		AcceptEncoding:  string(h.Peek(fasthttp.HeaderAcceptEncoding)),
		IfNoneMatch:     string(h.Peek(fasthttp.HeaderIfNoneMatch)),
		IfModifiedSince: string(h.Peek(fasthttp.HeaderIfModifiedSince)),
	})
	if !ok {
		return false
	}
	ctx.SetStatusCode(rep.Status)
	setHeader(ctx, rep.Header)
	if !ctx.IsHead() && rep.Body != nil {
		ctx.Response.SetBodyRaw(rep.Body) // never changed: the cache shares it
	}
	return true
}

// setHeader gives the response h's fields.
func setHeader(ctx *fasthttp.RequestCtx, h http.Header) {
	for k, vv := range h {
		for _, v := range vv {
			ctx.Response.Header.Add(k, v)
		}
	}
}

// handOver serves ctx with the site's net/http handler. The request is
// copied: the site keeps some of its strings (cache and rate-limit keys),
// and fasthttp reuses its buffers for the connection's next request.
func handOver(ctx *fasthttp.RequestCtx, site Site) {
	r, err := request(ctx)
	if err != nil {
		ctx.Error("Bad Request", fasthttp.StatusBadRequest)
		return
	}
	body := &bodyReader{r: r.Body}
	r.Body = body
	w := httpcache.NewRecorder()
	site.ServeHTTP(w, r)
	if unread := r.ContentLength - body.n; !body.eof && (r.ContentLength < 0 || unread > maxDiscard) {
		linger(ctx)
	}
	ctx.SetStatusCode(w.Status)
	h := w.Header()
	if h.Get("Content-Type") == "" && w.Body.Len() > 0 {
		h.Set("Content-Type", http.DetectContentType(w.Body.Bytes())) // as net/http does
	}
	setHeader(ctx, h)
	if !ctx.IsHead() {
		ctx.Response.SetBodyRaw(w.Body.Bytes())
	}
}

// request is ctx's request as net/http's server would make it, on strings
// of its own; the body is read from the connection as the handler asks.
func request(ctx *fasthttp.RequestCtx) (*http.Request, error) {
	uri := string(ctx.RequestURI())
	u, err := url.ParseRequestURI(uri)
	if err != nil {
		return nil, err
	}
	h := &ctx.Request.Header
	r := &http.Request{
		Method: string(ctx.Method()), URL: u, RequestURI: uri,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: make(http.Header, h.Len()),
		Host:   string(h.Host()), RemoteAddr: ctx.RemoteAddr().String(),
	}
	if !h.IsHTTP11() {
		r.Proto, r.ProtoMinor = "HTTP/1.0", 0
	}
	for k, v := range h.All() {
		switch key := string(k); key {
		case fasthttp.HeaderHost:
		case fasthttp.HeaderTransferEncoding:
			r.TransferEncoding = append(r.TransferEncoding, string(v))
		default:
			r.Header.Add(key, string(v))
		}
	}
	if body := ctx.Request.BodyStream(); body != nil {
		r.Body, r.ContentLength = io.NopCloser(body), max(int64(h.ContentLength()), -1)
	} else {
		r.Body = http.NoBody
	}
	return r, nil
}

// bodyReader counts what the handler reads of a request body.
type bodyReader struct {
	r   io.ReadCloser
	n   int64
	eof bool
}

func (b *bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.n += int64(n)
	b.eof = b.eof || err == io.EOF
	return n, err
}

func (b *bodyReader) Close() error { return b.r.Close() }

// maxDiscard is how much of an unread body fasthttp reads and drops after
// the handler to keep the connection (as net/http does); with more left it
// closes the connection.
const maxDiscard = 256 << 10

// lingerFor is how long a closing connection still reads what the client
// sends (net/http's rstAvoidanceDelay).
const lingerFor = 500 * time.Millisecond

// linger closes the connection after the response when the client is
// still sending a body nobody reads (one refused unread for its length):
// closing at once would reset the connection, and the client's system
// would drop the response. As net/http does, the server stops writing,
// reads for a moment, then closes.
func linger(ctx *fasthttp.RequestCtx) {
	raw := ctx.Conn()
	ctx.Hijack(func(c net.Conn) {
		if cw, ok := raw.(interface{ CloseWrite() error }); ok {
			cw.CloseWrite()
		}
		c.SetReadDeadline(time.Now().Add(lingerFor))
		io.Copy(io.Discard, c)
	})
}

// printf is fasthttp's logger, writing to slog.
type printf struct{ log *slog.Logger }

func (p printf) Printf(format string, args ...any) {
	p.log.Warn("http: " + fmt.Sprintf(format, args...))
}
