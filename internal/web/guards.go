package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"math"
	"net/http"
	"net/netip"
	"runtime"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/time/rate"

	"github.com/mtgrules/site/internal/httpcache"
	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/ratelimit"
	"github.com/mtgrules/site/internal/refusal"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

// A family is one kind of costly work — searching (page and API),
// linkifying (page and API), replaying a sandbox, building a position —
// with its own budget: how often each client may ask for it, and how many
// requests may do it at once. A request over the rate gets 429 once its
// client's next token is near (at most maxPause), one that finds every
// slot taken for longer than wait gets 503; both answers are prebuilt.
type family struct {
	name  string
	rate  *ratelimit.Store // nil: no per-client rate
	slots chan struct{}
	wait  time.Duration
}

// maxClients bounds each family's rate-limit store (about 13 MB each:
// ratelimit.EntryBytes per client).
const maxClients = 32 << 10

// slotWait is how long a request waits for a free slot of its family.
const slotWait = 250 * time.Millisecond

func newFamily(name string, r rate.Limit, burst, slots int) *family {
	f := &family{name: name, slots: make(chan struct{}, max(slots, 1)), wait: slotWait}
	if r > 0 {
		f.rate = ratelimit.New(r, burst, maxClients)
	}
	return f
}

// Guards are the budgets of the costly routes. They outlive a reload:
// make them once per process and pass them in every Config.
type Guards struct {
	search, linkify, sandbox, builder *family
	// heavy are the slots of all costly work together: one CPU is left
	// for the pages, whatever mix of costly requests comes.
	heavy chan struct{}
	// pause is the longest a request over its rate waits for its 429.
	pause time.Duration
	log   *refusal.Log // nil logs nothing
}

// NewGuards makes the budgets; log receives one line per refused request.
// Each family may use half the CPUs at once, all of them together one CPU
// less than there are (at least one request each): the rest keeps
// serving pages. Unlimited drops the per-client rates (for tests sending
// hundreds of requests from one address).
func NewGuards(log *refusal.Log, unlimited bool) *Guards {
	half := runtime.GOMAXPROCS(0) / 2
	r := func(r rate.Limit) rate.Limit {
		if unlimited {
			return 0
		}
		return r
	}
	g := &Guards{
		heavy: make(chan struct{}, max(runtime.GOMAXPROCS(0)-1, 1)),
		pause: maxPause,
		log:   log,
		// A query runs on every language's index.
		search: newFamily("search", r(10), 30, half),
		// A post of up to 20,000 characters.
		linkify: newFamily("linkify", r(2), 10, half),
		// A game replayed from its moves; the builder parses a whole
		// position. One budget per client for both, slots of their own.
		sandbox: newFamily("sandbox", r(10), 30, half),
		builder: newFamily("builder", 0, 0, half),
	}
	g.builder.rate = g.sandbox.rate
	return g
}

// guard is the middleware spending f's budget: a token of the client's
// rate, then a slot for the request's run, waited for at most f.wait
// and never after the request's context is done.
func (s *Server) guard(f *family) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			client, _ := netip.ParseAddr(c.RealIP())
			if f.rate != nil {
				if ok, retry := f.rate.Allow(client); !ok {
					s.Guards.log.Refused("rate limit: "+f.name, client.String())
					pause(c.Request().Context(), min(retry, s.Guards.pause))
					return s.refuse(c, http.StatusTooManyRequests, retry)
				}
			}
			if !acquire(c.Request().Context(), f.wait, f.slots, s.Guards.heavy) {
				s.Guards.log.Refused("busy: "+f.name, client.String())
				return s.refuse(c, http.StatusServiceUnavailable, time.Second)
			}
			defer func() { <-s.Guards.heavy; <-f.slots }()
			return next(c)
		}
	}
}

// maxPause bounds how long a request over its client's rate waits before
// its 429: a client hammering the site gets answers no faster than its
// rate allows, and costs no CPU while it waits.
const maxPause = 500 * time.Millisecond

// pause waits d, or until ctx is done.
func pause(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// acquire takes a slot of each semaphore in turn, waiting at most wait in
// all and never past ctx; on failure it holds none.
func acquire(ctx context.Context, wait time.Duration, sems ...chan struct{}) bool {
	var t *time.Timer
	for i, sem := range sems {
		select {
		case sem <- struct{}{}:
			continue
		default:
		}
		if t == nil {
			t = time.NewTimer(wait)
			defer t.Stop()
		}
		select {
		case sem <- struct{}{}:
		case <-t.C:
			release(sems[:i])
			return false
		case <-ctx.Done():
			release(sems[:i])
			return false
		}
	}
	return true
}

func release(sems []chan struct{}) {
	for _, sem := range sems {
		<-sem
	}
}

// prebuilt is a refusal's answer in one language, built at start: the
// page, the page gzipped and the API's JSON.
type prebuilt struct {
	html, htmlGz, json []byte
}

// refusals are the prebuilt 429 and 503 answers per language.
type refusals map[int]map[string]prebuilt

// refusalMessages are the message of each prebuilt status.
var refusalMessages = map[int]msg.Key{
	http.StatusTooManyRequests:    msg.ErrTooManyRequests,
	http.StatusServiceUnavailable: msg.ErrBusy,
}

// buildRefusals renders the refusal pages once per language.
func (s *Server) buildRefusals() (refusals, error) {
	out := refusals{}
	for status, id := range refusalMessages {
		out[status] = map[string]prebuilt{}
		for _, l := range s.langs.Codes() {
			text := s.Catalog.T(l, id)
			p := s.layout.Page(layout.Request{Lang: l}, s.Catalog.T(l, headings[status]), "", nil)
			p.Canonical = ""
			var page bytes.Buffer
			if err := templates.Error(templates.ErrorPage{Page: p, Status: status, Heading: p.Title, Message: text}).Render(context.Background(), &page); err != nil {
				return nil, err
			}
			var gz bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
			zw.Write(page.Bytes())
			zw.Close()
			js, err := json.Marshal(map[string]any{"error": map[string]any{"status": status, "message": text, "lang": l}})
			if err != nil {
				return nil, err
			}
			out[status][l] = prebuilt{html: page.Bytes(), htmlGz: gz.Bytes(), json: append(js, '\n')}
		}
	}
	return out, nil
}

// refuse sends a prebuilt refusal in the reader's language, with
// Retry-After (whole seconds, at least one).
func (s *Server) refuse(c echo.Context, status int, retry time.Duration) error {
	r, h := c.Request(), c.Response().Header()
	pb := s.refusals[status][s.errorLang(c)]
	h.Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(retry.Seconds())))))
	h.Set("Cache-Control", "no-store")
	if urls.IsAPI(r.URL.Path) {
		h.Set("Access-Control-Allow-Origin", "*")
		return c.Blob(status, echo.MIMEApplicationJSON, pb.json)
	}
	h.Add("Vary", "Accept-Encoding")
	if httpcache.Quality(r.Header.Get("Accept-Encoding"), "gzip") > 0 {
		h.Set("Content-Encoding", "gzip") // the cache's middleware leaves it so
		return c.Blob(status, echo.MIMETextHTMLCharsetUTF8, pb.htmlGz)
	}
	return c.Blob(status, echo.MIMETextHTMLCharsetUTF8, pb.html)
}
