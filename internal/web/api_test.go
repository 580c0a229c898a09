package web

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/apiview"
	"github.com/mtgrules/site/internal/langs"
)

// Each language's contents: its sections with their top-level rules.
func TestAPIContentsInEveryLanguage(t *testing.T) {
	t.Parallel()
	first := map[string][2]string{"en": {"Game Concepts", "General"}, "de": {"Spielkonzepte", "Allgemeines"}, "ja": {"ゲームの概念", "原則"}}
	for _, lang := range langs.Default.Codes() {
		var c apiview.Contents
		apiGet(t, "/api/"+lang+"/rules", http.StatusOK, &c)
		if c.Lang != lang || c.Edition != "2026-04-17" || len(c.Sections) != 9 {
			t.Fatalf("%s: %s %s, %d sections", lang, c.Lang, c.Edition, len(c.Sections))
		}
		s1, r100 := c.Sections[0], c.Sections[0].Rules[0]
		if s1.Number != 1 || s1.Title != first[lang][0] || r100.Number != "100" || r100.Title != first[lang][1] || r100.URL != srv.URL+"/"+lang+"/rules/100" {
			t.Errorf("%s: first section %d %q, first rule %+v", lang, s1.Number, s1.Title, r100)
		}
		if last := c.Sections[8]; last.Number != 9 || last.Rules[0].Number != "900" {
			t.Errorf("%s: last section %+v", lang, last)
		}
	}
}

// A rule with its heading, text, parent, children, edition and page, in
// every language; the number may be written as people write it.
func TestAPIRuleInEveryLanguage(t *testing.T) {
	t.Parallel()
	heading := map[string]string{"en": "Timing and Priority", "de": "Timing und Priorität", "ja": "タイミングと優先権"}
	text := map[string]string{
		"en": "Each time a spell or ability other than a mana ability resolves, the active player receives priority afterward.",
		"de": "Jedes Mal, wenn ein Zauberspruch oder eine Fähigkeit verrechnet wurde, die keine Manafähigkeit ist, erhält danach der aktive Spieler Priorität.",
		"ja": "マナ能力以外の呪文や能力が解決されるたびに、その後アクティブ・プレイヤーが優先権を得る。",
	}
	for _, lang := range langs.Default.Codes() {
		for _, path := range []string{"/api/" + lang + "/rules/117.3b", "/api/" + lang + "/rules/CR117.3B", "/api/" + lang + "/rules/" + url.PathEscape("１１７．３ｂ") + "?subrules=0"} {
			var r apiview.RuleDoc
			apiGet(t, path, http.StatusOK, &r)
			if r.Number != "117.3b" || r.Heading != heading[lang] || r.Parent == nil || *r.Parent != "117.3" || len(r.Children) != 0 ||
				r.Lang != lang || r.Fallback || r.Edition != "2026-04-17" || r.URL != srv.URL+"/"+lang+"/rules/117.3b" || r.Subrules != nil {
				t.Errorf("%s: %+v", path, r)
			}
			if r.Text != text[lang] {
				t.Errorf("%s: text %q", path, r.Text)
			}
		}
		var top apiview.RuleDoc
		apiGet(t, "/api/"+lang+"/rules/117?subrules=1", http.StatusOK, &top)
		if top.Parent != nil || top.Text != heading[lang] || !slices.Equal(top.Children, []string{"117.1", "117.2", "117.3", "117.4", "117.5", "117.6", "117.7"}) {
			t.Errorf("%s 117: parent %v, text %q, children %v", lang, top.Parent, top.Text, top.Children)
		}
		var nums []string
		for _, s := range top.Subrules {
			nums = append(nums, s.Number)
		}
		want := []string{"117.1", "117.1a", "117.1b", "117.1c", "117.1d", "117.2", "117.2a", "117.2b", "117.2c", "117.2d", "117.2e",
			"117.3", "117.3a", "117.3b", "117.3c", "117.3d", "117.4", "117.5", "117.6", "117.7"}
		if !slices.Equal(nums, want) {
			t.Errorf("%s 117 subtree %v", lang, nums)
		}
		if s := top.Subrules[12]; s.Number != "117.3a" || *s.Parent != "117.3" || s.URL != srv.URL+"/"+lang+"/rules/117.3a" {
			t.Errorf("%s 117.3a in the subtree: %+v", lang, s)
		}
	}
}

