package refs

import (
	"strings"
	"testing"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/langs"
)

// finder finds references written with the site's languages' words.
var finder = NewFinder(langs.Default.RefWords())

// found renders Find's result as "span=number" items ("span=a..c" for ranges).
func found(s string) []string {
	var out []string
	for _, r := range finder.Find(s) {
		item := r.Text(s) + "=" + r.Number
		if r.Through != "" {
			item += ".." + r.Through
		}
		out = append(out, item)
	}
	return out
}

func TestFind(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string
	}{
		// English
		{"See rule 704.5a for that.", []string{"rule 704.5a=704.5a"}},
		{"CR 117.3 says the active player gets priority.", []string{"CR 117.3=117.3"}},
		{"CR117.3a is the one you want", []string{"CR117.3a=117.3a"}},
		{"Per 117.3c, you get priority again.", []string{"117.3c=117.3c"}},
		{"rules 704.5a and 704.5b both apply", []string{"rules 704.5a=704.5a", "704.5b=704.5b"}},
		{"Check 117.3a–c for the whole picture.", []string{"117.3a–c=117.3a..117.3c"}},
		{"Check 117.3a-d first.", []string{"117.3a-d=117.3a..117.3d"}},
		{"It's in the Comprehensive Rules 608.2b.", []string{"Comprehensive Rules 608.2b=608.2b"}},
		{"Rule 117 is all about timing.", []string{"Rule 117=117"}},
		{"(see 510.4)", []string{"510.4=510.4"}},
		{"Read 117.3a.", []string{"117.3a=117.3a"}},
		{"R. 704.5a covers that", []string{"R. 704.5a=704.5a"}},
		{"state-based actions (704.3), then triggers (603.3)", []string{"704.3=704.3", "603.3=603.3"}},
		{"The answer is 117.3A.", []string{"117.3A=117.3a"}}, // people type capitals
		{"I have 117 cards in my binder.", nil},
		{"Update to version 1.2 now", nil},
		{"Running version 117.3 of the app", nil},
		{"The booster costs 3.50 € at my store", nil},
		{"paid $104.50 for it", nil},
		{"that was 100.50 € in total", nil},
		{"Tournament on 2019.12.06 in Berlin", nil},
		{"IP 192.168.1.1 is local", nil},
		{"See https://example.com/rules/117.3a for details", nil},
		{"[CR 117.3a](https://rules.example/r/117.3a) already linked", nil},
		{"[url=https://x.example]rule 117.3a[/url] too", nil},
		{"a speed of 120.5 km/h", nil},
		{"file v117.3a.txt", nil},
		// German
		{"Siehe Regel 117.3a.", []string{"Regel 117.3a=117.3a"}},
		{"Laut Regeln 704.5a und 704.5b stirbt die Kreatur.", []string{"Regeln 704.5a=704.5a", "704.5b=704.5b"}},
		{"Nach 117.4 wird das oberste Objekt verrechnet.", []string{"117.4=117.4"}},
		{"Regel 704 regelt zustandsbasierte Aktionen.", []string{"Regel 704=704"}},
		{"Der Booster kostet 4,50 € und die Version 2.1 ist neu.", nil},
		{"Am 06.12.2019 war das Turnier.", nil},
		{"Das steht in den Umfassenden Regeln (CR 510.4).", []string{"CR 510.4=510.4"}},
		// Japanese
		{"総合ルール117.3aを参照。", []string{"総合ルール117.3a=117.3a"}},
		{"117.3a項により優先権を得る。", []string{"117.3a項=117.3a"}},
		{"１１７．３ａを読んでください。", []string{"１１７．３ａ=117.3a"}},
		{"詳しくは704.5a項と704.5b項を見よ。", []string{"704.5a項=704.5a", "704.5b項=704.5b"}},
		{"ルール704は状況起因処理です。", []string{"ルール704=704"}},
		{"価格は500円です。", nil},
		{"バージョン1.2に更新しました。", nil},
		{"2019.12.06の大会", nil},
		{"総合ルール　６０８．２ｂ", []string{"総合ルール　６０８．２ｂ=608.2b"}},
	} {
		got := found(tc.line)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: got %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestFindInvalidUTF8(t *testing.T) {
	s := "rule 117.3a \xff\xfe 704.5a"
	got := found(s)
	if strings.Join(got, "|") != "rule 117.3a=117.3a|704.5a=704.5a" {
		t.Errorf("got %q", got)
	}
}

func TestLinkify(t *testing.T) {
	href := func(r Ref) string { return "https://rules.example/r/" + r.Number }
	post := `See rule 704.5a & <b>CR 117.3</b> [x]`
	for f, want := range map[Format]string{
		HTML:     `See <a href="https://rules.example/r/704.5a">rule 704.5a</a> &amp; &lt;b&gt;<a href="https://rules.example/r/117.3">CR 117.3</a>&lt;/b&gt; [x]`,
		Markdown: `See [rule 704.5a](https://rules.example/r/704.5a) & <b>[CR 117.3](https://rules.example/r/117.3)</b> [x]`,
		BBCode:   `See [url=https://rules.example/r/704.5a]rule 704.5a[/url] & <b>[url=https://rules.example/r/117.3]CR 117.3[/url]</b> [x]`,
	} {
		if got, _ := finder.Linkify(post, f, href); got != want {
			t.Errorf("%s:\n got %s\nwant %s", f, got, want)
		}
	}
	// A post linkified once is not linked again.
	once, _ := finder.Linkify(post, Markdown, href)
	if twice, _ := finder.Linkify(once, Markdown, href); twice != once {
		t.Errorf("markdown relinked:\n%s", twice)
	}
	once, _ = finder.Linkify(post, BBCode, href)
	if twice, _ := finder.Linkify(once, BBCode, href); twice != once {
		t.Errorf("bbcode relinked:\n%s", twice)
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"html": HTML, "MD": Markdown, "markdown": Markdown, "BBCode": BBCode} {
		if f, ok := ParseFormat(in); !ok || f != want {
			t.Errorf("%q: %q %v", in, f, ok)
		}
	}
	if _, ok := ParseFormat("rtf"); ok {
		t.Error("rtf accepted")
	}
}

func FuzzFind(f *testing.F) {
	f.Add("rule 117.3a–c and 総合ルール１１７．３ａ項 3.50 €")
	f.Fuzz(func(t *testing.T, s string) {
		prev := 0
		for _, r := range finder.Find(s) {
			if r.Start < prev || r.End <= r.Start || r.End > len(s) {
				t.Fatalf("bad span %+v in %q", r, s)
			}
			prev = r.End
		}
	})
}

func TestRenumbering2008(t *testing.T) {
	data, err := content.FS.ReadFile("renumbering-2008.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rn, err := ParseRenumbering(data)
	if err != nil {
		t.Fatal(err)
	}
	for old, want := range map[string]Mapping{
		"102":    {Number: "104", Exact: true},
		"102.3b": {Number: "104.3b", Exact: true},
		"102.3e": {Number: "104.3f", Exact: true},
		"102.4c": {Number: "104.4d", Exact: true},
		"102.3z": {Number: "104.3"},
		"420.5a": {Number: "704.5"},
		"408.1":  {Number: "117"},
		"409":    {Number: "601", Exact: true, Also: "602"},
		"409.1":  {Number: "601", Also: "602"},
		"600.4":  {Number: "800.4", Exact: true},
		"314.2":  {Number: "514"},
	} {
		if got, ok := rn.Map(old); !ok || got != want {
			t.Errorf("%s → %+v %v, want %+v", old, got, ok, want)
		}
	}
	if _, ok := rn.Map("999.1"); ok {
		t.Error("999.1 mapped")
	}
	for _, bad := range []string{"102\t104", "102\t10x\tsame", "102\t104\tkept", "102\t104\tsame\n102\t105\tsame", "102.3bb\t104\tsame"} {
		if _, err := ParseRenumbering([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// LinkRefs links only the references it is given: 117.3z, which no rule
// has, stays text (escaped in HTML) while 704.5a becomes a link.
func TestLinkRefsLinksOnlyTheGivenReferences(t *testing.T) {
	post := "CR 117.3z & CR 704.5a"
	found := finder.Find(post)
	if len(found) != 2 || found[0].Number != "117.3z" || found[1].Number != "704.5a" {
		t.Fatalf("found %+v", found)
	}
	got := LinkRefs(post, HTML, found[1:], func(r Ref) string { return "/r/" + r.Number })
	if want := `CR 117.3z &amp; <a href="/r/704.5a">CR 704.5a</a>`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
