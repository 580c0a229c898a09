package web

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/moves"
	"github.com/mtgrules/site/internal/urls"
)

// internalID finds what a reader must never see: an object's number
// ("#3"), a card's id ("grizzly-bears"), an engine code ("not_your_priority",
// "declare_blockers"), a message id ("SimStack") or a template's hole.
func internalIDs(t *testing.T) *regexp.Regexp {
	t.Helper()
	var ids []string
	for id := range testExamples(t).Cards {
		if strings.Contains(id, "-") {
			ids = append(ids, regexp.QuoteMeta(id))
		}
	}
	ids = append(ids, "hidden-card")
	return regexp.MustCompile(`#\d|\b(` + strings.Join(ids, "|") + `)\b|\b[a-z]+_[a-z_]+\b|` +
		`\b(Sim|Ev|Act|Reason|Step|Phase|Play|Build|Pos|Setup|Err|Custom)[A-Z][A-Za-z]+\b|<no value>|%!|step\(|phase\(`)
}

// pageText is what a reader sees of a page's main part: its text
// without tags, entities decoded.
func pageText(body string) string {
	if i := strings.Index(body, `<main id="main">`); i >= 0 {
		body = body[i:]
	}
	if i := strings.Index(body, "</main>"); i >= 0 {
		body = body[:i]
	}
	return html.UnescapeString(stripTags(body))
}

// TestNoInternalIDs opens every step of every example in every language,
// and the sandbox after all of each example's moves, and finds no
// internal id in what the page says.
func TestNoInternalIDs(t *testing.T) {
	t.Parallel()
	bad := internalIDs(t)
	pages := 0
	for _, ex := range testExamples(t).List {
		var codes []string
		for _, st := range ex.Steps {
			if st.ExpectError == "" {
				codes = append(codes, moves.Encode(st.Action))
			}
		}
		for _, lang := range langs.Default.Codes() {
			paths := []string{urls.Play(lang, ex.Slug, codes)}
			for step := 1; step <= len(ex.Snapshots); step++ {
				paths = append(paths, urls.Example(lang, ex.Slug, step))
			}
			for _, path := range paths {
				r := do(uncachedHandler(t), path)
				if r.status != http.StatusOK {
					t.Fatalf("%s: %d", path, r.status)
				}
				pages++
				if m := bad.FindString(pageText(r.body)); m != "" {
					t.Errorf("%s shows %q", path, m)
				}
			}
		}
	}
	if pages < 500 {
		t.Errorf("only %d pages checked", pages)
	}
}

// The builder's empty form offers two players and every card by its name
// in the reader's language.
func TestBuilderForm(t *testing.T) {
	t.Parallel()
	for lang, want := range map[string][]string{
		"en": {`<h1>Build a position</h1>`, `<option value="Shock"></option>`, `<option value="2" selected>2 players</option>`,
			`<input type="text" name="h0.0" value="" list="cards-all"`, `name="h0.0n" value=""`, `name="h0.1" value=""`, `name="g1.0" value=""`, `name="b1.0" value="" list="cards-perm"`, `<option value="m1" selected>Precombat main phase</option>`},
		"de": {`<h1>Eine Stellung bauen</h1>`, `<option value="Schock"></option>`, `<option value="2" selected>2 Spieler</option>`},
		"ja": {`<h1>局面を作る</h1>`, `<option value="ショック"></option>`, `<option value="2" selected>2人</option>`},
	} {
		r := get(t, "/"+lang+"/play/new")
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", lang, r.status)
		}
		mustContain(t, lang+" builder", r.body, append(want, `<html lang="`+lang+`">`, `<form class="builder" method="get" action="/`+lang+`/play/new">`)...)
		if r.header.Get("Cache-Control") != cachePage || r.header.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("%s: headers %v", lang, r.header)
		}
	}
}

// builderQuery is the form as a reader fills it in: A has two Shocks and a
// tapped Mountain, B has 14 life, no library and a damaged Grizzly Bears,
// and A's Shock targeting the Bears is on the stack.
func builderQuery(names map[string]string) url.Values {
	return url.Values{
		"n": {"2"}, "t": {"3"}, "a": {"0"}, "st": {"m1"},
		"l0": {"20"}, "y0": {"30"}, "h0.0": {names["shock"]}, "h0.0n": {"2"}, "h0.1": {""}, "h0.1n": {""},
		"b0.0": {names["mountain"]}, "b0.0n": {""}, "b0.0t": {"1"}, "b0.1": {""},
		"l1": {"14"}, "y1": {"0"}, "b1.0": {names["bears"]}, "b1.0d": {"1"},
		"k0": {names["shock"]}, "k0k": {"s"}, "k0c": {"0"}, "k0g": {"b1.0"},
		"go": {"1"},
	}
}

