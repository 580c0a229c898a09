package search

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"

	"github.com/mtgrules/site/internal/langs"
)

// Questions as people type them ("who gets priority after a spell
// resolves", "Was passiert, wenn das Ziel weg ist?", "対象が不正になった呪文は
// どうなる") carry words no rule text answers with. They are dropped from the
// query (never from the index) before the words are matched: in English and
// German after analysis (so every inflection the analyzer folds goes with
// them), in Japanese before bigramming (see jaQuestions.strip).

// stopWords lists the words an analysis drops (bleve's Snowball lists)
// with a language's question words: a query word no text has that is one
// typo away from one of them ("wat", "hapens", "pasiert") is dropped too.
func stopWords(a langs.Analysis, question []string) []string {
	var src []byte
	switch a {
	case langs.English:
		src = en.EnglishStopWords
	case langs.German:
		src = de.GermanStopWords
	}
	var out []string
	if src != nil {
		tm := analysis.NewTokenMap()
		if err := tm.LoadBytes(src); err == nil {
			for w := range tm {
				out = append(out, w)
			}
		}
	}
	out = append(out, question...)
	sort.Strings(out)
	return out
}

// nearStopWord reports whether w (a query word as typed, lower-cased) is
// one typo away from a stop or question word: same first letter, at least
// three letters, one edit.
func nearStopWord(w string, stop []string) bool {
	r := []rune(w)
	if len(r) < 3 {
		return false
	}
	for _, s := range stop {
		sr := []rune(s)
		if len(sr) < 3 || sr[0] != r[0] {
			continue
		}
		if levenshtein(r, sr, 1) <= 1 {
			return true
		}
	}
	return false
}

// jaQuestions are a Japanese row's question words (langs.Lang's
// QuestionWords): kanji question words, a kanji run that is one of them
// being dropped ("何", "誰"), and verbs of asking ("起こる"), dropped as a
// whole before the text is split into runs.
type jaQuestions struct {
	kanji map[string]bool
	verbs []string
}

// newJaQuestions sorts a Japanese row's question words into kanji and verbs.
func newJaQuestions(words []string) jaQuestions {
	q := jaQuestions{kanji: map[string]bool{}}
	for _, w := range words {
		kanji := true
		for _, r := range w {
			kanji = kanji && jaScriptOf(r) == jaKanji
		}
		if kanji {
			q.kanji[w] = true
		} else {
			q.verbs = append(q.verbs, w)
		}
	}
	return q
}

// jaFunctionWords are Japanese particles, auxiliaries and question endings
// written in hiragana. A hiragana run made only of them is dropped; one
// that ends with them loses them (see jaQuestions.strip). Inflected content
// verbs ("与える", "取り除かれる") are left alone: no entry ends them.
var jaFunctionWords = func() []string {
	ws := []string{
		// particles
		"は", "が", "を", "に", "で", "と", "の", "も", "へ", "や", "か", "から", "まで", "より",
		"ね", "よ", "って", "では", "には", "とは", "での", "への", "との", "にも", "でも", "とも",
		"わ", // は as it is pronounced, a common slip
		"について", "による", "によって", "として", "なら", "ならば", "ば", "だけ", "のみ",
		// copula, auxiliaries, question endings
		"です", "でしょう", "だ", "だった", "ます", "ました", "ません", "ませんか", "ますか",
		"ん", "んですか", "のですか", "のか", "なの",
		"なる", "なった", "なります", "なりました", "なれば", "なって",
		"する", "します", "した", "して", "される", "された", "されます", "すれば",
		"できる", "できます", "できない", "できません", "できた",
		"いる", "います", "いた", "ある", "あります", "あった",
		"たら", "ったら", "なったら", "したら", "れば", "あと", "まえ", "ので", "けど", "のに",
		"られる", "れる", "られます", "れます",
		"どう", "どうして", "どうやって", "どうすれば", "どの", "どれ", "どんな", "どこ", "どちら",
		"なに", "なん", "なぜ", "いつ", "だれ", "いくつ",
		"こと", "とき", "ため",
	}
	// Longest first: suffix stripping prefers "なった" over "た".
	slices.SortFunc(ws, func(a, b string) int { return utf8.RuneCountInString(b) - utf8.RuneCountInString(a) })
	return ws
}()

