package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/sitetest"
)

// post sends body as contentType to testServer over HTTP; header holds
// name, value pairs.
func post(t *testing.T, path, contentType, body string, header ...string) response {
	t.Helper()
	return fromSitetest(sitetest.Fetch(t, sitetest.Request(t, http.MethodPost, testServer(t).URL+path, contentType, body, header...)))
}

func TestLinkifyPage(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "de", "ja"} {
		r := get(t, "/"+lang+"/linkify")
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", lang, r.status)
		}
		mustContain(t, lang+" form", r.body, `<form class="linkify" method="post" action="/`+lang+`/linkify#linkify-result">`, `name="text"`, `value="bbcode" checked`)
	}
	form := url.Values{"text": {"Siehe Regel 704.5a <b> und 3,50 €"}, "format": {"html"}}
	r := post(t, "/de/linkify", "application/x-www-form-urlencoded", form.Encode())
	if r.status != http.StatusOK {
		t.Fatalf("post: %d", r.status)
	}
	link := `<a href="` + srv.URL + `/r/704.5a">Regel 704.5a</a>`
	mustContain(t, "result", r.body,
		"1 Link gesetzt.",
		`value="html" checked`,
		// the output as source text, escaped once more inside the textarea
		`&lt;a href=&#34;`+srv.URL+`/r/704.5a&#34;&gt;Regel 704.5a&lt;/a&gt; &amp;lt;b&amp;gt;`,
		// and the preview, where the post's own markup stays text
		`<div class="preview">`+"Siehe "+link+` &lt;b&gt; und 3,50 €</div>`,
	)
	if strings.Contains(r.body, "<b>") {
		t.Error("post markup reflected unescaped")
	}
	for body, want := range map[string]int{
		url.Values{"text": {"x"}, "format": {"rtf"}}.Encode():                            http.StatusBadRequest,
		url.Values{"text": {strings.Repeat("117.3a ", 3000)}, "format": {"md"}}.Encode(): http.StatusRequestEntityTooLarge,
		"text=%ff%fe&format=html": http.StatusBadRequest,
	} {
		if r := post(t, "/ja/linkify", "application/x-www-form-urlencoded", body); r.status != want {
			t.Errorf("%.40s: %d, want %d", body, r.status, want)
		}
	}
	if r := post(t, "/ja/linkify", "application/x-www-form-urlencoded", "format=rtf"); !strings.Contains(r.body, "BBCode、Markdown、HTML") {
		t.Error("ja error page not localized")
	}
}

func TestLinkifyAPI(t *testing.T) {
	t.Parallel()
	r := post(t, "/api/linkify", "application/json", `{"text":"See rules 704.5a and 704.5b, 総合ルール117.3a項; v1.2 costs 3.50 €","format":"markdown"}`)
	if r.status != http.StatusOK {
		t.Fatalf("%d %s", r.status, r.body)
	}
	var out struct {
		Format string
		Output string
		Refs   []linkifyRef
	}
	if err := json.Unmarshal([]byte(r.body), &out); err != nil {
		t.Fatal(err)
	}
	want := "See [rules 704.5a](" + srv.URL + "/r/704.5a) and [704.5b](" + srv.URL + "/r/704.5b), [総合ルール117.3a項](" + srv.URL + "/r/117.3a); v1.2 costs 3.50 €"
	if out.Format != "markdown" || out.Output != want || len(out.Refs) != 3 || out.Refs[2].Number != "117.3a" {
		t.Errorf("got %+v", out)
	}
	if r := post(t, "/api/linkify", "application/json", `{"text":`); r.status != http.StatusBadRequest || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
		t.Errorf("broken JSON: %d %s", r.status, r.body)
	}
}

func TestOldNumbersLeadToToday(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]string{
		"/r/2008/102.3b":        "/en/rules/104.3b?was2008=102.3b",
		"/r/2008/102.3e":        "/en/rules/104.3f?was2008=102.3e", // the 2008 list had no "effect says you lose" yet
		"/r/2008/420.5a":        "/en/rules/704.5?was2008=420.5a",  // letters of the list are not known to match
		"/r/2008/600.4?lang=ja": "/ja/rules/800.4?was2008=600.4",
		"/r/2008/CR102.3z":      "/en/rules/104.3?was2008=102.3z",
		"/r/2008/408?lang=de":   "/de/rules/117?was2008=408",
		"/r/2008/409.1":         "/en/rules/601?was2008=409.1",
		"/r/2008/" + url.PathEscape("３１０．１"): "/en/rules/510?was2008=310.1",
	} {
		r := get(t, path)
		if r.status != http.StatusFound || r.header.Get("Location") != want {
			t.Errorf("%s: %d %q, want %q", path, r.status, r.header.Get("Location"), want)
		}
	}
	for _, path := range []string{"/r/2008/999.1", "/r/2008/banana", "/r/2008/"} {
		if r := get(t, path); r.status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, r.status)
		}
	}
	for path, notice := range map[string]string{
		"/de/rules/104.3b?was2008=102.3b": "Du bist Regel 102.3b der Nummerierung von 2008 gefolgt. Die Regeln wurden 2009 neu nummeriert; heute ist das Regel 104.3b.",
		"/en/rules/704.5?was2008=420.5a":  "You followed rule 420.5a of the 2008 numbering. The rules were renumbered in 2009, and this number has no exact counterpart today: it belongs to rule 704.5.",
		"/ja/rules/601?was2008=409":       "2008年版のルール番号409からのリンクです。ルールは2009年に番号が振り直され、現在は601です。その一部は現在602です。",
	} {
		r := get(t, path)
		mustContain(t, path, r.body, `<p class="notice" role="note">`+notice+`</p>`)
	}
	// A notice that does not fit the rule is not shown.
	r := get(t, "/en/rules/117?was2008=102.3b")
	if strings.Contains(r.body, `class="notice"`) {
		t.Error("mismatched notice shown")
	}
}

// TestLinkifyAPIBodyTooLarge: a body over 240 KB is refused with 413 and
// says so in the reader's language, whether its length was announced
// (refused unread) or not (cut at the limit while read).
func TestLinkifyAPIBodyTooLarge(t *testing.T) {
	t.Parallel()
	big := `{"text":"` + strings.Repeat("117.3a ", 40<<10) + `"}`
	want := map[string]string{
		"de": "Der gesendete Text ist länger, als diese Website annimmt (höchstens 240 KB).",
		"ja": "送信されたテキストが長すぎます（240 KBまで）。",
	}
	for lang, message := range want {
		for _, announced := range []bool{true, false} {
			var body io.Reader = strings.NewReader(big)
			if !announced {
				body = io.MultiReader(body) // no length: sent chunked
			}
			req, err := http.NewRequest(http.MethodPost, testServer(t).URL+"/api/linkify", body)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept-Language", lang)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Error struct {
					Status  int
					Message string
					Lang    string
				}
			}
			err = json.NewDecoder(res.Body).Decode(&got)
			res.Body.Close()
			if err != nil || res.StatusCode != http.StatusRequestEntityTooLarge || got.Error.Status != 413 || got.Error.Message != message || got.Error.Lang != lang {
				t.Errorf("%s, length announced %v: %d %+v (%v)", lang, announced, res.StatusCode, got, err)
			}
		}
	}
}
