package templates

import "strconv"

// ogTypeOrWebsite is a page's og:type, "website" unless it says otherwise.
func ogTypeOrWebsite(t string) string {
	if t == "" {
		return "website"
	}
	return t
}

// builderField names a field of battlefield row r of player i in the
// position builder ("b0.2" and its suffixes).
func builderField(i, r int, suffix string) string {
	return "b" + strconv.Itoa(i) + "." + strconv.Itoa(r) + suffix
}
