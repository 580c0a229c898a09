package locales

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/mtgrules/site/locales/msg"
)

func TestEveryLanguageHasEveryMessage(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range msg.All() {
		for _, lang := range Languages {
			if s := c.T(lang, id); s == "" || s == id.String() {
				t.Errorf("%s: %s is empty", lang, id)
			}
		}
	}
}

// The keys of package msg are the English message IDs: keys.go is not
// stale. (Load checks the same; this names the problem in a test.)
func TestKeysAreCurrent(t *testing.T) {
	files, err := filepath.Glob("*.en.toml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no English message files: %v", err)
	}
	var ids []string
	for _, f := range files {
		var m map[string]any
		if _, err := toml.DecodeFile(f, &m); err != nil {
			t.Fatal(err)
		}
		for id := range m {
			ids = append(ids, id)
		}
	}
	if err := KeysMatch(ids); err != nil {
		t.Fatal(err)
	}
	if err := KeysMatch(append(ids, "NoSuchMessage")); err == nil || !strings.Contains(err.Error(), "NoSuchMessage has no key") {
		t.Errorf("a message without a key is not reported: %v", err)
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
