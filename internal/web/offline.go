package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"sync"

	"github.com/labstack/echo/v4"
	"golang.org/x/sync/errgroup"

	"github.com/mtgrules/site/internal/httpcache"
	"github.com/mtgrules/site/internal/offline"
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/static"
	"github.com/mtgrules/site/templates"
)

// Reading offline: the page that saves a language, the pack it saves (an
// index and immutable batches), the page that stands in for pages that
// need the server, the service worker and the web app manifest.

// cacheWorker lets browsers and shared caches keep the service worker,
// the pack's index and nothing else of it only while they check it is
// current; cacheBatch keeps a batch for good (its address names its
// content). A batch is not public, so the response cache, which keeps
// one encoding per address, passes it by: it is compressed already.
const (
	cacheWorker = "public, no-cache"
	cacheBatch  = "max-age=31536000, immutable"
)

// pageAssets are the static files every page links (a test holds the
// layout to it): a saved copy keeps them.
var pageAssets = []string{"style.css", "icon-32.png", "icon.svg", "apple-touch-icon.png", "app.js"}

// packOnce builds a language's pack when it is first asked for.
type packOnce struct {
	once sync.Once
	pack *offline.Pack
	err  error
}

func (s *Server) offlineRoutes(e *echo.Echo) {
	s.echo = e
	s.packs = map[string]*packOnce{}
	for _, l := range s.langs.Codes() {
		s.packs[l] = &packOnce{}
	}
	e.GET(urls.RouteWorker, s.serviceWorker)
	e.GET(urls.RouteManifest, s.webManifest)
	e.GET(urls.RouteOffline, s.offlinePage)
	e.GET(urls.RouteOffNeeds, s.offlineUnavailable)
	e.GET(urls.RouteOffIndex, s.offlineIndex)
	e.GET(urls.RouteOffBatch, s.offlineBatch)
}

func (s *Server) offlinePage(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, templates.Offline(s.rv.Offline(request(c, lang))))
}

func (s *Server) offlineUnavailable(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	c.Response().Header().Set("X-Robots-Tag", "noindex")
	return s.render(c, http.StatusOK, templates.OfflineUnavailable(s.rv.OfflineUnavailable(request(c, lang))))
}

// pack is lang's pack, built on first use.
func (s *Server) pack(lang string) (*offline.Pack, error) {
	p := s.packs[lang]
	p.once.Do(func() { p.pack, p.err = s.buildPack(lang) })
	return p.pack, p.err
}