type jaScript int

const (
	jaOther jaScript = iota
	jaKanji
	jaHiragana
	jaKatakana
)

func jaScriptOf(r rune) jaScript {
	switch {
	case unicode.Is(unicode.Han, r) || r == '々':
		return jaKanji
	case unicode.Is(unicode.Hiragana, r):
		return jaHiragana
	case unicode.Is(unicode.Katakana, r) || r == 'ー' || r == '・' || r == 'ｰ' || r == '･':
		return jaKatakana
	}
	return jaOther
}

// strip turns a Japanese question into its content words,
// separated by spaces, before the bigram analyzer sees it: "対象が不正に
// なった呪文はどうなる" becomes "対象 不正 呪文", so the query's bigrams are
// 対象, 不正 and 呪文 and not 象が, が不, はど, うな, ….
//
// The text is split into runs of one script. A hiragana run that is only
// particles and endings goes (は, になった, はどうなる); one after a word
// that ends with them loses the end (唱えるときに → 唱える). After a lone
// kanji (異なる, 得る), whose bigram needs its first kana, that kana stays.
// A kanji run that is a question word (何, 誰) goes.
func (q jaQuestions) strip(s string) string {
	type run struct {
		script jaScript
		text   string
	}
	for _, v := range q.verbs {
		s = strings.ReplaceAll(s, v, " ")
	}
	var runs []run
	for _, r := range s {
		sc := jaScriptOf(r)
		if n := len(runs); n > 0 && runs[n-1].script == sc {
			runs[n-1].text += string(r)
			continue
		}
		runs = append(runs, run{sc, string(r)})
	}
	var b strings.Builder
	for i, r := range runs {
		switch r.script {
		case jaKanji:
			if q.kanji[r.text] {
				b.WriteByte(' ')
				continue
			}
		case jaHiragana:
			afterWord := i > 0 && (runs[i-1].script == jaKanji || runs[i-1].script == jaKatakana)
			keep := jaStripRun(r.text, afterWord)
			if keep == "" && i > 0 && runs[i-1].script == jaKanji && utf8.RuneCountInString(runs[i-1].text) == 1 && !q.kanji[runs[i-1].text] {
				_, n := utf8.DecodeRuneInString(r.text)
				keep = r.text[:n]
			}
			b.WriteString(keep)
			if keep != r.text {
				b.WriteByte(' ')
			}
			continue
		}
		b.WriteString(r.text)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// jaStripRun returns what stays of a hiragana run: "" when it is only
// function words; after a kanji or katakana word (inflections, particles),
// the run without the function words it ends with; else all of it (a word
// of its own: すでに, すべて).
func jaStripRun(run string, afterWord bool) string {
	if jaSegmentable(run) {
		return ""
	}
	if !afterWord {
		return run
	}
	for {
		cut := false
		for _, w := range jaFunctionWords {
			if len(w) < len(run) && strings.HasSuffix(run, w) {
				run, cut = run[:len(run)-len(w)], true
				break
			}
		}
		if !cut {
			return run
		}
	}
}

// jaSegmentable reports whether s is a sequence of function words.
func jaSegmentable(s string) bool {
	ok := make([]bool, len(s)+1) // ok[i]: s[i:] segments
	ok[len(s)] = true
	for i := len(s) - 1; i >= 0; i-- {
		if !utf8.RuneStart(s[i]) {
			continue
		}
		for _, w := range jaFunctionWords {
			if strings.HasPrefix(s[i:], w) && ok[i+len(w)] {
				ok[i] = true
				break
			}
		}
	}
	return ok[0]
}
