// Package web serves the site with echo: routes, language negotiation,
// security headers, and handlers that turn requests into view models.
package web

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/mtgrules/site/internal/clientip"
	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/httpcache"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/refs"
	"github.com/mtgrules/site/internal/richtext"
	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/internal/simview"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/static"
)

// Config is what the server needs. Its languages are the library's
// (Library.Langs); the catalogue and the examples are loaded for them.
type Config struct {
	Library *library.Library
	Catalog *locales.Catalog
	Assets  *static.Assets
	Search  *search.Pending // answers 503 with Retry-After until built
	// Examples are the worked examples, played through the rules engine.
	Examples *examples.Set
	// BaseURL is the public origin for canonical and alternate links
	// ("https://rules.example"); empty makes them relative to the site.
	BaseURL string
	// CacheBytes caps the response cache; 0 keeps nothing.
	CacheBytes int64
	// Cache is the response cache, when the caller keeps it to answer
	// hits itself (package edge); nil makes one of CacheBytes.
	Cache *httpcache.Cache
	// Proxies are the trusted proxies whose X-Forwarded-For names the
	// client; none: the connection's address is the client's.
	Proxies clientip.Proxies
	// Guards are the costly routes' budgets, shared by every reload; nil
	// makes new ones (with rate limits, logging nothing).
	Guards *Guards
}

// DefaultCacheBytes is the response cache's usual size (the -cache-mb flag's default).
const DefaultCacheBytes = 64 << 20

// NewCache makes a response cache of CacheBytes for the content of
// c.Library: one per loaded content.
func (c Config) NewCache() *httpcache.Cache {
	return httpcache.New(max(c.CacheBytes, 0), contentTime(c.Library))
}

// Server answers requests from the loaded content: the page models of the
// rules come from rv, the layout's part of every page from layout.
type Server struct {
	Config
	langs  *langs.Table
	layout layout.Frame
	rv     *ruleview.Pages
	// refusals are the prebuilt 429 and 503 answers.
	refusals refusals
	pool     *simview.Pool
	refs     *refs.Finder // rule references written with every language's words
	// narration links the worked examples' texts: the library's linkers
	// that leave the cards' names unlinked.
	narration map[string]*richtext.Linker
	echo      *echo.Echo // the routes, for rendering the pages saved for offline use
	packs     map[string]*packOnce
}

// MaxPathBytes bounds the request path; longer ones get 414.
const MaxPathBytes = 1024

// MaxQueryBytes bounds the raw query string (a 10 KB search in any script
// fits, percent-encoded); longer ones get 414.
const MaxQueryBytes = 64 << 10

