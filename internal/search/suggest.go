package search

import (
	"sort"
	"strings"
	"unicode/utf8"
)

const (
	maxSuggestions = 5
	// maxSuggestWords caps the words of a query compared with the
	// glossary terms' words (the first ones of three letters or more).
	maxSuggestWords = 8
)

// suggestTerm is a glossary term, lower-cased, as suggest compares it.
type suggestTerm struct {
	name  string
	runes []rune   // the whole name
	words [][]rune // its words
}

func newSuggestTerm(name string) suggestTerm {
	n := strings.ToLower(name)
	st := suggestTerm{name: name, runes: []rune(n)}
	for _, w := range strings.FieldsFunc(n, func(r rune) bool { return !isWordRune(r) }) {
		st.words = append(st.words, []rune(w))
	}
	return st
}

// suggest returns up to maxSuggestions glossary terms of the given
// languages closest to text by edit distance, for "nothing found" pages.
// A term qualifies when the whole query, or one of its words, is within
// about a third of its length of the term or one of the term's words.
func (ix *Index) suggest(text string, langs []string) []string {
	q := strings.ToLower(text)
	if q == "" {
		return nil
	}
	qr := []rune(q)
	var qWords [][]rune
	for _, w := range strings.FieldsFunc(q, func(r rune) bool { return !isWordRune(r) }) {
		if utf8.RuneCountInString(w) >= 3 && len(qWords) < maxSuggestWords {
			qWords = append(qWords, []rune(w))
		}
	}
	type cand struct {
		name string
		d    int
	}
	var cands []cand
	seen := map[string]bool{}
	for _, lang := range langs {
		for _, st := range ix.li[lang].suggest {
			if seen[st.name] {
				continue
			}
			best := -1
			try := func(a, b []rune) {
				limit := max(1, len(a)/3)
				if d := levenshtein(a, b, limit); d <= limit && (best < 0 || d < best) {
					best = d
				}
			}
			try(qr, st.runes)
			for _, w := range qWords {
				for _, nw := range st.words {
					try(w, nw)
				}
			}
			if best >= 0 {
				seen[st.name] = true
				cands = append(cands, cand{st.name, best})
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].d != cands[j].d {
			return cands[i].d < cands[j].d
		}
		return cands[i].name < cands[j].name
	})
	var out []string
	for _, c := range cands {
		if len(out) == maxSuggestions {
			break
		}
		out = append(out, c.name)
	}
	return out
}

// levenshtein is the edit distance of a and b; it stops early and returns
// limit+1 once the distance must exceed limit.
func levenshtein(a, b []rune, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	var bufs [2][40]int // no allocation for words up to 39 letters
	prev, cur := bufs[0][:0], bufs[1][:0]
	if len(b) >= len(bufs[0]) {
		prev, cur = make([]int, 0, len(b)+1), make([]int, 0, len(b)+1)
	}
	prev, cur = prev[:len(b)+1], cur[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
