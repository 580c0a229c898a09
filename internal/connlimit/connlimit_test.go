package connlimit

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"
)

// serve accepts on a limited loopback listener and keeps every accepted
// connection open until its client closes it or the test ends.
func serve(t *testing.T, max, perAddr int, exempt func(netip.Addr) bool) (*Listener, *[]string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := New(ln, max, perAddr)
	l.Exempt = exempt
	var mu sync.Mutex
	var refused []string
	l.Refused = func(reason, client string) {
		mu.Lock()
		defer mu.Unlock()
		refused = append(refused, reason+" "+client)
	}
	var conns []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			go func() { io.Copy(io.Discard, c); c.Close() }() // closed when the client closes
		}
	}()
	t.Cleanup(func() {
		l.Close()
		<-done
		for _, c := range conns {
			c.Close()
		}
	})
	return l, &refused
}

func dial(t *testing.T, l *Listener) net.Conn {
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// answer is what the server sends on c within a second: a refusal's
// response, or nothing on a connection that was accepted.
func answer(t *testing.T, c net.Conn) *http.Response {
	c.SetReadDeadline(time.Now().Add(time.Second))
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return nil
	}
	return res
}

func waitOpen(t *testing.T, l *Listener, n int) {
	for deadline := time.Now().Add(5 * time.Second); l.Open() != n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d open connections; want %d", l.Open(), n)
		}
	}
}

// TestPerAddress: the third connection from one address while two are
// open is answered 503 with Retry-After and Connection: close and closed;
// once one of the two closes, the next is accepted.
func TestPerAddress(t *testing.T) {
	l, refused := serve(t, 0, 2, nil)
	a, _ := dial(t, l), dial(t, l)
	waitOpen(t, l, 2)
	c := dial(t, l)
	c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")) // sent before the refusal: still answered
	res := answer(t, c)
	if res == nil {
		t.Fatal("third connection: no answer")
	}
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 503 || res.Header.Get("Retry-After") != "5" || !res.Close || !strings.Contains(string(body), "Too many connections") {
		t.Errorf("refusal: %d, Retry-After %q, close %v, %q", res.StatusCode, res.Header.Get("Retry-After"), res.Close, body)
	}
	if got := (*refused); len(got) != 1 || got[0] != ReasonPerAddr+" 127.0.0.1" {
		t.Errorf("refusals reported: %q", got)
	}
	a.Close()
	waitOpen(t, l, 1)
	if res := answer(t, dial(t, l)); res != nil {
		t.Errorf("after one closed: refused with %d", res.StatusCode)
	}
	waitOpen(t, l, 2)
}

// TestTotalAndExempt: an exempt address (a trusted proxy) is not bound
// per address, but the total bound holds for it too.
func TestTotalAndExempt(t *testing.T) {
	l, _ := serve(t, 3, 1, func(a netip.Addr) bool { return a.IsLoopback() })
	for range 3 {
		dial(t, l)
	}
	waitOpen(t, l, 3)
	if res := answer(t, dial(t, l)); res == nil || res.StatusCode != 503 {
		t.Errorf("fourth connection over the total: %v; want 503", res)
	}
}

func TestDefaultMax(t *testing.T) {
	for files, want := range map[uint64]int{256: 192, 1024: 768, 4096: 3072, 8192: 7168, 1 << 20: 10000} {
		if got := DefaultMax(files); got != want {
			t.Errorf("DefaultMax(%d) = %d; want %d", files, got, want)
		}
	}
}
