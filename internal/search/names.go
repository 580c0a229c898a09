package search

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Glossary lists the glossary's entries aligned across languages: per
// entry, its name in each language whose book has it (language code →
// name, as content/glossary.tsv pairs them). Players type keyword names
// in the language they play in ("trample" on the German site); the
// search reads another language's name as the reader's.
type Glossary []map[string]string

// maxNameWords caps the words of a name looked for in a query.
const maxNameWords = 6

// foreignNames maps, for one language, the other languages' glossary
// names (each comma-separated part, folded by nameKey) to the language's
// own name of the entry, leaving out names the language itself has.
type foreignNames struct {
	names    map[string]string
	maxWords int
}

// newForeignNames builds lang's map from g.
func newForeignNames(g Glossary, lang string) foreignNames {
	own := map[string]bool{}
	for _, row := range g {
		for _, part := range nameParts(row[lang]) {
			own[nameKey(part)] = true
		}
	}
	f := foreignNames{names: map[string]string{}}
	for _, row := range g {
		name, ok := row[lang]
		if !ok {
			continue
		}
		for l, other := range row {
			if l == lang {
				continue
			}
			for _, part := range nameParts(other) {
				k := nameKey(part)
				if k == "" || own[k] {
					continue
				}
				if _, dup := f.names[k]; dup {
					continue // the first entry of the table keeps a name two entries share
				}
				f.names[k] = name
				f.maxWords = min(max(f.maxWords, strings.Count(k, " ")+1), maxNameWords)
			}
		}
	}
	return f
}

// nameParts splits a glossary name into the names it lists ("Control,
// Controller"; "コントロール、コントローラー").
func nameParts(name string) []string {
	return strings.FieldsFunc(name, func(r rune) bool { return r == ',' || r == '、' })
}

// nameKey folds a name or a run of query words for comparison: width and
// case folded, words separated by one space.
func nameKey(s string) string {
	return strings.Join(words(strings.ToLower(norm.NFKC.String(s))), " ")
}

// words splits s into its words.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !isWordRune(r) })
}

// wordSpan is a word of a query with its byte offsets.
type wordSpan struct {
	start, end int
}

// wordSpans returns the byte offsets of the words of s.
func wordSpans(s string) []wordSpan {
	var out []wordSpan
	start := -1
	for i, r := range s {
		switch {
		case isWordRune(r) && start < 0:
			start = i
		case !isWordRune(r) && start >= 0:
			out = append(out, wordSpan{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, wordSpan{start, len(s)})
	}
	return out
}

// translateNames replaces, in a query, each run of words that is another
// language's glossary name with li's name of the entry ("trample" →
// "Trampelschaden"), longest runs first. A single word that li drops as a
// stop or question word stays as typed ("dies" is not the English entry
// Dies on the German site), and so does a word of li's own glossary names.
// It reports whether anything was replaced.
func (li *langIndex) translateNames(text string) (string, bool) {
	if len(li.foreign.names) == 0 {
		return text, false
	}
	spans := wordSpans(text)
	var b strings.Builder
	last, changed := 0, false
	for i := 0; i < len(spans); {
		n := min(li.foreign.maxWords, len(spans)-i)
		for ; n > 0; n-- {
			run := text[spans[i].start:spans[i+n-1].end]
			name, ok := li.foreign.names[nameKey(run)]
			if ok && (n > 1 || !li.isStopWord(run)) {
				b.WriteString(text[last:spans[i].start])
				b.WriteString(name)
				last, changed = spans[i+n-1].end, true
				break
			}
		}
		i += max(n, 1)
	}
	if !changed {
		return text, false
	}
	b.WriteString(text[last:])
	return b.String(), true
}

// isStopWord reports whether a query word is one of li's stop or question
// words, or shorter than three letters.
func (li *langIndex) isStopWord(w string) bool {
	w = strings.ToLower(w)
	_, stop := slices.BinarySearch(li.stop, w)
	return stop || utf8.RuneCountInString(w) < 3
}
