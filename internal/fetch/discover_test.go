package fetch

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestDiscoverFindsTheNewestTextFile(t *testing.T) {
	page := `<html><body>
<a href="https://media.wizards.com/2025/downloads/MagicCompRules%2020251114.txt">TXT (old)</a>
<a href="/2026/downloads/MagicCompRules%2020260417.pdf">PDF</a>
<a href="/2026/downloads/MagicCompRules%2020260417.txt">TXT</a>
<a href="/2026/downloads/MagicTournamentRules%2020260417.txt">Tournament rules</a>
<a href="relative/MagicCompRules 20260206.txt">TXT</a>
</body></html>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/en/rules":
			w.Write([]byte(page))
		case "/empty":
			w.Write([]byte(`<a href="/rules.pdf">PDF</a>`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	got, err := discover(context.Background(), newClient(true), srv.URL+"/en/rules")
	if err != nil || got != srv.URL+"/2026/downloads/MagicCompRules%2020260417.txt" {
		t.Errorf("discover: %q %v", got, err)
	}
	if _, err := discover(context.Background(), newClient(true), srv.URL+"/empty"); err == nil || !strings.Contains(err.Error(), "links no Comprehensive Rules text file") {
		t.Errorf("no link: %v", err)
	}
	if _, err := discover(context.Background(), newClient(true), srv.URL+"/gone"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("404: %v", err)
	}
}
