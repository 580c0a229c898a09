package sitetest

import (
	"compress/gzip"
	"io"
	"net/http"
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
// body sent as contentType ("" for none).
func Request(tb testing.TB, method, url, contentType, body string, header ...string) *http.Request {
	tb.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return req
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
