package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
)

// contractCase is one request derived from an operation of openapi.json.
type contractCase struct {
	name        string
	method      string
	path        string // escaped
	query       url.Values
	rawQuery    string // used instead of query when set
	body        []byte
	contentType string
	where       string // "path", "query" or "body": what the case changed
	status      int    // the status the input guard must answer; 0: as the document says
}

func (c contractCase) target() string {
	q := c.rawQuery
	if q == "" {
		q = c.query.Encode()
	}
	if q == "" {
		return c.path
	}
	return c.path + "?" + q
}

func (c contractCase) request(origin string) *http.Request {
	var body io.Reader
	if c.body != nil {
		body = bytes.NewReader(c.body)
	}
	req := httptest.NewRequest(c.method, origin+c.target(), body)
	req.RequestURI = ""
	if c.contentType != "" {
		req.Header.Set("Content-Type", c.contentType)
	}
	return req
}

// TestEveryOperationKeepsItsContract derives requests from every operation
// of openapi.json — every parameter's boundary values from its schema
// (each enum value and one outside, an integer's bounds and one past each,
// a pattern's example and near misses, lengths at and past the limit in
// a two-byte letter, empty and missing values, an unknown parameter or
// field added) and the inputs the guard refuses before routing — sends
// them over HTTP to the real echo app and validates every answer with
// kin-openapi: its status must be one the operation lists, its headers
// and body as documented. A request the document allows must not be
// refused (no 4xx but 404); one it forbids must be: 400 (413 or 415 for
// a body, 404 for a path).
func TestEveryOperationKeepsItsContract(t *testing.T) {
	t.Parallel()
	doc, router := openAPI(t)
	origin := testServer(t).URL
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	total := 0
	for _, path := range doc.Paths.InMatchingOrder() {
		item := doc.Paths.Value(path)
		for method, op := range item.Operations() {
			base := baseCase(t, path, method, op)
			baseRoute, _, err := router.FindRoute(base.request(origin))
			if err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			for _, c := range append(deriveCases(t, base, op), guardCases(base, op)...) {
				total++
				t.Run(method+" "+path+" "+c.name, func(t *testing.T) {
					checkContract(t, client, router, baseRoute, origin, c)
				})
			}
		}
	}
	if total < 250 {
		t.Errorf("only %d requests derived", total)
	}
}

// checkContract sends c and checks its answer against the document.
func checkContract(t *testing.T, client *http.Client, router routers.Router, baseRoute *routers.Route, origin string, c contractCase) {
	res, err := client.Do(c.request(origin))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}
	req := c.request(origin)
	route, params, reqErr := router.FindRoute(req)
	if reqErr == nil && route.Operation != baseRoute.Operation {
		reqErr = fmt.Errorf("%s is another operation's path", c.path)
	}
	if reqErr != nil {
		route, params = baseRoute, nil // a path the document does not allow: the answer is its operation's
	}
	for k, v := range params { // the router gives them still escaped
		if params[k], err = url.PathUnescape(v); err != nil {
			reqErr = err
		}
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	if reqErr == nil && c.status == 0 {
		reqErr = openapi3filter.ValidateRequest(ctx, in)
	}
	valid := reqErr == nil
	h := res.Header.Clone()
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.StatusCode, Header: h, Options: opts}
	out.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		t.Errorf("%s %s: the %d answer breaks openapi.json: %v\n%.300s", c.method, c.target(), res.StatusCode, err, body)
	}
	switch {
	case c.status != 0:
		if res.StatusCode != c.status {
			t.Errorf("%s %.200s: %d, want %d", c.method, c.target(), res.StatusCode, c.status)
		}
	case valid:
		if res.StatusCode >= 400 && res.StatusCode != http.StatusNotFound {
			t.Errorf("%s %.200s: the document allows it, the server answers %d: %.300s", c.method, c.target(), res.StatusCode, body)
		}
	default:
		allowed := map[string][]int{"path": {400, 404}, "query": {400}, "body": {400, 413, 415}}[c.where]
		if !slices.Contains(allowed, res.StatusCode) {
			t.Errorf("%s %.200s: the document forbids it (%v), the server answers %d, want one of %v: %.300s", c.method, c.target(), reqErr, res.StatusCode, allowed, body)
		}
	}
}

// example is a parameter's example as it is written in a URL; a
// parameter without one fails the test (the document gives every
// parameter an example).
func example(t *testing.T, p *openapi3.Parameter) string {
	t.Helper()
	if p.Example == nil {
		t.Fatalf("parameter %s (in %s) has no example", p.Name, p.In)
	}
	return fmt.Sprint(p.Example)
}

