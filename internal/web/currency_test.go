package web

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/apiview"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/library/librarytest"
	"github.com/mtgrules/site/internal/sitetest"
)

var currency sitetest.Shared[*echo.Echo]

// currencyServer loads the texts' English edition of April 17, 2026 and
// a newer one of June 12, 2026 in which only 117.3b changed, beside the
// German and Japanese texts, which follow the first.
func currencyServer(t *testing.T) *echo.Echo {
	t.Helper()
	return currency.Get(t, func() (*echo.Echo, error) {
		dir := t.TempDir()
		april := librarytest.Edition(t, dir, librarytest.Date, nil)
		june := librarytest.JuneEdition(t, dir)
		lib, err := library.Load(librarytest.Source(t, library.Overrides{"en": {april, june}}))
		if err != nil {
			return nil, err
		}
		return newServer(t, lib), nil
	})
}

// paraDiv is the div of paragraph num on a rule page.
func paraDiv(t *testing.T, body, num string) string {
	t.Helper()
	i := strings.Index(body, `id="`+num+`"`)
	if i < 0 {
		t.Fatalf("no paragraph %s", num)
	}
	j := strings.Index(body[i:], `<div class="para level-`)
	if j < 0 {
		j = len(body) - i
	}
	return body[i : i+j]
}

// TestOutdatedTranslationSaysSo_117_3b: the German and Japanese 117.3b,
// which follow the April edition, say that the rule changed in June and
// show the June English text with the words that changed; 117.3a, which
// did not change, says nothing.
func TestOutdatedTranslationSaysSo_117_3b(t *testing.T) {
	t.Parallel()
	h := currencyServer(t)
	for lang, notice := range map[string]string{
		"de": "Diese Übersetzung folgt der Fassung vom 17. April 2026; die Regel wurde am 12. Juni 2026 geändert.",
		"ja": "この訳は2026年4月17日版に基づいています。このルールは2026年6月12日に変更されました。",
	} {
		r := do(h, "/"+lang+"/rules/117.3b")
		if r.status != http.StatusOK {
			t.Fatalf("%s: status %d", lang, r.status)
		}
		mustContain(t, lang, r.body, `<div class="para level-2 target outdated" id="117.3b">`)
		b := paraDiv(t, r.body, "117.3b")
		mustContain(t, lang+" 117.3b", b, `<aside class="outdated-note" role="note"><p class="notice">`+notice+`</p>`,
			`<div class="text" lang="en">`, "unless a zeppelin is overhead.</p>", // the June text beside it
			`<ins>, unless a zeppelin is overhead</ins>`, // what changed since April
		)
		if a := paraDiv(t, r.body, "117.3a"); strings.Contains(a, "outdated") {
			t.Errorf("%s 117.3a is marked: %s", lang, a)
		}
		if n := strings.Count(r.body, `class="outdated-note"`); n != 1 {
			t.Errorf("%s: %d notices on the page of 117.3, want 1", lang, n)
		}
	}
	// The English page shows the June text itself: nothing to mark.
	if r := do(h, "/en/rules/117.3b"); r.status != 200 || strings.Contains(r.body, "outdated-note") || !strings.Contains(r.body, "unless a zeppelin is overhead.") {
		t.Errorf("/en/rules/117.3b: %d", r.status)
	}
}

