package diff

import (
	"reflect"
	"strings"
	"testing"
)

// rebuild returns the old and the new text an op list describes.
func rebuild(ops []Op) (a, b string) {
	var x, y strings.Builder
	for _, op := range ops {
		if op.Kind != Insert {
			x.WriteString(op.Text)
		}
		if op.Kind != Delete {
			y.WriteString(op.Text)
		}
	}
	return x.String(), y.String()
}

func TestWords(t *testing.T) {
	cases := []struct {
		a, b string
		want []Op
	}{
		{"same text", "same text", []Op{{Equal, "same text"}}},
		{"", "new", []Op{{Insert, "new"}}},
		{"old", "", []Op{{Delete, "old"}}},
		{"A player may cast a spell.", "A player may cast an instant spell.",
			[]Op{{Equal, "A player may cast "}, {Delete, "a"}, {Insert, "an instant"}, {Equal, " spell."}}},
		{"Untap step, then upkeep.", "Untap step, then draw.",
			[]Op{{Equal, "Untap step, then "}, {Delete, "upkeep"}, {Insert, "draw"}, {Equal, "."}}},
		// A lone space between two changed words joins them.
		{"the red dog runs", "the blue cat runs",
			[]Op{{Equal, "the "}, {Delete, "red dog"}, {Insert, "blue cat"}, {Equal, " runs"}}},
		// Japanese has no spaces: characters are compared one by one.
		{"優先権を得る。", "優先権を渡す。",
			[]Op{{Equal, "優先権を"}, {Delete, "得る"}, {Insert, "渡す"}, {Equal, "。"}}},
	}
	for _, tc := range cases {
		got := Words(tc.a, tc.b)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Words(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
		if a, b := rebuild(got); a != tc.a || b != tc.b {
			t.Errorf("Words(%q, %q) rebuilds %q, %q", tc.a, tc.b, a, b)
		}
	}
}

// A change too big for the table is one deletion and one insertion, and
// still rebuilds both texts.
func TestWordsHugeChange(t *testing.T) {
	var x, y strings.Builder
	for i := range 3000 {
		x.WriteString("a" + strings.Repeat("x", i%7) + " ")
		y.WriteString("b" + strings.Repeat("y", i%5) + " ")
	}
	a, b := "start "+x.String()+"end", "start "+y.String()+"end"
	ops := Words(a, b)
	if ra, rb := rebuild(ops); ra != a || rb != b {
		t.Fatal("huge change does not rebuild")
	}
	if len(ops) != 4 || ops[1].Kind != Delete || ops[2].Kind != Insert {
		t.Errorf("huge change: %d ops", len(ops))
	}
}

func FuzzWords(f *testing.F) {
	f.Add("A player may cast a spell.", "A player may cast an instant spell.")
	f.Add("優先権を得る。", "優先権を渡す。")
	f.Fuzz(func(t *testing.T, a, b string) {
		if ra, rb := rebuild(Words(a, b)); ra != a || rb != b {
			t.Errorf("Words(%q, %q) rebuilds %q, %q", a, b, ra, rb)
		}
	})
}

func BenchmarkWords(b *testing.B) {
	a := strings.Repeat("If a spell or ability would cause a player to draw a card, ", 20)
	c := strings.Replace(a, "draw a card", "draw two cards", 5)
	for b.Loop() {
		Words(a, c)
	}
}
