package web

import (
	"runtime/debug"
	"time"

	"github.com/mtgrules/site/internal/library"
)

// How long browsers (max-age) and shared caches such as a CDN (s-maxage)
// may keep each kind of response. Every cacheable response also carries a
// strong ETag (see internal/httpcache), so expired copies revalidate with
// a 304. A page changes only when the rules are reloaded; a search result
// with the index; a sandbox position never.
const (
	cachePage     = "public, max-age=600, s-maxage=3600, stale-while-revalidate=86400"
	cacheSearch   = "public, max-age=60, s-maxage=600"
	cachePosition = "public, max-age=86400, s-maxage=604800"
)

// contentTime is when the content of lib last changed, every public
// answer's Last-Modified: the newest edition's date or, when later, the
// time of the commit the binary was built from. Every replica of one
// build with the same rules files says the same.
func contentTime(lib *library.Library) time.Time {
	t := buildTime
	if lib == nil {
		return t
	}
	for _, eds := range lib.Editions {
		for _, b := range eds {
			if b.Date.After(t) {
				t = b.Date
			}
		}
	}
	return t
}

// buildTime is the commit time of the sources the binary was built
// from; zero when the build does not say (go test, go run).
var buildTime = func() time.Time {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return time.Time{}
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.time" {
			t, _ := time.Parse(time.RFC3339, s.Value)
			return t
		}
	}
	return time.Time{}
}()
