package search

import (
	"html"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Snippet window, in runes.
const (
	snippetRunes  = 220 // longest fragment shown
	snippetBefore = 60  // context kept before the first highlight
)

// matcher decides which analysed words of a text to highlight: the query
// terms (and the words a mistyped one may stand for), words within the
// typo distance of one (fuzzy) and, for German, words that contain the
// query term (compound parts).
type matcher struct {
	exact    map[string]bool
	fuzzy    [][]rune // query terms with their allowed distance in dist
	dist     []int
	compound []string
}

// newMatcher highlights terms; fuzzy lets each of them have typos.
func newMatcher(terms []string, fuzzy, compound bool) *matcher {
	m := &matcher{exact: make(map[string]bool, len(terms))}
	for _, t := range terms {
		m.exact[t] = true
		if fuzzy && fuzziness(t) > 0 {
			m.fuzzy = append(m.fuzzy, []rune(t))
			m.dist = append(m.dist, fuzziness(t))
		}
		if compound && utf8.RuneCountInString(t) >= affixMin {
			m.compound = append(m.compound, t)
		}
	}
	return m
}

func (m *matcher) match(term string) bool {
	if m.exact[term] {
		return true
	}
	for _, c := range m.compound {
		if strings.Contains(term, c) {
			return true
		}
	}
	if len(m.fuzzy) > 0 {
		r := []rune(term)
		for i, f := range m.fuzzy {
			if levenshtein(r, f, m.dist[i]) <= m.dist[i] {
				return true
			}
		}
	}
	return false
}

// snippet returns an HTML fragment of text around the first highlighted
// words: every character of text is escaped, only <mark> tags are raw.
func (li *langIndex) snippet(text string, m *matcher) string {
	var spans [][2]int
	for _, tok := range li.analyzer.Analyze([]byte(text)) {
		s, e := tok.Start, tok.End
		if s < 0 || e > len(text) || s >= e || !utf8.RuneStart(text[s]) || (e < len(text) && !utf8.RuneStart(text[e])) {
			continue
		}
		if m.match(string(tok.Term)) {
			spans = append(spans, [2]int{s, e})
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	// Merge overlapping spans (CJK bigrams overlap by one character).
	merged := spans[:0]
	for _, sp := range spans {
		if n := len(merged); n > 0 && sp[0] <= merged[n-1][1] {
			merged[n-1][1] = max(merged[n-1][1], sp[1])
			continue
		}
		merged = append(merged, sp)
	}
	spans = merged

	start := 0
	if len(spans) > 0 {
		start = back(text, spans[0][0], snippetBefore, li.fuzzy)
	}
	end := forward(text, start, snippetRunes, li.fuzzy)

	var b strings.Builder
	b.Grow(end - start + 64)
	if start > 0 {
		b.WriteString("…")
	}
	pos := start
	for _, sp := range spans {
		s, e := max(sp[0], start), min(sp[1], end)
		if s >= e {
			continue
		}
		b.WriteString(html.EscapeString(text[pos:s]))
		b.WriteString("<mark>")
		b.WriteString(html.EscapeString(text[s:e]))
		b.WriteString("</mark>")
		pos = e
	}
	b.WriteString(html.EscapeString(text[pos:end]))
	if end < len(text) {
		b.WriteString("…")
	}
	return b.String()
}

// back returns the byte offset about n runes before i, moved forward to
// the start of a word when words are space-separated.
func back(text string, i, n int, spaced bool) int {
	j := i
	for k := 0; k < n && j > 0; k++ {
		_, size := utf8.DecodeLastRuneInString(text[:j])
		j -= size
	}
	if j == 0 {
		return 0
	}
	if spaced {
		if sp := strings.IndexFunc(text[j:i], unicode.IsSpace); sp >= 0 {
			j += sp + 1
		}
	}
	return j
}

// forward returns the byte offset n runes after i (or the end), moved back
// to the end of a word when words are space-separated.
func forward(text string, i, n int, spaced bool) int {
	j := i
	for k := 0; k < n && j < len(text); k++ {
		_, size := utf8.DecodeRuneInString(text[j:])
		j += size
	}
	if j >= len(text) {
		return len(text)
	}
	if spaced {
		if sp := strings.LastIndexFunc(text[i:j], unicode.IsSpace); sp > 0 {
			j = i + sp
		}
	}
	return j
}
