package urls

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestShapes(t *testing.T) {
	for got, want := range map[string]string{
		Home("en"):                                         "/en/",
		Lang("de"):                                         "/de",
		Contents("ja"):                                     "/ja/rules",
		Section("en", 1):                                   "/en/rules#s1",
		Rule("en", "117.3a"):                               "/en/rules/117.3a",
		RuleIn("de", "117.3a", ""):                         "/de/rules/117.3a",
		RuleIn("de", "117.3a", "2025-11-14"):               "/de/rules/117.3a?edition=2025-11-14",
		RuleCompared("de", "704", "en"):                    "/de/rules/704?compare=en",
		RuleWas2008("en", "502.3", "502.2"):                "/en/rules/502.3?was2008=502.2",
		Glossary("de"):                                     "/de/glossary",
		Term("ja", "優先権"):                                  "/ja/glossary/%E5%84%AA%E5%85%88%E6%A8%A9",
		TermCompared("en", "priority", "ja"):               "/en/glossary/priority?compare=ja",
		Changes("en", "", "", ""):                          "/en/changes",
		Changes("en", "", "", "117"):                       "/en/changes?rule=117",
		Changes("en", "", "2026-01-01", ""):                "/en/changes?to=2026-01-01",
		Changes("en", "2025-11-14", "2026-01-01", ""):      "/en/changes?from=2025-11-14&to=2026-01-01",
		Feed("de"):                                         "/de/changes.atom",
		SearchForm("en"):                                   "/en/search",
		Search("en", "first strike", "", 1):                "/en/search?q=first+strike",
		Search("de", "x&y", "all", 3):                      "/de/search?in=all&page=3&q=x%26y",
		Search("ja", "x", "en", 1):                         "/ja/search?in=en&q=x",
		Search("ja", "x", "ja", 1):                         "/ja/search?q=x",
		Examples("en"):                                     "/en/examples",
		Example("de", "shock", 2):                          "/de/examples/shock?step=2",
		Play("en", "shock", nil):                           "/en/play/shock",
		Play("en", "shock", []string{"p0", "c0.shock.o3"}): "/en/play/shock?m=p0&m=c0.shock.o3",
		Custom("en", "3.0.m1", []string{"p1"}):             "/en/play/custom?s=3.0.m1&m=p1",
		Builder("ja", ""):                                  "/ja/play/new",
		Builder("ja", "a b"):                               "/ja/play/new?s=a+b",
		Linkify("en"):                                      "/en/linkify",
		APIDoc("de"):                                       "/de/api",
		Offline("de"):                                      "/de/offline",
		OfflineIndex("ja"):                                 "/ja/offline/index.json",
		OfflineBatch("en", "3f2a9c1b", 12):                 "/en/offline/3f2a9c1b/12",
		OfflineUnavailable("de"):                           "/de/offline/unavailable",
		WebManifest("ja"):                                  "/ja/manifest.webmanifest",
		ServiceWorker():                                    "/sw.js",
		OEmbed("https://x.example", "https://x.example/en/rules/117"): "https://x.example/oembed?format=json&url=https%3A%2F%2Fx.example%2Fen%2Frules%2F117",
		ShortAt("https://x.example")("117.3a"):                        "https://x.example/r/117.3a",
		Sitemap():                                                     "/sitemap.xml",
		OpenAPI():                                                     "/api/openapi.json",
		APIEditions():                                                 "/api/editions",
		APILinkify():                                                  "/api/linkify",
		APIContents("en"):                                             "/api/en/rules",
		APIRule("en", "117", true):                                    "/api/en/rules/117?subrules=1",
		APIRule("en", "117.3a", false):                                "/api/en/rules/117.3a",
		APIGlossary("de"):                                             "/api/de/glossary",
		APITerm("en", "priority"):                                     "/api/en/glossary/priority",
		APIExamples("ja"):                                             "/api/ja/examples",
		APIExample("en", "shock", 2):                                  "/api/en/examples/shock?step=2",
		APISearch("en", "117.3a"):                                     "/api/en/search?q=117.3a",
		APISuggest("en", ""):                                          "/api/en/suggest",
		APISuggest("en", "117.3"):                                     "/api/en/suggest?q=117.3",
		WithLang("/en/rules/117", "de"):                               "/en/rules/117?lang=de",
		WithLang(WithCompare("/en/rules/117", "ja"), "de"):            "/en/rules/117?compare=ja&lang=de",
		WithQuery("/en/", ""):                                         "/en/",
		Documented(RouteAPIRule, "subrules=1"):                        "/api/{lang}/rules/{num}?subrules=1",
		Documented(RouteAPITerm, ""):                                  "/api/{lang}/glossary/{slug}",
		Robots("https://x.example/sitemap.xml"):                       "User-agent: *\nDisallow: /api/\nDisallow: /r/\nSitemap: https://x.example/sitemap.xml\n",
	} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestReadBack(t *testing.T) {
	for _, c := range []struct {
		path, lang string
		kind       PageKind
		key        string
	}{
		{Rule("de", "117.3a"), "de", KindRule, "117.3a"},
		{Term("ja", "優先権"), "ja", KindTerm, "%E5%84%AA%E5%85%88%E6%A8%A9"},
		{Examples("en") + "/shock", "en", KindExample, "shock"},
		{Example("de", "shock", 3), "de", KindExample, "shock"},
		{Play("ja", "shock", []string{"p"}), "ja", KindPlay, "shock"},
		{Builder("en", ""), "", KindOther, ""},
		{Custom("en", "3.0", nil), "", KindOther, ""},
		{ShortAt("")("117.3a"), "", KindShortLink, "117.3a"},
		{"/r/2008/102.3b", "", KindShortLink2008, "102.3b"},
		{"/r/2009/102.3b", "", KindOther, ""},
		{Contents("en"), "", KindOther, ""},
		{Rule("en", ""), "", KindOther, ""},
		{Rule("en", "117") + "/x", "", KindOther, ""},
	} {
		path, _, _ := strings.Cut(c.path, "?")
		lang, kind, key := ParsePage(path)
		if lang != c.lang || kind != c.kind || key != c.key {
			t.Errorf("ParsePage(%q) = %q, %d, %q; want %q, %d, %q", c.path, lang, kind, key, c.lang, c.kind, c.key)
		}
	}
	for path, want := range map[string]string{"/de/rules/117": "de", "/api/ja/rules": "ja", "/": "", "/sitemap.xml": "sitemap.xml"} {
		if got := PathLang(path); got != want {
			t.Errorf("PathLang(%q) = %q, want %q", path, got, want)
		}
	}
	if !IsAPI(APIEditions()) || IsAPI(Home("en")) || !IsShort(ShortAt("")("100")) || IsShort(Rule("en", "100")) {
		t.Error("IsAPI or IsShort misreads a path")
	}
}

// handBuilt says why a string literal builds a site URL by hand, "" when
// it does not: a path of the site ("/rules/", "/api/openapi.json"), a
// query or fragment part ("?step=", "#s"), or a separator a value is
// glued to ("/" + lang, "?" + q). lead says that the literal starts an
// expression, glued that a + stands beside it.
func handBuilt(lit string, lead, glued bool) string {
	switch {
	case len(lit) > 1 && lit[0] == '/' && siteSegments[strings.SplitN(lit[1:], "/", 2)[0]]:
		return "a path of the site"
	case queryPart.MatchString(lit):
		return "a query part"
	case glued && (lit == "?" || lit == "&" || strings.HasPrefix(lit, "#")), lead && glued && lit == "/":
		return "a separator glued to a value"
	}
	return ""
}

var queryPart = regexp.MustCompile(`^[?&#][A-Za-z0-9_]+=`)

// siteSegments are the path segments the routes name ("rules", "api",
// "sitemap.xml"), read from this package's Route constants.
var siteSegments = func() map[string]bool {
	f, err := parser.ParseFile(token.NewFileSet(), "urls.go", nil, 0)
	if err != nil {
		panic(err)
	}
	segs := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			if !strings.HasPrefix(vs.Names[0].Name, "Route") {
				continue
			}
			route, _ := strconv.Unquote(vs.Values[0].(*ast.BasicLit).Value)
			for _, seg := range strings.Split(route, "/") {
				if seg != "" && !strings.HasPrefix(seg, ":") {
					segs[seg] = true
				}
			}
		}
	}
	return segs
}()