// New builds the echo instance with every route and middleware.
func New(cfg Config) *echo.Echo {
	s := &Server{Config: cfg, langs: cfg.Library.Langs, layout: layout.Frame{Cat: cfg.Catalog, Static: cfg.Assets.URL, Base: cfg.BaseURL}}
	s.refs = refs.NewFinder(s.langs.RefWords())
	s.rv = ruleview.New(cfg.Library, cfg.Catalog, s.layout, cfg.Examples)
	s.narration = map[string]*richtext.Linker{}
	for lang, ln := range cfg.Library.Linkers {
		s.narration[lang] = ln
		if cfg.Examples != nil {
			s.narration[lang] = ln.Plain(withPlurals(cfg.Examples.CardTexts.Names(lang), s.langs.Get(lang).PluralSuffixes)...)
		}
	}
	if cfg.Examples != nil {
		s.pool = simview.NewPool(cfg.Examples.Cards, cfg.Examples.CardTexts)
	}
	if s.Guards == nil {
		s.Guards = NewGuards(nil, false)
	}
	var err error
	if s.refusals, err = s.buildRefusals(); err != nil {
		panic("web: the refusal pages do not render: " + err.Error()) // templates are compiled in: a bug
	}

	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.IPExtractor = cfg.Proxies.Extractor()
	logToSlog(e)
	e.HTTPErrorHandler = s.handleError
	e.Pre(httpcache.HeadAsGet, s.guardInput, postOnly, trimSlash)
	e.Use(recoverToSlog)
	if cfg.Cache == nil {
		cfg.Cache = cfg.NewCache()
	}
	cache := cfg.Cache
	// keep makes a route's answers kept in memory, keyed by the query
	// parameters it reads (other parameters redirect to the canonical URI).
	// Search, sandbox, builder and oEmbed answers are not kept: any query
	// makes a new one, and the CDN keeps them.
	keep := func(route string, params ...string) string {
		cache.Keep(route, append(params, "lang")...) // lang: the switcher's choice, which chooseLang redirects
		return route
	}
	e.Use(cache.Middleware)
	e.Use(securityHeaders) // inside the cache: kept with each cached page
	e.Use(s.chooseLang)

	e.GET(urls.RouteRoot, s.root)
	e.GET(urls.RouteHealth, func(c echo.Context) error { return c.String(http.StatusOK, "ok") })
	e.GET(urls.RouteReady, s.readyz)
	e.GET(keep(urls.RouteStatic), s.static)
	e.GET(urls.RouteShort, s.shortLink)
	e.GET(urls.RouteShort2008, s.oldShortLink)
	linkify := s.guard(s.Guards.linkify)
	e.POST(urls.RouteAPILinkify, s.linkifyAPI, middleware.BodyLimit(MaxLinkifyBody), linkify)
	e.GET(urls.RouteOEmbed, s.oembed)
	e.GET(keep(urls.RouteSitemap), s.sitemap)
	e.GET(keep(urls.RouteRobots), s.robots)
	e.GET(keep(urls.RouteFavicon), s.rootFile(static.Favicon))
	e.GET(keep(urls.RouteTouchIcon), s.rootFile("apple-touch-icon.png"))
	e.GET(urls.RouteLang, func(c echo.Context) error {
		if _, err := s.lang(c); err != nil {
			return err
		}
		return c.Redirect(http.StatusMovedPermanently, urls.Home(c.Param("lang")))
	})
	e.GET(keep(urls.RouteHome, "compare"), s.home)
	e.GET(keep(urls.RouteContents, "compare"), s.contents)
	e.GET(keep(urls.RouteRule, "edition", "compare", "was2008"), s.rule)
	e.GET(keep(urls.RouteHistory, "compare"), s.history)
	e.GET(keep(urls.RouteChanges, "from", "to", "rule", "compare"), s.changes)
	e.GET(keep(urls.RouteGlossary, "compare"), s.glossary)
	e.GET(keep(urls.RouteTerm, "compare"), s.term)
	search := s.guard(s.Guards.search)
	e.GET(urls.RouteSearch, s.searchPage, search)
	e.GET(urls.RouteAPISearch, s.searchAPI, search)
	s.apiRoutes(e)
	e.GET(keep(urls.RouteExamples, "compare"), s.examplesPage)
	e.GET(keep(urls.RouteExample, "step", "compare"), s.exampleStep)
	sandbox, builder := s.guard(s.Guards.sandbox), s.guard(s.Guards.builder)
	e.GET(urls.RouteBuilder, s.playNew, builder)
	e.GET(urls.RouteCustom, s.playCustom, sandbox)
	e.GET(urls.RoutePlay, s.play, sandbox)
	e.GET(keep(urls.RouteLinkify, "compare"), s.linkify)
	e.POST(urls.RouteLinkify, s.linkify, middleware.BodyLimit(MaxLinkifyBody), linkify)
	s.offlineRoutes(e)
	return e
}

// guardInput rejects paths and queries no page can answer before routing:
// too long, not UTF-8, with NUL bytes or "..".
func (s *Server) guardInput(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		raw := r.URL.EscapedPath()
		if len(raw) > MaxPathBytes || len(r.URL.RawQuery) > MaxQueryBytes {
			return pageerr.New(http.StatusRequestURITooLong, msg.ErrURITooLong)
		}
		path, err := url.PathUnescape(raw)
		if err != nil || !utf8.ValidString(path) || strings.ContainsRune(path, 0) {
			return pageerr.New(http.StatusBadRequest, msg.ErrBadRequest)
		}
		for _, seg := range strings.Split(path, "/") {
			if seg == ".." || seg == "." {
				return pageerr.New(http.StatusBadRequest, msg.ErrBadRequest)
			}
		}
		q, err := url.QueryUnescape(r.URL.RawQuery)
		if err != nil || !utf8.ValidString(q) {
			return pageerr.New(http.StatusBadRequest, msg.ErrBadRequest)
		}
		return next(c)
	}
}

