package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/mtgrules/site/internal/fetch"
)

// keepCurrent runs step soon after the start (after firstRetry) and then
// every interval until ctx ends: when it brings a new file, reload
// follows; when it fails, it is tried again after firstRetry, then twice
// as long each time (never longer than the interval), and the rules in
// place keep serving.
func keepCurrent(ctx context.Context, log *slog.Logger, every, firstRetry time.Duration, step func(context.Context) (fetch.Result, error), reload func() error) {
	wait, retry := firstRetry, firstRetry
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		log.Info("looking for a new edition")
		res, err := step(ctx)
		if err != nil {
			log.Warn("new edition check failed; the rules in place keep serving", "err", err, "retry_in", retry)
			wait, retry = retry, min(2*retry, every)
			continue
		}
		wait, retry = every, firstRetry
		if res.Unchanged {
			log.Info("rules are current", "edition", res.Edition)
			continue
		}
		log.Info("new rules file", "file", res.Path, "edition", res.Edition)
		if err := reload(); err != nil {
			log.Error("reload after a new edition failed", "err", err)
		}
	}
}
