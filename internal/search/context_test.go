package search

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestSearchStopsWithItsContext: a search whose context is done returns
// its error instead of a result, and one waiting for a slot while every
// slot is taken gives up when its context ends.
func TestSearchStopsWithItsContext(t *testing.T) {
	ix := fixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := ix.SearchContext(ctx, Query{Text: "priority", Lang: "en"}); !errors.Is(err, context.Canceled) || res != nil {
		t.Errorf("cancelled search: %v, %v; want nil, context.Canceled", res, err)
	}

	for range cap(ix.slots) {
		ix.slots <- struct{}{}
	}
	defer func() {
		for range cap(ix.slots) {
			<-ix.slots
		}
	}()
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	began := time.Now()
	_, err := ix.SearchContext(ctx, Query{Text: "priority", Lang: "en"})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(began) > 2*time.Second {
		t.Errorf("waiting for a slot: %v after %v; want context.DeadlineExceeded after 50 ms", err, time.Since(began))
	}
}
