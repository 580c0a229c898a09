package library

import (
	"github.com/mtgrules/site/internal/sources"
	"github.com/mtgrules/site/rules"
)

// Outdated is a paragraph of a language's text whose official text changed
// after the edition the paragraph renders.
type Outdated struct {
	Number string
	Source string      // the edition the paragraph renders ("2026-04-17")
	Since  *rules.Book // the first newer official edition whose paragraph differs or is gone
	Was    *rules.Rule // the paragraph in the source edition; nil when that edition is not loaded
	Now    *rules.Rule // the paragraph in the newest official edition; nil when it removed the rule
	// RemovedIn is the edition from which on the official text lacks the
	// rule; nil when the newest official edition has it.
	RemovedIn *rules.Book
}

// Official is the official English editions a text is compared with,
// newest first, each with its paragraphs' fingerprints.
type Official struct {
	Books  []*rules.Book
	prints []map[string]string
}

// NewOfficial fingerprints every paragraph of books (newest first).
func NewOfficial(books []*rules.Book) *Official {
	o := &Official{Books: books, prints: make([]map[string]string, len(books))}
	for i, b := range books {
		m := make(map[string]string, len(b.Rules()))
		for _, r := range b.Rules() {
			m[r.Number] = sources.Fingerprint(r)
		}
		o.prints[i] = m
	}
	return o
}

// Stale lists, in text's order, the paragraphs of text whose official
// paragraph changed (or went) in an edition of o newer than the one src
// says it renders. A paragraph without a source is never stale.
func (o *Official) Stale(text *rules.Book, src map[string]sources.Source) []*Outdated {
	var out []*Outdated
	for _, r := range text.Rules() {
		if s, ok := src[r.Number]; ok {
			if d := o.check(r.Number, s); d != nil {
				out = append(out, d)
			}
		}
	}
	return out
}

// check compares the paragraph numbered num with the editions newer than
// its source, oldest first.
func (o *Official) check(num string, s sources.Source) *Outdated {
	d := &Outdated{Number: num, Source: s.Edition}
	for i := len(o.Books) - 1; i >= 0; i-- {
		b := o.Books[i]
		ed := b.Edition()
		if ed == s.Edition {
			d.Was, _ = b.Rule(num)
		}
		if ed <= s.Edition {
			continue
		}
		fp, has := o.prints[i][num]
		if d.Since == nil && fp != s.Fingerprint {
			d.Since = b
		}
		switch {
		case has:
			d.RemovedIn = nil
		case d.RemovedIn == nil:
			d.RemovedIn = b
		}
	}
	if d.Since == nil {
		return nil
	}
	d.Now, _ = o.Books[0].Rule(num)
	return d
}
