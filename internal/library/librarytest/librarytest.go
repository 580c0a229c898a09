// Package librarytest builds what tests of the editions need without an
// official file: our English text standing in for the official edition
// of April 17, 2026 that every text renders, and newer editions of it in
// which chosen rules are reworded or removed.
package librarytest

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/sources"
	"github.com/mtgrules/site/rules"
)

// Date is the effective date of the texts, as the English text writes it.
const Date = "April 17, 2026"

// Content is content.FS with a sources.tsv saying that every paragraph
// of every language renders our English text, as if it were the official
// edition of April 17, 2026.
func Content(tb testing.TB) fs.FS {
	tb.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(content.FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(content.FS, name)
		out[name] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	texts := map[string]*rules.Book{}
	for _, lang := range langs.Default.Codes() {
		texts[lang] = parse(tb, lang, out[lang+"/rules.txt"].Data)
	}
	table, err := sources.Build(texts["en"], texts)
	if err != nil {
		tb.Fatal(err)
	}
	var buf strings.Builder
	if err := table.Write(&buf); err != nil {
		tb.Fatal(err)
	}
	out["sources.tsv"] = &fstest.MapFile{Data: []byte(buf.String())}
	return out
}

func parse(tb testing.TB, lang string, data []byte) *rules.Book {
	tb.Helper()
	b, err := rules.Parse(data, lang+"/rules.txt", lang, langs.Default.RulesWords())
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// Source loads the texts of Content, with the operator's files o.
func Source(tb testing.TB, o library.Overrides) library.Source {
	return library.Source{Langs: langs.Default, Content: Content(tb), Overrides: o}
}

// Edition writes our English text as the official edition effective on
// date ("June 12, 2026") into dir, with each rule of reword given the new
// text ("" removes the rule, which must have no subrules), and returns
// its path.
func Edition(tb testing.TB, dir, date string, reword map[string]string) string {
	tb.Helper()
	data, err := content.FS.ReadFile("en/rules.txt")
	if err != nil {
		tb.Fatal(err)
	}
	text := strings.Replace(string(data), Date, date, 1)
	for num, words := range reword {
		all := parse(tb, "en", []byte(text)).Rules()
		i := slices.IndexFunc(all, func(r *rules.Rule) bool { return r.Number == num })
		if i < 0 || i+1 == len(all) || len(all[i].Children) > 0 || all[i+1].Section != all[i].Section {
			tb.Fatalf("rule %s: not there, with subrules or the last of its section", num)
		}
		r, next := all[i], all[i+1]
		// Its paragraph and examples run to the line of the next rule.
		lines := strings.Split(text, "\n")
		var repl []string
		if words != "" {
			repl = []string{strings.Fields(lines[r.Line-1])[0] + " " + words, ""}
		}
		text = strings.Join(slices.Concat(lines[:r.Line-1], repl, lines[next.Line-1:]), "\n")
	}
	name := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, date)
	path := filepath.Join(dir, "MagicCompRules-"+name+".txt")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		tb.Fatal(err)
	}
	return path
}
