package templates

import (
	"unicode/utf8"

	"github.com/mtgrules/site/internal/position"
)

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
	return zoneField(position.BattlefieldKey, i, r, suffix)
}

// zoneField names a field of row r of player i's zone ("h0.1", "g1.0n").
func zoneField(zone string, i, r int, suffix string) string {
	return position.ZoneKey(zone, i, r, suffix)
}

// stackField names a field of stack row r ("k1" and its suffixes).
func stackField(r int, suffix string) string { return position.StackKey(r, suffix) }

// playerField names player i's field with this key ("l0").
func playerField(key string, i int) string { return position.PlayerKey(key, i) }

// compareLabel labels a paragraph of a compared rule page with its
// language's name in itself ("Deutsch"), as the language switcher shows
// it; "" when the page compares nothing.
func compareLabel(p RulePage, code string) string {
	if p.Compare == "" {
		return ""
	}
	for _, l := range p.Switcher {
		if l.Lang == code {
			return l.Label
		}
	}
	return code
}

// maxTitle is the longest <title> tabs and search results show whole.
const maxTitle = 70

// docTitle is a page's <title>: its title and the site's name, or the
// title alone when both would not fit in maxTitle characters.
func docTitle(title, site string) string {
	if full := title + " · " + site; utf8.RuneCountInString(full) <= maxTitle {
		return full
	}
	return title
}
