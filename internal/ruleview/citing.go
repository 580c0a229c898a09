package ruleview

import (
	"strings"

	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

// citingKey names a list of examples citing a rule in a language.
type citingKey struct{ lang, num string }

// examplesCiting links the examples whose events cite num (or a subrule
// of it), each at its first such step, for the rule pages. The examples
// never change, so each list is made once.
func (s *Pages) examplesCiting(lang, num string) []templates.Link {
	if s.Examples == nil {
		return nil
	}
	key := citingKey{lang, num}
	if links, ok := s.citing.Load(key); ok {
		return links.([]templates.Link)
	}
	links, _ := s.citing.LoadOrStore(key, s.citingLinks(lang, num))
	return links.([]templates.Link)
}

func (s *Pages) citingLinks(lang, num string) []templates.Link {
	var out []templates.Link
	for _, c := range s.Examples.Citing(num) {
		label := c.Example.Title.In(lang)
		if c.Index > 0 {
			label += " · " + strings.TrimSpace(s.Cat.Format(lang, msg.ExampleStepOf, len(c.Example.Snapshots),
				map[string]any{"Step": c.Index + 1, "Count": len(c.Example.Snapshots)}))
		}
		out = append(out, templates.Link{Href: urls.Example(lang, c.Example.Slug, c.Index+1), Label: label})
	}
	return out
}
