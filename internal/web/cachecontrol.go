package web

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
