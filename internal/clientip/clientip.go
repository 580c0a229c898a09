// Package clientip says which address a request comes from: the
// connection's, unless the connection comes from a proxy the operator
// trusts; then the right-most address of X-Forwarded-For that is not one
// of the trusted proxies (a client can write anything to the left of
// what its proxy appends, never to the right).
package clientip

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/labstack/echo/v4"
)

// Proxies are the trusted proxies' networks; none means no header is
// believed.
type Proxies []netip.Prefix

// Parse reads a comma-separated list of CIDR networks or single
// addresses ("10.0.0.0/8,2001:db8::1").
func Parse(spec string) (Proxies, error) {
	var ps Proxies
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			a, aerr := netip.ParseAddr(part)
			if aerr != nil {
				return nil, fmt.Errorf("trusted proxies: %q is neither a network (CIDR) nor an address", part)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		ps = append(ps, p.Masked())
	}
	return ps, nil
}

// Trusts reports whether a is one of the proxies.
func (ps Proxies) Trusts(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Extractor is echo's way to read a request's client address with ps:
// the connection's address without proxies, else X-Forwarded-For's
// right-most untrusted hop (echo's own extractor, trusting only ps — not
// its default of every loopback, link-local and private address).
func (ps Proxies) Extractor() echo.IPExtractor {
	if len(ps) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range ps {
		opts = append(opts, echo.TrustIPRange(&net.IPNet{IP: p.Addr().AsSlice(), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())}))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

// Of is the client address of r as extractor reads it, parsed; the
// zero Addr when it is not an address.
func Of(extractor echo.IPExtractor, r *http.Request) netip.Addr {
	a, err := netip.ParseAddr(extractor(r))
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}
