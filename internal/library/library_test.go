package library

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/site/rules"
)

func numbers(b *rules.Book) []string {
	var out []string
	for _, r := range b.Rules() {
		out = append(out, r.Number)
	}
	return out
}

// TestSameRuleNumbersInEveryLanguage proves our three texts are aligned.
func TestSameRuleNumbersInEveryLanguage(t *testing.T) {
	lib, err := Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	en := numbers(lib.Books["en"])
	for _, lang := range []string{"de", "ja"} {
		if got := numbers(lib.Books[lang]); !slices.Equal(got, en) {
			t.Errorf("%s has %d rules, en %d; first difference near %v", lang, len(got), len(en), firstDiff(got, en))
		}
	}
	// The coverage the reference promises.
	for _, num := range []string{"100.1", "103.8", "104.3b", "106.4", "110.1", "113.1", "116.2a", "117.1a", "117.3a", "117.3b", "117.3c", "117.3d", "117.4", "117.5", "117.7",
		"500.1", "502.1", "503.1", "504.1", "505.1", "506.1", "507.1", "508.1", "509.1", "510.4", "511.1", "512.1", "513.1", "514.3a",
		"601.2a", "602.2", "603.3b", "604.1", "605.3", "606.1", "607.1", "608.2b", "704.3", "704.5a", "800.4a"} {
		if _, ok := lib.Books["en"].Rule(num); !ok {
			t.Errorf("rule %s missing", num)
		}
	}
	for lang, b := range lib.Books {
		if len(b.Glossary) < 40 {
			t.Errorf("%s glossary has %d terms", lang, len(b.Glossary))
		}
	}
}

func firstDiff(a, b []string) []string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return []string{a[i], b[i]}
		}
	}
	return nil
}

func TestOverridesAndErrors(t *testing.T) {
	o, err := ParseOverrides("en=/a.txt, de=/b.txt")
	if err != nil || o["en"] != "/a.txt" || o["de"] != "/b.txt" {
		t.Fatalf("%v %v", o, err)
	}
	for _, bad := range []string{"en", "xx=/a", "en=/a,en=/b", "en="} {
		if _, err := ParseOverrides(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.txt")
	if err := os.WriteFile(broken, []byte("Title\n\n100.1. A rule before any section.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Load(Overrides{"de": broken})
	if err == nil || !strings.Contains(err.Error(), broken+":3") {
		t.Errorf("broken file: %v", err)
	}
	_, err = Load(Overrides{"ja": filepath.Join(dir, "missing.txt")})
	if err == nil || !strings.Contains(err.Error(), "missing.txt") {
		t.Errorf("missing file: %v", err)
	}
}
