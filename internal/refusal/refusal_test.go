package refusal

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestBoundedLines: a thousand refusals at once write Burst lines of
// reason and address; the next line, once the rate allows one, counts the
// lines skipped.
func TestBoundedLines(t *testing.T) {
	var buf bytes.Buffer
	l := New(slog.New(slog.NewTextHandler(&buf, nil)))
	for range 1000 {
		l.Refused("rate limit", "192.0.2.7")
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != Burst {
		t.Fatalf("%d lines for 1000 refusals; want %d", len(lines), Burst)
	}
	if !strings.Contains(lines[0], `msg=refused reason="rate limit" client=192.0.2.7`) {
		t.Errorf("line: %s", lines[0])
	}
	buf.Reset()
	time.Sleep(time.Second / PerSecond) // the next token
	l.Refused("connections per address", "192.0.2.8")
	if want := `reason="connections per address" client=192.0.2.8 skipped=980`; !strings.Contains(buf.String(), want) {
		t.Errorf("next line %q lacks %s", buf.String(), want)
	}
	var none *Log
	none.Refused("rate limit", "192.0.2.9") // must not panic
}
