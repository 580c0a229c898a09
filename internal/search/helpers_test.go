package search

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

var testLangs = []string{"de", "en", "ja"}

// fixtureBooks parses the embedded content/{en,de,ja}/rules.txt.
func fixtureBooks(tb testing.TB) map[string]*rules.Book {
	tb.Helper()
	books := map[string]*rules.Book{}
	for _, lang := range testLangs {
		data, err := content.FS.ReadFile(lang + "/rules.txt")
		if err != nil {
			tb.Fatal(err)
		}
		b, err := rules.Parse(data, "content/"+lang+"/rules.txt", lang, langs.Default.RulesWords())
		if err != nil {
			tb.Fatal(err)
		}
		books[lang] = b
	}
	return books
}

// fixtureGlossary reads content/glossary.tsv: the entries' names by
// language, as the library aligns them.
func fixtureGlossary(tb testing.TB) Glossary {
	tb.Helper()
	data, err := content.FS.ReadFile("glossary.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	var head []string
	var g Glossary
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, "\t")
		if head == nil {
			head = cells
			continue
		}
		row := map[string]string{}
		for i, c := range cells {
			row[head[i]] = c
		}
		g = append(g, row)
	}
	return g
}

var (
	fixtureOnce  sync.Once
	fixtureIndex *Index
	fixtureErr   error
)

// fixture returns the index over the fixtures, built once.
func fixture(tb testing.TB) *Index {
	tb.Helper()
	fixtureOnce.Do(func() { fixtureIndex, fixtureErr = Build(langs.Default, fixtureBooks(tb), fixtureGlossary(tb)) })
	if fixtureErr != nil {
		tb.Fatal(fixtureErr)
	}
	return fixtureIndex
}

type judgment struct {
	line     int
	lang     string
	query    string
	expected []string
}

func loadJudgments(tb testing.TB) []judgment {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", "judgments.tsv"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []judgment
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			tb.Fatalf("judgments.tsv:%d: want 3 tab-separated columns, got %d", n, len(cols))
		}
		out = append(out, judgment{n, cols[0], cols[1], strings.Split(cols[2], "|")})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// matches reports whether a hit's rule number satisfies an expected
// number: equal, or a subrule of it ("117" is satisfied by "117.3a").
func matches(number, expected string) bool {
	if number == "" {
		return false
	}
	if number == expected {
		return true
	}
	if len(expected) == 3 {
		return strings.HasPrefix(number, expected+".")
	}
	// "117.3" is satisfied by "117.3a" but not by "117.31".
	if strings.HasPrefix(number, expected) {
		rest := number[len(expected):]
		return len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z'
	}
	return false
}

// topNumbers lists the numbers (or "g:slug") of the first n hits.
func topNumbers(hits []Hit, n int) []string {
	var out []string
	for i, h := range hits {
		if i == n {
			break
		}
		if h.Number != "" {
			out = append(out, h.Number)
		} else {
			out = append(out, "g:"+h.Slug)
		}
	}
	return out
}
