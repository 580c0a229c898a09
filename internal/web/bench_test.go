package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/moves"
)

// BenchmarkRulePage serves rule pages through the echo handler, without
// the network: from the response cache, and rendered each time (the
// cache off): the target is ≤ 0.2 ms/op for a typical rule page.
func BenchmarkRulePage(b *testing.B) {
	testServer(b)
	cfg := testConfig(b, testLibrary(b))
	cfg.CacheBytes = -1
	for name, h := range map[string]http.Handler{"cached": handler, "rendered": New(cfg)} {
		for _, path := range []string{"/en/rules/117", "/ja/rules/117.3a", "/de/rules/704?compare=en"} {
			b.Run(name+path, func(b *testing.B) {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				b.ReportAllocs()
				for b.Loop() {
					w := httptest.NewRecorder()
					h.ServeHTTP(w, req)
					if w.Code != http.StatusOK {
						b.Fatalf("status %d", w.Code)
					}
				}
			})
		}
	}
}

// BenchmarkExampleStep renders one step of a worked example and one
// sandbox position (replayed from its moves on every request): the target
// is ≤ 0.5 ms/op for a step.
func BenchmarkExampleStep(b *testing.B) {
	testServer(b)
	set, err := examples.Load(content.FS)
	if err != nil {
		b.Fatal(err)
	}
	ex := set.List[0]
	codes := []string{}
	for i := range min(6, len(ex.Steps)) {
		codes = append(codes, moves.Encode(ex.Steps[i].Action))
	}
	for name, path := range map[string]string{
		"step":    exampleHref("de", ex.Slug, (len(ex.Snapshots)+1)/2),
		"sandbox": playHref("de", ex.Slug, codes),
	} {
		b.Run(name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("Cookie", "lang=de")
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				handler.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("%s: status %d", path, w.Code)
				}
			}
		})
	}
}

// BenchmarkLinkify20KB links a forum post of the largest size accepted (20,000 bytes) full of rule references
// (about 1,100 of them, in three languages' styles) through POST
// /api/linkify: the target is ≤ 20 ms of CPU per post.
func BenchmarkLinkify20KB(b *testing.B) {
	testServer(b)
	var post strings.Builder
	for i := 0; post.Len() < 19_900-120; i++ {
		fmt.Fprintf(&post, "See CR 117.3%c and rule 704.5%c, Regel 510.%d und 総合ルール%d.1項; ", 'a'+i%4, 'a'+i%20, 1+i%4, 100+i%23)
	}
	body, err := json.Marshal(map[string]string{"text": post.String(), "format": "markdown"})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(post.Len()))
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/api/linkify", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %.200s", w.Code, w.Body.String())
		}
	}
}
