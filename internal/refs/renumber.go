package refs

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/mtgrules/site/rules"
)

// Renumbering maps rule numbers of an old edition of the rules to today's
// (the 2008 numbering: "102.3e" → "104.3f"). A row may name a top-level
// rule, a rule or a subrule; the deepest row above a number decides.
type Renumbering struct {
	rows  map[string]row
	Names map[string]string // old number → what it was called
}

type row struct {
	now   string // today's number
	carry bool   // the parts below the old number carry over unchanged
	also  string // a second rule the old one was split into, or ""
}

// Mapping is where an old number leads today.
type Mapping struct {
	Number string // today's number
	// Exact is false when the old number itself has no known counterpart
	// and Number is the rule it belongs to today.
	Exact bool
	Also  string // a second rule the old one was split into ("602" for old 409)
}

var (
	oldNumber = regexp.MustCompile(`^[1-9]\d\d(?:\.\d+[a-z]?)?$`)
	newNumber = regexp.MustCompile(`^[1-9]\d\d(?:\.\d+[a-z]?)?(?:\+[1-9]\d\d(?:\.\d+[a-z]?)?)?$`)
)

// ParseRenumbering reads a tab-separated table: old number, today's number
// (or two, "601+602", for a rule split in two), "same" when the parts below
// the old number keep their numbers or "moved" when they do not, and what
// the old rule was called; "#" starts a comment line.
func ParseRenumbering(data []byte) (*Renumbering, error) {
	rn := &Renumbering{rows: map[string]row{}, Names: map[string]string{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 3 || !oldNumber.MatchString(cols[0]) || !newNumber.MatchString(cols[1]) || (cols[2] != "same" && cols[2] != "moved") {
			return nil, fmt.Errorf("renumbering line %d: want \"old<TAB>new<TAB>same|moved<TAB>name\" with rule numbers", n)
		}
		if _, dup := rn.rows[cols[0]]; dup {
			return nil, fmt.Errorf("renumbering line %d: %s mapped twice", n, cols[0])
		}
		now, also, _ := strings.Cut(cols[1], "+")
		rn.rows[cols[0]] = row{now: now, carry: cols[2] == "same", also: also}
		if len(cols) > 3 {
			rn.Names[cols[0]] = cols[3]
		}
	}
	return rn, sc.Err()
}

// Map translates an old canonical number ("102.3b"); ok is false when no
// row lies above it.
func (rn *Renumbering) Map(old string) (m Mapping, ok bool) {
	for p := old; p != ""; p = rules.Parent(p) {
		r, found := rn.rows[p]
		if !found {
			continue
		}
		switch {
		case p == old:
			return Mapping{Number: r.now, Exact: true, Also: r.also}, true
		case r.carry:
			return Mapping{Number: r.now + old[len(p):], Exact: true}, true
		default:
			return Mapping{Number: r.now, Also: r.also}, true
		}
	}
	return Mapping{}, false
}
