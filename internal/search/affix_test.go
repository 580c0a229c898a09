package search

import (
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"
)

// The affix compound mode's filter (see compoundAffix), which only the
// tests select, registers with bleve here.
func init() {
	if err := registry.RegisterTokenFilter(affixFilterName, func(map[string]any, *registry.Cache) (analysis.TokenFilter, error) {
		return affixFilter{min: affixMin}, nil
	}); err != nil {
		panic(err)
	}
}

// affixFilter keeps every token and adds each of its prefixes and suffixes
// of at least min letters at the same position and offsets: an edge n-gram
// from both ends, so a compound can be found by its head ("schad" in
// "kampfschad") or by its first part ("kampf").
type affixFilter struct{ min int }

// Filter implements analysis.TokenFilter.
func (f affixFilter) Filter(in analysis.TokenStream) analysis.TokenStream {
	out := make(analysis.TokenStream, 0, len(in)*2)
	for _, t := range in {
		out = append(out, t)
		n := utf8.RuneCount(t.Term)
		if n <= f.min {
			continue
		}
		// Byte offsets of every rune boundary.
		cut := make([]int, 0, n+1)
		for i := range string(t.Term) {
			cut = append(cut, i)
		}
		cut = append(cut, len(t.Term))
		for k := f.min; k < n; k++ {
			out = append(out,
				&analysis.Token{Term: t.Term[:cut[k]], Position: t.Position, Start: t.Start, End: t.End, Type: t.Type},
				&analysis.Token{Term: t.Term[cut[n-k]:], Position: t.Position, Start: t.Start, End: t.End, Type: t.Type})
		}
	}
	return out
}
