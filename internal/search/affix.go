package search

import "unicode"

// affixMin is the shortest compound part (in letters) that is indexed or
// matched on its own.
const affixMin = 4

// affixFilterName names the token filter of the compound mode
// compoundAffix, which only the tests select (they register it, see
// affix_test.go).
const affixFilterName = "search_affix"

// isWordRune reports whether r belongs to a word.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}