// baseCase is the operation's request with every parameter at its example
// and the body its media type's example, which the server must answer 200.
func baseCase(t *testing.T, path, method string, op *openapi3.Operation) contractCase {
	c := contractCase{name: "examples", method: method, path: path, query: url.Values{}}
	for _, pr := range op.Parameters {
		p := pr.Value
		switch p.In {
		case openapi3.ParameterInPath:
			c.path = strings.Replace(c.path, "{"+p.Name+"}", url.PathEscape(example(t, p)), 1)
		case openapi3.ParameterInQuery:
			c.query.Set(p.Name, example(t, p))
		}
	}
	if op.RequestBody != nil {
		ct, mt := bodyMediaType(op)
		if mt.Example == nil {
			t.Fatalf("%s %s: the %s body has no example", method, path, ct)
		}
		c.contentType = ct
		c.body = encodeBody(ct, mt.Example.(map[string]any))
	}
	return c
}

// bodyMediaType is the first media type of an operation's body, by name.
func bodyMediaType(op *openapi3.Operation) (string, *openapi3.MediaType) {
	content := op.RequestBody.Value.Content
	first := slices.Sorted(maps.Keys(content))[0]
	return first, content[first]
}

// encodeBody writes fields as a body of media type ct: JSON, or a form
// (non-string values written as text).
func encodeBody(ct string, fields map[string]any) []byte {
	if ct == "application/json" {
		b, _ := json.Marshal(fields)
		return b
	}
	v := url.Values{}
	for k, x := range fields {
		v.Set(k, fmt.Sprint(x))
	}
	return []byte(v.Encode())
}

// deriveCases varies the base request one parameter or field at a time.
func deriveCases(t *testing.T, base contractCase, op *openapi3.Operation) []contractCase {
	cases := []contractCase{base}
	unknown := base
	unknown.name, unknown.where, unknown.query = "unknown parameter", "query", maps.Clone(base.query)
	unknown.query.Set("utm_source", "forum")
	cases = append(cases, unknown)
	for _, pr := range op.Parameters {
		p := pr.Value
		for _, v := range boundaries(p.Schema.Value, example(t, p), p.In == openapi3.ParameterInPath) {
			c := base
			c.name, c.where = fmt.Sprintf("%s=%.20q", p.Name, v), p.In
			switch p.In {
			case openapi3.ParameterInPath:
				c.path = strings.Replace(pathTemplate(t, op, base, p.Name), "{"+p.Name+"}", url.PathEscape(v), 1)
			case openapi3.ParameterInQuery:
				c.query = maps.Clone(base.query)
				c.query.Set(p.Name, v)
			}
			cases = append(cases, c)
		}
		if p.In == openapi3.ParameterInQuery {
			c := base
			c.name, c.where, c.query = p.Name+" missing", "query", maps.Clone(base.query)
			c.query.Del(p.Name)
			cases = append(cases, c)
		}
	}
	if op.RequestBody != nil {
		cases = append(cases, bodyCases(base, op)...)
	}
	return cases
}

// pathTemplate is the base request's path with parameter name written as
// "{name}" again.
func pathTemplate(t *testing.T, op *openapi3.Operation, base contractCase, name string) string {
	for _, pr := range op.Parameters {
		if p := pr.Value; p.In == openapi3.ParameterInPath && p.Name == name {
			return strings.Replace(base.path, "/"+url.PathEscape(example(t, p)), "/{"+name+"}", 1)
		}
	}
	t.Fatalf("no path parameter %s", name)
	return ""
}

// boundaries are the values worth trying for a parameter of schema s with
// example ex: every enum value and one outside, an integer's bounds and
// one past each, a pattern's near misses, lengths at and past a limit
// (in "ü" and "😀", two and four bytes a character), empty and odd
// strings (dot segments, a slash, a NUL byte). Path parameters are never
// empty.
func boundaries(s *openapi3.Schema, ex string, inPath bool) []string {
	vs := []string{ex, "", "ü", "zz"}
	for _, e := range s.Enum {
		vs = append(vs, fmt.Sprint(e))
	}
	if s.Type.Is("integer") {
		vs = append(vs, "x", "1.5", "-1", "99999999999999999999")
		if s.Min != nil {
			vs = append(vs, strconv.Itoa(int(*s.Min)-1), strconv.Itoa(int(*s.Min)))
		}
		if s.Max != nil {
			vs = append(vs, strconv.Itoa(int(*s.Max)), strconv.Itoa(int(*s.Max)+1))
		}
	}
	if s.Pattern != "" {
		digits := func(d rune) string {
			return strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return d
				}
				return r
			}, ex)
		}
		vs = append(vs, digits('0'), digits('9'), ex+"x", " "+ex)
	}
	if s.Type.Is("string") && len(s.Enum) == 0 {
		vs = append(vs, "a b", "a/b", "<script>", strings.ToUpper(ex), "CR"+ex, ex+".", "100%", ".", "..", "\x00")
	}
	if s.MaxLength != nil {
		n := int(*s.MaxLength)
		vs = append(vs, strings.Repeat("ü", n), strings.Repeat("ü", n+1), strings.Repeat("😀", n), strings.Repeat("😀", n+1))
	}
	if inPath {
		vs = slices.DeleteFunc(vs, func(v string) bool { return v == "" })
	}
	slices.Sort(vs)
	return slices.Compact(vs)
}

