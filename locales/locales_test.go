package locales

import (
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/locales/msg"
)

func TestEveryLanguageHasEveryMessage(t *testing.T) {
	c, err := Load(langs.Default, Files)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range msg.All() {
		for _, lang := range langs.Default.Codes() {
			if s := c.T(lang, id); s == "" || s == id.String() {
				t.Errorf("%s: %s is empty", lang, id)
			}
		}
	}
}

// Load refuses message files whose IDs are not package msg's keys, so a
// stale locales/msg/keys.go fails every test; KeysMatch names the problem.
func TestKeysAreCurrent(t *testing.T) {
	if _, err := Load(langs.Default, Files); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range msg.All() {
		ids = append(ids, k.String())
	}
	if err := KeysMatch(append(ids, "NoSuchMessage")); err == nil || !strings.Contains(err.Error(), "NoSuchMessage has no key") {
		t.Errorf("a message without a key is not reported: %v", err)
	}
	if err := KeysMatch(ids[1:]); err == nil || !strings.Contains(err.Error(), ids[0]+" is a key but no message") {
		t.Errorf("a key without a message is not reported: %v", err)
	}
}
