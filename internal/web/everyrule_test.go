package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/sitetest"
)

// TestEveryRuleOfTheEditionHasItsPage: every number of the current edition
// (content/rule-numbers-2026-04-17.txt) is a page in every language, in
// that language and not as the English fallback, and its short link
// leads there (through uncachedHandler: none of its ≈10,000 answers is
// compressed for the response cache).
func TestEveryRuleOfTheEditionHasItsPage(t *testing.T) {
	t.Parallel()
	h := uncachedHandler(t)
	nums := sitetest.Lines(t, "../../content/rule-numbers-2026-04-17.txt")
	if len(nums) != 3285 {
		t.Fatalf("%d numbers in the list", len(nums))
	}
	fallback := map[string]string{"de": "fehlt in unserem deutschen Text", "ja": "まだ日本語に翻訳されていない"}
	for _, lang := range langs.Default.Codes() {
		for _, n := range nums {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/"+lang+"/rules/"+n, nil))
			if w.Code != http.StatusOK {
				t.Errorf("/%s/rules/%s: %d", lang, n, w.Code)
				continue
			}
			if msg := fallback[lang]; msg != "" && strings.Contains(w.Body.String(), msg) {
				t.Errorf("/%s/rules/%s falls back to English", lang, n)
			}
			w = httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/r/"+n+"?lang="+lang, nil))
			if w.Code != http.StatusFound || w.Header().Get("Location") != "/"+lang+"/rules/"+n {
				t.Errorf("/r/%s?lang=%s: %d %q", n, lang, w.Code, w.Header().Get("Location"))
			}
		}
	}
}
