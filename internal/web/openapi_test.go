package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/labstack/echo/v4"

	"github.com/mtgrules/site/internal/langs"
)

var (
	specOnce   sync.Once
	specDoc    *openapi3.T
	specRouter routers.Router
	specErr    error
)

// openAPI loads and validates the served OpenAPI document once.
func openAPI(t testing.TB) (*openapi3.T, routers.Router) {
	t.Helper()
	specOnce.Do(func() {
		loader := openapi3.NewLoader()
		if specDoc, specErr = loader.LoadFromData(openAPISpec); specErr != nil {
			return
		}
		if specErr = specDoc.Validate(loader.Context); specErr != nil {
			return
		}
		specRouter, specErr = gorillamux.NewRouter(specDoc)
	})
	if specErr != nil {
		t.Fatalf("openapi.json: %v", specErr)
	}
	return specDoc, specRouter
}

// checkSpec validates an answer of the API against the OpenAPI document:
// its status must be documented for the operation, and its headers and
// body must match. validRequest also checks the request's parameters
// (false for requests that are malformed on purpose).
func checkSpec(t *testing.T, method, path string, body []byte, r response, validRequest bool) {
	t.Helper()
	if err := specError(t, method, path, body, r, validRequest); err != nil {
		t.Errorf("%s %s: %v\n%.300s", method, path, err, r.body)
	}
}

func specError(t *testing.T, method, path string, body []byte, r response, validRequest bool) error {
	t.Helper()
	_, router := openAPI(t)
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		return fmt.Errorf("no operation in openapi.json: %w", err)
	}
	ctx := context.Background()
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}}
	if validRequest {
		if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
			return fmt.Errorf("request does not match openapi.json: %w", err)
		}
	}
	h := r.header.Clone()
	h.Del("Content-Encoding") // get() has decoded the body
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: r.status, Header: h, Options: in.Options}
	out.SetBodyBytes([]byte(r.body))
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		return fmt.Errorf("%d answer does not match openapi.json: %w", r.status, err)
	}
	return nil
}

// apiGet fetches an API path over HTTP, checks its status and validates
// the answer against the OpenAPI document, then decodes it into v.
func apiGet(t *testing.T, path string, status int, v any) response {
	t.Helper()
	r := get(t, path)
	return checkAPI(t, path, r, status, v)
}

// apiDo is apiGet through a handler without the network.
func apiDo(t *testing.T, h http.Handler, path string, status int, v any) response {
	t.Helper()
	return checkAPI(t, path, do(h, path), status, v)
}

