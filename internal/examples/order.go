package examples

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"strings"
)

// Group is a run of examples in the learning order (examples.tsv), named
// in every language ({lang}/example-groups.json).
type Group struct {
	ID       string
	Name     Text
	Examples []*Example
}

// unlisted is the group of the examples examples.tsv does not list yet:
// they come last, in file-name order (an example added on one branch while
// the order changes on another still shows).
const unlisted = "more"

// order puts s.List in the learning order of examples.tsv and fills
// s.Groups. An example is listed once at most; a listed slug without a
// scenario is passed over (a site may load a part of the examples).
func (s *Set) order(fsys fs.FS, codes []string, fallback string) error {
	data, err := fs.ReadFile(fsys, "examples.tsv")
	if err != nil {
		return err
	}
	var list []*Example
	seen := map[string]bool{}
	byID := map[string]*Group{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, slug, ok := strings.Cut(line, "\t")
		if !ok || id == "" || slug == "" || strings.Contains(slug, "\t") {
			return fmt.Errorf("examples.tsv:%d: want group<TAB>slug", n)
		}
		if seen[slug] {
			return fmt.Errorf("examples.tsv:%d: %s is listed twice", n, slug)
		}
		seen[slug] = true
		ex, ok := s.bySlug[slug]
		if !ok {
			continue
		}
		g := byID[id]
		if g == nil {
			g = &Group{ID: id, Name: newText(fallback)}
			byID[id] = g
			s.Groups = append(s.Groups, g)
		} else if last := s.Groups[len(s.Groups)-1]; last != g {
			return fmt.Errorf("examples.tsv:%d: group %s continues after %s", n, id, last.ID)
		}
		g.Examples = append(g.Examples, ex)
		list = append(list, ex)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	for _, ex := range s.List {
		if !seen[ex.Slug] {
			g := byID[unlisted]
			if g == nil {
				g = &Group{ID: unlisted, Name: newText(fallback)}
				byID[unlisted] = g
				s.Groups = append(s.Groups, g)
			}
			g.Examples = append(g.Examples, ex)
			list = append(list, ex)
		}
	}
	s.List = list
	for _, lang := range codes {
		name := lang + "/example-groups.json"
		var names map[string]string
		if err := readJSON(fsys, name, &names); err != nil {
			return err
		}
		for _, g := range s.Groups {
			if names[g.ID] == "" {
				return fmt.Errorf("%s: no name for the group %s", name, g.ID)
			}
			g.Name.ByLang[lang] = names[g.ID]
		}
	}
	return nil
}
