package refs

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// Renumbering maps the top-level rule numbers of an old edition of the
// rules to today's ("102" → "104" for the 2008 numbering).
type Renumbering struct {
	tops  map[string]string
	Names map[string]string // old top-level number → what it was called
}

var topNumber = regexp.MustCompile(`^[1-9]\d\d$`)

// ParseRenumbering reads a tab-separated table: old number, new number,
// description; "#" starts a comment line.
func ParseRenumbering(data []byte) (*Renumbering, error) {
	rn := &Renumbering{tops: map[string]string{}, Names: map[string]string{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 2 || !topNumber.MatchString(cols[0]) || !topNumber.MatchString(cols[1]) {
			return nil, fmt.Errorf("renumbering line %d: want \"old<TAB>new<TAB>name\" with three-digit numbers", n)
		}
		if _, dup := rn.tops[cols[0]]; dup {
			return nil, fmt.Errorf("renumbering line %d: %s mapped twice", n, cols[0])
		}
		rn.tops[cols[0]] = cols[1]
		if len(cols) > 2 {
			rn.Names[cols[0]] = cols[2]
		}
	}
	return rn, sc.Err()
}

// Map translates an old canonical number ("102.3b") to today's
// ("104.3b"); ok is false when its top-level rule is not in the table.
func (rn *Renumbering) Map(old string) (string, bool) {
	top, rest, _ := strings.Cut(old, ".")
	nt, ok := rn.tops[top]
	if !ok {
		return "", false
	}
	if rest == "" {
		return nt, true
	}
	return nt + "." + rest, true
}
