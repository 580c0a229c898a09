package ratelimit

import (
	"net/netip"
	"runtime"
	"testing"
	"time"
)

// TestBucketPerClient: a client's burst runs out and says when the next
// token comes; another client (and another /64) is not affected, the same
// /64 is.
func TestBucketPerClient(t *testing.T) {
	s := New(2, 3, 100)
	a := netip.MustParseAddr("192.0.2.1")
	for i := range 3 {
		if ok, _ := s.Allow(a); !ok {
			t.Fatalf("request %d refused within the burst", i+1)
		}
	}
	ok, retry := s.Allow(a)
	if ok || retry <= 0 || retry > time.Second/2 {
		t.Errorf("fourth request: %v, retry after %v; want refused, ≤ 0.5 s", ok, retry)
	}
	if ok, _ := s.Allow(netip.MustParseAddr("192.0.2.2")); !ok {
		t.Error("another client refused")
	}
	v6 := netip.MustParseAddr("2001:db8:1:2::1")
	for range 3 {
		s.Allow(v6)
	}
	if ok, _ := s.Allow(netip.MustParseAddr("2001:db8:1:2:ffff::9")); ok {
		t.Error("the same /64 got a fresh bucket")
	}
	if ok, _ := s.Allow(netip.MustParseAddr("2001:db8:1:3::1")); !ok {
		t.Error("another /64 refused")
	}
}

// TestBounded: a million distinct clients leave at most max entries, and
// the heap they leave stays within max × EntryBytes.
func TestBounded(t *testing.T) {
	const max = 10000
	s := New(1, 1, max)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range 1_000_000 {
		s.Allow(netip.AddrFrom4([4]byte{10, byte(i >> 16), byte(i >> 8), byte(i)}))
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if s.Len() != max {
		t.Errorf("%d entries; want %d", s.Len(), max)
	}
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > max*EntryBytes {
		t.Errorf("heap grew %d bytes for %d entries; want ≤ %d", grown, max, max*EntryBytes)
	}
	runtime.KeepAlive(s)
}
