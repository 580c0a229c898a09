package offline

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"runtime"

	"github.com/andybalholm/brotli"
	"golang.org/x/sync/errgroup"
)

// Page is one saved page: its path as readers open it and the HTML the
// site answers there.
type Page struct {
	URL  string `json:"url"`
	HTML string `json:"html"`
}

// BatchBytes is about how much HTML one batch carries: small enough that
// a dropped connection loses little and the progress moves, large enough
// that compression finds the pages' common parts (a batch compresses to
// a quarter of its pages compressed one by one).
const BatchBytes = 512 << 10

// Pack is a language's pages in batches, each compressed once with gzip
// and brotli. Its Version names its content: any change to any page
// gives another one.
type Pack struct {
	Version string
	Batches []Batch
	Pages   int // pages in all
	Bytes   int // their HTML in bytes, as kept by the reader's browser
}

// Batch is a JSON array of Pages, compressed.
type Batch struct {
	Gzip, Brotli []byte
	Pages        int
}

// Build splits pages, in their order, into batches of about BatchBytes,
// compressed on every core.
func Build(pages []Page) *Pack {
	p := &Pack{Pages: len(pages)}
	sum := sha256.New()
	var split [][]Page
	start, size := 0, 0
	for i, pg := range pages {
		sum.Write([]byte(pg.URL))
		sum.Write([]byte{0})
		sum.Write([]byte(pg.HTML))
		sum.Write([]byte{0})
		p.Bytes += len(pg.HTML)
		size += len(pg.HTML)
		if size >= BatchBytes || i == len(pages)-1 {
			split = append(split, pages[start:i+1])
			start, size = i+1, 0
		}
	}
	p.Version = hex.EncodeToString(sum.Sum(nil)[:6])
	p.Batches = make([]Batch, len(split))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, b := range split {
		g.Go(func() error {
			p.Batches[i] = compress(b)
			return nil
		})
	}
	g.Wait()
	return p
}

// compress writes pages as JSON, gzipped as well as gzip can and with
// brotli at a middle quality (at its best it takes ten times as long, for
// a tenth fewer bytes).
func compress(pages []Page) Batch {
	var raw bytes.Buffer
	enc := json.NewEncoder(&raw)
	enc.SetEscapeHTML(false)
	enc.Encode(pages) // strings only: cannot fail
	var gz, br bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(raw.Bytes())
	zw.Close()
	bw := brotli.NewWriterOptions(&br, brotli.WriterOptions{Quality: brotliQuality, LGWin: 20})
	bw.Write(raw.Bytes())
	bw.Close()
	return Batch{Gzip: gz.Bytes(), Brotli: br.Bytes(), Pages: len(pages)}
}

// brotliQuality trades the time of building a pack, once per language
// and load, against the bytes every reader fetches.
const brotliQuality = 6

// TransferGzip and TransferBrotli are what saving the pack fetches,
// gzipped or with brotli.
func (p *Pack) TransferGzip() (n int) {
	for _, b := range p.Batches {
		n += len(b.Gzip)
	}
	return n
}

// TransferBrotli: see TransferGzip.
func (p *Pack) TransferBrotli() (n int) {
	for _, b := range p.Batches {
		n += len(b.Brotli)
	}
	return n
}
