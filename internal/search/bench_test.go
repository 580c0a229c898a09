package search

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

// benchBooks returns the real three-language content when all of it
// exists, else a synthetic corpus of about the real size (≈2,900 rule
// paragraphs and 700 glossary entries per language) made from the
// fixtures.
func benchBooks(tb testing.TB) (map[string]*rules.Book, string) {
	tb.Helper()
	fx := fixtureBooks(tb)
	if os.Getenv("BENCH_CORPUS") != "synthetic" {
		return fx, "content"
	}
	out := map[string]*rules.Book{}
	for lang, b := range fx {
		out[lang] = synthBook(tb, b)
	}
	return out, "synthetic"
}

var layout = map[string][3]string{ // glossary heading, example prefix, credits heading
	"en": {"Glossary", "Example: ", "Credits"},
	"de": {"Glossar", "Beispiel: ", "Mitwirkende"},
	"ja": {"用語集", "例：", "クレジット"},
}

// synthBook writes every top-level number 100–999 with the subrules of a
// fixture rule (cycled) and 70 copies of the glossary, with a distinct
// made-up word per paragraph so the vocabulary grows as in real text.
func synthBook(tb testing.TB, src *rules.Book) *rules.Book {
	tb.Helper()
	l := layout[src.Lang]
	var tops []*rules.Rule
	for _, r := range src.Rules() {
		if r.Level() == 0 {
			tops = append(tops, r)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n%s\n\n", src.Title, src.Effective)
	word := func(n int) string { return fmt.Sprintf("w%xq", n*7919%100003) }
	para := 0
	var write func(num string, r *rules.Rule)
	write = func(num string, r *rules.Rule) {
		para++
		fmt.Fprintf(&b, "%s %s %s\n\n", num, r.Text, word(para))
		for _, e := range r.Examples {
			fmt.Fprintf(&b, "%s%s\n\n", l[1], e)
		}
		for _, c := range r.Children {
			write(num[:3]+strings.TrimSuffix(c.Number[3:], ".")+suffixDot(c), c)
		}
	}
	section := byte(0)
	for n := 100; n <= 999; n++ {
		if s := byte('0' + n/100); s != section {
			section = s
			fmt.Fprintf(&b, "%c. Section %c\n\n", s, s)
		}
		write(fmt.Sprintf("%d.", n), tops[n%len(tops)])
	}
	fmt.Fprintf(&b, "%s\n\n", l[0])
	for c := 0; c < 70; c++ {
		for _, t := range src.Glossary {
			fmt.Fprintf(&b, "%s %d\n%s %s\n\n", t.Name, c, strings.Join(t.Definition, " "), word(c*100+len(t.Name)))
		}
	}
	fmt.Fprintf(&b, "%s\n", l[2])
	book, err := rules.Parse([]byte(b.String()), "synthetic-"+src.Lang, src.Lang, langs.Default.RulesWords())
	if err != nil {
		tb.Fatal(err)
	}
	return book
}

func suffixDot(r *rules.Rule) string {
	if r.Level() == 1 {
		return "."
	}
	return ""
}

func TestSynthCorpus(t *testing.T) {
	t.Parallel()
	books, kind := benchBooks(t)
	for _, lang := range testLangs {
		t.Logf("%s corpus %s: %d rule paragraphs, %d glossary entries", kind, lang, len(books[lang].Rules()), len(books[lang].Glossary))
	}
}

func benchBuild(b *testing.B, o options) {
	books, kind := benchBooks(b)
	b.Logf("corpus: %s", kind)
	b.ResetTimer()
	for b.Loop() {
		ix, err := build(langs.Default, books, fixtureGlossary(b), o)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		ix.Close()
		b.StartTimer()
	}
}

// BenchmarkBuild indexes the full three-language corpus.
func BenchmarkBuild(b *testing.B) { benchBuild(b, defaultOptions) }

// BenchmarkBuildCompoundAffix indexes with the affix subfield instead of
// the dictionary compound filter (for comparison).
func BenchmarkBuildCompoundAffix(b *testing.B) {
	o := defaultOptions
	o.compound = compoundAffix
	benchBuild(b, o)
}

// BenchmarkBuildUpsidedown indexes with bleve.NewMemOnly (upsidedown and
// gtreap) instead of in-memory scorch.
func BenchmarkBuildUpsidedown(b *testing.B) {
	o := defaultOptions
	o.upsidedown = true
	benchBuild(b, o)
}

// BenchmarkBuildCompoundNone indexes German without compound parts.
func BenchmarkBuildCompoundNone(b *testing.B) {
	o := defaultOptions
	o.compound = compoundNone
	benchBuild(b, o)
}

// benchQueries is the judgment list's queries (all three languages) plus
// a few All-mode (two of them questions) and fuzzy queries.
func benchQueries(b *testing.B) []Query {
	var qs []Query
	for _, j := range loadJudgments(b) {
		qs = append(qs, Query{Text: j.query, Lang: j.lang})
	}
	qs = append(qs,
		Query{Text: "priority", Lang: "ja", All: true},
		Query{Text: "Kampfschaden", Lang: "en", All: true},
		Query{Text: "mana pool", Lang: "de", All: true, Page: 2},
		Query{Text: "creature", Lang: "en", Page: 3},
		Query{Text: "can a player respond to a triggered ability", Lang: "de", All: true},
		Query{Text: "対象が不正になった呪文はどうなる", Lang: "en", All: true, Page: 2},
	)
	return qs
}

// BenchmarkSearch runs a mix of queries in three languages on the full
// corpus and reports the median and 95th percentile per query.
func BenchmarkSearch(b *testing.B) {
	books, kind := benchBooks(b)
	ix, err := Build(langs.Default, books, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	qs := benchQueries(b)
	b.Logf("corpus: %s, %d queries", kind, len(qs))
	durs := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	i := 0
	for b.Loop() {
		q := qs[i%len(qs)]
		i++
		start := time.Now()
		if _, err := ix.Search(q); err != nil {
			b.Fatal(err)
		}
		durs = append(durs, time.Since(start))
	}
	b.StopTimer()
	reportPercentiles(b, durs)
}

func reportPercentiles(b *testing.B, durs []time.Duration) {
	if len(durs) == 0 {
		return
	}
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	b.ReportMetric(float64(durs[len(durs)/2].Nanoseconds()), "p50-ns")
	b.ReportMetric(float64(durs[len(durs)*95/100].Nanoseconds()), "p95-ns")
}

// BenchmarkSearchLang splits the mix by language (and All mode).
func BenchmarkSearchLang(b *testing.B) {
	books, _ := benchBooks(b)
	ix, err := Build(langs.Default, books, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	qs := benchQueries(b)
	for _, name := range []string{"en", "de", "ja", "all"} {
		var sub []Query
		for _, q := range qs {
			if (name == "all") == q.All && (q.All || q.Lang == name) {
				sub = append(sub, q)
			}
		}
		b.Run(name, func(b *testing.B) {
			durs := make([]time.Duration, 0, b.N)
			i := 0
			for b.Loop() {
				start := time.Now()
				if _, err := ix.Search(sub[i%len(sub)]); err != nil {
					b.Fatal(err)
				}
				i++
				durs = append(durs, time.Since(start))
			}
			reportPercentiles(b, durs)
		})
	}
}

// madeUpQuery returns a query of MaxQueryRunes runes of made-up words: for
// English and German, letters in words of 6 to 9 (each allows two typos,
// the dearest fuzzy match); for Japanese, kanji in pairs and triples
// joined by particles.
func madeUpQuery(lang string, seed uint32) string {
	next := func(n uint32) uint32 { // xorshift
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		return seed % n
	}
	var b strings.Builder
	runes := 0
	for runes < MaxQueryRunes {
		if lang == "ja" {
			for range 2 + next(2) {
				b.WriteRune(rune(0x4e00 + next(0x5000)))
				runes++
			}
			b.WriteString([]string{"の", "が", "を", "に", "は"}[next(5)])
			runes++
			continue
		}
		for range 6 + next(4) {
			b.WriteByte(byte('a' + next(26)))
			runes++
		}
		b.WriteByte(' ')
		runes++
	}
	return string([]rune(b.String())[:MaxQueryRunes])
}

// BenchmarkSearchWorstCase searches queries of 200 runes of made-up words
// (see madeUpQuery), in each language and across all three, and reports
// the CPU time per query (all threads, from getrusage) beside the wall
// time.
func BenchmarkSearchWorstCase(b *testing.B) {
	books, kind := benchBooks(b)
	ix, err := Build(langs.Default, books, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	b.Logf("corpus: %s, GOMAXPROCS %d", kind, runtime.GOMAXPROCS(0))
	for _, c := range []struct {
		name string
		lang string
		all  bool
	}{{"en", "en", false}, {"de", "de", false}, {"ja", "ja", false}, {"all", "en", true}} {
		b.Run(c.name, func(b *testing.B) {
			var qs []Query
			for seed := range uint32(16) {
				qs = append(qs, Query{Text: madeUpQuery(c.lang, seed+1), Lang: c.lang, All: c.all})
			}
			durs := make([]time.Duration, 0, b.N)
			cpu0 := cpuTime(b)
			i := 0
			for b.Loop() {
				start := time.Now()
				if _, err := ix.Search(qs[i%len(qs)]); err != nil {
					b.Fatal(err)
				}
				i++
				durs = append(durs, time.Since(start))
			}
			b.ReportMetric(float64((cpuTime(b)-cpu0).Nanoseconds())/float64(i), "cpu-ns/op")
			reportPercentiles(b, durs)
		})
	}
	// 32 clients at once, each sending made-up queries across all
	// languages: the latency a reader sees when the server is busy.
	b.Run("all-32-clients", func(b *testing.B) {
		var (
			mu   sync.Mutex
			durs []time.Duration
			seed atomic.Uint32
		)
		b.SetParallelism((32 + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
		b.RunParallel(func(pb *testing.PB) {
			var mine []time.Duration
			for pb.Next() {
				q := Query{Text: madeUpQuery("en", seed.Add(1)), Lang: "en", All: true}
				start := time.Now()
				if _, err := ix.Search(q); err != nil {
					b.Error(err)
					return
				}
				mine = append(mine, time.Since(start))
			}
			mu.Lock()
			durs = append(durs, mine...)
			mu.Unlock()
		})
		reportPercentiles(b, durs)
		if n := len(durs); n > 0 {
			b.ReportMetric(float64(durs[n*99/100].Nanoseconds()), "p99-ns")
		}
	})
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