var builderNames = map[string]map[string]string{
	"en": {"shock": "Shock", "mountain": "mountain", "bears": "Grizzly Bears"},
	"de": {"shock": "Schock", "mountain": "Gebirge", "bears": "Grizzlybären"},
	"ja": {"shock": "《ショック》", "mountain": "山", "bears": "灰色熊"},
}

const builtPosition = "3.0.m1_p20.30_h.shock~2_b.mountain.t_p14.0_b.grizzly-bears.d1_k.s.shock.0.o2"

// TestBuilderBuildsAShortAddress: the form in any language leads (303)
// to the same short address, which opens the position in all three
// languages with its stack, players and legal moves.
func TestBuilderBuildsAShortAddress(t *testing.T) {
	t.Parallel()
	for lang, names := range builderNames {
		r := get(t, "/"+lang+"/play/new?"+builderQuery(names).Encode())
		if r.status != http.StatusSeeOther || r.header.Get("Location") != "/"+lang+"/play/custom?s="+builtPosition {
			t.Errorf("%s: %d → %q", lang, r.status, r.header.Get("Location"))
		}
	}
	for lang, want := range map[string][]string{
		"en": {`<strong class="frame-name">Shock</strong>`, `<li>controlled by A</li><li>targeting Grizzly Bears</li>`,
			`<p class="priority"><strong>A holds priority.</strong>`, `>A passes priority </a>`, `Sandbox: a position of your own`,
			`href="/en/play/new?s=` + builtPosition + `">Change this position in the builder</a>`, `</svg>14</dd>`},
		"de": {`<strong class="frame-name">Schock</strong>`, `<li>kontrolliert von A</li><li>mit Ziel Grizzlybären</li>`, `>A passt die Priorität </a>`},
		"ja": {`<strong class="frame-name">《ショック》</strong>`, `<li>コントローラー：A</li><li>対象：《灰色熊》</li>`, `>Aが優先権をパスする </a>`},
	} {
		path := "/" + lang + "/play/custom?s=" + builtPosition
		r := get(t, path)
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, r.status, r.body)
		}
		mustContain(t, path, squeeze(r.body), want...)
		other := map[string]string{"en": "de", "de": "ja", "ja": "en"}[lang]
		mustContain(t, path, r.body, `<a href="/`+other+`/play/custom?s=`+builtPosition+`&amp;lang=`+other+`"`,
			`data-copy-label=`, `class="permalink" href="`+srv.URL+path+`"`)
		if r.header.Get("Cache-Control") != cachePosition {
			t.Errorf("%s: Cache-Control %q", path, r.header.Get("Cache-Control"))
		}
	}
	// One move later the history says what happened.
	r := get(t, "/en/play/custom?s="+builtPosition+"&m=p0")
	mustContain(t, "after a pass", squeeze(r.body), `<p class="priority"><strong>B holds priority.</strong> <span class="passes">A has passed.</span> <span class="next">If B passes too, Shock resolves.</span>`)
	r = get(t, "/en/play/custom?s="+builtPosition+"&m=p0&m=p1")
	mustContain(t, "after both pass", squeeze(r.body), "All players passed in succession: Shock resolves.", "Shock deals 2 damage to Grizzly Bears.",
		`<span class="outcome-label">State-based action:</span>`, "Grizzly Bears has lethal damage and is destroyed.")
}

// The form pre-fills from an address, with card names in the reader's
// language, so a built position can be changed. No two fields share a name.
func TestBuilderEditsAPosition(t *testing.T) {
	t.Parallel()
	for lang, names := range map[string][2]string{"en": {"Shock", "Grizzly Bears"}, "de": {"Schock", "Grizzlybären"}, "ja": {"ショック", "灰色熊"}} {
		r := get(t, "/"+lang+"/play/new?s="+builtPosition)
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", lang, r.status)
		}
		seen := map[string]bool{}
		for _, m := range regexp.MustCompile(` name="([^"]+)"`).FindAllStringSubmatch(r.body, -1) {
			if seen[m[1]] {
				t.Errorf("%s: two fields named %q", lang, m[1])
			}
			seen[m[1]] = true
		}
		if len(seen) < 60 {
			t.Errorf("%s: only %d field names", lang, len(seen))
		}
		mustContain(t, lang, r.body, `name="h0.0" value="`+names[0]+`"`, `name="h0.0n" value="2"`, `name="b1.0" value="`+names[1]+`"`,
			`name="b1.0d" value="1"`, `name="b0.0t" value="1" checked`, `name="l1" value="14"`, `<option value="b1.0" selected>B: `)
	}
}