// templLiteral finds the string literals of Go expressions in templ files,
// with what follows them.
var templLiteral = regexp.MustCompile(`(?:[({,=]|\breturn)\s*("(?:[^"\\]|\\.)*")(\s*\+)?`)

// No code outside this package writes a site URL by hand: every path,
// query and fragment of an internal link comes from here.
func TestNoHandBuiltURLs(t *testing.T) {
	root := filepath.Join("..", "..")
	var files []string
	for _, dir := range []string{"internal", "cmd", "templates"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			switch {
			case d.IsDir() && name == "urls":
				return filepath.SkipDir
			case d.IsDir(), strings.HasSuffix(name, "_test.go"), strings.HasSuffix(name, "_templ.go"):
			case strings.HasSuffix(name, ".go"), strings.HasSuffix(name, ".templ"):
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 50 {
		t.Fatalf("found only %d files; is the walk broken?", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".templ") {
			for i, line := range strings.Split(string(src), "\n") {
				for _, m := range templLiteral.FindAllStringSubmatch(line, -1) {
					lit, err := strconv.Unquote(m[1])
					if why := handBuilt(lit, true, m[2] != ""); err == nil && why != "" {
						t.Errorf("%s:%d: %q is %s: build it with package urls", f, i+1, lit, why)
					}
				}
			}
			continue
		}
		checkGo(t, f, src)
	}
}

// checkGo reports the hand-built URL pieces among a Go file's string
// literals; a literal is glued when a + stands on either side of it.
func checkGo(t *testing.T, name string, src []byte) {
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile(name, -1, len(src)), src, nil, 0)
	type tok struct {
		pos token.Pos
		tok token.Token
		lit string
	}
	var toks []tok
	for {
		pos, tk, lit := s.Scan()
		if tk == token.EOF {
			break
		}
		toks = append(toks, tok{pos, tk, lit})
	}
	for i, tk := range toks {
		if tk.tok != token.STRING || tk.lit[0] == '`' {
			continue
		}
		lit, err := strconv.Unquote(tk.lit)
		if err != nil {
			continue
		}
		glued := i+1 < len(toks) && (toks[i+1].tok == token.ADD || toks[i+1].tok == token.ADD_ASSIGN) ||
			i > 0 && (toks[i-1].tok == token.ADD || toks[i-1].tok == token.ADD_ASSIGN)
		lead := i == 0 || toks[i-1].tok != token.ADD
		if why := handBuilt(lit, lead, glued); why != "" {
			t.Errorf("%s: %q is %s: build it with package urls", fset.Position(tk.pos), lit, why)
		}
	}
}
