package clientip

import (
	"net/http"
	"net/netip"
	"testing"
)

func TestClientAddress(t *testing.T) {
	proxies, err := Parse("10.0.0.0/8, 2001:db8::1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		proxies Proxies
		remote  string
		xff     []string
		want    string
	}{
		// Without trusted proxies no header counts, however it is written.
		{nil, "192.0.2.1:5000", []string{"203.0.113.9"}, "192.0.2.1"},
		{nil, "127.0.0.1:5000", []string{"203.0.113.9"}, "127.0.0.1"},
		// A trusted proxy: its last untrusted hop, never what the client
		// put to the left of the proxy's own entry.
		{proxies, "10.1.2.3:5000", []string{"198.51.100.7, 203.0.113.9"}, "203.0.113.9"},
		{proxies, "10.1.2.3:5000", []string{"198.51.100.7", "203.0.113.9, 10.0.0.2"}, "203.0.113.9"},
		{proxies, "[2001:db8::1]:5000", []string{"203.0.113.9"}, "203.0.113.9"},
		{proxies, "10.1.2.3:5000", []string{"garbage, 203.0.113.9"}, "203.0.113.9"},
		{proxies, "10.1.2.3:5000", nil, "10.1.2.3"},
		// An untrusted connection's header is ignored, loopback included.
		{proxies, "127.0.0.1:5000", []string{"203.0.113.9"}, "127.0.0.1"},
		{proxies, "192.168.1.1:5000", []string{"203.0.113.9"}, "192.168.1.1"},
	} {
		r := &http.Request{RemoteAddr: c.remote, Header: http.Header{}}
		for _, v := range c.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := Of(c.proxies.Extractor(), r); got.String() != c.want {
			t.Errorf("%v from %s with %q: %s; want %s", c.proxies, c.remote, c.xff, got, c.want)
		}
	}
	if _, err := Parse("10.0.0.0/8,example.com"); err == nil {
		t.Error("Parse accepted a host name")
	}
	if !proxies.Trusts(mustAddr("10.9.9.9")) || proxies.Trusts(mustAddr("11.0.0.1")) || !proxies.Trusts(mustAddr("::ffff:10.0.0.1")) {
		t.Error("Trusts")
	}
}

func mustAddr(s string) netip.Addr { return netip.MustParseAddr(s) }
