package web

import (
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/moves"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules/engine"
)

// inOrder reports whether every string occurs in body after the previous one.
func inOrder(body string, parts ...string) bool {
	at := 0
	for _, p := range parts {
		i := strings.Index(body[at:], p)
		if i < 0 {
			return false
		}
		at += i + len(p)
	}
	return true
}

// TestEveryExampleStepRenders opens the first, a middle and the last step
// of every example in every language and checks the page shows the
// engine's priority holder, its stack from top to bottom and the step's
// narration in the page's language.
func TestEveryExampleStepRenders(t *testing.T) {
	t.Parallel()
	set := testExamples(t)
	if len(set.List) < 14 {
		t.Errorf("only %d examples", len(set.List))
	}
	for _, ex := range set.List {
		n := len(ex.Snapshots)
		for _, step := range []int{1, (n + 1) / 2, n} {
			for _, lang := range []string{"en", "de", "ja"} {
				path := "/" + lang + "/examples/" + ex.Slug + "?step=" + strconv.Itoa(step)
				r := get(t, path)
				if r.status != http.StatusOK {
					t.Fatalf("%s: %d", path, r.status)
				}
				s := ex.Snapshots[step-1].State
				var want []string
				if s.Priority >= 0 {
					want = append(want, `<p class="priority"><strong>`+html.EscapeString(s.Players[s.Priority].Name))
				} else {
					want = append(want, `<p class="priority"><strong>`+html.EscapeString(srvCatalog(t).T(lang, msg.SimNoPriority)))
				}
				// Top first; alike objects one above the other share a frame with their count.
				for i := len(s.Stack) - 1; i >= 0; {
					n := 1
					for i-n >= 0 && stackFrames(s.Stack[i-n:i+1]) == 1 {
						n++
					}
					name := set.CardTexts.Name(s.Stack[i].Card, lang)
					if lang == "ja" {
						name = "《" + name + "》"
					}
					frame := `<strong class="frame-name">` + html.EscapeString(name) + "</strong>"
					if n > 1 {
						frame += ` <span class="count" aria-hidden="true">×` + strconv.Itoa(n) + "</span>"
					}
					want = append(want, frame)
					i -= n
				}
				narration := ex.TextAt(step).In(lang)
				firstWords := []rune(narration)[:min(12, len([]rune(narration)))]
				if !inOrder(squeeze(r.body), want...) {
					t.Errorf("%s: board lacks, in order, %q", path, want)
				}
				if !strings.Contains(stripTags(r.body), html.EscapeString(string(firstWords))) {
					t.Errorf("%s: narration %q missing", path, string(firstWords))
				}
				mustContain(t, path, r.body, `<html lang="`+lang+`">`, `aria-current="step">`+strconv.Itoa(step)+`</a>`)
			}
		}
	}
}

func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestExampleNavigationAndErrors(t *testing.T) {
	t.Parallel()
	set := testExamples(t)
	ex := set.List[0]
	n := len(ex.Snapshots)
	r := get(t, "/en/examples/"+ex.Slug+"?step=2")
	base := "/en/examples/" + ex.Slug + "?step="
	mustContain(t, "step 2", r.body,
		`rel="prev" data-step="prev" href="`+base+`1"`, `rel="next" data-step="next" href="`+base+`3"`,
		`data-step="first" href="`+base+`1"`, `data-step="last" href="`+base+strconv.Itoa(n)+`"`,
		`<link rel="canonical" href="`+srv.URL+base+`2">`, `hreflang="ja" href="`+srv.URL+`/ja/examples/`+ex.Slug+`?step=2"`,
		`href="/en/play/`+ex.Slug+`"`)
	if r := get(t, base+"1"); strings.Contains(r.body, `rel="prev"`) {
		t.Error("first step has a previous link")
	}
	if r := get(t, base+strconv.Itoa(n)); strings.Contains(r.body, `rel="next"`) {
		t.Error("last step has a next link")
	}
	for path, want := range map[string]int{
		base + "0":                       http.StatusBadRequest,
		base + strconv.Itoa(n+1):         http.StatusNotFound,
		base + "1000":                    http.StatusNotFound,
		base + "1001":                    http.StatusBadRequest,
		base + "-3":                      http.StatusBadRequest,
		base:                             http.StatusBadRequest,
		base + "x":                       http.StatusBadRequest,
		base + "1e3":                     http.StatusBadRequest,
		base + "99999999999999999999999": http.StatusBadRequest,
		"/en/examples/no-such-example":   http.StatusNotFound,
		"/xx/examples/" + ex.Slug:        http.StatusNotFound,
		"/en/examples/%3Cscript%3E":      http.StatusNotFound,
		"/ja/play/no-such-example":       http.StatusNotFound,
	} {
		r := get(t, path)
		if r.status != want {
			t.Errorf("%s: %d, want %d", path, r.status, want)
		}
		if strings.Contains(r.body, "<script>") {
			t.Errorf("%s reflects markup", path)
		}
	}
	r = get(t, "/de/examples/"+ex.Slug+"?step=999")
	mustContain(t, "de 404", r.body, "Dieses Beispiel hat keinen Schritt mit dieser Nummer", `href="/de/examples/`+ex.Slug+`?step=1"`)
	r = get(t, "/en/examples")
	for _, e := range set.List {
		mustContain(t, "list", r.body, `href="/en/examples/`+e.Slug+`?step=1"`)
	}
}

