// Package edge is the site's HTTP server: net/http with every timeout and
// the header size bounded, on a listener that bounds open connections (in
// all and per client address), and in front of the site's handler a fast
// path that sends an answer the response cache keeps straight from it,
// without running echo. Everything else reaches the site with the
// request's context, which ends when the client goes away or the server
// stops.
package edge

import (
	"log"
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/mtgrules/site/internal/clientip"
	"github.com/mtgrules/site/internal/connlimit"
	"github.com/mtgrules/site/internal/httpcache"
	"github.com/mtgrules/site/internal/refusal"
)

// Site is what the server serves: a handler, and the answers its
// response cache keeps.
type Site interface {
	http.Handler
	// Hit is the kept answer to a GET or HEAD of uri (a request URI as
	// the cache's middleware keys it), false when none is kept.
	Hit(uri string, r httpcache.Request) (httpcache.Reply, bool)
}

// Limits bound what connections may cost.
type Limits struct {
	// ReadHeaderTimeout bounds reading a request's header, ReadTimeout
	// the whole request, WriteTimeout writing its response, IdleTimeout
	// waiting for the next one.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// MaxHeaderBytes bounds the request line and header (the search's long
	// queries are in the request line); larger ones get 431.
	MaxHeaderBytes int
	// MaxConns bounds the open connections, ConnsPerAddr those of one
	// client address (not of a trusted proxy); 0: no bound.
	MaxConns, ConnsPerAddr int
}

// New is the server for site; refusals receive net/http's own messages.
// Serve it on a Listener.
func New(site Site, l Limits, refusals *refusal.Log) *http.Server {
	return &http.Server{
		Handler:           Handler(site),
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		ErrorLog:          log.New(refusals.Writer(), "", 0),
	}
}

// Listen listens on addr with l's connection bounds; connections from
// proxies are not bounded per address. Each refused connection is logged.
func Listen(addr string, l Limits, proxies clientip.Proxies, refusals *refusal.Log) (*connlimit.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	cl := connlimit.New(ln, l.MaxConns, l.ConnsPerAddr)
	cl.Exempt = func(a netip.Addr) bool { return proxies.Trusts(a) }
	cl.Refused = refusals.Refused
	return cl, nil
}

// Handler answers a GET or HEAD that site's cache keeps an answer to
// with the kept bytes, and hands every other request to site.
func Handler(site Site) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			rep, ok := site.Hit(r.URL.RequestURI(), httpcache.Request{
				AcceptEncoding:  r.Header.Get("Accept-Encoding"),
				IfNoneMatch:     r.Header.Get("If-None-Match"),
				IfModifiedSince: r.Header.Get("If-Modified-Since"),
			})
			if ok {
				h := w.Header()
				for k, v := range rep.Header {
					h[k] = v // shared with every hit: never changed after this
				}
				w.WriteHeader(rep.Status)
				if r.Method == http.MethodGet && rep.Body != nil {
					w.Write(rep.Body)
				}
				return
			}
		}
		if len(r.TransferEncoding) > 0 {
			// A chunked body (perhaps with a Content-Length net/http
			// dropped): close after answering, as RFC 9112 6.1 asks.
			w.Header().Set("Connection", "close")
		}
		site.ServeHTTP(w, r)
	})
}
