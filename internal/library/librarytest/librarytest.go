// Package librarytest builds what tests of the editions need without an
// official file: our English text standing in for the official edition
// of April 17, 2026 that every text renders, and newer editions of it in
// which chosen rules are reworded, added or removed.
package librarytest

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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
	out := Copy(tb, content.FS, nil)
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

// Copy is the files of fsys that keep accepts (nil: all), in a map a
// test may add to or change.
func Copy(tb testing.TB, fsys fs.FS, keep func(name string) bool) fstest.MapFS {
	tb.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || keep != nil && !keep(name) {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		out[name] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
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
	text := strings.Replace(Text(tb, "en"), Date, date, 1)
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

// June117_3b is 117.3b as JuneEdition words it.
const June117_3b = "Each time a spell or ability other than a mana ability resolves, the active player receives priority afterward, unless a zeppelin is overhead."

// JuneEdition writes the official edition of June 12, 2026 into dir, in
// which only 117.3b changed (to June117_3b), and returns its path.
func JuneEdition(tb testing.TB, dir string) string {
	tb.Helper()
	return Edition(tb, dir, "June 12, 2026", map[string]string{"117.3b": June117_3b})
}

// Text is a language's embedded rules text.
func Text(tb testing.TB, lang string) string {
	tb.Helper()
	data, err := content.FS.ReadFile(lang + "/rules.txt")
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// Next is our English text (Text) English text as a newer official edition might
// change it: dated November 13, 2026, 117.3b reworded, 117.3e added, 117.7
// removed and a new rule 124 with a subrule. The German and Japanese texts
// have neither 117.3e nor 124.
func Next(tb testing.TB) string {
	tb.Helper()
	text := Text(tb, "en")
	edit := func(old, new string) {
		if !strings.Contains(text, old) {
			tb.Fatalf("the embedded English text lacks %q", old)
		}
		text = strings.Replace(text, old, new, 1)
	}
	edit(Date, "November 13, 2026")
	i := strings.Index(text, "\n117.3b ")
	j := i + 1 + strings.Index(text[i+1:], "\n")
	text = text[:i] + text[i:j] + " Zeppelins change nothing here." + text[j:]
	edit("\n117.4. ", "\n117.3e A new subrule only the newest English edition has.\n\n117.4. ")
	i = strings.Index(text, "\n117.7. ")
	j = i + strings.Index(text[i:], "\n118. ")
	text = text[:i] + text[j:]
	return WithRule124(text, "\n124. Brand-New Rules\n\n124.1. A rule only the newest English edition has.\n\n124.1a A subrule of it, see rule 117.3e.\n")
}

// WithRule124 inserts rule, the lines of a rule 124 (which no edition
// has) beginning with a newline, after rule 123 of an English text,
// before the next section.
func WithRule124(text, rule string) string {
	at := strings.LastIndex(text, "\n123. ")
	at += regexp.MustCompile(`\n[1-9]\. `).FindStringIndex(text[at:])[0]
	return text[:at] + rule + text[at:]
}
