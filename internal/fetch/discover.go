package fetch

import (
	"context"
	"errors"
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

// maxPageBytes bounds what is read of the rules page.
const maxPageBytes = 8 << 20

// discover reads the rules page and returns the address of the newest
// plain-text Comprehensive Rules file it links to.
func discover(ctx context.Context, client *http.Client, page string) (string, error) {
	res, err := get(ctx, client, page, "text/html")
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	base := res.Request.URL // links are relative to where redirects led
	best, bestDate := "", ""
	z := html.NewTokenizer(io.LimitReader(res.Body, maxPageBytes))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if err := z.Err(); !errors.Is(err, io.EOF) {
				return "", fmt.Errorf("fetch: GET %s: %w", page, err)
			}
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
