package rules

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// EditionLayout is how an edition is named: its effective date.
const EditionLayout = "2006-01-02"

var (
	monthsEN = months("January February March April May June July August September October November December")
	monthsDE = months("Januar Februar März April Mai Juni Juli August September Oktober November Dezember")

	// "November 14, 2025"
	dateEN = regexp.MustCompile(`(?i)\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2}),?\s+(\d{4})\b`)
	// "14. November 2025"
	dateDE = regexp.MustCompile(`(?i)\b(\d{1,2})\.\s*(Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)\s+(\d{4})\b`)
	// "2025年11月14日"
	dateJA = regexp.MustCompile(`(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日`)
	// "2025-11-14"
	dateISO = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})\b`)
)

func months(names string) map[string]time.Month {
	m := map[string]time.Month{}
	for i, n := range strings.Fields(names) {
		m[strings.ToLower(n)] = time.Month(i + 1)
	}
	return m
}

// ParseEffective finds the date in an "effective as of" line: "These rules
// are effective as of November 14, 2025.", "… gelten ab dem 14. November
// 2025.", "2025年11月14日から有効" (full-width digits too) or "2025-11-14".
func ParseEffective(line string) (time.Time, bool) {
	line = FoldWidth(line)
	var y, d int
	var m time.Month
	if g := dateEN.FindStringSubmatch(line); g != nil {
		m, d, y = monthsEN[strings.ToLower(g[1])], atoi(g[2]), atoi(g[3])
	} else if g := dateDE.FindStringSubmatch(line); g != nil {
		name := strings.ToLower(g[2])
		if name == "jänner" {
			name = "januar"
		}
		d, m, y = atoi(g[1]), monthsDE[name], atoi(g[3])
	} else if g := dateJA.FindStringSubmatch(line); g != nil {
		y, m, d = atoi(g[1]), time.Month(atoi(g[2])), atoi(g[3])
	} else if g := dateISO.FindStringSubmatch(line); g != nil {
		y, m, d = atoi(g[1]), time.Month(atoi(g[2])), atoi(g[3])
	} else {
		return time.Time{}, false
	}
	t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d || t.Month() != m || y < 1993 { // no 31 February; Magic began in 1993
		return time.Time{}, false
	}
	return t, true
}

// ParseEdition reads an edition name ("2025-11-14"); ok is false for
// anything else, including impossible dates.
func ParseEdition(id string) (time.Time, bool) {
	if len(id) != len(EditionLayout) {
		return time.Time{}, false
	}
	t, err := time.Parse(EditionLayout, id)
	return t, err == nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
