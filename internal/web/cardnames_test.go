package web

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var tagOrText = regexp.MustCompile(`<a class="term"[^>]*>([^<]*)</a>|<[^>]*>|[^<]+`)

// linksInNames lists the glossary links of an HTML fragment that fall
// inside one of the names, as "link text in name".
func linksInNames(fragment string, names []string) []string {
	var text strings.Builder
	type span struct {
		start, end int
		text       string
	}
	var links []span
	for _, m := range tagOrText.FindAllStringSubmatchIndex(fragment, -1) {
		switch {
		case m[2] >= 0:
			t := html.UnescapeString(fragment[m[2]:m[3]])
			links = append(links, span{text.Len(), text.Len() + len(t), t})
			text.WriteString(t)
		case fragment[m[0]] != '<':
			text.WriteString(html.UnescapeString(fragment[m[0]:m[1]]))
		}
	}
	plain := strings.ToLower(text.String())
	var out []string
	for _, name := range names {
		n := strings.ToLower(name)
		for i := 0; ; {
			j := strings.Index(plain[i:], n)
			if j < 0 {
				break
			}
			start, end := i+j, i+j+len(n)
			for _, l := range links {
				if l.start < end && l.end > start {
					out = append(out, l.text+" in "+name)
				}
			}
			i = end
		}
	}
	return out
}

// Card names are never glossary-linked: not in any step's narration of
// any worked example, nor in the examples' summaries, in any language
// ("Exalted" in Exalted Angel is no keyword there).
func TestCardNamesNeverLinked(t *testing.T) {
	t.Parallel()
	set := testExamples(t)
	if got := linksInNames(`Cast <a class="term" href="/en/glossary/exalted">Exalted</a> Angel`, []string{"Exalted Angel"}); len(got) != 1 {
		t.Fatalf("the check misses a link inside a name: %v", got)
	}
	for _, lang := range []string{"en", "de", "ja"} {
		names := set.CardTexts.Names(lang)
		r := get(t, "/"+lang+"/examples")
		if bad := linksInNames(r.body, names); len(bad) > 0 {
			t.Errorf("%s examples: %v", lang, bad)
		}
		for _, ex := range set.List {
			for step := 1; step <= len(ex.Snapshots); step++ {
				path := "/" + lang + "/examples/" + ex.Slug + "?step=" + strconv.Itoa(step)
				body := get(t, path).body
				i := strings.Index(body, `<p class="narration-text">`)
				if i < 0 {
					t.Fatalf("%s: no narration", path)
				}
				j := strings.Index(body[i:], "</p>")
				if bad := linksInNames(body[i:i+j], names); len(bad) > 0 {
					t.Errorf("%s: %v", path, bad)
				}
			}
		}
	}
}

// "Removed from the stack" is no obsolete "remove from the game": the
// everyday word is not linked to that entry.
func TestRemovedFromTheStackIsNoObsoleteTerm(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "de"} {
		path := "/" + lang + "/examples/intervening-if-fails?step=10"
		r := get(t, path)
		if !strings.Contains(r.body, `<p class="narration-text">`) || strings.Contains(r.body, "/glossary/remove-from-the-game") || strings.Contains(r.body, "/glossary/aus-dem-spiel-entfernen") {
			t.Errorf("%s links the obsolete entry", path)
		}
	}
}
