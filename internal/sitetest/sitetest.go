// Package sitetest holds what the site's tests share, so no test package
// copies it: the embedded content's parts, each loaded once per test
// binary on first use (library, catalogue, assets, worked examples, search
// index), and requests over real HTTP. Package
// chromium has the browser, package librarytest the rules texts of other
// editions. Only tests import it; tests share what it loads and never
// change it, in parallel too.
package sitetest

import (
	"sync"
	"testing"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/static"
)

// Shared is a value the tests of a package share: the first to ask
// builds it, every later one gets the same (or the same error).
type Shared[T any] struct {
	once sync.Once
	v    T
	err  error
}

// Get builds the value with build on first use.
func (s *Shared[T]) Get(tb testing.TB, build func() (T, error)) T {
	tb.Helper()
	s.once.Do(func() { s.v, s.err = build() })
	if s.err != nil {
		tb.Fatal(s.err)
	}
	return s.v
}

var (
	lib   Shared[*library.Library]
	cat   Shared[*locales.Catalog]
	files Shared[*static.Assets]
	exs   Shared[*examples.Set]
	index Shared[*search.Index]
)

// Library is the embedded library.
func Library(tb testing.TB) *library.Library {
	tb.Helper()
	return lib.Get(tb, func() (*library.Library, error) { return library.Load(library.Embedded(nil)) })
}

// Catalog is the message catalogue of the site's languages.
func Catalog(tb testing.TB) *locales.Catalog {
	tb.Helper()
	return cat.Get(tb, func() (*locales.Catalog, error) { return locales.Load(langs.Default, locales.Files) })
}

// Assets are the static files.
func Assets(tb testing.TB) *static.Assets {
	tb.Helper()
	return files.Get(tb, static.Load)
}

// Examples are the embedded worked examples.
func Examples(tb testing.TB) *examples.Set {
	tb.Helper()
	return exs.Get(tb, func() (*examples.Set, error) { return examples.Load(langs.Default, content.FS) })
}

// Index is the search index of the embedded library. None may close it.
func Index(tb testing.TB) *search.Index {
	tb.Helper()
	l := Library(tb)
	return index.Get(tb, func() (*search.Index, error) { return search.Build(l.Langs, l.Books, l.Glossary.Names()) })
}
