package rules

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// EditionLayout is how an edition is named: its effective date.
const EditionLayout = "2006-01-02"

// DateForm is a way of writing dates: a layout as time.Format takes it,
// with a day ("2", "02"), a month ("1", "01" or "January") and a year
// ("2006") and nothing else time.Format replaces, and the names of the
// months when they are not English. The same form writes dates (Format)
// and reads them in an effective-date line (ParseEffective).
type DateForm struct {
	Layout string   // "January 2, 2006", "2. January 2006", "2006年1月2日"
	Months []string // the months' names for "January", January first; nil for English
}

// The fields of a layout.
const (
	dateText   = iota // text between the fields
	dateDay           // "2"
	dateDay2          // "02"
	dateMonth         // "1"
	dateMonth2        // "01"
	dateName          // "January"
	dateYear          // "2006"
)

// dateTokens are the fields a layout may have, the longer of two that
// start alike first, as time.Format reads them.
var dateTokens = []dateToken{{"January", dateName}, {"2006", dateYear}, {"01", dateMonth2}, {"02", dateDay2}, {"1", dateMonth}, {"2", dateDay}}

type dateToken struct {
	token string
	field int
}

// datePart is a field of a layout, or the text between two.
type datePart struct {
	field int
	text  string // for dateText
}

func (f DateForm) parts() []datePart {
	var parts []datePart
	text := 0
	for i := 0; i < len(f.Layout); {
		k := slices.IndexFunc(dateTokens, func(t dateToken) bool { return strings.HasPrefix(f.Layout[i:], t.token) })
		if k < 0 {
			i++
			continue
		}
		if text < i {
			parts = append(parts, datePart{text: f.Layout[text:i]})
		}
		parts = append(parts, datePart{field: dateTokens[k].field})
		i += len(dateTokens[k].token)
		text = i
	}
	if text < len(f.Layout) {
		parts = append(parts, datePart{text: f.Layout[text:]})
	}
	return parts
}

func (f DateForm) month(m time.Month) string {
	if f.Months != nil {
		return f.Months[m-1]
	}
	return m.String()
}

// Format writes t in the form: "April 17, 2026", "17. April 2026".
func (f DateForm) Format(t time.Time) string {
	var b strings.Builder
	for _, p := range f.parts() {
		switch p.field {
		case dateText:
			b.WriteString(p.text)
		case dateDay:
			b.WriteString(strconv.Itoa(t.Day()))
		case dateDay2:
			fmt.Fprintf(&b, "%02d", t.Day())
		case dateMonth:
			b.WriteString(strconv.Itoa(int(t.Month())))
		case dateMonth2:
			fmt.Fprintf(&b, "%02d", int(t.Month()))
		case dateName:
			b.WriteString(f.month(t.Month()))
		case dateYear:
			fmt.Fprintf(&b, "%04d", t.Year())
		}
	}
	return b.String()
}

// Check reports what makes the form unusable: month names other than
// twelve, a layout without a day, a month or a year, or with another of
// time.Format's fields.
func (f DateForm) Check() error {
	if f.Months != nil && len(f.Months) != 12 {
		return fmt.Errorf("%d month names, want 12", len(f.Months))
	}
	// Any other field of time.Format's writes this time differently from
	// the field's own text ("Mon" as "Fri", "3" as "9").
	probe := time.Date(2025, time.November, 14, 9, 37, 48, 123456789, time.UTC)
	if (DateForm{Layout: f.Layout}).Format(probe) != probe.Format(f.Layout) {
		return fmt.Errorf("layout %q has a field other than day, month and year", f.Layout)
	}
	has := map[int]bool{}
	for _, p := range f.parts() {
		has[p.field] = true
	}
	if !(has[dateDay] || has[dateDay2]) || !(has[dateMonth] || has[dateMonth2] || has[dateName]) || !has[dateYear] {
		return fmt.Errorf("layout %q lacks a day, a month or a year", f.Layout)
	}
	return nil
}

// pattern reads a date of the form inside a line, leniently: month names
// in any case, any white space where the layout has some, white space
// around its punctuation, and a comma left out ("April 17 2026" for
// "January 2, 2006").
func (f DateForm) pattern() *regexp.Regexp {
	parts := f.parts()
	var b strings.Builder
	b.WriteString(`(?i)`)
	for i, p := range parts {
		if i == 0 && p.field != dateText {
			b.WriteString(`(?:^|` + outside(p.field) + `)`)
		}
		switch p.field {
		case dateText:
			b.WriteString(textPattern(p.text, i == 0 || i == len(parts)-1))
		case dateDay, dateDay2, dateMonth, dateMonth2:
			b.WriteString(`(\d{1,2})`)
		case dateName:
			names := make([]string, 12)
			for m := range names {
				names[m] = regexp.QuoteMeta(f.month(time.Month(m + 1)))
			}
			slices.SortFunc(names, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
			b.WriteString(`(` + strings.Join(names, "|") + `)`)
		case dateYear:
			b.WriteString(`(\d{4})`)
		}
		if i == len(parts)-1 && p.field != dateText {
			b.WriteString(`(?:` + outside(p.field) + `|$)`)
		}
	}
	return regexp.MustCompile(b.String())
}

// outside matches a character that cannot continue a field at an edge of
// the layout: no digit next to a number, no letter next to a month name.
func outside(field int) string {
	if field == dateName {
		return `\PL`
	}
	return `\D`
}

// textPattern matches a layout's text between two fields, or at an edge
// of the layout.
func textPattern(text string, edge bool) string {
	words := strings.Fields(text)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	switch {
	case len(words) == 0 && edge:
		return ""
	case len(words) == 0:
		return `\s+`
	case len(words) == 1 && words[0] == "," && !edge:
		return `(?:\s*,\s*|\s+)`
	}
	return `\s*` + strings.Join(words, `\s+`) + `\s*`
}

// read finds a date of the form in line; ok is false when there is none
// or it is impossible.
func (f DateForm) read(line string) (time.Time, bool) {
	g := f.pattern().FindStringSubmatch(line)
	if g == nil {
		return time.Time{}, false
	}
	var y, d int
	var m time.Month
	k := 1
	for _, p := range f.parts() {
		switch p.field {
		case dateText:
			continue
		case dateDay, dateDay2:
			d = atoi(g[k])
		case dateMonth, dateMonth2:
			m = time.Month(atoi(g[k]))
		case dateName:
			for n := time.January; n <= time.December; n++ {
				if strings.EqualFold(g[k], f.month(n)) {
					m = n
				}
			}
		case dateYear:
			y = atoi(g[k])
		}
		k++
	}
	t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d || t.Month() != m || y < 1993 { // no 31 February; Magic began in 1993
		return time.Time{}, false
	}
	return t, true
}

// isoDate is the form every language's rules may write: "2025-11-14".
var isoDate = DateForm{Layout: EditionLayout}

// ParseEffective finds the date in an "effective as of" line written in
// one of forms or as "2025-11-14": "These rules are effective as of
// November 14, 2025.", "… gelten ab dem 14. November 2025.",
// "2025年11月14日から有効" (full-width digits too). The first form that
// finds a possible date wins; forms Check refuses are skipped.
func ParseEffective(line string, forms []DateForm) (time.Time, bool) {
	line = FoldWidth(line)
	for _, f := range append(slices.Clip(forms), isoDate) {
		if f.Check() != nil {
			continue
		}
		if t, ok := f.read(line); ok {
			return t, true
		}
	}
	return time.Time{}, false
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
