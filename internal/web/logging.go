package web

import (
	"context"
	"log/slog"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// logToSlog sends what echo itself logs through slog, at its level.
func logToSlog(e *echo.Echo) {
	e.Logger.SetHeader("${level}")
	e.Logger.SetOutput(slogWriter{})
}

// slogWriter takes echo's log lines ("ERROR message") to slog.
type slogWriter struct{}

func (slogWriter) Write(p []byte) (int, error) {
	level, text, _ := strings.Cut(strings.TrimSpace(string(p)), " ")
	l := slog.LevelInfo
	switch level {
	case "DEBUG":
		l = slog.LevelDebug
	case "WARN":
		l = slog.LevelWarn
	case "ERROR":
		l = slog.LevelError
	}
	slog.Log(context.Background(), l, text, "from", "echo")
	return len(p), nil
}

// recoverToSlog turns a handler's panic into a 500 and logs it, with its
// stack, through slog.
var recoverToSlog = middleware.RecoverWithConfig(middleware.RecoverConfig{
	LogErrorFunc: func(c echo.Context, err error, stack []byte) error {
		slog.Error("panic", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err, "stack", string(stack))
		return loggedPanic{err}
	},
})

// loggedPanic is a recovered panic, already logged.
type loggedPanic struct{ error }

func (p loggedPanic) Unwrap() error { return p.error }
