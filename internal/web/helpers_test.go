package web

import (
	"net/url"
	"os"
	"testing"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/sitetest"
	"github.com/mtgrules/site/internal/sitetest/chromium"
)

// TestMain stops the package's Chromium after the tests.
func TestMain(m *testing.M) { os.Exit(chromium.Run(m)) }

// testLibrary is the embedded library, shared by every test.
func testLibrary(tb testing.TB) *library.Library { return sitetest.Library(tb) }

// testExamples are the embedded worked examples, shared by every test.
func testExamples(tb testing.TB) *examples.Set { return sitetest.Examples(tb) }

func urlEscape(s string) string { return url.PathEscape(s) }