// buildPack renders every page offline.Paths lists for lang, on every
// core.
func (s *Server) buildPack(lang string) (*offline.Pack, error) {
	book := s.Library.Books[lang]
	paths := offline.Paths(lang, book, s.Library.Fallback(lang, book), s.exampleList())
	pages := make([]offline.Page, len(paths))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, path := range paths {
		g.Go(func() error {
			html, err := s.renderPath(path)
			pages[i] = offline.Page{URL: path, HTML: html}
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return offline.Build(pages), nil
}

// renderPath is the page at path as its handler answers it, without the
// middleware: the HTML a reader gets there, not kept in the response
// cache.
func (s *Server) renderPath(path string) (string, error) {
	req, err := http.NewRequest(http.MethodGet, path, nil)
	if err != nil {
		return "", err
	}
	rec := httpcache.NewRecorder()
	c := s.echo.NewContext(req, rec)
	s.echo.Router().Find(http.MethodGet, echo.GetPath(req), c)
	if err := c.Handler()(c); err != nil {
		return "", fmt.Errorf("offline page %s: %w", path, err)
	}
	if rec.Status != http.StatusOK {
		return "", fmt.Errorf("offline page %s: status %d", path, rec.Status)
	}
	return rec.Body.String(), nil
}

// langPack reads the language of a pack's address and builds its pack.
func (s *Server) langPack(c echo.Context) (string, *offline.Pack, error) {
	lang, err := s.lang(c)
	if err != nil {
		return "", nil, err
	}
	p, err := s.pack(lang)
	return lang, p, err
}

// offlineIndex describes lang's pack: its version, edition, batches.
func (s *Server) offlineIndex(c echo.Context) error {
	lang, p, err := s.langPack(c)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", cacheWorker)
	return c.JSON(http.StatusOK, s.packIndex(lang, p))
}

// packIndex is the index of lang's pack p: what a saved page is answered
// with and says, beside the batches.
func (s *Server) packIndex(lang string, p *offline.Pack) offline.Index {
	book := s.Library.Books[lang]
	assets := make([]string, len(pageAssets))
	for i, a := range pageAssets {
		assets[i] = s.Assets.URL(a)
	}
	header := map[string]string{echo.HeaderContentType: echo.MIMETextHTMLCharsetUTF8}
	for _, h := range securityHeader {
		header[h[0]] = h[1]
	}
	t := func(k msg.Key) string { return s.Catalog.T(lang, k) }
	return p.Index(lang, book.Edition(), s.rv.EditionLabel(book), assets, header,
		offline.Messages{Stale: t(msg.OfflineStale), Updated: t(msg.OfflineUpdated)})
}

// offlineBatch sends a batch of lang's pack as the client takes it:
// brotli, gzip or, rarely, plain.
func (s *Server) offlineBatch(c echo.Context) error {
	_, p, err := s.langPack(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Param("batch"))
	if c.Param("version") != p.Version || err != nil || n < 0 || n >= len(p.Batches) || c.Param("batch") != strconv.Itoa(n) {
		return pageerr.New(http.StatusNotFound, msg.ErrNotFound)
	}
	b := p.Batches[n]
	h := c.Response().Header()
	h.Set("Cache-Control", cacheBatch)
	h.Add("Vary", "Accept-Encoding")
	ae := c.Request().Header.Get("Accept-Encoding")
	qbr, qgz := httpcache.Quality(ae, "br"), httpcache.Quality(ae, "gzip")
	switch {
	case qbr > 0 && qbr >= qgz:
		h.Set("Content-Encoding", "br")
		return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b.Brotli)
	case qgz > 0:
		h.Set("Content-Encoding", "gzip")
		return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b.Gzip)
	}
	zr, err := gzip.NewReader(bytes.NewReader(b.Gzip))
	if err != nil {
		return err
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, plain)
}

// workerLang is what the service worker knows of a language: where its
// pages, its pack's index and its stand-in page are.
type workerLang struct {
	Home     string `json:"home"`
	Rules    string `json:"rules"` // a rule's address is Rules followed by its number
	Index    string `json:"index"`
	Fallback string `json:"fallback"`
}

// workerSite is put in front of static/sw.js as self.SITE.
type workerSite struct {
	Langs  map[string]workerLang `json:"langs"`
	Order  []string              `json:"order"`
	Static string                `json:"static"` // the prefix of static files
	Shell  []string              `json:"shell"`  // kept when the worker installs: the stand-in pages and pageAssets
}

// workerScript is static/sw.js with what it must know of this site in
// front: a new static file or language changes the script, and browsers
// install it anew.
func (s *Server) workerScript() ([]byte, error) {
	a, ok := s.Assets.Named("sw.js")
	if !ok {
		return nil, fmt.Errorf("static: no sw.js")
	}
	site := workerSite{Langs: map[string]workerLang{}, Order: s.langs.Codes(), Static: static.Prefix}
	for _, l := range site.Order {
		site.Langs[l] = workerLang{Home: urls.Home(l), Rules: urls.Rule(l, ""), Index: urls.OfflineIndex(l), Fallback: urls.OfflineUnavailable(l)}
		site.Shell = append(site.Shell, urls.OfflineUnavailable(l))
	}
	for _, name := range pageAssets {
		site.Shell = append(site.Shell, s.Assets.URL(name))
	}
	cfg, err := json.Marshal(site)
	if err != nil {
		return nil, err
	}
	return append(append(append([]byte("self.SITE = "), cfg...), ";\n"...), a.Body...), nil
}

func (s *Server) serviceWorker(c echo.Context) error {
	body, err := s.workerScript()
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", cacheWorker)
	return c.Blob(http.StatusOK, "text/javascript; charset=utf-8", body)
}

// webManifest describes the site as an app that starts in lang.
func (s *Server) webManifest(c echo.Context) error {
	lang, err := s.lang(c)
	if err != nil {
		return err
	}
	body, err := json.Marshal(s.appManifest(lang))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", cachePage)
	return c.Blob(http.StatusOK, "application/manifest+json", body)
}

// appManifest is the web app manifest in lang, with the site's icons.
func (s *Server) appManifest(lang string) offline.Manifest {
	t := func(k msg.Key) string { return s.Catalog.T(lang, k) }
	icons := []offline.Icon{
		{Src: s.Assets.URL("icon.svg"), Sizes: "any", Type: "image/svg+xml"},
		{Src: s.Assets.URL("icon-192.png"), Sizes: "192x192", Type: "image/png"},
		{Src: s.Assets.URL("icon-512.png"), Sizes: "512x512", Type: "image/png"},
		{Src: s.Assets.URL("icon-maskable-512.png"), Sizes: "512x512", Type: "image/png", Purpose: "maskable"},
	}
	return offline.App(lang, t(msg.SiteName), t(msg.SiteShortName), t(msg.HomeLead), static.ThemeColor, static.BackgroundColor, icons)
}