func TestPlaySandbox(t *testing.T) {
	t.Parallel()
	set := testExamples(t)
	ex := set.List[0]
	base := "/en/play/" + ex.Slug
	r := get(t, base)
	if r.status != http.StatusOK {
		t.Fatalf("%d", r.status)
	}
	legal := engine.LegalActions(ex.Start())
	if len(legal) == 0 {
		t.Fatal("no legal actions at the start")
	}
	first := moves.Encode(legal[0])
	mustContain(t, "start", r.body, `href="`+base+"?m="+url.QueryEscape(first)+`"`, "No moves yet.")
	if strings.Contains(r.body, "Undo the last move") {
		t.Error("undo offered before any move")
	}

	// Follow three legal moves, then undo.
	codes := []string{}
	state := ex.Start()
	for range 3 {
		legal := engine.LegalActions(state)
		if len(legal) == 0 {
			break
		}
		a := legal[0]
		codes = append(codes, moves.Encode(a))
		next, _, err := engine.Apply(state, a)
		if err != nil {
			t.Fatal(err)
		}
		state = next
	}
	r = get(t, urls.Play("en", ex.Slug, codes))
	if r.status != http.StatusOK {
		t.Fatalf("after %v: %d", codes, r.status)
	}
	mustContain(t, "after moves", r.body, `href="`+html.EscapeString(urls.Play("en", ex.Slug, codes[:len(codes)-1]))+`">Undo the last move`)
	if state.Priority >= 0 {
		mustContain(t, "priority", r.body, `<p class="priority"><strong>`+state.Players[state.Priority].Name)
	}

	// A tampered or unreadable move list is a 400 naming the first bad move.
	pass := func(p int) string { return moves.Encode(engine.Pass(p)) }
	other := 1 - ex.Start().Priority
	r = get(t, base+"?m="+pass(other))
	if r.status != http.StatusBadRequest {
		t.Fatalf("wrong player's pass: %d", r.status)
	}
	mustContain(t, "illegal", r.body, "Move 1 (", "is not allowed: that player does not hold priority")
	r = get(t, "/ja/play/"+ex.Slug+"?m=zz")
	if r.status != http.StatusBadRequest || !strings.Contains(r.body, "1") {
		t.Errorf("syntax: %d", r.status)
	}
	many := url.Values{"m": make([]string, MaxMoves+1)}
	for i := range many["m"] {
		many["m"][i] = "p0"
	}
	if r := get(t, base+"?"+many.Encode()); r.status != http.StatusBadRequest {
		t.Errorf("too many moves: %d", r.status)
	}
}

func srvCatalog(t *testing.T) *locales.Catalog { return sitetest.Catalog(t) }