// "Update the form" shows the form again with room for more lines and,
// when the position is complete, a link to it.
func TestBuilderUpdate(t *testing.T) {
	t.Parallel()
	q := builderQuery(builderNames["en"])
	q.Del("go")
	q.Set("edit", "1")
	r := get(t, "/en/play/new?"+q.Encode())
	if r.status != http.StatusOK {
		t.Fatalf("%d", r.status)
	}
	mustContain(t, "update", r.body, `<a href="/en/play/custom?s=`+builtPosition+`">The position is complete: open it in the sandbox</a>`,
		`name="b1.1" value=""`, `name="k1" value=""`, `<option value="b1.0" selected>B: Grizzly Bears</option>`)
}

// A form with mistakes comes back (400) naming each, in the reader's language.
func TestBuilderNamesMistakes(t *testing.T) {
	t.Parallel()
	for lang, want := range map[string][]string{
		"en": {"A&#39;s hand, line 1: the card pool has no card named “Shok”.", "B&#39;s battlefield, line 1: Shock is not a permanent card",
			"Life of B: enter a whole number from -99 to 999."},
		"de": {"Hand von A, Zeile 1: Im Kartenpool gibt es keine Karte namens „Shok“.", "Spielfeld von B, Zeile 1: Schock wird keine bleibende Karte",
			"Lebenspunkte von B: Gib eine ganze Zahl von -99 bis 999 ein."},
		"ja": {"Aの手札の1行目：カード・プールに「Shok」という名前のカードはありません。", "Bの戦場の1行目：《ショック》はパーマネント・カードではない",
			"Bのライフ：-99から999までの整数を入力してください。"},
	} {
		q := url.Values{"n": {"2"}, "h0.0": {"Shok"}, "b1.0": {"Shock"}, "l1": {"lots"}, "go": {"1"}}
		r := get(t, "/"+lang+"/play/new?"+q.Encode())
		if r.status != http.StatusBadRequest {
			t.Errorf("%s: %d", lang, r.status)
		}
		mustContain(t, lang, r.body, append(want, `<div class="form-errors" role="alert"`, `name="h0.0" value="Shok" list="cards-all" autocomplete="off" maxlength="60" aria-invalid="true"`)...)
	}
	// Markup typed into a field comes back escaped.
	q := url.Values{"h0.0": {`<script>alert(1)</script>`}, "go": {"1"}}
	if r := get(t, "/en/play/new?"+q.Encode()); r.status != http.StatusBadRequest || strings.Contains(r.body, "<script>alert") {
		t.Errorf("markup: %d", r.status)
	}
	// The stack: an illegal target is refused by the rules.
	q = url.Values{"k0": {"Giant Growth"}, "k0g": {"p1"}, "go": {"1"}}
	r := get(t, "/en/play/new?"+q.Encode())
	mustContain(t, "illegal target", r.body, "Stack, line 1: that target is not legal for it.")
}

