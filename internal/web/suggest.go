package web

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/site/internal/ruleview"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules"
)

// maxSuggestions is how many completions /api/{lang}/suggest returns.
const maxSuggestions = 10

// maxSuggestRunes bounds the query looked up; no label is longer.
const maxSuggestRunes = 100

// suggestion is one completion: a rule by its number, a rule by its
// heading, or a glossary entry by its term.
type suggestion struct {
	Label  string `json:"label"`
	Kind   string `json:"kind"`             // "rule", "heading" or "term"
	Detail string `json:"detail,omitempty"` // the heading's rule number, or that it is a glossary entry
	Number string `json:"number,omitempty"` // the rule's number, for rules and headings
	Lang   string `json:"lang"`             // the label's language
	URL    string `json:"url"`
}

// suggestEntry is a suggestion under one lookup key.
type suggestEntry struct {
	key  string // folded: a rule number, or a label (or its tail from a word on)
	rank int    // order among entries with the same prefix: number order for rules
	s    *suggestion
}

// langSuggest is one language's lookup: three lists sorted by key, so the
// entries with a prefix are a range found by binary search.
type langSuggest struct {
	numbers []suggestEntry // every rule number the language's pages show
	names   []suggestEntry // headings and glossary terms, by their whole label
	words   []suggestEntry // the same, by the label's tail from each later word (each later character in unspaced text)
	// aliases are the glossary terms by their names in the other
	// languages, whole and from each later word: offered after the
	// language's own names
	aliases []suggestEntry
	// refWord is a word people write before a rule number ("CR 117.3",
	// "Regel 704", "総合ルール117") in any language, after folding.
	refWord *regexp.Regexp
}

// suggestIndex is the autocomplete lookup of every language, built once
// per library.
type suggestIndex struct {
	langs map[string]*langSuggest
}

// newSuggestIndex indexes the rule numbers (with the English fallback the
// rule pages use), headings and glossary terms of every current book.
func newSuggestIndex(s *Server) *suggestIndex {
	ix := &suggestIndex{langs: map[string]*langSuggest{}}
	refWord := regexp.MustCompile(`^` + s.langs.RefWords().BeforePattern() + `\s*`)
	for _, lang := range s.langs.Codes() {
		if s.Library.Books[lang] != nil {
			ix.langs[lang] = buildLangSuggest(s, lang)
			ix.langs[lang].refWord = refWord
		}
	}
	return ix
}

func buildLangSuggest(s *Server, lang string) *langSuggest {
	ls := &langSuggest{}
	b := s.Library.Books[lang]
	// Rule numbers: the language's own, and those only the fallback has.
	var nums []string
	for _, r := range b.Rules() {
		nums = append(nums, r.Number)
	}
	if ref := s.Library.Fallback(lang, b); ref != nil {
		for _, r := range ref.Rules() {
			if _, ok := b.Rule(r.Number); !ok {
				nums = append(nums, r.Number)
			}
		}
		slices.SortStableFunc(nums, rules.CompareNumbers)
	}
	for i, num := range nums {
		r, textLang, _ := s.Library.Current(lang, num)
		key := num
		if r.Level() == 0 {
			key += "." // "117" and "117." both complete to rule 117
		}
		ls.numbers = append(ls.numbers, suggestEntry{key: key, rank: i, s: &suggestion{
			Label: ruleview.Heading(r), Kind: "rule", Number: num, Lang: textLang, URL: urls.Rule(lang, num),
		}})
	}
	// Headings: the top-level rules' titles and the named rules ("702.19 Trample").
	// In unspaced text every character may begin a word: "優先" is in
	// "タイミングと優先権".
	unspaced := s.langs.Get(lang).Unspaced
	addAs := func(name string, sg *suggestion, rank int, inside bool, names, words *[]suggestEntry) {
		key := foldSuggest(name)
		*names = append(*names, suggestEntry{key: key, rank: rank, s: sg})
		for i := 1; i < len(key); i++ {
			if wordStart(key, i) || inside && utf8.RuneStart(key[i]) && key[i] != ' ' {
				*words = append(*words, suggestEntry{key: key[i:], rank: rank, s: sg})
			}
		}
	}
	add := func(sg *suggestion, rank int) { addAs(sg.Label, sg, rank, unspaced, &ls.names, &ls.words) }
	for i, r := range b.Rules() {
		if r.Level() == 0 || r.Level() == 1 && r.Heading() == r.Text {
			add(&suggestion{Label: r.Text, Kind: "heading", Detail: r.Number, Number: r.Number, Lang: lang, URL: urls.Rule(lang, r.Number)}, i)
		}
	}
	glossary := s.Catalog.T(lang, msg.GlossaryHeading)
	for i, t := range b.Glossary {
		// Terms before headings of the same name: the entry explains it.
		rank := i - len(b.Glossary)
		add(&suggestion{Label: t.Name, Kind: "term", Detail: glossary, Lang: lang, URL: urls.Term(lang, t.Slug)}, rank)
		// The entry by its names in the other languages ("trample" offers
		// Trampelschaden), labelled in this language, the name typed beside.
		for _, other := range s.langs.Codes() {
			o, ok := s.Library.Glossary.Counterpart(t, other)
			if other == lang || !ok {
				continue
			}
			for _, name := range termNames(o.Name) {
				if foldSuggest(name) == foldSuggest(t.Name) {
					continue
				}
				addAs(name, &suggestion{Label: t.Name, Kind: "term", Detail: glossary + " · " + name, Lang: lang, URL: urls.Term(lang, t.Slug)}, rank, s.langs.Get(other).Unspaced, &ls.aliases, &ls.aliases)
			}
		}
	}
	for _, list := range [][]suggestEntry{ls.numbers, ls.names, ls.words, ls.aliases} {
		slices.SortStableFunc(list, func(a, b suggestEntry) int {
			if c := strings.Compare(a.key, b.key); c != 0 {
				return c
			}
			return a.rank - b.rank
		})
	}
	return ls
}

