package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// combatQuery is the builder's form with a combat in the declare
// blockers step: Ann (1 {W} and 2 {R} floating) attacks Bo with Grizzly
// Bears and Serra Angel; Bo's Hill Giant blocks the Bears.
func combatQuery(names [3]string) url.Values {
	return url.Values{"n": {"2"}, "t": {"3"}, "a": {"0"}, "st": {"db"}, "nm0": {"Ann"}, "m0w": {"1"}, "m0r": {"2"},
		"b0.0": {names[0]}, "b0.0v": {"1"}, "b0.1": {names[1]}, "b0.1v": {"1"},
		"nm1": {"Bo"}, "b1.0": {names[2]}, "b1.0w": {"0.0"}, "go": {"1"}}
}

const combatPosition = "3.0.db_p20.30.Ann_m.w1.r2_b.grizzly-bears.v1_b.serra-angel.v1_p20.30.Bo_b.hill-giant.b1"

// Mana pools, attackers and blockers, and players' names are built in
// any language into one short address, which opens the combat as
// declared, switches language and fills the form in again.
func TestBuilderCombatManaAndNames(t *testing.T) {
	t.Parallel()
	for lang, names := range map[string][3]string{
		"en": {"Grizzly Bears", "Serra Angel", "Hill Giant"},
		"de": {"Grizzlybären", "Serra-Engel", "Hügelriese"},
		"ja": {"灰色熊", "セラの天使", "丘巨人"},
	} {
		r := get(t, "/"+lang+"/play/new?"+combatQuery(names).Encode())
		if r.status != http.StatusSeeOther || r.header.Get("Location") != "/"+lang+"/play/custom?s="+combatPosition {
			t.Fatalf("%s: %d → %q", lang, r.status, r.header.Get("Location"))
		}
		r = get(t, "/"+lang+"/play/new?s="+combatPosition)
		mustContain(t, lang+" form", r.body, `name="nm0" value="Ann"`, `name="nm1" value="Bo"`, `name="m0w" value="1"`, `name="m0r" value="2"`,
			`name="m0r" value="2" min="0" max="99"`, `<option value="1" selected>Bo</option>`,
			`<option value="0.0" selected>Ann: `+map[string]string{"en": "Grizzly Bears", "de": "Grizzlybären", "ja": "《灰色熊》"}[lang]+`</option>`)
	}
	path := "/en/play/custom?s=" + combatPosition
	r := get(t, path)
	if r.status != http.StatusOK {
		t.Fatalf("%d", r.status)
	}
	text := squeeze(stripTags(r.body))
	mustContain(t, "combat", text, "Ann holds priority.", "Grizzly Bears 2/2 tapped attacking Bo, blocked", "Serra Angel 4/4 attacking Bo",
		"Hill Giant 3/3 blocking Grizzly Bears", "{W}{R}{R}")
	mustContain(t, "combat", r.body, `<a href="/de/play/custom?s=`+combatPosition+`&amp;lang=de"`)
	// A face-down permanent is a 2/2 with no name (708.2a) where its card has morph.
	r = get(t, "/en/play/custom?s=3.0.m1_p20.30_p20.30_b.exalted-angel.f")
	mustContain(t, "face down", squeeze(stripTags(r.body)), "face-down creature (Exalted Angel) 2/2")
	// Written another way (the pool after the permanents), it redirects.
	other := "3.0.db_p20.30.Ann_b.grizzly-bears.v1_b.serra-angel.v1_m.w1.r2_p20.30.Bo_b.hill-giant.b1"
	if r := get(t, "/en/play/custom?s="+other); r.status != http.StatusMovedPermanently || r.header.Get("Location") != path {
		t.Errorf("non-canonical: %d %q", r.status, r.header.Get("Location"))
	}
}

// Mana left in a pool is announced when its player passes (117.3d) and
// empties as the step ends (500.5).
func TestBuiltManaEmptiesAtEndOfStep(t *testing.T) {
	t.Parallel()
	const s = "1.0.m1_p20.30_m.r2_p20.30"
	r := get(t, "/en/play/custom?s="+s+"&m=p0")
	mustContain(t, "pass", squeeze(stripTags(r.body)), "A passes and announces the mana still in their mana pool: {R}{R}.", "{R}{R}")
	r = get(t, "/en/play/custom?s="+s+"&m=p0&m=p1")
	ev := eventsText(t, r.body)
	mustContain(t, "step ends", ev, "All players passed with an empty stack: the step ends.", "Unused mana empties from every mana pool. Rules: 500.5106.4")
	if strings.Contains(squeeze(stripTags(r.body)), "{R}{R}") {
		t.Error("the mana survived the end of the step")
	}
}

// Bad combat or mana in an address or the form is a localized 400
// naming the part or line.
func TestBuilderCombatAndManaErrors(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]string{
		"/en/play/custom?s=1.0.m1_p20.30_m.r100_p20.30":                           "Part 3 of the position (“m.r100”): Mana pool out of range (at most 99).",
		"/de/play/custom?s=1.0.m1_p20.30_m.r100_p20.30":                           "Teil 3 der Stellung („m.r100“): Manavorrat außerhalb des zulässigen Bereichs (höchstens 99).",
		"/en/play/custom?s=3.0.da_p20.30_b.grizzly-bears.s.v1_p20.30":             "Permanent 1: that creature could not have attacked: the creature came under its controller&#39;s control this turn.",
		"/ja/play/custom?s=3.0.da_p20.30_b.grizzly-bears.s.v1_p20.30":             "そのクリーチャーは攻撃できなかったはずです：",
		"/en/play/custom?s=3.0.da_p20.30_b.grizzly-bears.t.v1_p20.30":             "Permanent 1: that creature could not have attacked: that permanent is already tapped.",
		"/en/play/custom?s=3.0.db_p20.30_b.grizzly-bears_p20.30_b.hill-giant.b1":  "Permanent 2: that creature could not have blocked that way: that creature cannot block that way.",
		"/en/play/custom?s=3.0.db_p20.30_b.serra-angel.v1_p20.30_b.hill-giant.b1": "Permanent 2: that creature could not have blocked that way: that creature cannot block that way.",
		"/en/play/custom?s=3.0.m1_p20.30_b.grizzly-bears.v1_p20.30":               "Permanent 1: attacking creatures exist only from the declare attackers step to the combat damage step",
		"/en/play/custom?s=1.0.m1_p20.30_b.grizzly-bears.f_p20.30":                "Permanent 1: only a card with morph can be face down.",
		"/en/play/custom?s=3.0.m1_p20.30.Ann_p20.30.Ann":                          "Part 3 of the position (“p20.30.Ann”): a player&#39;s name has 1 to 12 letters A–Z",
	} {
		r := get(t, path)
		if r.status != http.StatusBadRequest {
			t.Errorf("%s: %d", path, r.status)
		}
		mustContain(t, path, r.body, want)
	}
	q := url.Values{"m0r": {"100"}, "go": {"1"}}
	r := get(t, "/en/play/new?"+q.Encode())
	if r.status != http.StatusBadRequest {
		t.Errorf("form: %d", r.status)
	}
	mustContain(t, "form", r.body, "A&#39;s mana pool · R: enter a whole number from 0 to 99.")
}
