// Package library loads the rule books of every language: the embedded
// texts by default, or official Comprehensive Rules files an operator names.
package library

import (
	"fmt"
	"os"
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
	Books   map[string]*rules.Book
	Linkers map[string]*richtext.Linker
	// Old2008 maps the 2008 rule numbers forum posts still cite to today's.
	Old2008 *refs.Renumbering
}

// Overrides maps a language to an operator's rules file path.
type Overrides map[string]string

// ParseOverrides reads "en=/path/a.txt,de=/path/b.txt" (also with spaces
// or repeated flags joined by commas).
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
		if _, dup := o[lang]; dup {
			return nil, fmt.Errorf("rules file %q: language %s given twice", item, lang)
		}
		o[lang] = path
	}
	return o, nil
}

// Load parses every language's book: the operator's file where given, the
// embedded text otherwise. Any error names the file and line; nothing is
// half-loaded.
func Load(o Overrides) (*Library, error) {
	lib := &Library{Books: map[string]*rules.Book{}, Linkers: map[string]*richtext.Linker{}}
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
		var (
			data []byte
			name string
			err  error
		)
		if path, ok := o[lang]; ok {
			name = path
			data, err = os.ReadFile(path)
		} else {
			name = "content/" + lang + "/rules.txt"
			data, err = content.FS.ReadFile(lang + "/rules.txt")
		}
		if err != nil {
			return nil, fmt.Errorf("rules file for %s: %w", lang, err)
		}
		book, err := rules.Parse(data, name, lang)
		if err != nil {
			return nil, err
		}
		lib.Books[lang] = book
		lib.Linkers[lang] = richtext.New(book)
	}
	return lib, nil
}
