// Package ratelimit keeps a token bucket per client address, in a store
// bounded in entries (and so in bytes: every entry is an address and a
// bucket, a fixed size whatever the client sends). When it is full, the
// client seen least recently is forgotten.
package ratelimit

import (
	"container/list"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Store is the buckets of one route family.
type Store struct {
	rate  rate.Limit
	burst int
	max   int

	mu     sync.Mutex
	order  *list.List // of *bucket, front: seen most recently
	byAddr map[netip.Addr]*list.Element
}

type bucket struct {
	addr netip.Addr
	lim  *rate.Limiter
}

// EntryBytes is about what one client costs the store: the map slot, the
// list element and the bucket.
const EntryBytes = 400

// New is a store allowing each client r requests a second in bursts of
// burst, remembering at most max clients (max × EntryBytes bytes).
func New(r rate.Limit, burst, max int) *Store {
	return &Store{rate: r, burst: burst, max: max, order: list.New(), byAddr: map[netip.Addr]*list.Element{}}
}

// Key is the address a client is counted by: an IPv6 client by its /64,
// which one subscriber usually holds whole.
func Key(a netip.Addr) netip.Addr {
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.Addr()
	}
	return a
}

// Allow takes a token for the client at a, or says how long until the
// next one.
func (s *Store) Allow(a netip.Addr) (ok bool, retry time.Duration) {
	a = Key(a)
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	var b *bucket
	if el, found := s.byAddr[a]; found {
		s.order.MoveToFront(el)
		b = el.Value.(*bucket)
	} else {
		if s.order.Len() >= s.max {
			old := s.order.Remove(s.order.Back()).(*bucket)
			delete(s.byAddr, old.addr)
		}
		b = &bucket{addr: a, lim: rate.NewLimiter(s.rate, s.burst)}
		s.byAddr[a] = s.order.PushFront(b)
	}
	r := b.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// Len is the number of clients remembered.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.order.Len()
}
