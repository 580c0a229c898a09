// Package ruleview builds the page models of the rules from the library:
// home, contents, a rule, the glossary and an entry, and the changes
// between editions. Its functions take what a request asked for, already
// parsed, and return the model or a pageerr.Error; they know nothing of
// HTTP, so the web package only parses, calls them and renders.
package ruleview

import (
	"sync"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/layout"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/richtext"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
	"github.com/mtgrules/site/templates"
)

// Pages builds the models of the rules' pages (rules, contents, glossary,
// changes, history) from the library and what is worked out once from it:
// the linked paragraphs of every current book, the editions' labels, the
// older editions' paragraphs and the comparisons asked for so far.
type Pages struct {
	Lib      *library.Library
	Cat      *locales.Catalog
	Layout   layout.Frame
	Examples *examples.Set // nil when none are loaded

	paras  map[string]map[string]*templates.Para // lang → rule number → paragraph
	labels map[*rules.Book]string                // "Edition of 14 November 2025", in the book's language
	older  map[*rules.Book]*olderParas           // every edition but the newest of its language
	diffs  sync.Map                              // [2]*rules.Book → *comparison
	citing sync.Map                              // citingKey → []templates.Link
}

type olderParas struct {
	once  sync.Once
	paras map[string]*templates.Para
}

// New links every paragraph of the current books and labels every edition.
func New(lib *library.Library, cat *locales.Catalog, lay layout.Frame, exs *examples.Set) *Pages {
	s := &Pages{Lib: lib, Cat: cat, Layout: lay, Examples: exs, paras: buildParas(lib),
		labels: map[*rules.Book]string{}, older: map[*rules.Book]*olderParas{}}
	for lang, eds := range lib.Editions {
		for i, b := range eds {
			if !b.Date.IsZero() {
				s.labels[b] = cat.Format(lang, msg.EditionOf, 0, map[string]any{"Date": lib.Langs.Get(lang).LongDate(b.Date)})
			}
			if i > 0 {
				s.older[b] = &olderParas{}
			}
		}
	}
	return s
}

// Book is lang's current book.
func (s *Pages) Book(lang string) *rules.Book { return s.Lib.Books[lang] }

// EditionLabel names an edition in its language ("Edition of 14 November
// 2025"); "" for a file without a date.
func (s *Pages) EditionLabel(b *rules.Book) string { return s.labels[b] }

// EditionID is the ID that keeps a link in an older edition of lang; ""
// for the current one.
func (s *Pages) EditionID(lang string, b *rules.Book) string {
	if b == s.Book(lang) {
		return ""
	}
	return b.Edition()
}

// editionParas returns the linked paragraphs of one of lang's editions.
func (s *Pages) editionParas(lang string, b *rules.Book) map[string]*templates.Para {
	o, ok := s.older[b]
	if !ok {
		return s.paras[lang]
	}
	o.once.Do(func() { o.paras = bookParas(b, richtext.New(b, s.Lib.Langs.Get(b.Lang)), b.Edition()) })
	return o.paras
}

// buildParas links every rule paragraph of every current book once, at
// start-up, one language per goroutine.
func buildParas(lib *library.Library) map[string]map[string]*templates.Para {
	out := make(map[string]map[string]*templates.Para, len(lib.Books))
	var (
		mu sync.Mutex
		wg sync.WaitGroup
	)
	for lang, b := range lib.Books {
		wg.Go(func() {
			m := bookParas(b, lib.Linkers[lang], "")
			mu.Lock()
			out[lang] = m
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

// bookParas links every rule paragraph of b; edition is "" for a current
// book, else its edition ID, which keeps the paragraphs' links in it.
func bookParas(b *rules.Book, ln *richtext.Linker, edition string) map[string]*templates.Para {
	m := make(map[string]*templates.Para, len(b.Rules()))
	for _, r := range b.Rules() {
		p := &templates.Para{Number: r.Number, Level: r.Level(), Lang: b.Lang, Text: ln.Segments(r.Text, ""), Edition: edition}
		for _, ex := range r.Examples {
			p.Examples = append(p.Examples, ln.Segments(ex, ""))
		}
		m[r.Number] = p
	}
	return m
}
