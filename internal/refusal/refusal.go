// Package refusal logs what the server refuses — connections over a limit,
// requests over a rate or a concurrency cap — one short line each, with
// the reason and the client's address and nothing the client wrote, at a
// bounded rate: a flood of refusals cannot become a flood of log.
package refusal

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"

	"golang.org/x/time/rate"
)

// Log writes refusals to a slog logger, at most PerSecond lines a second
// (with bursts of Burst); the lines it skips are counted in the next one.
type Log struct {
	log     *slog.Logger
	lim     *rate.Limiter
	skipped atomic.Int64
}

// Lines per second and burst of a Log made by New.
const (
	PerSecond = 5
	Burst     = 20
)

// New is a Log writing to log.
func New(log *slog.Logger) *Log {
	return &Log{log: log, lim: rate.NewLimiter(PerSecond, Burst)}
}

// Refused logs one refusal: why (a short fixed reason such as
// "rate limit" or "connections per address") and the client's address.
// A nil Log logs nothing.
func (l *Log) Refused(reason, client string) {
	if l == nil {
		return
	}
	if !l.lim.Allow() {
		l.skipped.Add(1)
		return
	}
	attrs := []slog.Attr{slog.String("reason", reason), slog.String("client", client)}
	if n := l.skipped.Swap(0); n > 0 {
		attrs = append(attrs, slog.Int64("skipped", n))
	}
	l.log.LogAttrs(context.Background(), slog.LevelWarn, "refused", attrs...)
}

// Writer takes the messages of net/http's server (its ErrorLog: accept
// errors, bad TLS handshakes) to the log at the same bounded rate.
func (l *Log) Writer() *Writer { return &Writer{l} }

// Writer is an io.Writer of one message per Write.
type Writer struct{ l *Log }

// maxMessage bounds a logged server message.
const maxMessage = 200

func (w *Writer) Write(p []byte) (int, error) {
	text := strings.TrimSpace(string(p))
	if len(text) > maxMessage {
		text = text[:maxMessage] + "…"
	}
	if !w.l.lim.Allow() {
		w.l.skipped.Add(1)
		return len(p), nil
	}
	w.l.log.Warn("http server", "message", text, "skipped", w.l.skipped.Swap(0))
	return len(p), nil
}