func TestAPIMarksOutdatedParagraphs_117_3b(t *testing.T) {
	t.Parallel()
	h := currencyServer(t)
	for _, lang := range []string{"de", "ja"} {
		var b apiview.RuleDoc
		apiDo(t, h, "/api/"+lang+"/rules/117.3b", http.StatusOK, &b)
		if b.OutdatedSince != "2026-06-12" || b.Lang != lang {
			t.Errorf("%s 117.3b: outdated_since %q", lang, b.OutdatedSince)
		}
		r := apiDo(t, h, "/api/"+lang+"/rules/117.3a", http.StatusOK, nil)
		if strings.Contains(r.body, "outdated_since") {
			t.Errorf("%s 117.3a: %s", lang, r.body)
		}
		var p apiview.RuleDoc
		apiDo(t, h, "/api/"+lang+"/rules/117.3?subrules=1", http.StatusOK, &p)
		var marked []string
		for _, sub := range p.Subrules {
			if sub.OutdatedSince != "" {
				marked = append(marked, sub.Number+" "+sub.OutdatedSince)
			}
		}
		if p.OutdatedSince != "" || !slices.Equal(marked, []string{"117.3b 2026-06-12"}) {
			t.Errorf("%s 117.3 subrules marked %v", lang, marked)
		}
	}
	if r := apiDo(t, h, "/api/en/rules/117.3b", http.StatusOK, nil); strings.Contains(r.body, "outdated_since") {
		t.Errorf("official English marked: %s", r.body)
	}
}

// TestRuleHistoryListsEditions_117_3b: the history of 117.3b lists the
// June edition's change against April's, with the words; German's is
// the official English text's, said so; one edition says it is one.
func TestRuleHistoryListsEditions_117_3b(t *testing.T) {
	t.Parallel()
	h := currencyServer(t)
	r := do(h, "/en/rules/117.3b/history")
	if r.status != 200 {
		t.Fatalf("status %d", r.status)
	}
	mustContain(t, "en history", r.body, "<h1>History of rule 117.3b</h1>",
		"<h2>From the edition of 17 April 2026 to the edition of 12 June 2026</h2>", "0 added, 0 removed, 1 changed",
		`<a class="num" href="/en/rules/117.3b">117.3b</a>`, "<ins>, unless a zeppelin is overhead</ins>",
		"The oldest loaded edition is the edition of 17 April 2026.", `href="/en/rules/117.3b">Back to rule 117.3b</a>`)
	if strings.Count(r.body, `<section class="comparison">`) != 1 {
		t.Error("more than one change listed")
	}
	if r := do(h, "/en/rules/117.3b"); !strings.Contains(r.body, `href="/en/rules/117.3b/history">History of this rule</a>`) {
		t.Error("the rule page does not link its history")
	}
	// 117.3a did not change.
	mustContain(t, "117.3a", do(h, "/en/rules/117.3a/history").body, "The text is the same in all 2 loaded editions.")
	de := do(h, "/de/rules/117.3b/history")
	mustContain(t, "de history", de.body, "<h1>Verlauf von Regel 117.3b</h1>",
		"Unsere Übersetzung folgt den offiziellen englischen Regeln: Dies sind die Änderungen am offiziellen englischen Text.",
		"<h2>Von der Fassung vom 17. April 2026 zur Fassung vom 12. Juni 2026</h2>", `<a class="num" href="/en/rules/117.3b">117.3b</a>`)
	var api apiview.History
	apiDo(t, h, "/api/en/rules/117.3b/history", http.StatusOK, &api)
	if !slices.Equal(api.Editions, []string{"2026-06-12", "2026-04-17"}) || api.Official || len(api.Changes) != 1 ||
		api.Changes[0].From != "2026-04-17" || api.Changes[0].To != "2026-06-12" || len(api.Changes[0].Rules) != 1 ||
		api.Changes[0].Rules[0].Number != "117.3b" || api.Changes[0].Rules[0].Change != "changed" {
		t.Errorf("API history: %+v", api)
	}
	var ins []string
	for _, op := range api.Changes[0].Rules[0].Diff[0] {
		if op.Op != "equal" {
			ins = append(ins, op.Op+":"+op.Text)
		}
	}
	if !slices.Equal(ins, []string{"insert:, unless a zeppelin is overhead"}) {
		t.Errorf("API diff %v", ins)
	}
	apiDo(t, h, "/api/de/rules/117.3b/history", http.StatusOK, &api)
	if !api.Official || len(api.Changes) != 1 {
		t.Errorf("German API history: %+v", api)
	}
	wantAPIError(t, h, "/api/de/rules/999.9z/history", http.StatusNotFound, "de", "In unseren Texten gibt es keine Regel mit dieser Nummer.")
	// With one edition the history says so.
	for lang, want := range map[string]string{
		"en": "Only one edition is loaded (the edition of 17 April 2026), so there is no change to show.",
		"de": "Es ist nur eine Fassung geladen (die Fassung vom 17. April 2026); es gibt keine Änderung zu zeigen.",
		"ja": "読み込まれている版は1つ（2026年4月17日版）だけなので、表示する変更はありません。",
	} {
		r := get(t, "/"+lang+"/rules/117.3b/history")
		if r.status != 200 || !strings.Contains(r.body, want) {
			t.Errorf("%s one edition: %d, lacks %q", lang, r.status, want)
		}
	}
	if r := get(t, "/en/rules/117.3B/history"); r.status != http.StatusMovedPermanently || r.header.Get("Location") != "/en/rules/117.3b/history" {
		t.Errorf("117.3B: %d %s", r.status, r.header.Get("Location"))
	}
	if r := get(t, "/en/rules/999.9z/history"); r.status != http.StatusNotFound {
		t.Errorf("unknown rule: %d", r.status)
	}
}

