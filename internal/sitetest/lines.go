package sitetest

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// Lines are the lines of a file that are neither empty nor comments
// (starting with #), as the lists under content/ and testdata/ write them.
func Lines(tb testing.TB, name string) []string {
	tb.Helper()
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}