// TestRulePageListsCitingExamples checks the "Examples that use this rule"
// block: the cleanup rule 514 is cited by the end-step examples (among
// others), each linked at the step whose events first cite 514 or a subrule of it; a
// subrule's page shows the block of its rule; rule 100 has no block.
func TestRulePageListsCitingExamples(t *testing.T) {
	t.Parallel()
	r := get(t, "/de/rules/514")
	if !inOrder(r.body, `<h2 id="rule-examples">Beispiele zu dieser Regel</h2>`,
		`href="/de/examples/catalog-in-opponents-end-step?step=11"`,
		`href="/de/examples/gemstone-array-end-step?step=9"`, `</section>`) {
		t.Errorf("514 examples block missing or out of order:\n%s", r.body)
	}
	if n, want := strings.Count(r.body, `href="/de/examples/`), len(testExamples(t).Citing("514")); n != want {
		t.Errorf("514 links %d examples, want %d", n, want)
	}
	r = get(t, "/en/rules/510.4")
	mustContain(t, "510.4", r.body, "Examples that use this rule",
		`href="/en/examples/first-strike-crushing-pain?step=9"`)
	if r := get(t, "/ja/rules/100"); strings.Contains(r.body, `id="rule-examples"`) {
		t.Error("rule 100 lists examples")
	}
}

// The home page leads to the first worked examples and to all of them.
func TestHomeLinksExamples(t *testing.T) {
	t.Parallel()
	set := testExamples(t)
	r := get(t, "/de/")
	want := []string{`<h2 id="home-examples">Durchgespielte Beispiele</h2>`}
	for _, ex := range set.List[:5] {
		want = append(want, `<a href="/de/examples/`+ex.Slug+`?step=1">`+html.EscapeString(ex.Title.ByLang["de"])+`</a>`)
	}
	want = append(want, `<a href="/de/examples">Alle `+strconv.Itoa(len(set.List))+` Beispiele →</a>`)
	if !inOrder(r.body, want...) {
		t.Errorf("home page examples: want in order %q", want)
	}
	if strings.Contains(r.body, `/de/examples/`+set.List[5].Slug) {
		t.Error("home page links more than five examples")
	}
}

// TestExampleCardNamesAreNotLinked: a card's name in a narration or
// summary is text, never a glossary link to a term inside it ("Exalted"
// in Exalted Angel), while the step still links other glossary terms.
func TestExampleCardNamesAreNotLinked(t *testing.T) {
	t.Parallel()
	ex, ok := testExamples(t).Get("split-second-morph-special-action")
	if !ok {
		t.Fatal("no split-second example")
	}
	step := 0
	for i := range ex.Snapshots {
		if strings.Contains(ex.TextAt(i+1).In("en"), "Exalted Angel") {
			step = i + 1
			break
		}
	}
	if step == 0 {
		t.Fatal("no step names Exalted Angel")
	}
	for _, path := range []string{"/en/examples", "/en/examples/split-second-morph-special-action?step=" + strconv.Itoa(step)} {
		r := get(t, path)
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", path, r.status)
		}
		mustContain(t, path, r.body, "Exalted Angel", `<a class="term" href="/en/glossary/`)
		if strings.Contains(r.body, `/en/glossary/exalted"`) {
			t.Errorf("%s links the exalted keyword", path)
		}
	}
}

// TestExamplesListIsALearningPath: the list starts with the simplest
// example under its group's heading, groups in the page's language, and
// numbers every example once across the groups (issue 25, 8).
func TestExamplesListIsALearningPath(t *testing.T) {
	t.Parallel()
	for lang, heading := range map[string]string{"en": "Priority: who may act", "de": "Priorität: wer handeln darf", "ja": "優先権：誰が行動できるか"} {
		r := get(t, "/"+lang+"/examples")
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", lang, r.status)
		}
		h := strings.Index(r.body, `<h2 id="group-1">`+heading)
		first := strings.Index(r.body, `href="/`+lang+`/examples/spell-cast-both-pass?step=1"`)
		if h < 0 || first < h || strings.Index(r.body, `<h2 id="group-2">`) < first {
			t.Errorf("%s: group heading at %d, first example at %d", lang, h, first)
		}
		if n := strings.Count(r.body, `<ol class="examples" start=`); n < 5 {
			t.Errorf("%s: %d groups", lang, n)
		}
		// The second group's numbers go on from the first's.
		g1 := r.body[h:strings.Index(r.body, `<h2 id="group-2">`)]
		if want := `<ol class="examples" start="` + strconv.Itoa(strings.Count(g1, "<li>")+1) + `">`; !strings.Contains(r.body, want) {
			t.Errorf("%s: no %s", lang, want)
		}
	}
}
