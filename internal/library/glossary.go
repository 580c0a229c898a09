package library

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

// Alignment pairs each glossary entry with the same entry in the other
// languages, from content/glossary.tsv: a header row of language codes,
// then one row per entry naming it in each language.
type Alignment struct {
	rows  []map[string]*rules.Term // per row: the entry in each language's book
	index map[*rules.Term]int      // entry → its row
}

// align resolves the table's names in books (one per language of t). A
// name a book lacks, as an operator's official file may, leaves that cell
// empty.
func align(t *langs.Table, table []byte, books map[string]*rules.Book) (*Alignment, error) {
	a := &Alignment{index: map[*rules.Term]int{}}
	var langs []string
	byName := map[string]map[string]*rules.Term{}
	for lang, b := range books {
		byName[lang] = make(map[string]*rules.Term, len(b.Glossary))
		for _, t := range b.Glossary {
			byName[lang][t.Name] = t
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(table))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, "\t")
		if langs == nil {
			for _, l := range cells {
				if !t.Has(l) {
					return nil, fmt.Errorf("line %d: header names unknown language %q", n, l)
				}
			}
			langs = cells
			continue
		}
		if len(cells) != len(langs) {
			return nil, fmt.Errorf("line %d: %d cells, want one per language (%s)", n, len(cells), strings.Join(langs, ", "))
		}
		row := map[string]*rules.Term{}
		for i, name := range cells {
			if t, ok := byName[langs[i]][name]; ok {
				if prev, dup := a.index[t]; dup {
					return nil, fmt.Errorf("line %d: %s entry %q is already in row %d", n, langs[i], name, prev+1)
				}
				row[langs[i]] = t
				a.index[t] = len(a.rows)
			}
		}
		a.rows = append(a.rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if langs == nil {
		return nil, fmt.Errorf("no header row")
	}
	return a, nil
}

// Counterpart returns the entry in lang that t is aligned with.
func (a *Alignment) Counterpart(t *rules.Term, lang string) (*rules.Term, bool) {
	i, ok := a.index[t]
	if !ok {
		return nil, false
	}
	c, ok := a.rows[i][lang]
	return c, ok
}

// Term finds lang's glossary entry for a slug: lang's own entry, else the
// entry that replaced a moved slug (Moved), else the entry aligned with
// another language's entry of that slug (a link shared across languages),
// else any of these for the slug written as a slug ("Trampelschaden",
// "Trample Over Planeswalkers": addresses as people type them).
// canonical is false but in the first case.
func (l *Library) Term(lang, slug string) (t *rules.Term, canonical, ok bool) {
	t, canonical, ok = l.term(lang, slug)
	if s := rules.Slug(slug); !ok && s != slug && s != "" {
		t, _, ok = l.term(lang, s)
		canonical = false
	}
	return t, canonical, ok
}

func (l *Library) term(lang, slug string) (t *rules.Term, canonical, ok bool) {
	if t, ok := l.Books[lang].Term(slug); ok {
		return t, true, true
	}
	if to, ok := l.Moved(lang, slug); ok {
		t, ok := l.Books[lang].Term(to)
		return t, false, ok
	}
	for _, other := range l.Langs.Codes() {
		if other == lang {
			continue
		}
		if o, ok := l.Books[other].Term(slug); ok {
			if t, ok := l.Glossary.Counterpart(o, lang); ok {
				return t, false, true
			}
		}
	}
	return nil, false, false
}

// Moved returns the slug of lang's glossary entry that replaced an old
// slug, one a renamed headword had (content/terms/moved-{lang}.tsv).
func (l *Library) Moved(lang, slug string) (string, bool) {
	to, ok := l.moved[lang][slug]
	return to, ok
}

// loadMoved reads terms/moved-{lang}.tsv from fsys, if there is one: lines
// "old slug<TAB>new slug", blank lines and lines starting with '#' skipped.
// The new slug must be an entry of b, the old one no longer.
func loadMoved(fsys fs.FS, lang string, b *rules.Book) (map[string]string, error) {
	name := "terms/moved-" + lang + ".tsv"
	data, err := fs.ReadFile(fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	moved := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		from, to, ok := strings.Cut(line, "\t")
		from, to = strings.TrimSpace(from), strings.TrimSpace(to)
		switch _, stays := b.Term(from); {
		case !ok || from == "" || to == "" || strings.Contains(to, "\t"):
			return nil, fmt.Errorf("content/%s line %d: want old slug<TAB>new slug", name, n)
		case stays:
			return nil, fmt.Errorf("content/%s line %d: %q is still an entry's slug", name, n, from)
		case moved[from] != "":
			return nil, fmt.Errorf("content/%s line %d: %q is moved twice", name, n, from)
		}
		if _, ok := b.Term(to); !ok {
			return nil, fmt.Errorf("content/%s line %d: no entry has the slug %q", name, n, to)
		}
		moved[from] = to
	}
	return moved, sc.Err()
}

// Names lists, per aligned entry, its name in each language whose book
// has it (language code → name): what search and suggestions read to find
// an entry by another language's name.
func (a *Alignment) Names() []map[string]string {
	out := make([]map[string]string, 0, len(a.rows))
	for _, row := range a.rows {
		names := make(map[string]string, len(row))
		for lang, t := range row {
			names[lang] = t.Name
		}
		out = append(out, names)
	}
	return out
}
