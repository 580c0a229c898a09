package content_test

import (
	"strings"
	"testing"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/sitetest"
)

// TestJapaneseRulesUsePrintedCardNames fails when content/ja/rules.txt names
// a card 《English name》 although terms/cardnames-ja.tsv records a printed
// Japanese name for it. Rows whose Japanese name equals the English one
// record cards never printed in Japanese, which keep their English name.
func TestJapaneseRulesUsePrintedCardNames(t *testing.T) {
	t.Parallel()
	data, err := content.FS.ReadFile("ja/rules.txt")
	if err != nil {
		t.Fatal(err)
	}
	rules := string(data)
	rows := sitetest.Lines(t, "terms/cardnames-ja.tsv")
	if len(rows) < 20 {
		t.Fatalf("terms/cardnames-ja.tsv has %d rows", len(rows))
	}
	seen := map[string]bool{}
	printed := 0
	for i, l := range rows {
		f := strings.Split(l, "\t")
		if len(f) != 3 || f[0] == "" || f[1] == "" || f[2] == "" {
			t.Errorf("terms/cardnames-ja.tsv row %d: want English name, printed Japanese name, evidence; got %q", i+1, l)
			continue
		}
		if seen[f[0]] {
			t.Errorf("terms/cardnames-ja.tsv: %q listed twice", f[0])
		}
		seen[f[0]] = true
		if f[1] == f[0] {
			continue
		}
		printed++
		if n := strings.Count(rules, "《"+f[0]+"》"); n > 0 {
			t.Errorf("content/ja/rules.txt names 《%s》 %d times; the card is printed in Japanese as 《%s》 (%s)", f[0], n, f[1], f[2])
		}
		if !strings.Contains(rules, "《"+f[1]+"》") {
			t.Errorf("terms/cardnames-ja.tsv: 《%s》 (%s) does not occur in content/ja/rules.txt", f[1], f[0])
		}
	}
	if printed == 0 {
		t.Fatal("terms/cardnames-ja.tsv records no printed Japanese name")
	}
}
