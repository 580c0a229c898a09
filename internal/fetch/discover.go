package fetch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// RulesPage is where Wizards of the Coast links the current Comprehensive
// Rules, as a PDF and as the plain-text file the site loads.
const RulesPage = "https://magic.wizards.com/en/rules"

// dated finds the date in a rules file's name ("MagicCompRules 20260417.txt").
var dated = regexp.MustCompile(`(20\d\d)(\d\d)(\d\d)`)

// Discover reads the rules page and returns the address of the newest
// plain-text Comprehensive Rules file it links to.
func Discover(ctx context.Context, page string, client *http.Client) (string, error) {
	base, err := url.Parse(page)
	if err != nil {
		return "", fmt.Errorf("fetch: rules page %q: %w", page, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, page, nil)
	if err != nil {
		return "", fmt.Errorf("fetch: %w", err)
	}
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("fetch: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("fetch: GET %s: %s", page, res.Status)
	}
	best, bestDate := "", ""
	z := html.NewTokenizer(io.LimitReader(res.Body, 8<<20))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		if string(name) != "a" {
			continue
		}
		for hasAttr {
			var k, v []byte
			k, v, hasAttr = z.TagAttr()
			if string(k) != "href" {
				continue
			}
			u, err := base.Parse(strings.TrimSpace(string(v)))
			if err != nil {
				continue
			}
			file, _ := url.PathUnescape(u.Path)
			if !strings.HasSuffix(strings.ToLower(file), ".txt") || !strings.Contains(strings.ToLower(file), "comprules") {
				continue
			}
			date := dated.FindString(file)
			if best == "" || date > bestDate {
				best, bestDate = u.String(), date
			}
		}
	}
	if best == "" {
		return "", fmt.Errorf("fetch: %s links no Comprehensive Rules text file", page)
	}
	return best, nil
}