// Bad input is a JSON error in the path's language with the right 4xx.
func TestAPIRuleErrorsAreLocalized(t *testing.T) {
	t.Parallel()
	notFound := map[string]string{
		"en": "There is no rule with this number in our texts.",
		"de": "In unseren Texten gibt es keine Regel mit dieser Nummer.",
		"ja": "その番号のルールは当サイトのテキストにありません。",
	}
	subrules := map[string]string{
		"en": "subrules is 0 (the rule alone) or 1 (with every rule beneath it).",
		"de": "subrules ist 0 (nur die Regel) oder 1 (mit allen Regeln darunter).",
		"ja": "subrulesには0（そのルールだけ）か1（その下のすべてのルールを含む）を指定してください。",
	}
	for _, lang := range langs.Default.Codes() {
		wantAPIError(t, nil, "/api/"+lang+"/rules/117.3z", http.StatusNotFound, lang, notFound[lang])
		wantAPIError(t, nil, "/api/"+lang+"/rules/banana", http.StatusNotFound, lang, notFound[lang])
		wantAPIError(t, nil, "/api/"+lang+"/rules/117?subrules=yes", http.StatusBadRequest, lang, subrules[lang])
	}
	wantAPIError(t, nil, "/api/de/rules/117?edition=2026-13-45", http.StatusBadRequest, "de", "Eine Fassung wird mit ihrem Gültigkeitsdatum angegeben, geschrieben wie 2026-04-17.")
	wantAPIError(t, nil, "/api/ja/rules/117?edition=2020-01-01", http.StatusNotFound, "ja", "その版のルールはこのサイトに読み込まれていません。")
	wantAPIError(t, nil, "/api/fr/rules/117", http.StatusNotFound, "en", "This site is available in English, German and Japanese only.")
	// A path no route has is a JSON 404 too.
	r := get(t, "/api/de/nothing")
	if r.status != http.StatusNotFound || r.body != `{"error":{"lang":"de","message":"Unter dieser Adresse gibt es keine Seite.","status":404}}`+"\n" {
		t.Errorf("/api/de/nothing: %d %s", r.status, r.body)
	}
}

// A rule only the newest English edition has is answered in English for
// German and Japanese, marked fallback, as its page is; ?edition= reaches
// an older edition, where it does not exist.
func TestAPIRuleFallsBackToEnglish(t *testing.T) {
	t.Parallel()
	h := editionsServer(t)
	for _, lang := range []string{"de", "ja"} {
		var r apiview.RuleDoc
		apiDo(t, h, "/api/"+lang+"/rules/117.3e", http.StatusOK, &r)
		if !r.Fallback || r.Lang != "en" || r.Text != "A new subrule only the newest English edition has." ||
			r.Heading != "Timing and Priority" || r.Edition != "2026-04-17" || r.URL != "https://rules.test/"+lang+"/rules/117.3e" {
			t.Errorf("%s 117.3e: %+v", lang, r)
		}
		var p apiview.RuleDoc
		apiDo(t, h, "/api/"+lang+"/rules/117.3?subrules=1", http.StatusOK, &p)
		if p.Fallback || p.Lang != lang || !slices.Equal(p.Children, []string{"117.3a", "117.3b", "117.3c", "117.3d", "117.3e"}) ||
			len(p.Subrules) != 5 || !p.Subrules[4].Fallback || p.Subrules[3].Fallback {
			t.Errorf("%s 117.3: children %v, subrules %+v", lang, p.Children, p.Subrules)
		}
		var top apiview.RuleDoc
		apiDo(t, h, "/api/"+lang+"/rules/124?subrules=1", http.StatusOK, &top)
		if !top.Fallback || top.Text != "Brand-New Rules" || len(top.Subrules) != 2 || top.Subrules[1].Number != "124.1a" || !top.Subrules[1].Fallback {
			t.Errorf("%s 124: %+v", lang, top)
		}
	}
	var en apiview.RuleDoc
	apiDo(t, h, "/api/en/rules/117.3e", http.StatusOK, &en)
	if en.Fallback || en.Lang != "en" || en.Edition != "2026-11-13" {
		t.Errorf("en 117.3e: %+v", en)
	}
	var old apiview.RuleDoc
	apiDo(t, h, "/api/en/rules/117.7?edition=2026-04-17", http.StatusOK, &old)
	if old.Edition != "2026-04-17" || old.URL != "https://rules.test/en/rules/117.7?edition=2026-04-17" {
		t.Errorf("old 117.7: %+v", old)
	}
	wantAPIError(t, h, "/api/en/rules/117.7", http.StatusNotFound, "en", "There is no rule with this number in our texts.")
	wantAPIError(t, h, "/api/en/rules/117.3e?edition=2026-04-17", http.StatusNotFound, "en", "There is no rule with this number in our texts.")
}