// postOnly answers a GET (or HEAD) of the API address only POST answers
// with 405 and Allow, as the router answers other methods; without it
// the GET would reach the page routes as if "api" were a language.
func postOnly(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Method == http.MethodGet && r.URL.Path == urls.APILinkify() {
			c.Response().Header().Set(echo.HeaderAllow, http.MethodOptions+", "+http.MethodPost)
			return pageerr.New(http.StatusMethodNotAllowed, msg.ErrMethod)
		}
		return next(c)
	}
}

// trimSlash sends an address typed with a trailing slash
// ("/en/rules/117.3a/", "/de/glossary/") to the page without it, 301:
// every page but the site's and a language's home ("/", "/en/") has its
// one address without. Short links keep theirs: "/r/2008/" names no rule.
func trimSlash(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		p := r.URL.EscapedPath()
		// Never "//host": a redirect there would leave the site.
		if t := strings.TrimRight(p, "/"); t != p && strings.Count(p, "/") > 2 && !strings.HasPrefix(t, "//") && !urls.IsShort(p) {
			return c.Redirect(http.StatusMovedPermanently, urls.WithQuery(t, r.URL.RawQuery))
		}
		return next(c)
	}
}

// csp allows only the site's own scripts, styles, images, service worker
// and web app manifest.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"worker-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// securityHeader is sent with every response, and with every page the
// service worker answers from a saved copy.
var securityHeader = [][2]string{
	{"Content-Security-Policy", csp},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "strict-origin-when-cross-origin"},
	{"X-Frame-Options", "DENY"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
}

func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		for _, kv := range securityHeader {
			h.Set(kv[0], kv[1])
		}
		return next(c)
	}
}

// readyz answers 200 once the search index is built, 503 while it is
// being built or when building it failed: a load balancer sends traffic
// only to replicas that can answer every page.
func (s *Server) readyz(c echo.Context) error {
	if s.Search != nil {
		if ix, done := s.Search.Index(); done && ix != nil {
			return c.String(http.StatusOK, "ready")
		}
	}
	c.Response().Header().Set("Retry-After", "5")
	return c.String(http.StatusServiceUnavailable, "search index not ready")
}

// root sends the reader to their language: cookie, then Accept-Language, then English.
func (s *Server) root(c echo.Context) error {
	h := c.Response().Header()
	h.Add("Vary", "Cookie")
	h.Add("Vary", "Accept-Language")
	h.Set("Cache-Control", "no-store")
	return c.Redirect(http.StatusFound, urls.Home(s.readerLang(c)))
}

// rootFile serves a static file at the address clients ask for without
// a hash (/favicon.ico), kept for a day.
func (s *Server) rootFile(name string) echo.HandlerFunc {
	return func(c echo.Context) error {
		a, ok := s.Assets.Named(name)
		if !ok {
			return pageerr.New(http.StatusNotFound, msg.ErrNotFound)
		}
		c.Response().Header().Set("Cache-Control", "public, max-age=86400")
		return c.Blob(http.StatusOK, a.ContentType, a.Body)
	}
}

func (s *Server) static(c echo.Context) error {
	a, ok := s.Assets.Lookup(c.Param("file"))
	if !ok {
		return pageerr.New(http.StatusNotFound, msg.ErrNotFound)
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	return c.Blob(http.StatusOK, a.ContentType, a.Body)
}

// withPlurals lists the names and their plurals ("Islands" are Island
// cards, no glossary term either).
func withPlurals(names, suffixes []string) []string {
	out := slices.Clone(names)
	for _, n := range names {
		for _, suffix := range suffixes {
			out = append(out, n+suffix)
		}
	}
	return out
}
