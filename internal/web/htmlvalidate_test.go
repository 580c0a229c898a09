package web

import (
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHTMLValidate runs html-validate (the npm package, recommended rules,
// ../../.htmlvalidate.json: ids may start with a digit, as rule numbers
// do) on one page of every kind in every language. HTML_VALIDATE names the
// program; .ci/run installs it where npm is present, and the test skips
// without it.
func TestHTMLValidate(t *testing.T) {
	t.Parallel()
	prog := os.Getenv("HTML_VALIDATE")
	if prog == "" {
		t.Skip("HTML_VALIDATE is not set")
	}
	testServer(t)
	dir := t.TempDir()
	var files []string
	save := func(name, body string) {
		f := filepath.Join(dir, strconv.Itoa(len(files))+"-"+name+".html")
		if err := os.WriteFile(f, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	for _, lang := range []string{"en", "de", "ja"} {
		for _, p := range []string{"/", "/rules", "/rules/117", "/rules/702.19?compare=ja", "/glossary", "/glossary/priority",
			"/search?q=" + url.QueryEscape("trample"), "/search?q=xyzzyplugh", "/examples", "/examples/giant-growth-answered-by-shock?step=3",
			"/play/giant-growth-answered-by-shock", "/play/new", "/play/new?s=" + builtPosition, "/linkify", "/api", "/changes"} {
			r := get(t, "/"+lang+p)
			if r.status == http.StatusMovedPermanently {
				r = get(t, r.header.Get("Location"))
			}
			if r.status != http.StatusOK {
				t.Fatalf("%s%s: %d", lang, p, r.status)
			}
			save(lang+strings.NewReplacer("/", "_", "?", "_", "=", "_", "%", "_", "&", "_").Replace(p), r.body)
		}
		res, err := http.PostForm(srv.URL+"/"+lang+"/linkify", url.Values{"text": {"See 117.3a."}, "format": {"bbcode"}})
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("linkify: %d %v", res.StatusCode, err)
		}
		save(lang+"_linkified", string(body))
	}
	save("404", get(t, "/en/rules/999.9").body)
	out, err := exec.Command(prog, append([]string{"--config", "../../.htmlvalidate.json"}, files...)...).CombinedOutput()
	if err != nil {
		t.Errorf("html-validate: %v\n%s", err, out)
	}
}
