package fetch

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// maxRedirects bounds the redirects one request follows.
const maxRedirects = 5

// notPublic are the ranges no fetch connects to besides the loopback,
// private, link-local and multicast ones netip names: "this network",
// carrier-grade NAT, IETF protocol assignments, benchmarking and the
// reserved block.
var notPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
}

// errNotPublic is why a connection was refused.
var errNotPublic = errors.New("not a public address")

// public reports whether a fetch may connect to addr: a global unicast
// address outside every private or reserved range. loopback also allows
// the loopback addresses (tests' httptest servers listen there).
func public(addr netip.Addr, loopback bool) bool {
	addr = addr.Unmap()
	if loopback && addr.IsLoopback() {
		return true
	}
	if !addr.IsGlobalUnicast() || addr.IsPrivate() {
		return false
	}
	for _, p := range notPublic {
		if p.Contains(addr) {
			return false
		}
	}
	return true
}

// newClient is the HTTP client of every fetch. It connects only to public
// addresses, checked on the address actually dialed (after DNS resolution,
// and so for every redirect too); it follows at most maxRedirects
// redirects, only to http and https; it uses no proxy, which would hide
// the destination from that check.
func newClient(loopback bool) *http.Client {
	d := &net.Dialer{
		Timeout: 30 * time.Second,
		Control: func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !public(ap.Addr(), loopback) {
				return fmt.Errorf("refusing to connect to %s: %w", address, errNotPublic)
			}
			return nil
		},
	}
	return &http.Client{
		Transport: &http.Transport{
			DialContext:            d.DialContext,
			ForceAttemptHTTP2:      true,
			TLSHandshakeTimeout:    10 * time.Second,
			ResponseHeaderTimeout:  30 * time.Second,
			MaxResponseHeaderBytes: 64 << 10,
		},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return fmt.Errorf("more than %d redirects", maxRedirects)
			}
			return webURL(req.URL.String())
		},
	}
}
