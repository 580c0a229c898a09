// Package reload serves the site through a handler that a reload replaces
// while requests run: the operator's rules files are read again and
// indexed, and only a library that loads completely takes over. On any
// error the running one keeps serving, so a broken download never takes the
// site down.
package reload

import (
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mtgrules/site/internal/httpcache"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/internal/web"
)

// Grace is how long a replaced generation stays usable for the requests
// still running on it (longer than the server's write timeout).
const Grace = time.Minute

// Handler serves the site and loads it again on Reload.
type Handler struct {
	// Grace is how long a replaced generation's search index stays open;
	// then the Handler drops every reference to it. Set before the first
	// Reload; New sets Grace.
	Grace time.Duration

	base web.Config // everything but Library and Search
	src  library.Source
	mu   sync.Mutex // one load at a time; guards retired
	cur  atomic.Pointer[generation]
	// retired are the replaced generations in their grace period, each
	// with the timer that ends it.
	retired map[*generation]*time.Timer
}

// generation is one loaded library with its index and handler.
type generation struct {
	lib     *library.Library
	idx     *search.Pending
	cache   *httpcache.Cache
	handler http.Handler
}

// New loads the library from src and serves it with base's catalog,
// assets, examples and base URL (loaded for src's languages). The search
// index of this first load is built in the background (search answers
// 503 until it is ready), so the site starts at once.
func New(base web.Config, src library.Source) (*Handler, error) {
	lib, err := library.Load(src)
	if err != nil {
		return nil, err
	}
	s := &Handler{Grace: Grace, base: base, src: src, retired: map[*generation]*time.Timer{}}
	idx := search.BuildLater(lib.Langs, lib.Books, lib.Glossary.Names())
	s.cur.Store(s.generation(lib, idx))
	idx.Start() // once the pages are ready: indexing would slow building them
	return s, nil
}

func (s *Handler) generation(lib *library.Library, idx *search.Pending) *generation {
	cfg := s.base
	cfg.Library, cfg.Search, cfg.Cache = lib, idx, cfg.NewCache()
	return &generation{lib: lib, idx: idx, cache: cfg.Cache, handler: web.New(cfg)}
}

// ServeHTTP serves the current generation.
func (s *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.cur.Load().handler.ServeHTTP(w, r)
}

// Hit is the current generation's kept answer to a GET or HEAD of uri,
// exactly what ServeHTTP would send (see httpcache.Cache.Hit).
func (s *Handler) Hit(uri string, r httpcache.Request) (httpcache.Reply, bool) {
	return s.cur.Load().cache.Hit(uri, r)
}

// Library is the library being served.
func (s *Handler) Library() *library.Library { return s.cur.Load().lib }

// Search is the search index being served (possibly still building).
func (s *Handler) Search() *search.Pending { return s.cur.Load().idx }

// Reload reads the rules files again and builds their search index; only
// when both succeed does the new library replace the served one. On error
// nothing changes and the error names the file and line.
func (s *Handler) Reload() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	lib, err := library.Load(s.src)
	if err != nil {
		return err
	}
	ix, err := search.Build(lib.Langs, lib.Books, lib.Glossary.Names())
	if err != nil {
		return err
	}
	old := s.cur.Swap(s.generation(lib, search.Ready(ix)))
	s.retired[old] = time.AfterFunc(s.Grace, func() { s.retire(old) })
	return nil
}

// retire closes a replaced generation's index at the end of its grace
// period and forgets it.
func (s *Handler) retire(g *generation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.retired[g]; ok {
		delete(s.retired, g)
		g.idx.Close()
	}
}

// Retired is the number of replaced generations still in their grace
// period.
func (s *Handler) Retired() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.retired)
}

// Close releases the served and the replaced search indexes.
func (s *Handler) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for g, t := range s.retired {
		t.Stop()
		g.idx.Close() // Pending.Close runs once, whoever calls it first
		delete(s.retired, g)
	}
	return s.cur.Load().idx.Close()
}