// bodyCases vary the body: each field at its boundary values and of a
// wrong type, each required one missing, an unknown one added, in every
// media type the operation takes; then no body, broken JSON and a media
// type it does not take.
func bodyCases(base contractCase, op *openapi3.Operation) []contractCase {
	var cases []contractCase
	add := func(name, ct string, body []byte) {
		c := base
		c.name, c.where, c.contentType, c.body = name, "body", ct, body
		cases = append(cases, c)
	}
	content := op.RequestBody.Value.Content
	for _, ct := range slices.Sorted(maps.Keys(content)) {
		mt := content[ct]
		ex := mt.Example.(map[string]any)
		schema := mt.Schema.Value
		with := func(k string, v any) []byte {
			f := maps.Clone(ex)
			f[k] = v
			return encodeBody(ct, f)
		}
		add(ct+" example", ct, encodeBody(ct, ex))
		for _, k := range slices.Sorted(maps.Keys(schema.Properties)) {
			prop := schema.Properties[k].Value
			for _, v := range boundaries(prop, fmt.Sprint(ex[k]), false) {
				add(fmt.Sprintf("%s %s=%.20q", ct, k, v), ct, with(k, v))
			}
			f := maps.Clone(ex)
			delete(f, k)
			add(ct+" without "+k, ct, encodeBody(ct, f))
			if ct == "application/json" {
				add(ct+" "+k+" a number", ct, with(k, 117))
				add(ct+" "+k+" null", ct, with(k, nil))
			}
		}
		add(ct+" unknown field", ct, with("signature", "x"))
		add(ct+" empty", ct, []byte{})
	}
	add("broken JSON", "application/json", []byte(`{"text":`))
	add("JSON array", "application/json", []byte(`["117.3a"]`))
	add("plain text", "text/plain", []byte("117.3a"))
	add("no content type", "", []byte("117.3a"))
	return cases
}

// guardCases are what the input guard refuses on every operation before
// routing: a NUL byte or invalid UTF-8 in the path, a path or query too
// long, a query that is not UTF-8 or not percent-encoded right.
func guardCases(base contractCase, op *openapi3.Operation) []contractCase {
	var cases []contractCase
	add := func(name string, status int, change func(c *contractCase)) {
		c := base
		c.name, c.status = name, status
		change(&c)
		cases = append(cases, c)
	}
	lang := strings.Contains(base.path, "/en/")
	add("NUL in the path", http.StatusBadRequest, func(c *contractCase) {
		if lang {
			c.path = strings.Replace(c.path, "/en/", "/e%00n/", 1)
		} else {
			c.path += "%00"
		}
	})
	add("path not UTF-8", http.StatusBadRequest, func(c *contractCase) { c.path += "%ff" })
	add("dot segment", http.StatusBadRequest, func(c *contractCase) { c.path = strings.Replace(c.path, "/api/", "/api/./", 1) })
	add("path too long", http.StatusRequestURITooLong, func(c *contractCase) {
		if lang {
			c.path = strings.Replace(c.path, "/en/", "/"+strings.Repeat("e", MaxPathBytes)+"/", 1)
		} else {
			c.path += strings.Repeat("x", MaxPathBytes)
		}
	})
	add("query not UTF-8", http.StatusBadRequest, func(c *contractCase) { c.rawQuery = "q=%ff" })
	add("query badly escaped", http.StatusBadRequest, func(c *contractCase) { c.rawQuery = "q=%zz" })
	add("query too long", http.StatusRequestURITooLong, func(c *contractCase) { c.rawQuery = "q=" + strings.Repeat("x", MaxQueryBytes) })
	return cases
}

// Every GET operation answers a request that sends back its answer's ETag
// with the 304 the document lists.
func TestEveryGetOperationAnswers304AsDocumented(t *testing.T) {
	t.Parallel()
	doc, router := openAPI(t)
	origin := testServer(t).URL
	for _, path := range doc.Paths.InMatchingOrder() {
		op := doc.Paths.Value(path).Get
		if op == nil {
			continue
		}
		c := baseCase(t, path, http.MethodGet, op)
		first := get(t, c.target())
		etag := first.header.Get("ETag")
		if first.status != http.StatusOK || etag == "" {
			t.Errorf("%s: %d, ETag %q", c.target(), first.status, etag)
			continue
		}
		r := get(t, c.target(), "If-None-Match", etag)
		if r.status != http.StatusNotModified {
			t.Errorf("%s with its ETag: %d", c.target(), r.status)
		}
		req := c.request(origin)
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Fatal(err)
		}
		opts := &openapi3filter.Options{IncludeResponseStatus: true}
		out := &openapi3filter.ResponseValidationInput{
			RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts},
			Status:                 r.status, Header: r.header, Options: opts,
		}
		out.SetBodyBytes([]byte(r.body))
		if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
			t.Errorf("%s: the 304 breaks openapi.json: %v", c.target(), err)
		}
	}
}
