// Package diff compares two texts word by word (character by character in
// Chinese and Japanese script) with a longest-common-subsequence diff.
package diff

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind tells whether an Op's text is kept, inserted or deleted.
type Kind uint8

// Op kinds.
const (
	Equal Kind = iota
	Insert
	Delete
)

// Op is a run of text that both texts share (Equal), that only the new
// text has (Insert) or that only the old text has (Delete).
type Op struct {
	Kind Kind
	Text string
}

// MaxCells bounds the comparison table (old × new words, after the shared
// start and end are set aside); larger changes are reported as the whole
// old middle deleted and the whole new middle inserted.
const MaxCells = 1 << 21

// Words returns the ops that turn a into b. Concatenating the Equal and
// Delete texts gives a; the Equal and Insert texts give b. Adjacent ops of
// one kind are merged, and a lone space between two changes joins them, so
// "<del>a b</del><ins>c d</ins>" is not split into four pieces.
func Words(a, b string) []Op {
	x, y := tokens(a), tokens(b)
	// The shared start and end need no table.
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	var ops []Op
	add := func(k Kind, s string) {
		if s == "" {
			return
		}
		if n := len(ops); n > 0 && ops[n-1].Kind == k {
			ops[n-1].Text += s
			return
		}
		ops = append(ops, Op{k, s})
	}
	add(Equal, strings.Join(x[:pre], ""))
	for _, op := range lcs(x[pre:len(x)-suf], y[pre:len(y)-suf]) {
		add(op.Kind, op.Text)
	}
	add(Equal, strings.Join(x[len(x)-suf:], ""))
	return joinChanges(ops)
}

// lcs diffs two token lists with the classic dynamic-programming table.
func lcs(x, y []string) []Op {
	n, m := len(x), len(y)
	if n*m > MaxCells || n == 0 || m == 0 {
		return []Op{{Delete, strings.Join(x, "")}, {Insert, strings.Join(y, "")}}
	}
	// t[i*(m+1)+j] is the LCS length of x[i:] and y[j:].
	w := m + 1
	t := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case x[i] == y[j]:
				t[i*w+j] = t[(i+1)*w+j+1] + 1
			case t[(i+1)*w+j] >= t[i*w+j+1]:
				t[i*w+j] = t[(i+1)*w+j]
			default:
				t[i*w+j] = t[i*w+j+1]
			}
		}
	}
	var ops []Op
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && x[i] == y[j]:
			ops = append(ops, Op{Equal, x[i]})
			i, j = i+1, j+1
		case j < m && (i == n || t[i*w+j+1] > t[(i+1)*w+j]):
			ops = append(ops, Op{Insert, y[j]})
			j++
		default:
			ops = append(ops, Op{Delete, x[i]})
			i++
		}
	}
	return ops
}

// joinChanges folds an Equal op of only spaces that lies between two
// changes into them, then merges neighbours of one kind again, deletions
// before insertions.
func joinChanges(ops []Op) []Op {
	var out []Op
	var del, ins strings.Builder
	flush := func() {
		if del.Len() > 0 {
			out = append(out, Op{Delete, del.String()})
		}
		if ins.Len() > 0 {
			out = append(out, Op{Insert, ins.String()})
		}
		del.Reset()
		ins.Reset()
	}
	for i, op := range ops {
		switch {
		case op.Kind == Delete:
			del.WriteString(op.Text)
		case op.Kind == Insert:
			ins.WriteString(op.Text)
		case i > 0 && i < len(ops)-1 && strings.TrimSpace(op.Text) == "":
			del.WriteString(op.Text)
			ins.WriteString(op.Text)
		default:
			flush()
			out = append(out, op)
		}
	}
	flush()
	return out
}

// tokens splits text into words (letters, digits and marks), runs of
// white space, and single other characters: punctuation, and each
// character of Chinese and Japanese script, which has no spaces between
// words.
func tokens(s string) []string {
	var out []string
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		n := size
		switch {
		case unicode.IsSpace(r):
			n = span(s, unicode.IsSpace)
		case isWord(r):
			n = span(s, isWord)
		}
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

// span is the byte length of s's leading runes for which f holds.
func span(s string, f func(rune) bool) int {
	for i, r := range s {
		if !f(r) {
			return i
		}
	}
	return len(s)
}

func isWord(r rune) bool {
	if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
		return false
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}