// The glossary in every language, and one entry with its counterparts;
// another language's slug answers the aligned entry.
func TestAPIGlossaryInEveryLanguage(t *testing.T) {
	t.Parallel()
	first := map[string]string{"en": "Abandon", "de": "Abenteurergruppe", "ja": "20面体ダイスを振る"}
	priority := map[string][2]string{"en": {"Priority", "priority"}, "de": {"Priorität", "priorität"}, "ja": {"優先権", "優先権"}}
	for _, lang := range langs.Default.Codes() {
		var g apiview.Glossary
		apiGet(t, "/api/"+lang+"/glossary", http.StatusOK, &g)
		if g.Lang != lang || len(g.Terms) != 730 || g.Terms[0].Term != first[lang] || g.Terms[0].Lang != lang {
			t.Errorf("%s: %d terms, first %+v", lang, len(g.Terms), g.Terms[0])
		}
		for _, slug := range []string{"priority", "priorität", "優先権"} {
			var term apiview.Term
			apiGet(t, "/api/"+lang+"/glossary/"+url.PathEscape(slug), http.StatusOK, &term)
			want := priority[lang]
			if term.Term != want[0] || term.Slug != want[1] || term.Lang != lang || term.URL != srv.URL+"/"+lang+"/glossary/"+url.PathEscape(want[1]) ||
				len(term.Definition) != 1 || !strings.Contains(term.Definition[0], "117") {
				t.Errorf("%s %s: %+v", lang, slug, term)
			}
			var others []string
			for _, o := range term.Translations {
				others = append(others, o.Lang+":"+o.Term+":"+o.Slug)
			}
			var wantOthers []string
			for _, l := range langs.Default.Codes() {
				if l != lang {
					wantOthers = append(wantOthers, l+":"+priority[l][0]+":"+priority[l][1])
				}
			}
			if !slices.Equal(others, wantOthers) {
				t.Errorf("%s %s: translations %v, want %v", lang, slug, others, wantOthers)
			}
		}
	}
	wantAPIError(t, nil, "/api/de/glossary/no-such-term", http.StatusNotFound, "de", "Im Glossar gibt es keinen Eintrag mit diesem Namen.")
	wantAPIError(t, nil, "/api/ja/glossary/no-such-term", http.StatusNotFound, "ja", "その名前の用語は用語集にありません。")
}

