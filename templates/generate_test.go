package templates

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The committed *_templ.go files must be what the pinned templ generates.
func TestGeneratedFilesAreFresh(t *testing.T) {
	sources, err := filepath.Glob("*.templ")
	if err != nil || len(sources) == 0 {
		t.Fatalf("no templ files: %v", err)
	}
	// The pinned templ, built once (by its first run; go tool -n prints
	// its path) rather than looked up by the go command for every file.
	if out, err := exec.Command("go", "tool", "templ", "version").CombinedOutput(); err != nil {
		t.Fatalf("go tool templ version: %v\n%s", err, out)
	}
	templ, err := exec.Command("go", "tool", "-n", "templ").Output()
	if err != nil {
		t.Fatalf("go tool -n templ: %v", err)
	}
	for _, src := range sources {
		// Generated from the module root, as `go tool templ generate` is run.
		cmd := exec.Command(strings.TrimSpace(string(templ)), "generate", "-stdout", "-f", "templates/"+src)
		cmd.Dir = ".."
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		want, err := cmd.Output()
		if err != nil {
			t.Fatalf("templ generate %s: %v\n%s", src, err, stderr.String())
		}
		gen := strings.TrimSuffix(src, ".templ") + "_templ.go"
		got, err := os.ReadFile(gen)
		if err != nil {
			t.Fatalf("%s: %v (run `go tool templ generate`)", gen, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run `go tool templ generate` and commit the result", gen)
		}
	}
}