func checkAPI(t *testing.T, path string, r response, status int, v any) response {
	t.Helper()
	if r.status != status {
		t.Fatalf("%s: status %d, want %d: %.300s", path, r.status, status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "application/json" && ct != "application/json; charset=UTF-8" {
		t.Errorf("%s: Content-Type %q", path, ct)
	}
	if got := r.header.Get("Access-Control-Allow-Origin"); got != "*" {
		t.Errorf("%s: Access-Control-Allow-Origin %q, want *", path, got)
	}
	checkSpec(t, http.MethodGet, path, nil, r, status < 400)
	if v != nil {
		if err := json.Unmarshal([]byte(r.body), v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	return r
}

// apiError is the JSON of every API error.
type apiError struct {
	Error struct {
		Status  int
		Message string
		Lang    string
	}
}

// wantAPIError checks a JSON error: status, language and exact message.
func wantAPIError(t *testing.T, h http.Handler, path string, status int, lang, message string) {
	t.Helper()
	var e apiError
	if h == nil {
		apiGet(t, path, status, &e)
	} else {
		apiDo(t, h, path, status, &e)
	}
	if e.Error.Status != status || e.Error.Lang != lang || e.Error.Message != message {
		t.Errorf("%s: error %+v, want %d %s %q", path, e.Error, status, lang, message)
	}
}

// The document is OpenAPI 3.1, valid, and names every /api/ route the
// server has — no more, no fewer.
func TestOpenAPIDocumentsEveryAPIRoute(t *testing.T) {
	t.Parallel()
	doc, _ := openAPI(t)
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi %q, want 3.1.0", doc.OpenAPI)
	}
	testServer(t)
	param := regexp.MustCompile(`:([a-z]+)`)
	var routes []string
	for _, rt := range handler.(*echo.Echo).Routes() {
		if strings.HasPrefix(rt.Path, "/api/") {
			routes = append(routes, rt.Method+" "+param.ReplaceAllString(rt.Path, "{$1}"))
		}
	}
	var documented []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented = append(documented, method+" "+path)
		}
	}
	slices.Sort(routes)
	slices.Sort(documented)
	if !slices.Equal(routes, documented) {
		t.Errorf("routes and openapi.json differ:\nroutes     %v\ndocumented %v", routes, documented)
	}
	r := apiGet(t, "/api/openapi.json", http.StatusOK, nil)
	if r.body != string(openAPISpec) {
		t.Error("/api/openapi.json is not the embedded document")
	}
}

// Every list of languages in the document is the table's, in its order
// (search's "in" adds "all"): a language added to the table is added
// there too.
func TestOpenAPIListsTheTablesLanguages(t *testing.T) {
	t.Parallel()
	var doc any
	if err := json.Unmarshal(openAPISpec, &doc); err != nil {
		t.Fatal(err)
	}
	want := langs.Default.Codes()
	lists := 0
	var walk func(where string, v any)
	walk = func(where string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				walk(where+"/"+k, e)
			}
		case []any:
			if strings.HasSuffix(where, "/enum") && slices.Contains(v, any(want[0])) {
				lists++
				codes := slices.DeleteFunc(slices.Clone(v), func(e any) bool { return e == "all" })
				if got := fmt.Sprint(codes); got != fmt.Sprint(want) {
					t.Errorf("%s lists %s, want %s", where, got, want)
				}
			}
			for i, e := range v {
				walk(fmt.Sprint(where, "/", i), e)
			}
		}
	}
	walk("", doc)
	if lists < 10 {
		t.Errorf("%d lists of languages found", lists)
	}
}

// The linkify API, the one POST, answers as documented too.
func TestLinkifyAPIMatchesOpenAPI(t *testing.T) {
	t.Parallel()
	body := []byte(`{"text":"CR 117.3z and CR 704.5a","format":"bbcode"}`)
	r := post(t, "/api/linkify", "application/json", string(body))
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	checkSpec(t, http.MethodPost, "/api/linkify", body, r, true)
	r = post(t, "/api/linkify", "application/json", `{"text":"x","format":"rtf"}`)
	checkSpec(t, http.MethodPost, "/api/linkify", []byte(`{"text":"x","format":"rtf"}`), r, false)
	if r.status != http.StatusBadRequest {
		t.Errorf("bad format: %d", r.status)
	}
}

// The check is strict: an undocumented field, a wrong type, a missing CORS
// header or an undocumented status fails it.
func TestOpenAPICheckCatchesDrift(t *testing.T) {
	t.Parallel()
	path := "/api/en/rules/117.3a"
	good := get(t, path)
	if err := specError(t, http.MethodGet, path, nil, good, true); err != nil {
		t.Fatalf("the real answer fails: %v", err)
	}
	for name, bad := range map[string]func(r *response){
		"extra field":    func(r *response) { r.body = strings.Replace(r.body, `{"number"`, `{"secret":1,"number"`, 1) },
		"wrong type":     func(r *response) { r.body = strings.Replace(r.body, `"fallback":false`, `"fallback":"no"`, 1) },
		"bad number":     func(r *response) { r.body = strings.Replace(r.body, `"number":"117.3a"`, `"number":"117.3A"`, 1) },
		"no CORS header": func(r *response) { r.header.Del("Access-Control-Allow-Origin") },
		"status 418":     func(r *response) { r.status = http.StatusTeapot },
	} {
		r := good
		r.header = good.header.Clone()
		bad(&r)
		if r.body == good.body && r.status == good.status && r.header.Get("Access-Control-Allow-Origin") != "" {
			t.Fatalf("%s: the answer did not change", name)
		}
		if err := specError(t, http.MethodGet, path, nil, r, true); err == nil {
			t.Errorf("%s: passes the check", name)
		}
	}
}

