package fetch

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/site/content"
)

// official is the embedded English text, effective on date.
func official(t *testing.T, date string) []byte {
	t.Helper()
	data, err := content.FS.ReadFile("en/rules.txt")
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.Replace(string(data), "April 17, 2026", date, 1))
}

// serve answers /rules.txt with body and anything else with 404.
func serve(t *testing.T, body []byte) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/rules.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/rules.txt"
}

// oldFile puts the 2025 edition in place, as the site loads it.
func oldFile(t *testing.T) (path string, old []byte) {
	t.Helper()
	dir := t.TempDir()
	path = filepath.Join(dir, "MagicCompRules.txt")
	old = official(t, "April 17, 2026")
	if err := os.WriteFile(path, old, 0o640); err != nil {
		t.Fatal(err)
	}
	return path, old
}

// untouched checks that path still holds old and no temporary file is left.
func untouched(t *testing.T, path string, old []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil || string(got) != string(old) {
		t.Errorf("the old file changed (%v)", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("the directory holds %d files", len(entries))
	}
}

func TestFetchSwapsInAGoodFile(t *testing.T) {
	path, _ := oldFile(t)
	fresh := official(t, "November 13, 2026")
	res, err := Fetch(context.Background(), Options{loopback: true, URL: serve(t, fresh), Out: path})
	if err != nil {
		t.Fatal(err)
	}
	if res.Edition != "2026-11-13" || res.Rules < 100 || res.Terms == 0 || res.Unchanged || res.Path != path {
		t.Errorf("result %+v", res)
	}
	got, _ := os.ReadFile(path)
	if string(got) != string(fresh) {
		t.Error("the new file is not in place")
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the old file's 0640", fi.Mode().Perm())
	}
	untouched(t, path, fresh) // no temporary file left behind
	// The same download again changes nothing.
	res, err = Fetch(context.Background(), Options{loopback: true, URL: serve(t, fresh), Out: path})
	if err != nil || !res.Unchanged {
		t.Errorf("second fetch: %+v, %v", res, err)
	}
}

func TestFetchKeepsTheOldFileOnBadDownloads(t *testing.T) {
	fresh := official(t, "November 13, 2026")
	glossary := strings.LastIndex(string(fresh), "\nGlossary\n") // the first is in the contents
	cases := map[string]struct {
		url  func(t *testing.T) string
		want string
	}{
		"not found":                     {func(t *testing.T) string { return serve(t, fresh) + ".missing" }, "404"},
		"truncated in the rules":        {func(t *testing.T) string { return serve(t, fresh[:len(fresh)/100]) }, "fewer than 100"},
		"truncated before the glossary": {func(t *testing.T) string { return serve(t, fresh[:glossary]) }, "no glossary"},
		"not a rules file":              {func(t *testing.T) string { return serve(t, []byte("<html>Maintenance</html>")) }, "not a rules file"},
		"binary":                        {func(t *testing.T) string { return serve(t, []byte{0x89, 'P', 'N', 'G', 0, 0, 0}) }, "not a rules file"},
		"older edition":                 {func(t *testing.T) string { return serve(t, official(t, "June 13, 2025")) }, "older than the 2026-04-17 edition"},
		"undated":                       {func(t *testing.T) string { return serve(t, official(t, "soon")) }, "no effective date"},
		"no server": {func(t *testing.T) string {
			srv := httptest.NewServer(http.NotFoundHandler())
			srv.Close()
			return srv.URL + "/rules.txt"
		}, "connect"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			path, old := oldFile(t)
			_, err := Fetch(context.Background(), Options{loopback: true, URL: tc.url(t), Out: path})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
			untouched(t, path, old)
		})
	}
}

func TestFetchRefusesHugeBodies(t *testing.T) {
	path, old := oldFile(t)
	_, err := Fetch(context.Background(), Options{loopback: true, URL: serve(t, official(t, "November 13, 2026")), Out: path, MaxBytes: 1000})
	if err == nil || !strings.Contains(err.Error(), "larger than 1000 bytes") {
		t.Errorf("error %v", err)
	}
	untouched(t, path, old)
}

// Into a directory of editions the download is added under its edition.
func TestFetchIntoADirectoryOfEditions(t *testing.T) {
	path, old := oldFile(t)
	dir := filepath.Dir(path)
	res, err := Fetch(context.Background(), Options{loopback: true, URL: serve(t, official(t, "November 13, 2026")), Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "MagicCompRules-2026-11-13.txt"); res.Path != want {
		t.Errorf("path %s, want %s", res.Path, want)
	}
	if got, _ := os.ReadFile(path); string(got) != string(old) {
		t.Error("the older edition changed")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in the directory", len(entries))
	}
}

func TestFetchNeedsURLAndOut(t *testing.T) {
	if _, err := Fetch(context.Background(), Options{URL: "http://example.invalid/"}); err == nil {
		t.Error("no output path accepted")
	}
}
