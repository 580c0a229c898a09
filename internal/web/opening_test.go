package web

import (
	"html"
	"net/http"
	"strings"
	"testing"
)

// eventsText is the text of a page's "what happened" list, tags removed.
func eventsText(t *testing.T, body string) string {
	t.Helper()
	i := strings.Index(body, `<section class="events">`)
	if i < 0 {
		t.Fatal("no events")
	}
	j := strings.Index(body[i:], `</section>`)
	return squeeze(html.UnescapeString(stripTags(body[i : i+j])))
}

// A built position opens the way the rules reach it: before anyone
// receives priority, the Bears with lethal damage die and B at 0 life
// loses, each with its rule; the game is over before the first move.
func TestBuiltPositionOpensWithStateBasedActions(t *testing.T) {
	t.Parallel()
	const s = "1.0.m1_p20.30_b.grizzly-bears.d2_p0.30"
	for lang, want := range map[string][]string{
		"en": {"Grizzly Bears has lethal damage and is destroyed. Rules: 704.5g", "B loses the game. Rules: 704.5a", "Before anyone receives priority"},
		"de": {"Grizzlybären hat tödlichen Schaden erlitten und wird zerstört. Regeln: 704.5g", "B verliert das Spiel. Regeln: 704.5a", "Bevor jemand Priorität erhält"},
		"ja": {"《灰色熊》は致死ダメージを負っているので、破壊される。 ルール: 704.5g", "Bがゲームに敗北する。 ルール: 704.5a", "誰かが優先権を得る前に"},
	} {
		path := "/" + lang + "/play/custom?s=" + s
		r := get(t, path)
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", path, r.status)
		}
		ev := eventsText(t, r.body)
		mustContain(t, path, ev, want[:2]...)
		if strings.Index(ev, want[0]) > strings.Index(ev, want[1]) {
			t.Errorf("%s: the Bears die after B loses: %s", path, ev)
		}
		mustContain(t, path, squeeze(r.body), want[2])
		if strings.Contains(r.body, "data-undo") || strings.Contains(r.body, `class="move"`) {
			t.Errorf("%s: a finished game offers moves or undo", path)
		}
	}
}

// An Aura attached to nothing is put into its owner's graveyard before
// anyone receives priority (704.5m); then A has priority and can move.
func TestBuiltPositionAuraAttachedToNothing(t *testing.T) {
	t.Parallel()
	r := get(t, "/en/play/custom?s=1.0.m1_p20.30_b.holy-strength_p20.30")
	if r.status != http.StatusOK {
		t.Fatalf("%d", r.status)
	}
	ev := eventsText(t, r.body)
	mustContain(t, "aura", ev, "Rules: 704.5m", "A receives priority. Rules: 117.5")
	mustContain(t, "aura", squeeze(r.body), `<p class="priority"><strong>A holds priority.</strong>`, `>A passes priority </a>`)
}
