// Package library loads the rule books of every language: the embedded
// texts by default, or official Comprehensive Rules files an operator
// names, one or more editions per language.
package library

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/refs"
	"github.com/mtgrules/site/internal/richtext"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/rules"
)

// Library is the loaded books with their linkers, by language.
type Library struct {
	// Books is the newest edition of each language: what pages show unless
	// a reader asks for an older edition.
	Books map[string]*rules.Book
	// Linkers link the texts of Books.
	Linkers map[string]*richtext.Linker
	// Editions is every loaded edition of each language, newest first;
	// Editions[lang][0] is Books[lang].
	Editions map[string][]*rules.Book
	// Old2008 maps the 2008 rule numbers forum posts still cite to today's.
	Old2008 *refs.Renumbering
	// Glossary aligns the glossary entries of Books across languages.
	Glossary *Alignment
}

// Edition returns lang's edition with the given ID ("2025-11-14").
func (l *Library) Edition(lang, id string) (*rules.Book, bool) {
	for _, b := range l.Editions[lang] {
		if b.Edition() == id {
			return b, true
		}
	}
	return nil, false
}

// Overrides maps a language to an operator's rules files or directories of
// them (every *.txt file inside), one file per edition.
type Overrides map[string][]string

// ParseOverrides reads "en=/path/a.txt,de=/path/b.txt" (also with spaces
// or repeated flags joined by commas). A language may be named more than
// once, once per edition, and a path may be a directory of .txt files.
func ParseOverrides(spec string) (Overrides, error) {
	o := Overrides{}
	for _, item := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' }) {
		lang, path, ok := strings.Cut(item, "=")
		if !ok || path == "" {
			return nil, fmt.Errorf("rules file %q: want lang=path", item)
		}
		if !locales.Has(lang) {
			return nil, fmt.Errorf("rules file %q: unknown language %q (have %s)", item, lang, strings.Join(locales.Languages, ", "))
		}
		for _, p := range o[lang] {
			if filepath.Clean(p) == filepath.Clean(path) {
				return nil, fmt.Errorf("rules file %q: %s is named twice for %s", item, path, lang)
			}
		}
		o[lang] = append(o[lang], path)
	}
	return o, nil
}

// Load parses every language's books: the operator's files where given, the
// embedded text otherwise. Any error names the file and line; nothing is
// half-loaded. Several editions of a language are ordered by their
// effective dates, so each file must have one, and no two the same.
func Load(o Overrides) (*Library, error) {
	lib := &Library{Books: map[string]*rules.Book{}, Linkers: map[string]*richtext.Linker{}, Editions: map[string][]*rules.Book{}}
	data, err := content.FS.ReadFile("renumbering-2008.tsv")
	if err != nil {
		return nil, err
	}
	if lib.Old2008, err = refs.ParseRenumbering(data); err != nil {
		return nil, fmt.Errorf("content/renumbering-2008.tsv: %w", err)
	}
	langs := append([]string(nil), locales.Languages...)
	sort.Strings(langs)
	for _, lang := range langs {
		var books []*rules.Book
		if paths, ok := o[lang]; ok {
			books, err = loadFiles(lang, paths)
		} else {
			books, err = loadEmbedded(lang)
		}
		if err != nil {
			return nil, err
		}
		lib.Editions[lang] = books
		lib.Books[lang] = books[0]
		lib.Linkers[lang] = richtext.New(books[0])
	}
	table, err := content.FS.ReadFile("glossary.tsv")
	if err != nil {
		return nil, err
	}
	if lib.Glossary, err = align(table, lib.Books); err != nil {
		return nil, fmt.Errorf("content/glossary.tsv: %w", err)
	}
	return lib, nil
}

func loadEmbedded(lang string) ([]*rules.Book, error) {
	data, err := content.FS.ReadFile(lang + "/rules.txt")
	if err != nil {
		return nil, fmt.Errorf("rules file for %s: %w", lang, err)
	}
	b, err := rules.Parse(data, "content/"+lang+"/rules.txt", lang)
	if err != nil {
		return nil, err
	}
	return []*rules.Book{b}, nil
}

// loadFiles parses an operator's files for lang, newest edition first.
func loadFiles(lang string, paths []string) ([]*rules.Book, error) {
	files, err := expand(lang, paths)
	if err != nil {
		return nil, err
	}
	books := make([]*rules.Book, 0, len(files))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("rules file for %s: %w", lang, err)
		}
		b, err := rules.Parse(data, f, lang)
		if err != nil {
			return nil, err
		}
		if err := b.Complete(); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		books = append(books, b)
	}
	if len(books) == 1 {
		return books, nil
	}
	seen := map[string]string{}
	for _, b := range books {
		if b.Date.IsZero() {
			return nil, fmt.Errorf("%s: no effective date (\"These rules are effective as of …\"), which orders the %d %s editions", b.Source(), len(books), lang)
		}
		if other, dup := seen[b.Edition()]; dup {
			return nil, fmt.Errorf("%s and %s: both are the %s edition of %s", other, b.Source(), b.Edition(), lang)
		}
		seen[b.Edition()] = b.Source()
	}
	sort.Slice(books, func(i, j int) bool { return books[i].Date.After(books[j].Date) })
	return books, nil
}

// expand replaces each directory by the .txt files in it, in name order.
func expand(lang string, paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("rules file for %s: %w", lang, err)
		}
		if !fi.IsDir() {
			out = append(out, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, fmt.Errorf("rules directory for %s: %w", lang, err)
		}
		n := len(out)
		for _, e := range entries {
			if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".txt") {
				out = append(out, filepath.Join(p, e.Name()))
			}
		}
		if len(out) == n {
			return nil, fmt.Errorf("rules directory for %s: %s has no .txt files", lang, p)
		}
	}
	return out, nil
}

// RefLang is the language whose book says which rules exist: the official
// English file. Where another language's current text lacks a rule, its
// pages show the English text instead, marked as not yet translated.
const RefLang = "en"

// Current finds a rule in lang's current book, or, when that text lacks
// it, in RefLang's; textLang says whose text it is.
func (l *Library) Current(lang, num string) (r *rules.Rule, textLang string, ok bool) {
	if r, ok := l.Books[lang].Rule(num); ok {
		return r, lang, true
	}
	if lang == RefLang {
		return nil, "", false
	}
	r, ok = l.Books[RefLang].Rule(num)
	return r, RefLang, ok
}

// Fallback is the book whose rules fill the gaps of book b of lang: the
// current RefLang book for lang's current book, nil for RefLang's own and
// for older editions, which stand alone.
func (l *Library) Fallback(lang string, b *rules.Book) *rules.Book {
	if lang == RefLang || b != l.Books[lang] {
		return nil
	}
	return l.Books[RefLang]
}

// Children lists the numbers of the subrules of num in b and, when ref is
// not nil, in ref, in number order.
func Children(b, ref *rules.Book, num string) []string {
	var nums []string
	if r, ok := b.Rule(num); ok {
		for _, c := range r.Children {
			nums = append(nums, c.Number)
		}
	}
	if ref == nil {
		return nums
	}
	r, ok := ref.Rule(num)
	if !ok {
		return nums
	}
	n := len(nums)
	for _, c := range r.Children {
		if _, mine := b.Rule(c.Number); !mine {
			nums = append(nums, c.Number)
		}
	}
	if len(nums) > n {
		slices.SortStableFunc(nums, rules.CompareNumbers)
	}
	return nums
}