// The server reads an edition as malformed exactly when openapi.json's
// pattern refuses it.
func TestEditionPatternIsTheDocuments(t *testing.T) {
	t.Parallel()
	doc, _ := openAPI(t)
	if got := doc.Components.Parameters["edition"].Value.Schema.Value.Pattern; got != editionPattern.String() {
		t.Errorf("openapi.json: %s, the server: %s", got, editionPattern)
	}
}

// What the clients of issue 24 found, each answered as documented.
func TestAPIAnswersWhatItDocuments(t *testing.T) {
	t.Parallel()
	// GET of the POST-only address: 405 with Allow, as PUT gets.
	for _, method := range []string{http.MethodGet, http.MethodHead, http.MethodPut} {
		req := httptest.NewRequest(method, "/api/linkify", nil)
		w := httptest.NewRecorder()
		testServer(t)
		handler.ServeHTTP(w, req)
		if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "OPTIONS, POST" || w.Header().Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("%s /api/linkify: %d, Allow %q", method, w.Code, w.Header().Get("Allow"))
		}
		if method == http.MethodGet && !strings.Contains(w.Body.String(), `"status":405`) {
			t.Errorf("GET /api/linkify: %s", w.Body)
		}
	}
	// A renamed entry's old slug: 301 to its new address, as documented.
	moved := "/api/de/glossary/" + url.PathEscape("verstärken")
	if r := get(t, moved); r.status != http.StatusMovedPermanently || r.header.Get("Location") != "/api/de/glossary/"+url.PathEscape("verstärkung") {
		t.Errorf("%s: %d %q", moved, r.status, r.header.Get("Location"))
	} else {
		checkSpec(t, http.MethodGet, moved, nil, r, true)
	}
	wantAPIError(t, nil, "/api/e%00n/rules", http.StatusBadRequest, "en", "The address contains characters or parts that no page of this site uses.")
	wantAPIError(t, nil, "/api/en/glossary/"+strings.Repeat("x", MaxPathBytes), http.StatusRequestURITooLong, "en", "The address is too long.")
	wantAPIError(t, nil, "/api/de/rules/117?edition=", http.StatusBadRequest, "de", "Eine Fassung wird mit ihrem Gültigkeitsdatum angegeben, geschrieben wie 2026-04-17.")
	wantAPIError(t, nil, "/api/en/rules/117?edition=0000-00-00", http.StatusBadRequest, "en", "An edition is named by its effective date, written like 2026-04-17.")
	wantAPIError(t, nil, "/api/en/rules/117?edition=2025-02-30", http.StatusNotFound, "en", "That edition of the rules is not loaded on this site.")
	wantAPIError(t, nil, "/api/en/examples/giant-growth-answered-by-shock?step=", http.StatusBadRequest, "en", "The step must be a whole number from 1 to 1000.")
	wantAPIError(t, nil, "/api/en/rules/117?subrules=", http.StatusBadRequest, "en", "subrules is 0 (the rule alone) or 1 (with every rule beneath it).")
	wantAPIError(t, nil, "/api/en/search?q=x&in=", http.StatusBadRequest, "en", "Search in one language (in= its code, such as in=de) or in all (in=all).")
	wantAPIError(t, nil, "/api/en/search?q=x&page=", http.StatusBadRequest, "en", "The page number must be a whole number from 1 to 1000.")
}

