package offline

import "github.com/mtgrules/site/internal/urls"

// Index is what the service worker reads before it saves a language, and
// again on later visits to learn whether the saved copy is still the
// site's.
type Index struct {
	Lang    string `json:"lang"`
	Version string `json:"version"` // the pack's: a new one means save again
	Edition string `json:"edition"` // the rules' edition ("2026-04-17")
	Label   string `json:"label"`   // the same in the reader's words
	Pages   int    `json:"pages"`
	Bytes   int    `json:"bytes"` // the HTML the browser keeps
	// Batches are the addresses of the pack's batches, in order, and
	// BatchPages how many pages each holds.
	Batches    []string `json:"batches"`
	BatchPages []int    `json:"batchPages"`
	// Assets are the static files every page loads (style, script, icon).
	Assets []string `json:"assets"`
	// Fallback is the page shown offline in place of one that needs the
	// server.
	Fallback string `json:"fallback"`
	// Header is what the site sends with every page (type, security
	// policy); saved pages are answered with it.
	Header map[string]string `json:"header"`
	// Messages are what saved pages say about the saved copy, in lang.
	Messages Messages `json:"messages"`
}

// Messages tell a reader about their saved copy; {edition} stands for
// the edition's label.
type Messages struct {
	Stale   string `json:"stale"`   // a newer edition is out and being saved
	Updated string `json:"updated"` // the saved copy now has it
}

// Index describes p for lang; edition and label name the edition of
// lang's rules it holds.
func (p *Pack) Index(lang, edition, label string, assets []string, header map[string]string, m Messages) Index {
	ix := Index{Lang: lang, Version: p.Version, Edition: edition, Label: label, Pages: p.Pages, Bytes: p.Bytes,
		Assets: assets, Fallback: urls.OfflineUnavailable(lang), Header: header, Messages: m}
	for i, b := range p.Batches {
		ix.Batches = append(ix.Batches, urls.OfflineBatch(lang, p.Version, i))
		ix.BatchPages = append(ix.BatchPages, b.Pages)
	}
	return ix
}