// wordStart reports whether a word begins at byte i of key: after a space,
// hyphen, slash or opening bracket.
func wordStart(key string, i int) bool {
	r, _ := utf8.DecodeRuneInString(key[i:])
	prev, _ := utf8.DecodeLastRuneInString(key[:i])
	return r != ' ' && strings.ContainsRune(" -/(„“\"'・（「", prev)
}

// foldSuggest makes labels and queries comparable: compatibility forms
// (full-width Latin, half-width kana) folded, lower case.
func foldSuggest(s string) string {
	return strings.ToLower(norm.NFKC.String(s))
}

// lookup returns up to max completions of q: rule numbers in number order
// when q is (the start of) a rule number, else headings and terms whose
// label, or a later word of it, starts with q, in alphabetical order.
func (ls *langSuggest) lookup(q string, max int) []*suggestion {
	q = strings.TrimSpace(foldSuggest(q))
	if n := ls.refWord.FindStringIndex(q); n != nil && n[1] < len(q) && isDigit(q[n[1]]) {
		q = q[n[1]:]
	}
	if q == "" {
		return nil
	}
	if isDigit(q[0]) {
		return ls.numberRange(strings.ReplaceAll(q, " ", ""), max)
	}
	var out []*suggestion
	seen := map[string]bool{} // by URL: an entry found by two of its names is offered once
	for _, list := range [][]suggestEntry{ls.names, ls.words, ls.aliases} {
		for _, e := range prefixRange(list, q) {
			if len(out) == max {
				return out
			}
			if !seen[e.s.URL] {
				seen[e.s.URL] = true
				out = append(out, e.s)
			}
		}
	}
	return out
}

// termNames splits a glossary headword into the names it lists ("Control,
// Controller"; "コントロール、コントローラー").
func termNames(name string) []string {
	var out []string
	for _, n := range strings.FieldsFunc(name, func(r rune) bool { return r == ',' || r == '、' }) {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// numberRange returns the first max rules in number order whose number
// starts with q.
func (ls *langSuggest) numberRange(q string, max int) []*suggestion {
	matches := prefixRange(ls.numbers, q)
	best := make([]suggestEntry, 0, max+1)
	for _, e := range matches {
		if len(best) == max && e.rank > best[max-1].rank {
			continue
		}
		i, _ := slices.BinarySearchFunc(best, e.rank, func(x suggestEntry, r int) int { return x.rank - r })
		best = slices.Insert(best, i, e)
		if len(best) > max {
			best = best[:max]
		}
	}
	out := make([]*suggestion, len(best))
	for i, e := range best {
		out[i] = e.s
	}
	return out
}

// prefixRange is the part of list (sorted by key) whose keys start with q.
func prefixRange(list []suggestEntry, q string) []suggestEntry {
	lo, _ := slices.BinarySearchFunc(list, q, func(e suggestEntry, q string) int { return strings.Compare(e.key, q) })
	hi := lo
	for hi < len(list) && strings.HasPrefix(list[hi].key, q) {
		hi++
	}
	return list[lo:hi]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// suggestAnswer is the answer of /api/{lang}/suggest.
type suggestAnswer struct {
	Query       string       `json:"query"`
	Lang        string       `json:"lang"`
	Suggestions []suggestion `json:"suggestions"`
}

func (a *api) suggestions(c echo.Context) error {
	lang, err := a.lang(c)
	if err != nil {
		return err
	}
	q := c.QueryParam("q")
	out := suggestAnswer{Query: q, Lang: lang, Suggestions: []suggestion{}}
	if utf8.RuneCountInString(q) > maxSuggestRunes {
		q = string([]rune(q)[:maxSuggestRunes])
	}
	if ls := a.suggest.langs[lang]; ls != nil {
		base := a.baseURL(c)
		for _, sg := range ls.lookup(q, maxSuggestions) {
			s := *sg
			s.URL = base + s.URL
			out.Suggestions = append(out.Suggestions, s)
		}
	}
	c.Response().Header().Set("Cache-Control", cachePage)
	return c.JSON(http.StatusOK, out)
}
