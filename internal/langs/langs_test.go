package langs

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mtgrules/site/rules"
)

func TestNegotiate(t *testing.T) {
	for header, want := range map[string]string{
		"": "en", "de-AT,de;q=0.9": "de", "ja-JP": "ja", "fr-FR,fr;q=0.9": "en",
		"fr;q=0.9,ja;q=0.8": "ja", "garbage;;;q=x": "en", "en-GB": "en",
	} {
		if got := Default.Negotiate(header); got != want {
			t.Errorf("Negotiate(%q) = %q, want %q", header, got, want)
		}
	}
}

// A row added with With comes after the table's own; a made-up code is
// never negotiated, a known one is.
func TestWith(t *testing.T) {
	made := Lang{Code: "xx", Name: "Iksa", OGLocale: "xx_XX", DateLayout: "2006-01-02", Comma: ", "}
	known := Lang{Code: "fr", Name: "Français", OGLocale: "fr_FR", DateLayout: "2 January 2006", Comma: ", "}
	tab, err := Default.With(made, known)
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Codes(); !slices.Equal(got, []string{"en", "de", "ja", "xx", "fr"}) {
		t.Errorf("codes %v", got)
	}
	if !tab.Has("xx") || Default.Has("xx") || tab.Get("xx").Name != "Iksa" || tab.Get("zz") != nil || tab.Fallback().Code != "en" {
		t.Error("lookups")
	}
	for header, want := range map[string]string{"xx": "en", "fr-CA,de;q=0.5": "fr", "de": "de"} {
		if got := tab.Negotiate(header); got != want {
			t.Errorf("Negotiate(%q) = %q, want %q", header, got, want)
		}
	}
}

func TestNewRefusesBadRows(t *testing.T) {
	ok := Lang{Code: "xx", Name: "Iksa", OGLocale: "xx_XX", DateLayout: "2006-01-02", Comma: ", "}
	for want, spoil := range map[string]func(*Lang){
		`code "XX"`:                  func(l *Lang) { l.Code = "XX" },
		`code ""`:                    func(l *Lang) { l.Code = "" },
		"xx has no name":             func(l *Lang) { l.Name = "" },
		"xx has no OpenGraph locale": func(l *Lang) { l.OGLocale = "" },
		"xx has no date layout":      func(l *Lang) { l.DateLayout = "" },
		"xx has no comma":            func(l *Lang) { l.Comma = "" },
		"xx has 2 month names":       func(l *Lang) { l.Months = []string{"a", "b"} },
		`xx date: layout "Mon 2.1.2006" has a field other than day, month and year`: func(l *Lang) { l.DateLayout = "Mon 2.1.2006" },
		`xx rule word "r2" is empty or has a digit`:                                 func(l *Lang) { l.RefWords.Before = []string{"regulo", "r2"} },
		`xx rule word " " is empty or has a digit`:                                  func(l *Lang) { l.RefWords.After = []string{" "} },
		`xx date: layout "1/2006" lacks a day, a month or a year`:                   func(l *Lang) { l.RulesWords.Dates = []rules.DateForm{{Layout: "1/2006"}} },
		"en is in the table twice":                                                  func(l *Lang) { l.Code = "en" },
	} {
		row := ok
		spoil(&row)
		if _, err := Default.With(row); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: %v, want %q", row, err, want)
		}
	}
	if _, err := New(); err == nil {
		t.Error("an empty table")
	}
	if _, err := New(ok); err != nil {
		t.Error(err)
	}
}

func TestLongDate(t *testing.T) {
	d := time.Date(2025, time.November, 14, 0, 0, 0, 0, time.UTC)
	for code, want := range map[string]string{"en": "14 November 2025", "de": "14. November 2025", "ja": "2025年11月14日"} {
		if got := Default.Get(code).LongDate(d); got != want {
			t.Errorf("%s: %q, want %q", code, got, want)
		}
	}
	if got := Default.Get("de").LongDate(d.AddDate(0, -8, 0)); got != "14. März 2025" {
		t.Errorf("de: %q", got)
	}
}

func TestQuoteCard(t *testing.T) {
	if got := Default.Get("ja").QuoteCard("ショック"); got != "《ショック》" {
		t.Errorf("ja: %q", got)
	}
	if got := Default.Get("en").QuoteCard("Shock"); got != "Shock" {
		t.Errorf("en: %q", got)
	}
}

// The words of every language's rules files together, in table order,
// with each row's long date form before the forms its files write.
func TestRulesWords(t *testing.T) {
	w := Default.RulesWords()
	var layouts []string
	for _, f := range w.Dates {
		layouts = append(layouts, f.Layout)
	}
	if !slices.Equal(w.Glossary, []string{"Glossary", "Glossar", "用語集"}) ||
		!slices.Equal(w.Example, []string{"Example:", "Beispiel:", "例：", "例:"}) ||
		!slices.Equal(w.Credits, []string{"Credits", "Mitwirkende", "Impressum", "クレジット"}) ||
		!slices.Equal(layouts, []string{"2 January 2006", "January 2, 2006", "2. January 2006", "2. January 2006", "2006年1月2日"}) ||
		w.Dates[3].Months[0] != "Jänner" {
		t.Errorf("%+v", w)
	}
}

// Every long date a row writes reads back as the date it wrote, and so
// do the official files' forms.
func TestLongDatesReadBack(t *testing.T) {
	forms := Default.RulesWords().Dates
	for m := time.January; m <= time.December; m++ {
		d := time.Date(2026, m, 1+int(m)*2, 0, 0, 0, 0, time.UTC)
		for _, code := range Default.Codes() {
			line := "effective as of " + Default.Get(code).LongDate(d) + "."
			if got, ok := rules.ParseEffective(line, forms); !ok || !got.Equal(d) {
				t.Errorf("%s: %q read as %v, %v", code, line, got, ok)
			}
		}
	}
	want := time.Date(2026, time.January, 17, 0, 0, 0, 0, time.UTC)
	for _, line := range []string{"These rules are effective as of January 17, 2026.", "Diese Regeln gelten ab dem 17. Jänner 2026."} {
		if got, ok := rules.ParseEffective(line, forms); !ok || !got.Equal(want) {
			t.Errorf("%q read as %v, %v", line, got, ok)
		}
	}
}

// The words written around rule numbers in every language together, and
// the references they make.
func TestRefWords(t *testing.T) {
	w := Default.RefWords()
	if !slices.Equal(w.Before, []string{"comprehensive rules", "comprehensive rule", "CR", "rules", "rule", "R.", "Regeln", "Regel", "Rl.", "総合ルール", "ルール", "規則"}) ||
		!slices.Equal(w.After, []string{"項"}) {
		t.Errorf("%+v", w)
	}
	for in, want := range map[string]string{"Comprehensive  Rules 117.3a": "117.3a", "Rl. 704.5": "704.5", "規則117": "117", "１１７．３ａ項": "117.3a"} {
		if got, ok := Default.NormalizeRef(in); !ok || got != want {
			t.Errorf("%q: %q, %v; want %q", in, got, ok, want)
		}
	}
	if got, ok := Default.NormalizeRef("regulo 100.1"); ok {
		t.Errorf("regulo 100.1: %q", got)
	}
}
