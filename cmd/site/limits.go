package main

import (
	"flag"
	"log/slog"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
)

// openFiles is how many file descriptors the process may open (Go raises
// the soft limit to the hard one at start).
func openFiles() uint64 {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 1024
	}
	return lim.Cur
}

// defaultMemLimitMB is 90% of the container's memory (cgroup v2
// memory.max) when it has a bound, else 1024 MB.
func defaultMemLimitMB() int {
	data, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 1024
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || n <= 0 { // "max": no bound
		return 1024
	}
	return int(n * 9 / 10 >> 20)
}

// setMemoryLimit sets the runtime's soft memory limit from -mem-limit-mb,
// unless the flag was not given and the environment's GOMEMLIMIT was.
func setMemoryLimit(log *slog.Logger, fs *flag.FlagSet, mb int) {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "mem-limit-mb" })
	if !given && os.Getenv("GOMEMLIMIT") != "" {
		log.Info("memory limit from GOMEMLIMIT", "bytes", debug.SetMemoryLimit(-1))
		return
	}
	if mb <= 0 {
		return
	}
	debug.SetMemoryLimit(int64(mb) << 20)
	log.Info("memory limit", "mb", mb)
}
