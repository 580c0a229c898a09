package main

import (
	"flag"
	"io"
	"log/slog"
	"runtime/debug"
	"testing"
)

// TestMemoryLimit: -mem-limit-mb sets the runtime's soft memory limit;
// without the flag its default does, unless GOMEMLIMIT is in the
// environment (the runtime read it at start); 0 leaves the limit alone.
func TestMemoryLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	set := func(args ...string) int64 {
		fs := flag.NewFlagSet("site", flag.ContinueOnError)
		mb := fs.Int("mem-limit-mb", 1024, "")
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		setMemoryLimit(log, fs, *mb)
		return debug.SetMemoryLimit(-1)
	}
	if got := set("-mem-limit-mb", "300"); got != 300<<20 {
		t.Errorf("-mem-limit-mb 300: limit %d", got)
	}
	t.Setenv("GOMEMLIMIT", "")
	if got := set(); got != 1024<<20 {
		t.Errorf("default: limit %d; want 1 GiB", got)
	}
	debug.SetMemoryLimit(200 << 20) // as the runtime does with GOMEMLIMIT=200MiB
	t.Setenv("GOMEMLIMIT", "200MiB")
	if got := set(); got != 200<<20 {
		t.Errorf("GOMEMLIMIT without the flag: limit %d", got)
	}
	if got := set("-mem-limit-mb", "0"); got != 200<<20 {
		t.Errorf("-mem-limit-mb 0 changed the limit to %d", got)
	}
}
