// Package connlimit bounds the connections a listener keeps open, in all
// and per client address. A connection over a limit is accepted, told so
// (503 with Retry-After and Connection: close) and closed, so the client
// gets an answer instead of a hang; running out of file descriptors
// pauses accepting instead of stopping the server.
package connlimit

import (
	"errors"
	"io"
	"net"
	"net/netip"
	"sync"
	"syscall"
	"time"
)

// Listener is a net.Listener with limits.
type Listener struct {
	net.Listener
	// Max bounds the open connections; PerAddr those from one address
	// (IPv6 addresses by their /64). Zero means no bound.
	Max, PerAddr int
	// Exempt names addresses PerAddr does not bound (trusted proxies,
	// which carry many clients' connections).
	Exempt func(netip.Addr) bool
	// Refused is told of each refused connection and accept failure.
	Refused func(reason, client string)

	mu     sync.Mutex
	open   int
	byAddr map[netip.Addr]int
	// draining counts refused connections still being closed politely.
	draining chan struct{}
}

// New limits ln.
func New(ln net.Listener, max, perAddr int) *Listener {
	return &Listener{Listener: ln, Max: max, PerAddr: perAddr, byAddr: map[netip.Addr]int{}, draining: make(chan struct{}, maxDraining)}
}

// Reasons passed to Refused.
const (
	ReasonTotal   = "connections"
	ReasonPerAddr = "connections per address"
	ReasonAccept  = "accept failed"
)

// Accept waits for a connection within the limits. Running out of file
// descriptors (or kernel buffers) is reported and retried after a pause
// growing to a second; only the listener's closing ends it.
func (l *Listener) Accept() (net.Conn, error) {
	var pause time.Duration
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			if !retryable(err) {
				return nil, err
			}
			l.refused(ReasonAccept+": "+err.Error(), "")
			pause = min(max(2*pause, 5*time.Millisecond), time.Second)
			time.Sleep(pause)
			continue
		}
		pause = 0
		addr := key(c.RemoteAddr())
		if reason := l.admit(addr); reason != "" {
			l.refused(reason, addr.String())
			l.refuse(c)
			continue
		}
		return &conn{Conn: c, l: l, addr: addr}, nil
	}
}

// retryable: errors that pass (descriptors or memory run out, a
// connection aborted before it was accepted).
func retryable(err error) bool {
	for _, e := range []error{syscall.EMFILE, syscall.ENFILE, syscall.ENOBUFS, syscall.ENOMEM, syscall.ECONNABORTED, syscall.EINTR} {
		if errors.Is(err, e) {
			return true
		}
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func (l *Listener) refused(reason, client string) {
	if l.Refused != nil {
		l.Refused(reason, client)
	}
}

// key is the address a connection counts against: an IPv6 client's /64.
func key(a net.Addr) netip.Addr {
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}
	}
	ip := ap.Addr().Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.Addr()
	}
	return ip
}

// admit counts a new connection from addr, or says which limit it is over.
func (l *Listener) admit(addr netip.Addr) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.Max > 0 && l.open >= l.Max {
		return ReasonTotal
	}
	if l.PerAddr > 0 && l.byAddr[addr] >= l.PerAddr && (l.Exempt == nil || !l.Exempt(addr)) {
		return ReasonPerAddr
	}
	l.open++
	l.byAddr[addr]++
	return ""
}

func (l *Listener) release(addr netip.Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.byAddr[addr]--; l.byAddr[addr] <= 0 {
		delete(l.byAddr, addr)
	}
}

// Open is the number of open connections.
func (l *Listener) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// Busy is the answer to a refused connection.
const Busy = "HTTP/1.1 503 Service Unavailable\r\n" +
	"Content-Type: text/plain; charset=utf-8\r\n" +
	"Retry-After: 5\r\n" +
	"Cache-Control: no-store\r\n" +
	"Connection: close\r\n" +
	"Content-Length: 36\r\n" +
	"\r\n" +
	"Too many connections; retry later.\r\n"

// maxDraining bounds the refused connections read out at once; beyond
// it they are closed at once.
const maxDraining = 64

// drainFor is how long a refused connection still reads what the client
// sends before it closes: closing with unread bytes would reset it, and
// the client would lose the answer.
const drainFor = 500 * time.Millisecond

// refuse answers c with Busy and closes it.
func (l *Listener) refuse(c net.Conn) {
	c.SetDeadline(time.Now().Add(drainFor))
	if _, err := io.WriteString(c, Busy); err != nil {
		c.Close()
		return
	}
	cw, ok := c.(interface{ CloseWrite() error })
	if !ok {
		c.Close()
		return
	}
	select {
	case l.draining <- struct{}{}:
	default:
		c.Close()
		return
	}
	cw.CloseWrite()
	go func() {
		defer func() { <-l.draining }()
		io.Copy(io.Discard, io.LimitReader(c, 64<<10))
		c.Close()
	}()
}

// conn gives its place back when closed, once.
type conn struct {
	net.Conn
	l    *Listener
	addr netip.Addr
	once sync.Once
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.addr) })
	return err
}

// CloseWrite lets net/http half-close the connection before closing it
// (so a client still sending gets the response, not a reset).
func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// DefaultMax is the bound on open connections for a process allowed
// files descriptors: a quarter of them (at most 1,024) stay for everything
// else, and no more than 10,000 connections are kept.
func DefaultMax(files uint64) int {
	return int(min(files-min(files/4, 1024), 10000))
}