// Step 13 of the Giant Growth example: Shock above Giant Growth, A holds
// priority again after casting (117.3c), card names in each language.
func TestAPIExampleStepInEveryLanguage(t *testing.T) {
	t.Parallel()
	set := testExamples(t)
	ex, _ := set.Get("giant-growth-answered-by-shock")
	names := map[string][2]string{"en": {"Shock", "Giant Growth"}, "de": {"Schock", "Riesenwuchs"}, "ja": {"ショック", "巨大化"}}
	wolves := map[string]string{"en": "Tundra Wolves", "de": "Tundrawölfe", "ja": "ツンドラ狼"}
	stepLabel := map[string]string{"en": "Declare blockers step", "de": "Blocker-deklarieren-Segment", "ja": "ブロック・クリーチャー指定ステップ"}
	for _, lang := range langs.Default.Codes() {
		var e apiview.Example
		apiGet(t, "/api/"+lang+"/examples/giant-growth-answered-by-shock?step=13", http.StatusOK, &e)
		if e.Step != 13 || e.Steps != 17 || e.Turn != 4 || e.GameStep != "declare_blockers" || e.GameStepLabel != stepLabel[lang] ||
			e.Priority == nil || *e.Priority != (apiview.PlayerRef{Index: 0, Name: "A"}) || e.Active.Name != "A" ||
			e.Narration != ex.Narration[11].In(lang) || e.Action == "" ||
			e.URL != srv.URL+"/"+lang+"/examples/giant-growth-answered-by-shock?step=13" {
			t.Errorf("%s: %+v", lang, e)
		}
		if len(e.Stack) != 2 || e.Stack[0].Name != names[lang][0] || e.Stack[1].Name != names[lang][1] ||
			e.Stack[0].Controller.Name != "A" || e.Stack[1].Controller.Name != "B" || e.Stack[0].Kind != "spell" ||
			!slices.Equal(e.Stack[0].Targets, []string{wolves[lang]}) {
			t.Errorf("%s stack: %+v", lang, e.Stack)
		}
		if len(e.Players) != 2 || e.Players[0].Life != 20 || e.Players[0].HandSize != 0 || e.Players[1].HandSize != 0 ||
			!e.Players[0].Priority || !e.Players[0].Active || e.Players[1].Priority {
			t.Errorf("%s players: %+v", lang, e.Players)
		}
		if len(e.Events) != 2 || e.Events[0].Kind != "cast" || !slices.Equal(e.Events[0].Rules, []string{"601.2", "601.2i"}) ||
			e.Events[1].Kind != "priority" || !slices.Equal(e.Events[1].Rules, []string{"117.3c"}) {
			t.Errorf("%s events: %+v", lang, e.Events)
		}
		// The start: the summary, no action, no events, both hands full.
		var start apiview.Example
		apiGet(t, "/api/"+lang+"/examples/giant-growth-answered-by-shock", http.StatusOK, &start)
		if start.Step != 1 || start.Action != "" || len(start.Events) != 0 || len(start.Stack) != 0 || start.GameStep != "begin_combat" ||
			start.Narration != ex.Summary.In(lang) || start.Players[0].HandSize != 1 || start.Players[1].HandSize != 1 {
			t.Errorf("%s start: %+v", lang, start)
		}
		var list apiview.ExampleList
		apiGet(t, "/api/"+lang+"/examples", http.StatusOK, &list)
		if len(list.Examples) != len(set.List) || list.Examples[0].Slug != "spell-cast-both-pass" || list.Examples[0].Steps != 6 {
			t.Errorf("%s list: %+v", lang, list.Examples[:1])
		}
	}
	wantAPIError(t, nil, "/api/de/examples/giant-growth-answered-by-shock?step=x", http.StatusBadRequest, "de", "Der Schritt muss eine ganze Zahl von 1 bis 1000 sein.")
	wantAPIError(t, nil, "/api/ja/examples/giant-growth-answered-by-shock?step=99", http.StatusNotFound, "ja", "この例にはその番号の手順はありません。")
	wantAPIError(t, nil, "/api/en/examples/no-such-example", http.StatusNotFound, "en", "There is no example with this name.")
}

func TestAPIEditions(t *testing.T) {
	t.Parallel()
	var eds apiview.Editions
	apiGet(t, "/api/editions", http.StatusOK, &eds)
	labels := map[string]string{"en": "Edition of 17 April 2026", "de": "Fassung vom 17. April 2026", "ja": "2026年4月17日版"}
	if len(eds.Languages) != 3 {
		t.Fatalf("%+v", eds)
	}
	for i, lang := range langs.Default.Codes() {
		le := eds.Languages[i]
		want := apiview.Edition{Edition: "2026-04-17", Label: labels[lang], Current: true, Rules: 3285, Glossary: 730}
		if le.Lang != lang || len(le.Editions) != 1 || le.Editions[0] != want {
			t.Errorf("%s: %+v", lang, le)
		}
	}
	eds = apiview.Editions{}
	apiDo(t, editionsServer(t), "/api/editions", http.StatusOK, &eds)
	en := eds.Languages[0].Editions
	if len(en) != 2 || en[0].Edition != "2026-11-13" || !en[0].Current || en[0].Label != "Edition of 13 November 2026" || en[0].Rules != 3288 ||
		en[1].Edition != "2026-04-17" || en[1].Current || en[1].Rules != 3285 {
		t.Errorf("two English editions: %+v", en)
	}
}

