package rules

import (
	"regexp"
	"strings"
)

// refRe matches a whole reference after folding: an optional label such as
// "CR", "rule", "Regel", "R." or "総合ルール", then a rule number.
var refRe = regexp.MustCompile(`(?i)^(?:(?:comprehensive\s+rules?|cr|rules?|regeln?|r\.|rl\.|総合ルール|ルール|規則)\s*)?(\d{3})(?:\.(\d{1,3})([a-z])?)?\.?(?:項)?$`)

// NormalizeRef turns a rule reference as people write it ("CR 117.3a",
// "rule 117.3A.", "Regel 704.5a", "１１７．３ａ", "117.3a項") into the canonical
// number ("117.3a"). ok is false when s is not a reference.
func NormalizeRef(s string) (number string, ok bool) {
	s = strings.TrimSpace(FoldWidth(s))
	if len(s) > 64 {
		return "", false
	}
	m := refRe.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	number = m[1]
	if m[2] != "" {
		number += "." + strings.TrimLeft(m[2], "0")
		if m[2] != "" && strings.TrimLeft(m[2], "0") == "" {
			return "", false
		}
		number += strings.ToLower(m[3])
	} else if m[3] != "" {
		return "", false
	}
	return number, true
}

// FoldWidth maps full-width ASCII (digits, letters, "．", "　") to their
// half-width forms, as Japanese text often writes rule numbers.
func FoldWidth(s string) string {
	if !strings.ContainsFunc(s, isFullWidth) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\u3000':
			return ' '
		case r >= '！' && r <= '～':
			return r - '！' + '!'
		}
		return r
	}, s)
}

func isFullWidth(r rune) bool { return r == '\u3000' || (r >= '！' && r <= '～') }
