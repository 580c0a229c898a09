package locales

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

func TestEveryLanguageHasEveryMessage(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range c.IDs() {
		for _, lang := range Languages {
			if s := c.T(lang, id); s == "" || s == id {
				t.Errorf("%s: %s is empty", lang, id)
			}
		}
	}
}

// usedRe finds message IDs in code: T("X"), T(lang, "X"), errStatus(…, "X"), msgID: "X".
var usedRe = regexp.MustCompile(`(?:\bT\((?:[a-zA-Z.]+, )?|errStatus\([^,]+, |[Ii][Dd]: |Format\([a-z]+, )"([A-Z][A-Za-z0-9_]+)"`)

// Every message the code asks for exists (so in every language, see Load).
func TestEveryUsedMessageExists(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, pattern := range []string{"../templates/*.templ", "../internal/*/*.go", "../cmd/site/*.go"} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	found := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range usedRe.FindAllStringSubmatch(string(data), -1) {
			found++
			if !c.Has(m[1]) {
				t.Errorf("%s uses message %s, which locales lack", f, m[1])
			}
		}
	}
	if found < 20 {
		t.Fatalf("found only %d message uses; is the scanner broken?", found)
	}
}

func TestNegotiate(t *testing.T) {
	for header, want := range map[string]string{
		"": "en", "de-AT,de;q=0.9": "de", "ja-JP": "ja", "fr-FR,fr;q=0.9": "en",
		"fr;q=0.9,ja;q=0.8": "ja", "garbage;;;q=x": "en", "en-GB": "en",
	} {
		if got := Negotiate(header); got != want {
			t.Errorf("Negotiate(%q) = %q, want %q", header, got, want)
		}
	}
}
