// Package locales embeds the go-i18n message files ({area}.{en,de,ja}.toml:
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

	"github.com/mtgrules/site/locales/msg"
)

//go:embed *.toml
var files embed.FS

// Languages are the site's languages, the default first.
var Languages = []string{"en", "de", "ja"}

// Tags are Languages as language tags, in the same order.
var Tags = []language.Tag{language.English, language.German, language.Japanese}

// Catalog holds every message of every language, localized once at start-up.
type Catalog struct {
	bundle   *i18n.Bundle
	messages map[string][]string // lang → key → text
}

// Load parses the embedded message files. It fails when a language lacks a
// message that English has, or has one English lacks, and when the keys
// of package msg are not English's messages (run go generate ./locales/msg).
func Load() (*Catalog, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	ids := map[string][]string{}
	for _, lang := range Languages {
		names, err := fs.Glob(files, "*."+lang+".toml")
		if err != nil || len(names) == 0 {
			return nil, fmt.Errorf("locales: no message files for %s", lang)
		}
		for _, name := range names {
			mf, err := b.LoadMessageFileFS(files, name)
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
	}
	if err := sameIDs(ids); err != nil {
		return nil, err
	}
	if err := KeysMatch(ids["en"]); err != nil {
		return nil, err
	}
	c := &Catalog{bundle: b, messages: map[string][]string{}}
	for _, lang := range Languages {
		loc := i18n.NewLocalizer(b, lang)
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

func sameIDs(ids map[string][]string) error {
	want := map[string]bool{}
	for _, id := range ids["en"] {
		want[id] = true
	}
	var problems []string
	for _, lang := range Languages[1:] {
		have := map[string]bool{}
		for _, id := range ids[lang] {
			have[id] = true
			if !want[id] {
				problems = append(problems, fmt.Sprintf("%s has %s, which en lacks", lang, id))
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

// Has reports whether lang is one of the site's languages.
func Has(lang string) bool {
	for _, l := range Languages {
		if l == lang {
			return true
		}
	}
	return false
}

// T returns message id in lang; in a language the site lacks, the ID.
func (c *Catalog) T(lang string, id msg.Key) string {
	if m := c.messages[lang]; id > 0 && int(id) < len(m) {
		return m[id]
	}
	return id.String()
}

// Format localizes id with template data and a plural count.
func (c *Catalog) Format(lang string, id msg.Key, count int, data map[string]any) string {
	loc := i18n.NewLocalizer(c.bundle, lang)
	s, err := loc.Localize(&i18n.LocalizeConfig{MessageID: id.String(), PluralCount: count, TemplateData: data})
	if err != nil {
		return id.String()
	}
	return s
}

// Negotiate picks the best site language for an Accept-Language header.
func Negotiate(acceptLanguage string) string {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return Languages[0]
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return Languages[0]
	}
	return Languages[i]
}

var matcher = language.NewMatcher(Tags)