// TestRemovedRuleSaysSo_117_7: the newest edition of editionsServer
// removed 117.7; the German text, which still has it, says when and links
// 117, and the English page, which lacks it, says when it went.
func TestRemovedRuleSaysSo_117_7(t *testing.T) {
	t.Parallel()
	h := editionsServer(t)
	r := do(h, "/de/rules/117.7")
	if r.status != 200 {
		t.Fatalf("status %d", r.status)
	}
	mustContain(t, "de 117.7", paraDiv(t, r.body, "117.7"),
		"Diese Übersetzung folgt der Fassung vom 17. April 2026; die Regel wurde am 13. November 2026 gestrichen.",
		`<a href="/de/rules/117">Siehe Regel 117</a>`)
	en := do(h, "/en/rules/117.7")
	if en.status != 404 {
		t.Errorf("/en/rules/117.7: %d", en.status)
	}
	mustContain(t, "en 117.7", en.body, "Rule 117.7 was removed from the rules on 13 November 2026.", `href="/en/rules/117"`)
	// 117.3b changed there too; 117.3a did not.
	mustContain(t, "ja 117.3b", paraDiv(t, do(h, "/ja/rules/117.3b").body, "117.3b"), "このルールは2026年11月13日に変更されました。")
	if strings.Contains(paraDiv(t, do(h, "/ja/rules/117.3b").body, "117.3a"), "outdated") {
		t.Error("ja 117.3a marked")
	}
}

// TestSearchMarksOutdatedRules: a German search hit on 117.3b carries the
// mark; one on 117.3a does not.
func TestSearchMarksOutdatedRules(t *testing.T) {
	t.Parallel()
	h := editionsServer(t)
	r := do(h, "/de/search?q="+urlEscape("Manafähigkeit verrechnet aktive Spieler"))
	if r.status != 200 {
		t.Fatalf("status %d", r.status)
	}
	mustContain(t, "117.3b hit", searchHit(t, r.body, "117.3b"), `<span class="badge outdated" lang="de" title="Der offizielle Text dieser Regel hat sich seit der Fassung geändert, der unsere Übersetzung folgt.">veraltet</span>`)
	r = do(h, "/de/search?q="+urlEscape("Enttappsegments Aufräumsegments"))
	if hit := searchHit(t, r.body, "117.3a"); strings.Contains(hit, "veraltet") {
		t.Errorf("117.3a marked: %s", hit)
	}
}

// searchHit is the hit on rule num of a results page.
func searchHit(t *testing.T, body, num string) string {
	t.Helper()
	i := strings.Index(body, "<strong>"+num+"</strong>")
	if i < 0 {
		t.Fatalf("%s not found", num)
	}
	return body[i : i+strings.Index(body[i:], "</li>")]
}
