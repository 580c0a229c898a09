package web

import (
	"github.com/mtgrules/site/internal/pageerr"
	"github.com/mtgrules/site/locales/msg"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"
)

// Per-client limits of the routes that cost real CPU per request:
// search (a query runs on every language's index), linkify (a post of up
// to 20,000 characters) and the sandbox (a game replayed from its moves).
// A reader never comes near them; a script hammering one of them gets 429.
var (
	limitSearch  = limit{rate: 10, burst: 30}
	limitLinkify = limit{rate: 2, burst: 10}
	limitSandbox = limit{rate: 10, burst: 30}
)

type limit struct {
	rate  rate.Limit // requests per second
	burst int
}

// limiter is the middleware enforcing l per client address, answering a
// localized 429 with Retry-After.
func (s *Server) limiter(l limit) echo.MiddlewareFunc {
	if s.Unlimited {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	store := middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
		Rate: l.rate, Burst: l.burst, ExpiresIn: 3 * time.Minute,
	})
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Store:               store,
		IdentifierExtractor: func(c echo.Context) (string, error) { return c.RealIP(), nil },
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			c.Response().Header().Set("Retry-After", "1")
			return pageerr.New(http.StatusTooManyRequests, msg.ErrTooManyRequests)
		},
		ErrorHandler: func(c echo.Context, err error) error { return err },
	})
}
