package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Only numbers of rules in the loaded texts become links: 117.3z, a range
// ending in it and 999.1 stay text, and the answer counts the links made.
func TestLinkifyLinksOnlyExistingRules(t *testing.T) {
	t.Parallel()
	text := "CR 117.3z, CR 704.5a and 117.3a-z; rule 999.1 and 117.3c"
	r := postJSON(t, "/api/linkify", map[string]string{"text": text, "format": "markdown"})
	var out struct {
		Output  string
		Count   int
		Refs    []linkifyRef
		Unknown []linkifyRef
	}
	if err := json.Unmarshal([]byte(r.body), &out); err != nil {
		t.Fatal(err)
	}
	want := "CR 117.3z, [CR 704.5a](" + srv.URL + "/r/704.5a) and 117.3a-z; rule 999.1 and [117.3c](" + srv.URL + "/r/117.3c)"
	if r.status != http.StatusOK || out.Output != want || out.Count != 2 || len(out.Refs) != 2 || out.Refs[1].Number != "117.3c" {
		t.Errorf("%d %+v\nwant output %s", r.status, out, want)
	}
	var unknown []string
	for _, u := range out.Unknown {
		unknown = append(unknown, u.Text+"="+u.Number+"–"+u.Through+" "+u.URL)
	}
	if got := []string{"CR 117.3z=117.3z– ", "117.3a-z=117.3a–117.3z ", "rule 999.1=999.1– "}; len(unknown) != 3 || unknown[0] != got[0] || unknown[1] != got[1] || unknown[2] != got[2] {
		t.Errorf("unknown %q, want %q", unknown, got)
	}

	linked := map[string]string{"en": "1 link made.", "de": "1 Link gesetzt.", "ja": "1件のリンクを付けました。"}
	left := map[string]string{
		"en": "Left as text, as no rule has this number: CR 117.3z",
		"de": "Als Text belassen, weil es keine Regel mit dieser Nummer gibt: CR 117.3z",
		"ja": "該当するルールがないため、リンクにしなかった番号：CR 117.3z",
	}
	for lang := range linked {
		form := url.Values{"text": {"CR 117.3z and CR 704.5a"}, "format": {"html"}}
		r := post(t, "/"+lang+"/linkify", "application/x-www-form-urlencoded", form.Encode())
		mustContain(t, lang+" linkify", r.body, `<p role="status">`+linked[lang]+`</p>`, `<p class="notice">`+left[lang]+`</p>`,
			`<div class="preview">CR 117.3z and <a href="`+srv.URL+`/r/704.5a">CR 704.5a</a></div>`)
	}
	r = post(t, "/en/linkify", "application/x-www-form-urlencoded", url.Values{"text": {"CR 704.5a, 117.3c"}}.Encode())
	mustContain(t, "two links", r.body, `<p role="status">2 links made.</p>`)
	if strings.Contains(r.body, `<p class="notice">`) {
		t.Error("a notice without unknown numbers")
	}
}

func postJSON(t *testing.T, path string, v any) response {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	r := post(t, path, "application/json", string(b))
	checkSpec(t, http.MethodPost, path, b, r, true)
	return r
}
