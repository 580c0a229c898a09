package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Public addresses only; loopback (for tests) allows the loopback ones and
// nothing else.
func TestPublicAddresses(t *testing.T) {
	for addr, want := range map[string]bool{
		"8.8.8.8": true, "151.101.1.1": true, "2606:4700::1111": true,
		"127.0.0.1": false, "127.1.2.3": false, "::1": false, "::ffff:127.0.0.1": false,
		"169.254.169.254": false, "::ffff:169.254.169.254": false, "fe80::1": false,
		"10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false, "fd00::1": false,
		"100.64.0.1": false, "0.0.0.0": false, "0.1.2.3": false, "::": false, "192.0.0.8": false,
		"198.18.0.1": false, "240.0.0.1": false, "255.255.255.255": false, "224.0.0.1": false, "ff02::1": false,
	} {
		if got := public(netip.MustParseAddr(addr), false); got != want {
			t.Errorf("public(%s) = %v, want %v", addr, got, want)
		}
	}
	if !public(netip.MustParseAddr("127.0.0.1"), true) || !public(netip.MustParseAddr("::1"), true) {
		t.Error("loopback refused in tests")
	}
	if public(netip.MustParseAddr("169.254.169.254"), true) || public(netip.MustParseAddr("10.0.0.1"), true) {
		t.Error("loopback for tests allows more than loopback")
	}
}

// A fetch connects to no loopback, private or link-local address: not by
// address, not by a name that resolves to one, not through a redirect or
// a link on the rules page; it follows no redirect to another scheme and
// no more than five.
func TestFetchStaysOnPublicAddresses(t *testing.T) {
	fresh := official(t, "November 13, 2026")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/rules.txt":
			w.Write(fresh)
		case "/metadata":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/MagicCompRules.txt", http.StatusFound)
		case "/private":
			http.Redirect(w, r, "http://10.0.0.1/MagicCompRules.txt", http.StatusFound)
		case "/file":
			http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
		case "/loop":
			http.Redirect(w, r, "/loop", http.StatusFound)
		case "/page":
			io.WriteString(w, `<a href="http://[fe80::1]/MagicCompRules%2020990101.txt">TXT</a>`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	port := strings.TrimPrefix(srv.URL, "http://127.0.0.1:")
	cases := []struct {
		name string
		opts Options
		want string
	}{
		{"loopback", Options{URL: srv.URL + "/rules.txt"}, "127.0.0.1:" + port + ": not a public address"},
		{"a name resolving to loopback", Options{URL: "http://localhost:" + port + "/rules.txt"}, ": not a public address"},
		{"redirect to the metadata address", Options{URL: srv.URL + "/metadata", loopback: true}, "refusing to connect to 169.254.169.254:80: not a public address"},
		{"redirect to a private address", Options{URL: srv.URL + "/private", loopback: true}, "refusing to connect to 10.0.0.1:80"},
		{"redirect to a file", Options{URL: srv.URL + "/file", loopback: true}, `"file:///etc/passwd" is not an http or https address`},
		{"redirect loop", Options{URL: srv.URL + "/loop", loopback: true}, "more than 5 redirects"},
		{"link to link-local", Options{Page: srv.URL + "/page", loopback: true}, "refusing to connect to [fe80::1]:80"},
		{"a file URL", Options{URL: "file:///etc/passwd", loopback: true}, "not an http or https address"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path, old := oldFile(t)
			tc.opts.Out = path
			_, err := Fetch(context.Background(), tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
			untouched(t, path, old)
		})
	}
}

// The timeout bounds the whole fetch: a server that sends a byte now and
// then is given up on when it runs out, the rules page included.
func TestFetchGivesUpAtTheDeadline(t *testing.T) {
	drip := func(w http.ResponseWriter, r *http.Request) {
		for {
			select {
			case <-r.Context().Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
			w.Write([]byte("<"))
			w.(http.Flusher).Flush()
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(drip))
	defer srv.Close()
	for _, opts := range []Options{{URL: srv.URL + "/rules.txt"}, {Page: srv.URL + "/en/rules"}} {
		path, old := oldFile(t)
		opts.Out, opts.loopback, opts.Timeout = path, true, 300*time.Millisecond
		start := time.Now()
		_, err := Fetch(context.Background(), opts)
		if took := time.Since(start); err == nil || !strings.Contains(err.Error(), "deadline exceeded") || took > 3*time.Second {
			t.Errorf("%+v: error %v after %v", opts, err, took)
		}
		untouched(t, path, old)
	}
}

// A gzip bomb is cut at the byte cap: the cap counts the bytes after
// decompression.
func TestFetchCapsDecompressedBytes(t *testing.T) {
	var bomb bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&bomb, gzip.BestSpeed)
	zw.Write(make([]byte, 4<<20))
	zw.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(bomb.Bytes())
	}))
	defer srv.Close()
	path, old := oldFile(t)
	_, err := Fetch(context.Background(), Options{URL: srv.URL + "/rules.txt", Out: path, MaxBytes: 1 << 20, loopback: true})
	if err == nil || !strings.Contains(err.Error(), "larger than 1048576 bytes") {
		t.Errorf("error %v (the bomb is %d bytes compressed)", err, bomb.Len())
	}
	untouched(t, path, old)
}

// An effective date after tomorrow is no real edition: refused, and such
// a file already in place blocks no real edition; tomorrow's is taken.
func TestFetchRefusesEditionsAfterTomorrow(t *testing.T) {
	path, old := oldFile(t)
	_, err := Fetch(context.Background(), Options{URL: serve(t, official(t, "January 1, 2099")), Out: path, loopback: true})
	if err == nil || !strings.Contains(err.Error(), "effective as of 2099-01-01, after tomorrow") {
		t.Errorf("error %v", err)
	}
	untouched(t, path, old)

	if err := os.WriteFile(path, official(t, "January 1, 2099"), 0o644); err != nil {
		t.Fatal(err)
	}
	tomorrow := time.Now().UTC().AddDate(0, 0, 1)
	res, err := Fetch(context.Background(), Options{URL: serve(t, official(t, tomorrow.Format("January 2, 2006"))), Out: path, loopback: true})
	if err != nil || res.Edition != tomorrow.Format(time.DateOnly) {
		t.Errorf("tomorrow's edition over a 2099 file: %+v %v", res, err)
	}
}

// Without a URL the newest text file linked from the rules page is
// fetched into the editions directory.
func TestFetchTheNewestFromTheRulesPage(t *testing.T) {
	fresh := official(t, "April 17, 2026")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/en/rules":
			io.WriteString(w, `<a href="/dl/MagicCompRules%2020251114.txt">old</a> <a href="/dl/MagicCompRules%2020260417.txt">new</a>`)
		case "/dl/MagicCompRules 20260417.txt":
			w.Write(fresh)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	res, err := Fetch(context.Background(), Options{Page: srv.URL + "/en/rules", Out: dir, loopback: true})
	if err != nil || res.Edition != "2026-04-17" || res.Path != filepath.Join(dir, "MagicCompRules-2026-04-17.txt") {
		t.Fatalf("%+v %v", res, err)
	}
	if got, _ := os.ReadFile(res.Path); !bytes.Equal(got, fresh) {
		t.Error("the file in place is not the download")
	}
}