// Every API answer, errors included, may be read from any origin; a
// preflight is answered at once; pages are not marked.
func TestAPICORS(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/api/en/search?q=stack", "/api/de/rules/117", "/api/ja/rules/999.9", "/api/xx/rules", "/api/editions", "/api/openapi.json"} {
		if got := get(t, path, "Origin", "https://forum.example").header.Get("Access-Control-Allow-Origin"); got != "*" {
			t.Errorf("%s: Access-Control-Allow-Origin %q", path, got)
		}
	}
	if got := get(t, "/en/rules/117").header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("a page allows origin %q", got)
	}
	req, _ := http.NewRequest(http.MethodOptions, testServer(t).URL+"/api/linkify", nil)
	req.Header.Set("Origin", "https://forum.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	h := res.Header
	if res.StatusCode != http.StatusNoContent || h.Get("Access-Control-Allow-Origin") != "*" ||
		h.Get("Access-Control-Allow-Methods") != "GET, HEAD, POST" || h.Get("Access-Control-Allow-Headers") != "Content-Type" {
		t.Errorf("preflight: %d %v", res.StatusCode, h)
	}
}

// /{lang}/api describes the API in the reader's language, with requests to
// try that work.
func TestAPIPageInEveryLanguage(t *testing.T) {
	t.Parallel()
	heading := map[string]string{"en": "JSON API", "de": "JSON-API", "ja": "JSON API"}
	for _, lang := range langs.Default.Codes() {
		r := get(t, "/"+lang+"/api")
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", lang, r.status)
		}
		mustContain(t, lang+" api page", r.body, `<html lang="`+lang+`">`, "<h1>"+heading[lang]+"</h1>",
			`href="/api/openapi.json"`, `href="/api/`+lang+`/rules/117.3a"`, `href="/api/`+lang+`/suggest?q=117.3"`,
			`href="/`+lang+`/changes.atom"`, `href="/api/`+lang+`/examples/spell-cast-both-pass?step=2"`)
		for _, href := range []string{"/api/" + lang + "/rules/117.3a", "/api/" + lang + "/glossary/priority", "/api/" + lang + "/examples/spell-cast-both-pass?step=2"} {
			if s := get(t, href).status; s != http.StatusOK {
				t.Errorf("%s: try link %s answers %d", lang, href, s)
			}
		}
		// Every page's footer leads to it, and the sitemap lists it.
		mustContain(t, lang+" footer", get(t, "/"+lang+"/rules/117").body, `<a href="/`+lang+`/api">`)
		mustContain(t, "sitemap", get(t, "/sitemap.xml").body, "<loc>"+srv.URL+"/"+lang+"/api</loc>")
	}
}

// No input makes the API fail: odd numbers, slugs, steps and parameters
// are 4xx JSON errors (or answers), never a 5xx.
func TestAPIBadInputNeverFails(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("%E5%84%AA", 300)
	for _, path := range []string{
		"/api/en/rules/" + long, "/api/en/rules/117..3", "/api/de/rules/%20", "/api/ja/rules/117?subrules=", "/api/ja/rules/117?subrules=1&subrules=0",
		"/api/en/rules/117?edition=", "/api/en/rules/117?edition=9999-99-99", "/api/en/rules/999", "/api/en/rules/100.0",
		"/api/de/glossary/" + long, "/api/de/glossary/%2F", "/api/ja/glossary/%E3%80%80",
		"/api/en/examples/giant-growth-answered-by-shock?step=-1", "/api/en/examples/giant-growth-answered-by-shock?step=0",
		"/api/en/examples/giant-growth-answered-by-shock?step=99999999999999999999", "/api/en/examples/giant-growth-answered-by-shock?step=1.5",
		"/api/en/examples/" + long, "/api/en/suggest?q=" + long, "/api/en/suggest?q=%00", "/api/ja/suggest?q=%FF", "/api/en/suggest?q=" + strings.Repeat("1", 5000),
		"/api/en/search?q=x&page=1001", "/api/xx/editions", "/api/en/rules/117/extra", "/api/" + long + "/rules",
	} {
		r := get(t, path)
		if r.status < 400 && r.status != http.StatusOK || r.status >= 500 {
			t.Errorf("%.80s: status %d", path, r.status)
		}
		if !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") || r.header.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("%.80s: %q, CORS %q", path, r.header.Get("Content-Type"), r.header.Get("Access-Control-Allow-Origin"))
		}
	}
}
