package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/mtgrules/site/internal/moves"
	"github.com/mtgrules/site/internal/position"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/rules/engine"
)

// BenchmarkRulePage serves rule pages through the echo handler, without
// the network: from the response cache, and rendered each time (the
// cache off): the target is ≤ 0.2 ms/op for a typical rule page.
func BenchmarkRulePage(b *testing.B) {
	testServer(b)
	cfg := testConfig(b, testLibrary(b))
	cfg.CacheBytes = 0
	for name, h := range map[string]http.Handler{"cached": handler, "rendered": New(cfg)} {
		for _, path := range []string{"/en/rules/117", "/ja/rules/117.3a", "/de/rules/704?compare=en"} {
			b.Run(name+path, func(b *testing.B) { benchPath(b, h, path) })
		}
	}
}

func benchPath(b *testing.B, h http.Handler, path string) {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("%s: status %d", path, w.Code)
		}
	}
}

// BenchmarkExampleStep renders one step of a worked example and one
// sandbox position (replayed from its moves on every request), without
// the response cache: the target is ≤ 0.5 ms/op for a step.
func BenchmarkExampleStep(b *testing.B) {
	h := uncachedHandler(b)
	set := testExamples(b)
	ex := set.List[0]
	codes := []string{}
	for i := range min(6, len(ex.Steps)) {
		codes = append(codes, moves.Encode(ex.Steps[i].Action))
	}
	b.Run("step", func(b *testing.B) { benchPath(b, h, urls.Example("de", ex.Slug, (len(ex.Snapshots)+1)/2)) })
	b.Run("sandbox", func(b *testing.B) { benchPath(b, h, urls.Play("de", ex.Slug, codes)) })
	b.Run("step-cached", func(b *testing.B) { benchPath(b, handler, urls.Example("de", ex.Slug, (len(ex.Snapshots)+1)/2)) })
}

// BenchmarkBuiltPosition renders a built position after 20 moves
// (decoded, checked, replayed and described on every request), without
// the response cache: the target is ≤ 1 ms/op.
func BenchmarkBuiltPosition(b *testing.B) {
	h := uncachedHandler(b)
	set := testExamples(b)
	setup := "3.0.m1_p20.30_h.shock.lightning-bolt.forest_b.mountain.n2_b.forest_b.grizzly-bears_p20.30_h.giant-growth.shock_b.forest.n2_b.mountain_b.tundra-wolves"
	st, err := position.Decode(setup, set.Cards)
	if err != nil {
		b.Fatal(err)
	}
	s, err := st.Build(set.Cards)
	if err != nil {
		b.Fatal(err)
	}
	var codes []string
	for i := range 20 {
		legal := engine.LegalActions(s)
		if len(legal) == 0 {
			b.Fatalf("no moves after %d", i)
		}
		a := legal[(i*7)%len(legal)]
		codes = append(codes, moves.Encode(a))
		if s, _, err = engine.Apply(s, a); err != nil {
			b.Fatal(err)
		}
	}
	path := "/en/play/custom?s=" + setup
	for _, c := range codes {
		path += "&m=" + url.QueryEscape(c)
	}
	b.Run("20-moves", func(b *testing.B) { benchPath(b, h, path) })
	b.Run("builder", func(b *testing.B) { benchPath(b, h, "/de/play/new?s="+setup) })
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
