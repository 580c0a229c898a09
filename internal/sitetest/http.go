package sitetest

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Response is an answer as tests read it, a gzip body decoded.
type Response struct {
	Status int
	Header http.Header
	Body   string
}

// Request is a request for url with header's name, value pairs set and
// body sent as contentType ("" for none). A url that is only a path (with
// its query) makes a request as a server receives it (httptest.NewRequest),
// a whole one a request for a client to send.
func Request(tb testing.TB, method, url, contentType, body string, header ...string) *http.Request {
	tb.Helper()
	var req *http.Request
	if strings.HasPrefix(url, "/") {
		req = httptest.NewRequest(method, url, strings.NewReader(body))
	} else {
		var err error
		if req, err = http.NewRequest(method, url, strings.NewReader(body)); err != nil {
			tb.Fatal(err)
		}
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return req
}

// Get answers a GET of path (with its query) through h without the network.
func Get(tb testing.TB, h http.Handler, path string, header ...string) Response {
	tb.Helper()
	return Serve(tb, h, Request(tb, http.MethodGet, path, "", "", header...))
}

// Post answers a POST of body as contentType to path through h without
// the network.
func Post(tb testing.TB, h http.Handler, path, contentType, body string, header ...string) Response {
	tb.Helper()
	return Serve(tb, h, Request(tb, http.MethodPost, path, contentType, body, header...))
}

// Serve answers req through h without the network.
func Serve(tb testing.TB, h http.Handler, req *http.Request) Response {
	tb.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return read(tb, w.Result())
}

// Fetch sends req over the network without following redirects.
func Fetch(tb testing.TB, req *http.Request) Response {
	tb.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	return read(tb, res)
}

// read reads and closes res's body, decoding gzip.
func read(tb testing.TB, res *http.Response) Response {
	tb.Helper()
	defer res.Body.Close()
	var r io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			tb.Fatal(err)
		}
		r = zr
	}
	body, err := io.ReadAll(r)
	if err != nil {
		tb.Fatal(err)
	}
	return Response{Status: res.StatusCode, Header: res.Header, Body: string(body)}
}
