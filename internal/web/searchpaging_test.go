package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/mtgrules/site/internal/urls"
)

// A results page past the last one is a localized 404 that links the
// last page, on the page and in the API; the last page itself is there.
func TestSearchPagePastTheLastIs404(t *testing.T) {
	t.Parallel()
	queries := map[string]string{"en": "player", "de": "Spieler", "ja": "プレイヤー"}
	message := map[string]string{
		"en": "There is no page %d: the results fill %d pages.",
		"de": "Es gibt keine Seite %d: Die Treffer füllen %d Seiten.",
		"ja": "%dページ目はありません。検索結果は%dページです。",
	}
	for lang, q := range queries {
		var first apiResult
		apiGet(t, "/api/"+lang+"/search?q="+url.QueryEscape(q), http.StatusOK, &first)
		last := first.Pages
		if last < 2 {
			t.Fatalf("%s %q: %d pages", lang, q, last)
		}
		if r := get(t, urls.Search(lang, q, "", last)); r.status != http.StatusOK {
			t.Errorf("%s: last page %d answers %d", lang, last, r.status)
		}
		want := fmt.Sprintf(message[lang], last+1, last)
		r := get(t, urls.Search(lang, q, "", last+1))
		if r.status != http.StatusNotFound {
			t.Fatalf("%s: page %d answers %d", lang, last+1, r.status)
		}
		mustContain(t, lang+" past the last page", r.body, `<html lang="`+lang+`">`, want,
			`href="/`+lang+`/search?page=`+strconv.Itoa(last)+`&amp;q=`+url.QueryEscape(q)+`"`)
		wantAPIError(t, nil, "/api/"+lang+"/search?q="+url.QueryEscape(q)+"&page=999", http.StatusNotFound, lang, fmt.Sprintf(message[lang], 999, last))
	}
	// Nothing found: page 1 says so, page 2 does not exist.
	if r := get(t, "/de/search?q=xyzzyplugh"); r.status != http.StatusOK {
		t.Errorf("nothing found, page 1: %d", r.status)
	}
	wantAPIError(t, nil, "/api/de/search?q=xyzzyplugh&page=2", http.StatusNotFound, "de", "Es gibt keine Seite 2: Es wurde nichts gefunden.")
	wantAPIError(t, nil, "/api/en/search?q=xyzzyplugh&page=2", http.StatusNotFound, "en", "There is no page 2: nothing was found.")
	wantAPIError(t, nil, "/api/ja/search?q=xyzzyplugh&page=2", http.StatusNotFound, "ja", "2ページ目はありません。何も見つかりませんでした。")
}
