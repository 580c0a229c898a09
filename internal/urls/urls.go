// Package urls builds every address inside the site and names the route
// patterns that answer them, so the shape of a URL is decided here and
// nowhere else. Paths start with "/"; put the public origin in front for
// an absolute link.
package urls

import (
	"net/url"
	"strconv"
	"strings"
)

// Route patterns, as the router writes them.
const (
	RouteRoot        = "/"
	RouteHealth      = "/healthz"
	RouteReady       = "/readyz"
	RouteStatic      = "/static/:file"
	RouteShort       = "/r/:ref"
	RouteShort2008   = "/r/2008/:ref"
	RouteOEmbed      = "/oembed"
	RouteSitemap     = "/sitemap.xml"
	RouteRobots      = "/robots.txt"
	RouteFavicon     = "/favicon.ico"
	RouteTouchIcon   = "/apple-touch-icon.png"
	RouteLang        = "/:lang"
	RouteHome        = "/:lang/"
	RouteContents    = "/:lang/rules"
	RouteRule        = "/:lang/rules/:num"
	RouteHistory     = "/:lang/rules/:num/history"
	RouteChanges     = "/:lang/changes"
	RouteFeed        = "/:lang/changes.atom"
	RouteGlossary    = "/:lang/glossary"
	RouteTerm        = "/:lang/glossary/:slug"
	RouteSearch      = "/:lang/search"
	RouteExamples    = "/:lang/examples"
	RouteExample     = "/:lang/examples/:slug"
	RouteBuilder     = "/:lang/play/new"
	RouteCustom      = "/:lang/play/custom"
	RoutePlay        = "/:lang/play/:slug"
	RouteLinkify     = "/:lang/linkify"
	RouteOffline     = "/:lang/offline"
	RouteOffIndex    = "/:lang/offline/index.json"
	RouteOffBatch    = "/:lang/offline/:version/:batch"
	RouteOffNeeds    = "/:lang/offline/unavailable"
	RouteManifest    = "/:lang/manifest.webmanifest"
	RouteWorker      = "/sw.js"
	RouteAPIDoc      = "/:lang/api"
	RouteAPILinkify  = "/api/linkify"
	RouteOpenAPI     = "/api/openapi.json"
	RouteAPIEditions = "/api/editions"
	RouteAPIRules    = "/api/:lang/rules"
	RouteAPIRule     = "/api/:lang/rules/:num"
	RouteAPIHistory  = "/api/:lang/rules/:num/history"
	RouteAPIGlossary = "/api/:lang/glossary"
	RouteAPITerm     = "/api/:lang/glossary/:slug"
	RouteAPIExamples = "/api/:lang/examples"
	RouteAPIExample  = "/api/:lang/examples/:slug"
	RouteAPISearch   = "/api/:lang/search"
	RouteAPISuggest  = "/api/:lang/suggest"
)

// apiPrefix and shortPrefix start the API's and the short links' paths
// (old2008Seg follows the latter for the 2008 numbering); rulesSeg,
// glossarySeg, examplesSeg and playSeg follow the language in the paths
// of rules, glossary entries, worked examples and sandboxes, where
// builderSlug and customSlug name the sandboxes of no example.
const (
	apiPrefix   = "/api/"
	shortPrefix = "/r/"
	old2008Seg  = "2008"
	rulesSeg    = "rules"
	glossarySeg = "glossary"
	examplesSeg = "examples"
	playSeg     = "play"
	builderSlug = "new"
	customSlug  = "custom"
)

// IsAPI reports whether a request path is the JSON API's.
func IsAPI(path string) bool { return strings.HasPrefix(path, apiPrefix) }

// IsShort reports whether a request path is a short link.
func IsShort(path string) bool { return strings.HasPrefix(path, shortPrefix) }

// PathFunc gives a page's path in a language.
type PathFunc func(lang string) string

// Home is a language's start page: "/en/".
func Home(lang string) string { return "/" + lang + "/" }

// Lang is the bare language path "/en", which redirects to Home.
func Lang(lang string) string { return "/" + lang }