// A malformed, tampered or oversized position is a localized 400 that
// names what is wrong and never reflects markup; a position written
// another way than its own redirects to it.
func TestCustomPositionErrors(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]string{
		"/en/play/custom?s=1.0.m1_p20.30_h.nosuchcard_p20.30":                     "Part 3 of the position names a card that is not in the card pool: “nosuchcard”.",
		"/de/play/custom?s=1.0.m1_p20.30_h.nosuchcard_p20.30":                     "Teil 3 der Stellung nennt eine Karte, die es im Kartenpool nicht gibt: „nosuchcard“.",
		"/ja/play/custom?s=1.0.m1_p20.30_h.nosuchcard_p20.30":                     "局面の第3部分に、カード・プールにないカードがあります：「nosuchcard」。",
		"/en/play/custom?s=1.0.m1_p20.30":                                         "A position has 2 to 4 players.",
		"/en/play/custom?s=1.0.m1_p20.30_p20.30_zz":                               "Part 4 of the position (“zz”) cannot be read",
		"/en/play/custom?s=1.0.m1_p20.30_h.shock~16_p20.30":                       "A&#39;s hand: too many (at most 15).",
		"/de/play/custom?s=1.0.m1_p20.30_b.forest.d100_p20.30":                    "Teil 3 der Stellung („b.forest.d100“): Schaden außerhalb des zulässigen Bereichs (höchstens 99).",
		"/en/play/custom?s=1.0.m1_p20.30_p20.30_k.s.giant-growth.0.p1":            "Stack, line 1: that target is not legal for it.",
		"/ja/play/custom?s=1.9.m1_p20.30_p20.30":                                  "ゲーム：アクティブ・プレイヤーがプレイヤーの中にいません。",
		"/en/play/custom?s=" + strings.Repeat("1", 1600):                          "The position in this address is too long: at most 1500 characters.",
		"/en/play/custom?s=" + url.QueryEscape("1.0.m1_p20.30_h.<script>_p20.30"): "“&lt;script&gt;”",
		"/en/play/custom?s=" + builtPosition + "&m=p1":                            "Move 1 (B passes priority) is not allowed: that player does not hold priority.",
		"/en/play/custom?s=" + builtPosition + "&m=zz":                            "Move 1 cannot be read",
	} {
		r := get(t, path)
		if r.status != http.StatusBadRequest {
			t.Errorf("%.60s: %d", path, r.status)
		}
		mustContain(t, path[:min(len(path), 60)], r.body, want)
		if strings.Contains(r.body, "<script>") {
			t.Errorf("%s reflects markup", path)
		}
	}
	r := get(t, "/en/play/custom?s=1.0.m1_p20.30_h.shock.shock_p20.30&m=p0")
	if r.status != http.StatusMovedPermanently || r.header.Get("Location") != "/en/play/custom?s=1.0.m1_p20.30_h.shock~2_p20.30&m=p0" {
		t.Errorf("non-canonical: %d %q", r.status, r.header.Get("Location"))
	}
	if r := get(t, "/en/play/custom"); r.status != http.StatusFound || r.header.Get("Location") != "/en/play/new" {
		t.Errorf("no position: %d %q", r.status, r.header.Get("Location"))
	}
}

// The examples list leads to the builder.
func TestExamplesLinkBuilder(t *testing.T) {
	t.Parallel()
	for lang, label := range map[string]string{"en": "Build your own position", "de": "Eigene Stellung bauen", "ja": "自分で局面を作る"} {
		mustContain(t, lang, get(t, "/"+lang+"/examples").body, `<a class="button" href="/`+lang+`/play/new">`+label+`</a>`)
	}
}

// Alike moves are offered once with their count, for sighted readers and
// screen readers alike.
func TestSandboxGroupsAlikeMoves(t *testing.T) {
	t.Parallel()
	r := get(t, "/en/play/custom?s=1.0.m1_p20.30_b.forest.n3_p20.30")
	mustContain(t, "forests", squeeze(r.body), `A activates the mana ability of Forest <span class="count" aria-hidden="true">×3</span> <span class="visually-hidden">(any one of 3 alike)</span>`)
	if n := strings.Count(r.body, "A activates the mana ability of Forest"); n != 1 {
		t.Errorf("the Forest's move is offered %d times", n)
	}
}

var spaces = regexp.MustCompile(` {2,}`)

// squeeze writes runs of spaces as one, as the browser shows them.
func squeeze(s string) string { return spaces.ReplaceAllString(s, " ") }

// The turn track names every step for screen readers, one after the
// other with the language's separator, never run together.
func TestTrackNamesStaySeparate(t *testing.T) {
	t.Parallel()
	for lang, want := range map[string]string{
		"en": "Beginning phase: Untap step, Upkeep step, Draw step, Precombat main phase: Precombat main phase, Combat phase: Beginning of combat step, ",
		"de": "Startphase: Enttappsegment, Versorgungssegment, Ziehsegment, Erste Hauptphase: Erste Hauptphase, ",
		"ja": "開始フェイズ： アンタップ・ステップ、アップキープ・ステップ、ドロー・ステップ、戦闘前メイン・フェイズ： 戦闘前メイン・フェイズ、",
	} {
		r := get(t, "/"+lang+"/examples/giant-growth-answered-by-shock?step=1")
		i := strings.Index(r.body, `<ol class="track"`)
		j := strings.Index(r.body[i:], `</ol></li></ol>`)
		if i < 0 || j < 0 {
			t.Fatalf("%s: no track", lang)
		}
		if got := html.UnescapeString(stripTags(r.body[i : i+j])); !strings.HasPrefix(got, want) {
			t.Errorf("%s: track reads %q", lang, got)
		}
	}
}
