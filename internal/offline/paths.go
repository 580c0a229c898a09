// Package offline decides what saving a language for reading offline
// takes — which pages, in which batches — and describes the site as an
// installable web app. The service worker (static/sw.js) fetches the
// batches and keeps the pages; this package only builds what it fetches.
package offline

import (
	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/rules"
)

// Paths lists every page a reader of lang can open offline once it is
// saved: the home page, the contents, every rule up to the second level
// (a subrule such as 117.3b is shown on the page of 117.3, which the
// service worker opens at the subrule), the glossary and every entry, the
// worked examples and each of their steps, the offline page itself and
// the page that stands in for those that need the server. book is lang's
// current book; ref, when not nil, the book whose rules lang's pages show
// where lang lacks them (the English fallback).
func Paths(lang string, book, ref *rules.Book, exs []*examples.Example) []string {
	out := []string{urls.Home(lang), urls.Contents(lang), urls.Glossary(lang), urls.Examples(lang), urls.Offline(lang), urls.OfflineUnavailable(lang)}
	seen := map[string]bool{}
	for _, b := range []*rules.Book{book, ref} {
		if b == nil {
			continue
		}
		for _, r := range b.Rules() {
			if r.Level() <= 1 && !seen[r.Number] {
				seen[r.Number] = true
				out = append(out, urls.Rule(lang, r.Number))
			}
		}
	}
	for _, t := range book.Glossary {
		out = append(out, urls.Term(lang, t.Slug))
	}
	for _, ex := range exs {
		for step := range ex.Snapshots {
			out = append(out, urls.Example(lang, ex.Slug, step+1))
		}
	}
	return out
}
