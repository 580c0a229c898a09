package web

import (
	"net/url"
	"testing"

	"github.com/mtgrules/site/internal/library"
)

func testLibrary(t testing.TB) *library.Library {
	t.Helper()
	lib, err := library.Load(library.Embedded(nil))
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

func urlEscape(s string) string { return url.PathEscape(s) }
