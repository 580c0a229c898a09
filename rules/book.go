// Package rules holds the text model of the Comprehensive Rules (a Book of
// sections, rules, subrules, examples and glossary entries), the parser for
// the official plain-text layout, and the normalising of rule references.
package rules

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Book is one language's edition of the rules.
type Book struct {
	Lang      string     // "en", "de", "ja"
	Title     string     // first line of the file
	Effective string     // the "effective as of" line, as written
	Date      time.Time  // the date in Effective (UTC midnight); zero when it has none
	Intro     []string   // paragraphs between the title and the contents
	Sections  []*Section // "1. Game Concepts", …
	Glossary  []*Term    // in file order
	Credits   []string   // paragraphs of the credits

	rules  map[string]*Rule // every rule and subrule by number
	order  []*Rule          // every rule and subrule in document order
	terms  map[string]*Term // glossary entries by slug
	source string           // file name, for messages

	// What Complete judges a file by: the top-level rule numbers its
	// contents list names ("100", …), and whether the credits heading came.
	listed         []string
	creditsHeading bool
}

// Section is a numbered chapter such as "5. Turn Structure".
type Section struct {
	Number int
	Title  string
	Rules  []*Rule // top-level rules ("500.", "501.", …)
}

// Rule is a numbered paragraph: a top-level rule ("117"), a rule ("117.3")
// or a subrule ("117.3a"). Top-level rules carry their title in Text.
type Rule struct {
	Number   string
	Text     string
	Examples []string
	Parent   *Rule
	Children []*Rule
	Section  *Section
	Line     int // line in the source file
	index    int // position in Book.order
}

// Term is one glossary entry.
type Term struct {
	Name       string
	Slug       string
	Definition []string
	Line       int
}

// Rule returns the rule with the given canonical number ("117.3a").
func (b *Book) Rule(number string) (*Rule, bool) {
	r, ok := b.rules[number]
	return r, ok
}

// Complete reports a file that was cut short, judged by its structure:
// every top-level rule its contents list names is present, the glossary
// follows the rules, the credits heading follows the glossary, and the
// credits have text. A download cut inside the rules or the glossary, or
// right after the credits heading, fails here; how the credits' last
// sentence ends does not matter (official files have ended without a
// period).
func (b *Book) Complete() error {
	var missing []string
	for _, n := range b.listed {
		if _, ok := b.rules[n]; !ok {
			missing = append(missing, n)
		}
	}
	switch {
	case len(missing) > 0:
		return fmt.Errorf("the contents list rule %s, but the file has no such rule (%d of the %d listed are missing): the file is cut short inside the rules", missing[0], len(missing), len(b.listed))
	case len(b.Glossary) == 0:
		return fmt.Errorf("no glossary after %d rules: the file is cut short or not a rules file", len(b.Rules()))
	case !b.creditsHeading:
		return fmt.Errorf("no credits heading after the glossary's %d entries (the last is %q): the file is cut short inside the glossary", len(b.Glossary), b.Glossary[len(b.Glossary)-1].Name)
	case len(b.Credits) == 0:
		return fmt.Errorf("nothing after the credits heading: the file is cut short")
	}
	return nil
}

// Rules returns every rule and subrule in document order.
func (b *Book) Rules() []*Rule { return b.order }

// Term returns the glossary entry with the given slug.
func (b *Book) Term(slug string) (*Term, bool) {
	t, ok := b.terms[slug]
	return t, ok
}

// Source names the file the book was parsed from.
func (b *Book) Source() string { return b.source }

// Edition names the book by its effective date ("2025-11-14"), or "" when
// the file gives none.
func (b *Book) Edition() string {
	if b.Date.IsZero() {
		return ""
	}
	return b.Date.Format(EditionLayout)
}

// Prev returns the rule at the same level before r, or nil.
func (b *Book) Prev(r *Rule) *Rule { return b.sibling(r, -1) }

// Next returns the rule at the same level after r, or nil.
func (b *Book) Next(r *Rule) *Rule { return b.sibling(r, +1) }

func (b *Book) sibling(r *Rule, dir int) *Rule {
	level := r.Level()
	for i := r.index + dir; i >= 0 && i < len(b.order); i += dir {
		c := b.order[i]
		if c.Level() == level {
			return c
		}
	}
	return nil
}

