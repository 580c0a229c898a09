package web

import (
	"encoding/json"
	"io/fs"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/BurntSushi/toml"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/library/librarytest"
	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/rules"
)

// iksa is a made-up fourth language, xx: the row a language adds to
// langs.Default. Its texts are in testdata.
var iksa = langs.Lang{
	Code: "xx", Name: "Iksa", OGLocale: "xx_XX", Search: langs.Standard,
	DateLayout: "2-a de January 2006",
	Months:     strings.Fields("januaro februaro marto aprilo majo junio julio aŭgusto septembro oktobro novembro decembro"),
	Comma:      ", ", PluralSuffixes: []string{"j"},
	RulesWords: rules.Words{
		Contents: []string{"Enhavo"}, Glossary: []string{"Glosaro"}, Credits: []string{"Kreditoj"},
		Example: []string{"Ekzemplo:"}, Effective: []string{"validas ekde"},
	},
	RefWords: rules.RefWords{Before: []string{"regulo", "regulon", "reguloj", "regulojn"}},
}

// iksaExample is the worked example testdata/xx narrates; the test site
// plays only this one.
const iksaExample = "spell-cast-both-pass"

// TestFourthLanguageFromTestData builds the site with Iksa added to the
// table and its content and messages from testdata, and no other code:
// its pages, the English fallback, the language switcher and hreflang,
// search, a worked example and the negotiation treat it as they treat
// English, German and Japanese. Its rules file dates its edition in
// Iksa's long date, and its word for "rule" marks a rule reference in
// linked posts, suggestions and search.
func TestFourthLanguageFromTestData(t *testing.T) {
	t.Parallel()
	table, err := langs.Default.With(iksa)
	if err != nil {
		t.Fatal(err)
	}
	texts, messages := iksaContent(t), iksaMessages(t)
	lib, err := library.Load(library.Source{Langs: table, Content: texts})
	if err != nil {
		t.Fatal(err)
	}
	if b := lib.Books["xx"]; b.Effective != "Ĉi tiuj tekstoj sekvas la Kompletajn Regulojn, kiuj validas ekde la 17-a de aprilo 2026." || b.Edition() != "2026-04-17" {
		t.Errorf("the effective date of %q: edition %q", b.Effective, b.Edition())
	}
	cat, err := locales.Load(table, messages)
	if err != nil {
		t.Fatal(err)
	}
	exs, err := examples.Load(table, texts)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := search.Build(table, lib.Books, lib.Glossary.Names())
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	srv := httptest.NewServer(New(Config{Library: lib, Catalog: cat, Assets: sitetest.Assets(t), Search: search.Ready(ix), Examples: exs, BaseURL: "https://rules.test"}))
	defer srv.Close()
	page := func(path string) response {
		t.Helper()
		r := getAt(t, srv.URL, path)
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", path, r.status)
		}
		return r
	}

	home := page("/xx/")
	mustContain(t, "/xx/", home.body, `<html lang="xx">`, `<title>Komenco`, `<meta property="og:locale" content="xx_XX">`)

	rule := page("/xx/rules/100.1")
	mustContain(t, "/xx/rules/100.1", rule.body,
		`<div class="text" lang="xx"><p><a class="num" href="/xx/rules/100.1" title="Link to this rule">100.1</a>  Ĉi tiuj reguloj regas ĉiun ludon de Magio inter du aŭ pli da <a class="term" href="/xx/glossary/ludanto">ludantoj</a>, kaj dupersonajn kaj plurpersonajn ludojn.</p>`,
		`Edition of 17-a de aprilo 2026`,
		`<span aria-current="true" lang="xx">Iksa</span>`,
		`<a href="/de/rules/100.1?lang=de" hreflang="de" lang="de">Deutsch</a>`,
		`<link rel="alternate" hreflang="xx" href="https://rules.test/xx/rules/100.1">`,
		`<link rel="alternate" hreflang="ja" href="https://rules.test/ja/rules/100.1">`,
		`<meta property="og:locale:alternate" content="ja_JP">`)
	mustContain(t, "/en/rules/100.1", page("/en/rules/100.1").body,
		`<a href="/xx/rules/100.1?lang=xx" hreflang="xx" lang="xx">Iksa</a>`,
		`<link rel="alternate" hreflang="xx" href="https://rules.test/xx/rules/100.1">`,
		`<meta property="og:locale:alternate" content="xx_XX">`)

	// A rule Iksa lacks is shown in English, with Iksa's notice; hreflang
	// names only the languages that have it.
	fallback := page("/xx/rules/117.3a")
	mustContain(t, "/xx/rules/117.3a", fallback.body,
		`<p class="notice" role="note">Ĉi tiu regulo ankoraŭ mankas en nia Iksa teksto, do ĝi estas montrata angle.</p>`,
		`<div class="para level-2 target" id="117.3a"><div class="text" lang="en"><p class="missing" lang="xx">Not yet translated.</p><p><a class="num" href="/xx/rules/117.3a" title="Link to this rule">117.3a</a>  At the beginning of most <a class="term" href="/en/glossary/step">steps</a>`)
	if strings.Contains(fallback.body, `hreflang="xx" href=`) {
		t.Error("/xx/rules/117.3a names itself in hreflang")
	}

	// The glossary entries are aligned by Iksa's column of glossary.tsv.
	mustContain(t, "/xx/glossary/prioritato", page("/xx/glossary/prioritato").body,
		`<a href="/en/glossary/priority?lang=en" hreflang="en" lang="en">English</a>`,
		`<link rel="alternate" hreflang="de" href="https://rules.test/de/glossary/priorit%C3%A4t">`)

	var found apiResult
	if err := json.Unmarshal([]byte(page("/api/xx/search?q=plurpersona").body), &found); err != nil {
		t.Fatal(err)
	}
	if found.Total != 1 || found.Hits[0].Number != "100.1b" || found.Hits[0].Lang != "xx" || found.Hits[0].Untranslated {
		t.Errorf("search for plurpersona: %+v", found)
	}

	var named apiResult
	if err := json.Unmarshal([]byte(page("/api/xx/search?q=regulo+100.1").body), &named); err != nil {
		t.Fatal(err)
	}
	if named.Rule != "100.1" || len(named.Hits) == 0 || named.Hits[0].Number != "100.1" || named.Hits[0].Lang != "xx" {
		t.Errorf("search for regulo 100.1: rule %q, hits %+v", named.Rule, named.Hits)
	}
	if r := getAt(t, srv.URL, "/xx/search?q=regulo+100.1"); r.status != http.StatusSeeOther || r.header.Get("Location") != "/xx/rules/100.1" {
		t.Errorf("/xx/search?q=regulo+100.1: %d to %q", r.status, r.header.Get("Location"))
	}
	var offered suggestAnswer
	if err := json.Unmarshal([]byte(page("/api/xx/suggest?q=regulo+100.1").body), &offered); err != nil {
		t.Fatal(err)
	}
	var numbers []string
	for _, sg := range offered.Suggestions {
		numbers = append(numbers, sg.Number)
	}
	if strings.Join(numbers, " ") != "100.1 100.1a 100.1b" || offered.Suggestions[0].Lang != "xx" || offered.Suggestions[0].URL != "https://rules.test/xx/rules/100.1" {
		t.Errorf("suggestions for regulo 100.1: %+v", offered.Suggestions)
	}

	res, err := http.Post(srv.URL+"/api/linkify", "application/json", strings.NewReader(`{"text": "vidu regulon 100.1 kaj regulo 100", "format": "markdown"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var linked struct {
		Output string
		Count  int
		Refs   []linkifyRef
	}
	if err := json.NewDecoder(res.Body).Decode(&linked); err != nil {
		t.Fatal(err)
	}
	if linked.Output != "vidu [regulon 100.1](https://rules.test/r/100.1) kaj [regulo 100](https://rules.test/r/100)" || linked.Count != 2 ||
		!slices.Equal(linked.Refs, []linkifyRef{{Text: "regulon 100.1", Number: "100.1", URL: "https://rules.test/r/100.1"}, {Text: "regulo 100", Number: "100", URL: "https://rules.test/r/100"}}) {
		t.Errorf("an Iksa post linked: %+v", linked)
	}

	step := page("/xx/examples/" + iksaExample + "?step=2")
	mustContain(t, "/xx/examples/"+iksaExample+"?step=2", step.body,
		`<p class="action"><strong>A activates the mana ability of Monto</strong></p><p class="narration-text">En la unua ĉefa fazo A frapas Monton por {R} (605.3a).</p>`)

	for header, want := range map[string]string{"xx": "/en/", "xx-XX": "/en/", "xy, xx;q=0.9": "/en/", "ja;q=0.5, de": "/de/"} {
		if r := getAt(t, srv.URL, "/", "Accept-Language", header); r.status != http.StatusFound || r.header.Get("Location") != want {
			t.Errorf("Accept-Language %q: %d to %q, want %q", header, r.status, r.header.Get("Location"), want)
		}
	}

	// Iksa's messages are checked as every language's are.
	lacking := maps.Clone(messages)
	data := regexp.MustCompile(`(?m)^HomeTitle = .*\n`).ReplaceAll(lacking["active.xx.toml"].Data, nil)
	lacking["active.xx.toml"] = &fstest.MapFile{Data: data}
	if _, err := locales.Load(table, lacking); err == nil || err.Error() != "locales: xx lacks HomeTitle" {
		t.Errorf("a message missing in xx: %v", err)
	}
}

// iksaContent is the embedded content with only iksaExample, and Iksa's
// texts from testdata/xx: its rules, its narration, its column of
// glossary.tsv and the texts of the cards it names (the others keep
// their English texts, as a language the test does not translate).
func iksaContent(t *testing.T) fstest.MapFS {
	t.Helper()
	out := librarytest.Copy(t, content.FS, func(name string) bool {
		return path.Base(path.Dir(name)) != "scenarios" || path.Base(name) == iksaExample+".json"
	})
	for _, name := range []string{"rules.txt", "scenarios/" + iksaExample + ".json", "example-groups.json"} {
		out["xx/"+name] = &fstest.MapFile{Data: readTestdata(t, "xx/"+name)}
	}
	cards := map[string]json.RawMessage{}
	for _, data := range [][]byte{out["en/cards.json"].Data, readTestdata(t, "xx/cards.json")} {
		if err := json.Unmarshal(data, &cards); err != nil {
			t.Fatal(err)
		}
	}
	data, err := json.Marshal(cards)
	if err != nil {
		t.Fatal(err)
	}
	out["xx/cards.json"] = &fstest.MapFile{Data: data}

	names := map[string]string{} // English entry → Iksa's
	for _, line := range strings.Split(string(readTestdata(t, "xx/glossary.tsv")), "\n")[2:] {
		if en, xx, ok := strings.Cut(line, "\t"); ok {
			names[en] = xx
		}
	}
	var glossary strings.Builder
	for i, line := range strings.Split(strings.TrimSuffix(string(out["glossary.tsv"].Data), "\n"), "\n") {
		en, _, _ := strings.Cut(line, "\t")
		switch {
		case strings.HasPrefix(line, "#"):
		case i == 1:
			line += "\txx"
		default:
			line += "\t" + names[en]
		}
		glossary.WriteString(line + "\n")
	}
	out["glossary.tsv"] = &fstest.MapFile{Data: []byte(glossary.String())}
	return out
}

// iksaMessages are the site's message files and Iksa's: English's, with
// the messages testdata/locales/messages.xx.toml translates.
func iksaMessages(t *testing.T) fstest.MapFS {
	t.Helper()
	var translated map[string]string
	if err := toml.Unmarshal(readTestdata(t, "locales/messages.xx.toml"), &translated); err != nil {
		t.Fatal(err)
	}
	out := fstest.MapFS{}
	err := fs.WalkDir(locales.Files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(locales.Files, name)
		out[name] = &fstest.MapFile{Data: data}
		if area, ok := strings.CutSuffix(name, ".en.toml"); ok {
			for key, text := range translated {
				line := regexp.MustCompile(`(?m)^` + key + ` = .*$`)
				if line.Match(data) {
					data = line.ReplaceAllLiteral(data, []byte(key+" = "+strconv.Quote(text)))
					delete(translated, key)
				}
			}
			out[area+".xx.toml"] = &fstest.MapFile{Data: data}
		}
		return err
	})
	if err != nil || len(translated) > 0 {
		t.Fatalf("%v; no English message for %v", err, translated)
	}
	return out
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
