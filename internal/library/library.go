// Package library loads the rule books of every language: the embedded
// texts by default, or official Comprehensive Rules files an operator
// names, one or more editions per language.
package library

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/refs"
	"github.com/mtgrules/site/internal/richtext"
	"github.com/mtgrules/site/internal/sources"
	"github.com/mtgrules/site/rules"
)

// Library is the loaded books with their linkers, by language.
type Library struct {
	// Langs is the table of the languages loaded.
	Langs *langs.Table
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
	// Official is the fallback language's editions when they are an
	// operator's official files (nil for our own text): what every
	// language's own text is kept current against.
	Official *Official

	// moved maps a language's old glossary slugs to the slugs of the
	// entries that replaced them (content/terms/moved-{lang}.tsv).
	moved map[string]map[string]string
	// sources says which official edition each paragraph of our texts
	// renders (content/sources.tsv); outdated is, per language whose
	// text is ours, its paragraphs whose official text changed since.
	sources  sources.Table
	outdated map[string]map[string]*Outdated
	ours     map[string]bool // languages whose current text is ours
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
// or repeated flags joined by commas). A language, one of t's, may be
// named more than once, once per edition, and a path may be a directory
// of .txt files.
func ParseOverrides(t *langs.Table, spec string) (Overrides, error) {
	o := Overrides{}
	for _, item := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' }) {
		lang, path, ok := strings.Cut(item, "=")
		if !ok || path == "" {
			return nil, fmt.Errorf("rules file %q: want lang=path", item)
		}
		if !t.Has(lang) {
			return nil, fmt.Errorf("rules file %q: unknown language %q (have %s)", item, lang, strings.Join(t.Codes(), ", "))
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

// Source is what a library is loaded from.
type Source struct {
	// Langs are the languages to load; the first is the fallback.
	Langs *langs.Table
	// Content holds each language's text, {lang}/rules.txt, and
	// glossary.tsv, renumbering-2008.tsv and sources.tsv (content.FS).
	Content fs.FS
	// Overrides are an operator's files, read instead of a language's text.
	Overrides Overrides
}

// Embedded is the site's own source: the default table and the embedded
// texts, with an operator's files where o names them.
func Embedded(o Overrides) Source {
	return Source{Langs: langs.Default, Content: content.FS, Overrides: o}
}

// Load parses the books of every language of src.Langs: the operator's
// files where given, the text in src.Content otherwise. Any error names
// the file and line; nothing is half-loaded. Several editions of a
// language are ordered by their effective dates, so each file must have
// one, and no two the same; the fallback language's files must always
// have one: they decide which paragraphs of our texts are outdated.
func Load(src Source) (*Library, error) {
	lib := &Library{Langs: src.Langs, Books: map[string]*rules.Book{}, Linkers: map[string]*richtext.Linker{}, Editions: map[string][]*rules.Book{}, moved: map[string]map[string]string{}, outdated: map[string]map[string]*Outdated{}, ours: map[string]bool{}}
	data, err := fs.ReadFile(src.Content, "renumbering-2008.tsv")
	if err != nil {
		return nil, err
	}
	if lib.Old2008, err = refs.ParseRenumbering(data); err != nil {
		return nil, fmt.Errorf("content/renumbering-2008.tsv: %w", err)
	}
	if data, err = fs.ReadFile(src.Content, "sources.tsv"); err != nil {
		return nil, err
	}
	if lib.sources, err = sources.Parse(data); err != nil {
		return nil, fmt.Errorf("content/sources.tsv: %w", err)
	}
	words := src.Langs.RulesWords()
	fallback := src.Langs.Fallback().Code
	codes := slices.Sorted(slices.Values(src.Langs.Codes()))
	for _, lang := range codes {
		var books []*rules.Book
		if paths, ok := src.Overrides[lang]; ok {
			books, err = loadFiles(lang, paths, words, lang == fallback)
		} else if books, err = loadContent(src.Content, lang, words); err == nil {
			lib.moved[lang], err = loadMoved(src.Content, lang, books[0])
			lib.ours[lang] = true
		}
		if err != nil {
			return nil, err
		}
		lib.Editions[lang] = books
		lib.Books[lang] = books[0]
		lib.Linkers[lang] = richtext.New(books[0], src.Langs.Get(lang))
	}
	table, err := fs.ReadFile(src.Content, "glossary.tsv")
	if err != nil {
		return nil, err
	}
	if lib.Glossary, err = align(src.Langs, table, lib.Books); err != nil {
		return nil, fmt.Errorf("content/glossary.tsv: %w", err)
	}
	if _, ok := src.Overrides[fallback]; ok {
		lib.Official = NewOfficial(lib.Editions[fallback])
		for lang := range lib.ours {
			lib.outdated[lang] = map[string]*Outdated{}
			for _, d := range lib.Official.Stale(lib.Books[lang], lib.sources[lang]) {
				lib.outdated[lang][d.Number] = d
			}
		}
	}
	return lib, nil
}

// Outdated reports whether paragraph num of lang's current text renders
// an official text that has changed since (see Outdated).
func (l *Library) Outdated(lang, num string) (*Outdated, bool) {
	d, ok := l.outdated[lang][num]
	return d, ok
}

// Sources says which official edition, and which text of it, each
// paragraph of lang's own text renders.
func (l *Library) Sources(lang string) map[string]sources.Source { return l.sources[lang] }

// SourceEdition is the newest official edition a paragraph of lang's own
// text renders ("2026-04-17"); "" when sources.tsv names none.
func (l *Library) SourceEdition(lang string) string {
	newest := ""
	for _, s := range l.sources[lang] {
		newest = max(newest, s.Edition)
	}
	return newest
}

// Renders reports whether lang's current text is ours, rendering the
// official editions sources.tsv names, rather than an operator's file.
func (l *Library) Renders(lang string) bool { return l.ours[lang] }

func loadContent(fsys fs.FS, lang string, words rules.Words) ([]*rules.Book, error) {
	data, err := fs.ReadFile(fsys, lang+"/rules.txt")
	if err != nil {
		return nil, fmt.Errorf("rules file for %s: %w", lang, err)
	}
	b, err := rules.Parse(data, "content/"+lang+"/rules.txt", lang, words)
	if err != nil {
		return nil, err
	}
	return []*rules.Book{b}, nil
}

// loadFiles parses an operator's files for lang, newest edition first;
// dated says every file must have a readable effective date.
func loadFiles(lang string, paths []string, words rules.Words, dated bool) ([]*rules.Book, error) {
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
		b, err := rules.Parse(data, f, lang, words)
		if err != nil {
			return nil, err
		}
		if err := b.Complete(); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if dated && b.Date.IsZero() {
			return nil, undated(b)
		}
		books = append(books, b)
	}
	if len(books) == 1 {
		return books, nil
	}
	seen := map[string]string{}
	for _, b := range books {
		if b.Date.IsZero() {
			return nil, fmt.Errorf("%w, which orders the %d %s editions", undated(b), len(books), lang)
		}
		if other, dup := seen[b.Edition()]; dup {
			return nil, fmt.Errorf("%s and %s: both are the %s edition of %s", other, b.Source(), b.Edition(), lang)
		}
		seen[b.Edition()] = b.Source()
	}
	sort.Slice(books, func(i, j int) bool { return books[i].Date.After(books[j].Date) })
	return books, nil
}

// undated says that b's effective date is missing or cannot be read.
func undated(b *rules.Book) error {
	if b.Effective == "" {
		return fmt.Errorf("%s: no effective date (\"These rules are effective as of …\")", b.Source())
	}
	return fmt.Errorf("%s: the effective date cannot be read in %q", b.Source(), b.Effective)
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

// Current finds a rule in lang's current book, or, when that text lacks
// it, in the fallback language's (see langs.Table.Fallback); textLang says
// whose text it is.
func (l *Library) Current(lang, num string) (r *rules.Rule, textLang string, ok bool) {
	if r, ok := l.Books[lang].Rule(num); ok {
		return r, lang, true
	}
	ref := l.Langs.Fallback().Code
	if lang == ref {
		return nil, "", false
	}
	r, ok = l.Books[ref].Rule(num)
	return r, ref, ok
}

// Fallback is the book whose rules fill the gaps of book b of lang: the
// fallback language's current book for lang's current book, nil for the
// fallback language's own and for older editions, which stand alone.
// Pages show such rules marked as not yet translated.
func (l *Library) Fallback(lang string, b *rules.Book) *rules.Book {
	ref := l.Langs.Fallback().Code
	if lang == ref || b != l.Books[lang] {
		return nil
	}
	return l.Books[ref]
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
