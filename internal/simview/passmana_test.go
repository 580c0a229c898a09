package simview

import (
	"testing"

	"github.com/mtgrules/site/rules/engine"
)

// passText is the text of the pass event of snapshot i.
func passText(t *testing.T, v View, snaps []engine.Snapshot, i int) string {
	t.Helper()
	evs := v.Events(&snaps[i-1].State, &snaps[i].State, snaps[i].Events)
	for j, e := range snaps[i].Events {
		if e.Kind == engine.EvPass {
			return evs[j].Text
		}
	}
	t.Fatalf("snapshot %d has no pass", i)
	return ""
}

// A player who passes with mana in their pool announces it (117.3d);
// with an empty pool the pass is just a pass.
func TestPassAnnouncesManaInPool(t *testing.T) {
	t.Parallel()
	set := exampleSet(t)
	snaps := snapshots(t, set, "mana-abilities-while-casting")
	for lang, want := range map[string][2]string{
		"en": {"A passes and announces the mana still in their mana pool: {C}.", "B passes."},
		"de": {"A passt und sagt das Mana an, das noch im eigenen Manavorrat ist: {C}.", "B passt."},
		"ja": {"Aがパスし、マナ・プールに残っているマナを宣言する：{C}。", "Bがパスする。"},
	} {
		v := View{Cat: testCatalog(t), Cards: set.CardTexts, Lang: lang}
		if got := passText(t, v, snaps, 3); got != want[0] {
			t.Errorf("%s: %q", lang, got)
		}
		if got := passText(t, v, snaps, 4); got != want[1] {
			t.Errorf("%s: %q", lang, got)
		}
	}
}