// The linkifier counts characters, as the document's maxLength does, and
// reads the body the document describes: text, and format if given.
func TestLinkifyAPIReadsTheDocumentedBody(t *testing.T) {
	t.Parallel()
	emoji, _ := json.Marshal(strings.Repeat("😀", MaxLinkifyChars)) // 4 bytes each, 12 escaped
	for _, c := range []struct {
		name, contentType, body string
		status                  int
		message                 string
	}{
		{"20,000 two-byte characters", "application/json", `{"text":"` + strings.Repeat("ü", MaxLinkifyChars) + `"}`, 200, ""},
		{"20,001 two-byte characters", "application/json", `{"text":"` + strings.Repeat("ü", MaxLinkifyChars+1) + `"}`, 413, "The post is too long; the limit is 20,000 characters."},
		{"20,000 escaped emoji", "application/json", `{"text":` + strings.ReplaceAll(string(emoji), "😀", `\ud83d\ude00`) + `}`, 200, ""},
		{"20,000 emoji in a form", "application/x-www-form-urlencoded", url.Values{"text": {strings.Repeat("😀", MaxLinkifyChars)}}.Encode(), 200, ""},
		{"no text", "application/json", `{"format":"html"}`, 400, "Send the post in the field text, and its format in format if you like; every field is text, and no other field is read."},
		{"text null", "application/json", `{"text":null}`, 400, "Send the post in the field text, and its format in format if you like; every field is text, and no other field is read."},
		{"another field, ignored", "application/json", `{"text":"117.3a","lang":"de"}`, 200, ""},
		{"format a number", "application/json", `{"text":"117.3a","format":1}`, 400, "Send the post in the field text, and its format in format if you like; every field is text, and no other field is read."},
		{"empty format", "application/json", `{"text":"117.3a","format":""}`, 400, "Choose BBCode, Markdown or HTML."},
		{"no text in a form", "application/x-www-form-urlencoded", "format=md", 400, "Send the post in the field text, and its format in format if you like; every field is text, and no other field is read."},
		{"text twice in a form", "application/x-www-form-urlencoded", "text=a&text=b", 400, "Send the post in the field text, and its format in format if you like; every field is text, and no other field is read."},
		{"plain text", "text/plain", "117.3a", 415, "Send the post as JSON (application/json) or as a form (application/x-www-form-urlencoded)."},
	} {
		r := post(t, "/api/linkify", c.contentType, c.body)
		if r.status != c.status {
			t.Errorf("%s: %d, want %d: %.200s", c.name, r.status, c.status, r.body)
			continue
		}
		checkSpec(t, http.MethodPost, "/api/linkify", []byte(c.body), r, false)
		var e apiError
		if err := json.Unmarshal([]byte(r.body), &e); err != nil || e.Error.Message != c.message {
			t.Errorf("%s: message %q, want %q (%v)", c.name, e.Error.Message, c.message, err)
		}
	}
}

// in= names the language whose texts are searched: the Japanese API
// searches the English texts and links rules to their Japanese pages.
func TestSearchAPISearchesAnotherLanguage(t *testing.T) {
	t.Parallel()
	var res apiResult
	apiGet(t, "/api/ja/search?q=priority&in=en", http.StatusOK, &res)
	if res.Lang != "ja" || res.In != "en" || len(res.Hits) == 0 {
		t.Fatalf("%+v", res)
	}
	for _, h := range res.Hits {
		if h.Lang != "en" || (h.Number != "" && h.URL != srv.URL+"/ja/rules/"+h.Number) {
			t.Errorf("hit %+v", h)
		}
	}
	r := get(t, "/ja/search?q=priority&in=en") // the page too, and its next page keeps the scope
	mustContain(t, "the page", r.body, `href="/ja/search?in=en&amp;page=2&amp;q=priority"`, `href="/ja/search?in=all&amp;q=priority"`)
}