// Contents lists the sections and top-level rules: "/en/rules".
func Contents(lang string) string { return "/" + lang + "/" + rulesSeg }

// Section is a section within the contents: "/en/rules#s1".
func Section(lang string, section int) string {
	return Contents(lang) + "#s" + strconv.Itoa(section)
}

// Rule is the own page of a rule, subrule or top-level rule, which shows
// it in its context: "/en/rules/117.3a". It is the only shape of a link
// to a rule.
func Rule(lang, number string) string { return "/" + lang + "/" + rulesSeg + "/" + number }

// RuleIn is Rule in an edition: "/en/rules/117.3a?edition=2025-11-14";
// "" is the current edition, plain Rule.
func RuleIn(lang, number, edition string) string {
	if edition == "" {
		return Rule(lang, number)
	}
	return Rule(lang, number) + "?edition=" + url.QueryEscape(edition)
}

// History lists the editions in which a rule's text changed:
// "/en/rules/117.3b/history".
func History(lang, number string) string { return Rule(lang, number) + "/history" }

// RuleCompared is Rule beside the same rule in language other.
func RuleCompared(lang, number, other string) string {
	return Rule(lang, number) + "?compare=" + url.QueryEscape(other)
}

// RuleWas2008 is Rule reached by its number in the 2008 numbering, which
// the page notes.
func RuleWas2008(lang, number, old string) string {
	return Rule(lang, number) + "?was2008=" + url.QueryEscape(old)
}

// Glossary lists every term: "/en/glossary".
func Glossary(lang string) string { return "/" + lang + "/" + glossarySeg }

// Term is a glossary entry: "/en/glossary/priority".
func Term(lang, slug string) string {
	return "/" + lang + "/" + glossarySeg + "/" + url.PathEscape(slug)
}

// TermCompared is Term beside the same entry in language other.
func TermCompared(lang, slug, other string) string {
	return Term(lang, slug) + "?compare=" + url.QueryEscape(other)
}

// Changes compares editions: from and to are edition IDs, rule limits the
// page to one rule's history; each may be "".
func Changes(lang, from, to, rule string) string {
	v := url.Values{}
	for k, x := range map[string]string{"from": from, "to": to, "rule": rule} {
		if x != "" {
			v.Set(k, x)
		}
	}
	return WithQuery("/"+lang+"/changes", v.Encode())
}

// Feed is the Atom feed of a language's editions.
func Feed(lang string) string { return "/" + lang + "/changes.atom" }

// SearchForm is where the search box sends its query.
func SearchForm(lang string) string { return "/" + lang + "/search" }

