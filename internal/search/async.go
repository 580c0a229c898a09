package search

import (
	"runtime/debug"
	"sync"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

// Pending is an index being built in the background, so a server with
// the full official rules in three languages (seconds of indexing) can
// answer rule pages at once and search as soon as the index is ready.
type Pending struct {
	done    chan struct{}
	start   func()
	started sync.Once
	once    sync.Once
	ix      *Index
	err     error
}

// BuildLater returns an index whose build in the background begins with
// Start, so a server can finish starting before indexing takes the CPU.
func BuildLater(t *langs.Table, books map[string]*rules.Book, g Glossary) *Pending {
	p := &Pending{done: make(chan struct{})}
	p.start = func() {
		go func() {
			p.ix, p.err = Build(t, books, g)
			// Indexing takes several times the memory the index keeps:
			// hand it back before the index counts as ready.
			debug.FreeOSMemory()
			close(p.done)
		}()
	}
	return p
}

// Start begins the build; later calls do nothing.
func (p *Pending) Start() { p.started.Do(p.start) }

// Ready wraps an index that is already built.
func Ready(ix *Index) *Pending {
	p := &Pending{done: make(chan struct{}), start: func() {}, ix: ix}
	close(p.done)
	return p
}

// Index returns the index and true once the build has finished (ix is nil
// when it failed; Err says why), or nil and false while it runs.
func (p *Pending) Index() (*Index, bool) {
	select {
	case <-p.done:
		return p.ix, true
	default:
		return nil, false
	}
}

// Wait blocks until the build has finished and returns its result.
func (p *Pending) Wait() (*Index, error) {
	<-p.done
	return p.ix, p.err
}

// Close waits for the build and releases the index.
func (p *Pending) Close() error {
	var err error
	p.once.Do(func() {
		if ix, _ := p.Wait(); ix != nil {
			err = ix.Close()
		}
	})
	return err
}