// Nearest returns up to n existing rule numbers closest to number, for
// "did you mean" suggestions on unknown rules: first the longest existing
// prefix (the parent), then its neighbours in document order.
func (b *Book) Nearest(number string, n int) []*Rule {
	var anchor *Rule
	for p := number; p != ""; p = Parent(p) {
		if r, ok := b.rules[p]; ok {
			anchor = r
			break
		}
	}
	if anchor == nil {
		// No shared prefix: the rule whose number sorts just before.
		for _, r := range b.order {
			if r.Level() == 0 && r.Number <= number {
				anchor = r
			}
		}
		if anchor == nil && len(b.order) > 0 {
			anchor = b.order[0]
		}
	}
	if anchor == nil {
		return nil
	}
	out := []*Rule{anchor}
	for _, c := range anchor.Children {
		if len(out) >= n {
			break
		}
		out = append(out, c)
	}
	for d := 1; len(out) < n && (anchor.index-d >= 0 || anchor.index+d < len(b.order)); d++ {
		for _, i := range []int{anchor.index + d, anchor.index - d} {
			if i >= 0 && i < len(b.order) && len(out) < n && !containsRule(out, b.order[i]) {
				out = append(out, b.order[i])
			}
		}
	}
	return out
}

func containsRule(rs []*Rule, r *Rule) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// Level is 0 for "117", 1 for "117.3" and 2 for "117.3a".
func (r *Rule) Level() int {
	switch {
	case len(r.Number) == 3:
		return 0
	case isLetter(r.Number[len(r.Number)-1]):
		return 2
	default:
		return 1
	}
}

// Top returns the top-level rule ("117") that r belongs to.
func (r *Rule) Top() *Rule {
	for r.Parent != nil {
		r = r.Parent
	}
	return r
}

// Ancestors returns the parents of r from the top-level rule down.
func (r *Rule) Ancestors() []*Rule {
	var out []*Rule
	for p := r.Parent; p != nil; p = p.Parent {
		out = append([]*Rule{p}, out...)
	}
	return out
}

// Title returns the title of the top-level rule r belongs to.
func (r *Rule) Title() string { return r.Top().Text }

// Heading returns the nearest heading above or at r: the name of the
// keyword or topic a rule such as "702.19. Trample" stands for, for it and
// its subrules, else the top-level rule's title.
func (r *Rule) Heading() string {
	for x := r; x != nil; x = x.Parent {
		if x.Level() == 1 && isHeading(x.Text) {
			return x.Text
		}
	}
	return r.Title()
}

// isHeading tells a rule that is only a name ("Trample", "トランプル")
// from one that states a rule: short, and not ending like a sentence.
func isHeading(text string) bool {
	if text == "" || utf8.RuneCountInString(text) > 60 {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(text)
	return !strings.ContainsRune(".。:：)）」”\"", last)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }

// parentNumber gives "117.3" for "117.3a", "117" for "117.3", "" for "117".
func Parent(n string) string {
	switch {
	case len(n) <= 3:
		return ""
	case isLetter(n[len(n)-1]):
		return n[:len(n)-1]
	default:
		return n[:3]
	}
}

// CompareNumbers orders canonical rule numbers as the rules do: "117" <
// "117.3" < "117.3a" < "117.3b" < "117.10" < "118". It returns -1, 0 or +1.
func CompareNumbers(a, b string) int {
	ta, sa, la := splitNumber(a)
	tb, sb, lb := splitNumber(b)
	switch {
	case ta != tb:
		return strings.Compare(ta, tb)
	case sa != sb:
		if sa < sb {
			return -1
		}
		return 1
	}
	return strings.Compare(la, lb)
}

// Within reports whether rule number is root or lies under it: "117.3c"
// is within "117.3c", "117.3" and "117"; "117.35" is not within "117.3".
func Within(number, root string) bool {
	tn, sn, ln := splitNumber(number)
	tr, sr, lr := splitNumber(root)
	return tn == tr && (sr == -1 || sn == sr && (lr == "" || ln == lr))
}

// splitNumber splits "117.3a" into "117", 3 and "a"; a missing rule part is -1.
func splitNumber(n string) (top string, rule int, letter string) {
	top, rest, ok := strings.Cut(n, ".")
	if !ok {
		return top, -1, ""
	}
	if k := len(rest); k > 0 && isLetter(rest[k-1]) {
		rest, letter = rest[:k-1], rest[k-1:]
	}
	rule, err := strconv.Atoi(rest)
	if err != nil {
		rule = -1
	}
	return top, rule, letter
}
