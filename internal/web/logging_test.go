package web

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// A panic, an error after the response was sent and echo's own log lines
// all reach slog; the panic is answered with the localized 500 page.
func TestLogsGoThroughSlog(t *testing.T) {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	defer slog.SetDefault(old)

	e := newServer(t, testLibrary(t))
	e.GET("/en/test-panic", func(echo.Context) error { panic("boom") })
	e.GET("/en/test-late", func(c echo.Context) error {
		if err := c.String(http.StatusOK, "sent"); err != nil {
			return err
		}
		return errors.New("too late")
	})
	r := do(e, "/en/test-panic")
	if r.status != http.StatusInternalServerError || !strings.Contains(r.body, "<h1>") {
		t.Errorf("panic: %d %q", r.status, r.body)
	}
	if r := do(e, "/en/test-late"); r.status != http.StatusOK || r.body != "sent" {
		t.Errorf("late error: %d %q", r.status, r.body)
	}
	e.Logger.Error("echo says hello")
	log := buf.String()
	if n := strings.Count(log, "path=/en/test-panic"); n != 1 {
		t.Errorf("the panic is logged %d times:\n%s", n, log)
	}
	for _, want := range []string{
		`level=ERROR msg=panic method=GET path=/en/test-panic err=boom stack=`,
		`level=ERROR msg="request failed after the response was sent" path=/en/test-late status=200 err="too late"`,
		`level=ERROR msg="echo says hello" from=echo`,
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %s:\n%s", want, log)
		}
	}
}