// Search is a results page: in is "" to search lang's texts, another
// language's code to search that one's, or "all" for every language; page
// counts from 1.
func Search(lang, q, in string, page int) string {
	v := url.Values{"q": {q}}
	if in != "" && in != lang {
		v.Set("in", in)
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	return SearchForm(lang) + "?" + v.Encode()
}

// Examples lists the worked examples.
func Examples(lang string) string { return "/" + lang + "/" + examplesSeg }

// Example is one step (1-based) of a worked example.
func Example(lang, slug string, step int) string {
	return Examples(lang) + "/" + slug + "?step=" + strconv.Itoa(step)
}

// Play is the sandbox of an example after the moves codes.
func Play(lang, slug string, codes []string) string {
	return withMoves("/"+lang+"/"+playSeg+"/"+slug, "", codes)
}

// Custom is the sandbox of a built position (see internal/position)
// after the moves codes.
func Custom(lang, setup string, codes []string) string {
	return withMoves("/"+lang+"/"+playSeg+"/"+customSlug, setup, codes)
}

// Builder is the position builder, filled in with a position ("" for an
// empty one).
func Builder(lang, setup string) string {
	if setup == "" {
		return "/" + lang + "/play/new"
	}
	return "/" + lang + "/play/new?s=" + url.QueryEscape(setup)
}

// Linkify is the page that links rule numbers in a post.
func Linkify(lang string) string { return "/" + lang + "/linkify" }

// Offline is the page that saves a language's rules for reading offline.
func Offline(lang string) string { return "/" + lang + "/offline" }

// OfflineIndex lists what saving a language fetches: its edition and the
// batches of pages.
func OfflineIndex(lang string) string { return Offline(lang) + "/index.json" }

// OfflineBatch is batch n (from 0) of a language's pages as saved in
// version, an address whose answer never changes.
func OfflineBatch(lang, version string, n int) string {
	return Offline(lang) + "/" + url.PathEscape(version) + "/" + strconv.Itoa(n)
}

// OfflineUnavailable is the page shown offline in place of one that needs
// the server (search, the sandbox) or was not saved.
func OfflineUnavailable(lang string) string { return Offline(lang) + "/unavailable" }

// WebManifest is the web app manifest that starts the installed site in
// a language.
func WebManifest(lang string) string { return "/" + lang + "/manifest.webmanifest" }

// ServiceWorker is the service worker's script, at the root so that its
// scope is the whole site.
func ServiceWorker() string { return "/sw.js" }

// APIDoc describes the JSON API for people.
func APIDoc(lang string) string { return "/" + lang + "/api" }

// ShortAt gives the absolute short link of each rule number under origin
// ("https://rules.example/r/117.3a"), which leads each reader to the rule
// in their own language.
func ShortAt(origin string) func(number string) string {
	prefix := origin + shortPrefix
	return func(number string) string { return prefix + number }
}

// OEmbed is the absolute oEmbed discovery address, under origin, of the
// page at absolute URL page.
func OEmbed(origin, page string) string {
	return origin + "/oembed?format=json&url=" + url.QueryEscape(page)
}

// Sitemap lists every page.
func Sitemap() string { return "/sitemap.xml" }

// Robots is robots.txt, which keeps crawlers off the API and short links.
func Robots(sitemap string) string {
	return "User-agent: *\nDisallow: " + apiPrefix + "\nDisallow: " + shortPrefix + "\nSitemap: " + sitemap + "\n"
}

// OpenAPI is the API's OpenAPI document.
func OpenAPI() string { return apiPrefix + "openapi.json" }

// APIEditions lists the loaded editions.
func APIEditions() string { return apiPrefix + "editions" }

// APILinkify links rule numbers in a posted text.
func APILinkify() string { return apiPrefix + "linkify" }

// APIContents is the contents as JSON.
func APIContents(lang string) string { return apiPrefix + lang + "/rules" }

// APIRule is a rule as JSON; subrules adds them.
func APIRule(lang, number string, subrules bool) string {
	if subrules {
		return APIContents(lang) + "/" + number + "?subrules=1"
	}
	return APIContents(lang) + "/" + number
}

// APIHistory is History as JSON.
func APIHistory(lang, number string) string { return APIContents(lang) + "/" + number + "/history" }

// APIGlossary is the glossary as JSON.
func APIGlossary(lang string) string { return apiPrefix + lang + "/glossary" }

// APITerm is a glossary entry as JSON.
func APITerm(lang, slug string) string { return APIGlossary(lang) + "/" + url.PathEscape(slug) }

// APIExamples lists the worked examples as JSON.
func APIExamples(lang string) string { return apiPrefix + lang + "/examples" }

// APIExample is one step of a worked example as JSON.
func APIExample(lang, slug string, step int) string {
	return APIExamples(lang) + "/" + slug + "?step=" + strconv.Itoa(step)
}

// APISearch searches as JSON.
func APISearch(lang, q string) string {
	return apiPrefix + lang + "/search?" + url.Values{"q": {q}}.Encode()
}

// APISuggest completes a query as JSON; "" is the bare endpoint the
// search box adds its query to.
func APISuggest(lang, q string) string {
	if q == "" {
		return apiPrefix + lang + "/suggest"
	}
	return apiPrefix + lang + "/suggest?" + url.Values{"q": {q}}.Encode()
}

// WithLang adds the ?lang= that remembers a reader's choice of language.
func WithLang(path, lang string) string { return addParam(path, "lang", lang) }

// WithCompare adds ?compare= to a page that can show a second language.
func WithCompare(path, lang string) string { return addParam(path, "compare", lang) }

func addParam(path, name, value string) string {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return path + sep + name + "=" + url.QueryEscape(value)
}

// WithQuery adds a raw query ("a=1&b=2", "" for none) to a path.
func WithQuery(path, query string) string {
	if query == "" {
		return path
	}
	return path + "?" + query
}

func withMoves(path, setup string, codes []string) string {
	if setup == "" && len(codes) == 0 {
		return path
	}
	var b strings.Builder
	b.Grow(len(path) + len(setup) + 8*len(codes) + 4)
	b.WriteString(path)
	sep := byte('?')
	if setup != "" {
		b.WriteString("?s=")
		b.WriteString(url.QueryEscape(setup))
		sep = '&'
	}
	for _, c := range codes {
		b.WriteByte(sep)
		b.WriteString("m=")
		b.WriteString(url.QueryEscape(c))
		sep = '&'
	}
	return b.String()
}

// Documented writes a route as the API page documents it, its
// parameters in braces and an optional query: "/api/{lang}/rules/{num}?subrules=1".
func Documented(route, query string) string {
	segs := strings.Split(route, "/")
	for i, s := range segs {
		if strings.HasPrefix(s, ":") {
			segs[i] = "{" + s[1:] + "}"
		}
	}
	return WithQuery(strings.Join(segs, "/"), query)
}

// PathLang is the language segment of a page's or the API's path ("en"
// of "/en/rules" and "/api/en/rules"), not checked; "" when there is none.
func PathLang(path string) string {
	path = strings.TrimPrefix(path, strings.TrimSuffix(apiPrefix, "/"))
	first, _, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	return first
}

// PageKind is what a page path names, read back by ParsePage.
type PageKind int

// The kinds of page ParsePage knows.
const (
	KindOther         PageKind = iota
	KindRule                   // key: the rule number as written
	KindTerm                   // key: the slug
	KindExample                // a worked example (its step is in the query); key: its slug
	KindPlay                   // the sandbox of a worked example; key: its slug
	KindShortLink              // /r/{ref}, no language; key: the reference as written
	KindShortLink2008          // /r/2008/{ref}, no language; key: the 2008 number as written
)

// Fragment is a link to an element of the same page: "#letter-3".
func Fragment(id string) string { return "#" + id }

// Area is the part of the site a page belongs to, for its link preview.
type Area string

// The areas AreaOf knows; any other page is AreaSite.
const (
	AreaSite     Area = "site"
	AreaRules    Area = "rules"    // rules, contents, changes between editions
	AreaGlossary Area = "glossary" // the glossary and its entries
	AreaExamples Area = "examples" // worked examples, the sandbox, the builder
	AreaSearch   Area = "search"
)

// AreaOf reads the area from a page's path ("/en/rules/117" is AreaRules).
func AreaOf(path string) Area {
	path, _, _ = strings.Cut(path, "?")
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 2 {
		return AreaSite
	}
	switch parts[1] {
	case rulesSeg, "changes", "changes.atom":
		return AreaRules
	case glossarySeg:
		return AreaGlossary
	case "examples", "play":
		return AreaExamples
	case "search":
		return AreaSearch
	}
	return AreaSite
}

// ParsePage reads the escaped path of a page back into its language (not
// checked), kind and (still escaped) key; any other path is KindOther.
func ParsePage(path string) (lang string, kind PageKind, key string) {
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	switch {
	case len(parts) == 2 && "/"+parts[0]+"/" == shortPrefix:
		return "", KindShortLink, parts[1]
	case len(parts) == 3 && "/"+parts[0]+"/" == shortPrefix && parts[1] == old2008Seg:
		return "", KindShortLink2008, parts[2]
	case len(parts) != 3 || parts[2] == "":
		return "", KindOther, ""
	}
	switch parts[1] {
	case rulesSeg:
		kind = KindRule
	case glossarySeg:
		kind = KindTerm
	case examplesSeg:
		kind = KindExample
	case playSeg:
		if parts[2] == builderSlug || parts[2] == customSlug {
			return "", KindOther, ""
		}
		kind = KindPlay
	default:
		return "", KindOther, ""
	}
	return parts[0], kind, parts[2]
}
