// Package static embeds the site's CSS, JavaScript and icons and serves
// them under content-hashed URLs ("/static/style.3f2a9c1b.css") that can
// be cached forever. The service worker, sw.js, is served at a stable
// address instead (see urls.ServiceWorker).
//
// The PNG icons are made once from icon.svg, for the web app manifest:
//
//	rsvg-convert -w 192 -h 192 icon.svg -o icon-192.png
//	rsvg-convert -w 512 -h 512 icon.svg -o icon-512.png
//
// and icon-maskable-512.png from the same mark at 80 % on a full square
// of ThemeColor (a launcher may cut any shape out of it).
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"io/fs"
	"mime"
	"path"
	"strings"
)

//go:embed *.css *.js *.svg *.png
var files embed.FS

// Prefix starts the address of every static file.
const Prefix = "/static/"

// ThemeColor is the icon's colour, the colour of the installed site's
// title bar; BackgroundColor is the page's, shown while it starts.
const (
	ThemeColor      = "#5b3a8c"
	BackgroundColor = "#fdfcf9"
)

// Asset is one embedded file with its hashed name.
type Asset struct {
	Name        string // "style.css"
	Hashed      string // "style.3f2a9c1b.css"
	ContentType string
	Body        []byte
}

// Assets indexes the embedded files by plain and hashed name.
type Assets struct {
	byName   map[string]*Asset
	byHashed map[string]*Asset
}

// Load hashes every embedded file.
func Load() (*Assets, error) {
	a := &Assets{byName: map[string]*Asset{}, byHashed: map[string]*Asset{}}
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		body, err := files.ReadFile(e.Name())
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(body)
		ext := path.Ext(e.Name())
		as := &Asset{
			Name:        e.Name(),
			Hashed:      strings.TrimSuffix(e.Name(), ext) + "." + hex.EncodeToString(sum[:4]) + ext,
			ContentType: mime.TypeByExtension(ext),
			Body:        body,
		}
		a.byName[as.Name] = as
		a.byHashed[as.Hashed] = as
	}
	if icon, ok := a.byName["icon-32.png"]; ok {
		a.byName[Favicon] = &Asset{Name: Favicon, ContentType: "image/x-icon", Body: ico(icon.Body, 32)}
	}
	return a, nil
}

// Favicon names the icon browsers ask for at /favicon.ico, made from
// icon-32.png (Named finds it; it has no hashed URL).
const Favicon = "favicon.ico"

// ico wraps one square PNG of size pixels in an ICO file (a PNG image
// inside an ICO is read by every browser since 2007).
func ico(png []byte, size int) []byte {
	out := make([]byte, 0, 22+len(png))
	out = binary.LittleEndian.AppendUint16(out, 0)  // reserved
	out = binary.LittleEndian.AppendUint16(out, 1)  // type: icon
	out = binary.LittleEndian.AppendUint16(out, 1)  // one image
	out = append(out, byte(size), byte(size), 0, 0) // width, height, no palette, reserved
	out = binary.LittleEndian.AppendUint16(out, 1)  // colour planes
	out = binary.LittleEndian.AppendUint16(out, 32) // bits per pixel
	out = binary.LittleEndian.AppendUint32(out, uint32(len(png)))
	out = binary.LittleEndian.AppendUint32(out, 22) // the image follows the directory
	return append(out, png...)
}

// URL returns the hashed URL of a file; an unknown name is a programming
// error, returned unhashed so the page still renders.
func (a *Assets) URL(name string) string {
	if as, ok := a.byName[name]; ok {
		return Prefix + as.Hashed
	}
	return Prefix + name
}

// Named finds a file by its plain name, for the addresses clients ask for
// without a hash (/sw.js, /favicon.ico, /apple-touch-icon.png).
func (a *Assets) Named(name string) (*Asset, bool) {
	as, ok := a.byName[name]
	return as, ok
}

// Lookup finds a file by its hashed name.
func (a *Assets) Lookup(hashed string) (*Asset, bool) {
	as, ok := a.byHashed[hashed]
	return as, ok
}
