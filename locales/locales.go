// Package locales embeds the go-i18n message files ({area}.{lang}.toml:
// active for the reference, one file per further area of the site) and
// turns them into per-language catalogues for fast lookups.
package locales

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/locales/msg"
)

// Files are the site's message files.
//
//go:embed *.toml
var Files embed.FS

// Catalog holds every message of every language, localized once at start-up.
type Catalog struct {
	langs      *langs.Table
	localizers map[string]*i18n.Localizer // lang → its messages with their templates and plural forms
	messages   map[string][]string        // lang → key → text
}

// Load parses the message files in fsys of every language of t. It fails
// when a language lacks a message that the fallback language has, or has
// one the fallback lacks, and when the keys of package msg are not the
// fallback's messages (run go generate ./locales/msg).
func Load(t *langs.Table, fsys fs.FS) (*Catalog, error) {
	c := &Catalog{langs: t, localizers: map[string]*i18n.Localizer{}, messages: map[string][]string{}}
	ids := map[string][]string{}
	for _, lang := range t.Codes() {
		names, err := fs.Glob(fsys, "*."+lang+".toml")
		if err != nil || len(names) == 0 {
			return nil, fmt.Errorf("locales: no message files for %s", lang)
		}
		// One bundle per language: a code CLDR does not know (a made-up
		// language) is und, whose plural forms are English's.
		b := i18n.NewBundle(language.Make(lang))
		b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
		for _, name := range names {
			mf, err := b.LoadMessageFileFS(fsys, name)
			if err != nil {
				return nil, fmt.Errorf("locales: %w", err)
			}
			for _, m := range mf.Messages {
				if slices.Contains(ids[lang], m.ID) {
					return nil, fmt.Errorf("locales: %s: %s is defined twice", name, m.ID)
				}
				ids[lang] = append(ids[lang], m.ID)
			}
		}
		c.localizers[lang] = i18n.NewLocalizer(b)
	}
	if err := sameIDs(t, ids); err != nil {
		return nil, err
	}
	if err := KeysMatch(ids[t.Fallback().Code]); err != nil {
		return nil, err
	}
	for _, lang := range t.Codes() {
		loc := c.localizers[lang]
		c.messages[lang] = make([]string, len(msg.All())+1)
		for _, k := range msg.All() {
			id := k.String()
			s, err := loc.Localize(&i18n.LocalizeConfig{MessageID: id})
			if err != nil { // a plural message: keep its "other" form
				s, err = loc.Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: 2})
			}
			if err != nil {
				return nil, fmt.Errorf("locales: %s %s: %w", lang, id, err)
			}
			c.messages[lang][k] = s
		}
	}
	return c, nil
}

// Langs is the table of the languages the catalogue holds.
func (c *Catalog) Langs() *langs.Table { return c.langs }

// KeysMatch reports how package msg's keys differ from the message IDs
// ids, nil when they are the same.
func KeysMatch(ids []string) error {
	keys := map[string]bool{}
	for _, k := range msg.All() {
		keys[k.String()] = true
	}
	var problems []string
	for _, id := range ids {
		if !keys[id] {
			problems = append(problems, id+" has no key")
		}
		delete(keys, id)
	}
	for id := range keys {
		problems = append(problems, id+" is a key but no message")
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return fmt.Errorf("locales: package msg is stale (run go generate ./locales/msg): %s", strings.Join(problems, "; "))
	}
	return nil
}

func sameIDs(t *langs.Table, ids map[string][]string) error {
	ref := t.Fallback().Code
	want := map[string]bool{}
	for _, id := range ids[ref] {
		want[id] = true
	}
	var problems []string
	for _, lang := range t.Codes()[1:] {
		have := map[string]bool{}
		for _, id := range ids[lang] {
			have[id] = true
			if !want[id] {
				problems = append(problems, fmt.Sprintf("%s has %s, which %s lacks", lang, id, ref))
			}
		}
		for id := range want {
			if !have[id] {
				problems = append(problems, fmt.Sprintf("%s lacks %s", lang, id))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("locales: %s", strings.Join(problems, "; "))
	}
	return nil
}

// T returns message id in lang; in a language the site lacks, the ID.
func (c *Catalog) T(lang string, id msg.Key) string {
	if m := c.messages[lang]; id > 0 && int(id) < len(m) {
		return m[id]
	}
	return id.String()
}

// Format localizes id with template data and a plural count; in a
// language the site lacks, in the fallback language.
func (c *Catalog) Format(lang string, id msg.Key, count int, data map[string]any) string {
	loc, ok := c.localizers[lang]
	if !ok {
		loc = c.localizers[c.langs.Fallback().Code]
	}
	s, err := loc.Localize(&i18n.LocalizeConfig{MessageID: id.String(), PluralCount: count, TemplateData: data})
	if err != nil {
		return id.String()
	}
	return s
}
