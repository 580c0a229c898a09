package web

import (
	"bytes"
	"encoding/binary"
	"html"
	"image/png"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// meta returns the content of a page's <meta property|name=key>.
func meta(body, key string) string {
	m := regexp.MustCompile(`<meta (?:property|name)="` + regexp.QuoteMeta(key) + `" content="([^"]*)"`).FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}

// pngSize fetches an image of the site and returns its size.
func pngSize(t *testing.T, u string) (int, int) {
	t.Helper()
	r := get(t, strings.TrimPrefix(u, srv.URL))
	if r.status != http.StatusOK || r.header.Get("Content-Type") != "image/png" {
		t.Fatalf("%s: %d %s", u, r.status, r.header.Get("Content-Type"))
	}
	c, err := png.DecodeConfig(strings.NewReader(r.body))
	if err != nil {
		t.Fatalf("%s: %v", u, err)
	}
	return c.Width, c.Height
}

// TestLinkPreviews: every shareable page names a 1200×630 preview image of
// its area in its language, for OpenGraph and X; the favicons answer; the
// descriptions say something beyond the heading (issue 25, 11).
func TestLinkPreviews(t *testing.T) {
	t.Parallel()
	testServer(t)
	for _, c := range []struct{ path, image string }{
		{"/en/", "og-site-en"},
		{"/de/rules/117", "og-rules-de"},
		{"/ja/rules", "og-rules-ja"},
		{"/de/glossary", "og-glossary-de"},
		{"/ja/glossary/" + url.PathEscape("トランプル"), "og-glossary-ja"},
		{"/en/search?q=trample", "og-search-en"},
		{"/de/examples", "og-examples-de"},
		{"/ja/examples/giant-growth-answered-by-shock?step=2", "og-examples-ja"},
		{"/en/play/giant-growth-answered-by-shock", "og-examples-en"},
		{"/de/play/new", "og-examples-de"},
		{"/en/linkify", "og-site-en"},
	} {
		r := get(t, c.path)
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", c.path, r.status)
		}
		img := meta(r.body, "og:image")
		if !strings.HasPrefix(img, srv.URL+"/static/"+c.image+".") || meta(r.body, "twitter:image") != img || meta(r.body, "twitter:card") != "summary_large_image" || meta(r.body, "og:image:alt") == "" {
			t.Errorf("%s: og:image %q, twitter %q %q", c.path, img, meta(r.body, "twitter:image"), meta(r.body, "twitter:card"))
			continue
		}
		if w, h := pngSize(t, img); w != 1200 || h != 630 || meta(r.body, "og:image:width") != "1200" || meta(r.body, "og:image:height") != "630" {
			t.Errorf("%s: image %d×%d", c.path, w, h)
		}
		if d := meta(r.body, "description"); d == "" || d == meta(r.body, "og:title") {
			t.Errorf("%s: description %q", c.path, d)
		}
		for _, link := range []string{`href="/en/changes"`, `href="/en/changes.atom"`} {
			if lang := c.path[1:3]; !strings.Contains(r.body, strings.Replace(link, "/en/", "/"+lang+"/", 1)) {
				t.Errorf("%s: no link %s", c.path, link)
			}
		}
	}
	// A section's description is its first sentence, not its heading.
	if d := meta(get(t, "/en/rules/117").body, "description"); !strings.HasPrefix(d, "Apart from moments when a spell or ability is directing a player") || !strings.HasSuffix(d, ".") {
		t.Errorf("117: description %q", d)
	}
	if d := meta(get(t, "/de/search?q=trample").body, "description"); !strings.HasPrefix(d, "15 Treffer für „trample“ · 702.19 Trampelschaden") {
		t.Errorf("search: description %q", d)
	}
	// Favicons: an ICO holding the 32 px PNG, the PNG itself, the touch icon.
	r := get(t, "/favicon.ico")
	if r.status != http.StatusOK || r.header.Get("Content-Type") != "image/x-icon" || len(r.body) < 22 ||
		!bytes.Equal([]byte(r.body[:6]), []byte{0, 0, 1, 0, 1, 0}) || r.body[6] != 32 || binary.LittleEndian.Uint32([]byte(r.body[18:22])) != 22 {
		t.Fatalf("favicon.ico: %d %s %q", r.status, r.header.Get("Content-Type"), r.body[:min(len(r.body), 22)])
	}
	if c, err := png.DecodeConfig(strings.NewReader(r.body[22:])); err != nil || c.Width != 32 || c.Height != 32 {
		t.Errorf("favicon.ico image: %+v %v", c, err)
	}
	if w, h := pngSize(t, "/apple-touch-icon.png"); w != 180 || h != 180 {
		t.Errorf("apple-touch-icon: %d×%d", w, h)
	}
	home := get(t, "/en/").body
	for _, re := range []string{`<link rel="icon" href="/static/icon-32\.[0-9a-f]+\.png" sizes="32x32" type="image/png">`, `<link rel="apple-touch-icon" href="/static/apple-touch-icon\.[0-9a-f]+\.png">`} {
		if m := regexp.MustCompile(re).FindString(home); m == "" {
			t.Errorf("home lacks %s", re)
		} else if w, _ := pngSize(t, regexp.MustCompile(`href="([^"]+)"`).FindStringSubmatch(m)[1]); w != 32 && w != 180 {
			t.Errorf("%s: %d px", m, w)
		}
	}
}
