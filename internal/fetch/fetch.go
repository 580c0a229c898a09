// Package fetch downloads an official Comprehensive Rules text file, checks
// that it parses into a complete book, and only then swaps it in for the
// file the site loads, atomically: a reader of the old file never sees a
// half-written one, and a bad download leaves the old file untouched.
package fetch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

// Options say what to download and where to put it.
type Options struct {
	URL string // the official text file
	// Out is the file to replace, or a directory of editions (as the
	// site's -rules lang=/dir/ loads), which gains the file
	// MagicCompRules-{edition}.txt.
	Out string
	// Langs are the languages a rules file may be in; langs.Default when
	// nil.
	Langs    *langs.Table
	Lang     string       // language of the file; the fallback language when empty
	MinRules int          // fewer rules and subrules than this is a broken download; 100 when 0
	MaxBytes int64        // larger bodies are refused; 32 MiB when 0
	Client   *http.Client // http.DefaultClient when nil
}

// Result describes the file now in place.
type Result struct {
	Path      string // the file written (or left as it was)
	Edition   string // "2025-11-14"
	Rules     int    // rules and subrules
	Terms     int    // glossary entries
	Unchanged bool   // the file in place already had these bytes
}

// Fetch downloads opts.URL, validates it and swaps it in.
func Fetch(ctx context.Context, opts Options) (Result, error) {
	if opts.URL == "" || opts.Out == "" {
		return Result{}, errors.New("fetch: both a URL and an output path are needed")
	}
	if opts.Langs == nil {
		opts.Langs = langs.Default
	}
	if opts.Lang == "" {
		opts.Lang = opts.Langs.Fallback().Code
	}
	if opts.MinRules == 0 {
		opts.MinRules = 100
	}
	if opts.MaxBytes == 0 {
		opts.MaxBytes = 32 << 20
	}
	data, err := download(ctx, opts)
	if err != nil {
		return Result{}, err
	}
	book, err := validate(data, opts)
	if err != nil {
		return Result{}, err
	}
	res := Result{Path: opts.Out, Edition: book.Edition(), Rules: len(book.Rules()), Terms: len(book.Glossary)}
	if fi, err := os.Stat(opts.Out); err == nil && fi.IsDir() {
		res.Path = filepath.Join(opts.Out, "MagicCompRules-"+book.Edition()+".txt")
	} else if err := notOlder(res.Path, book, opts); err != nil {
		return Result{}, err
	}
	if old, err := os.ReadFile(res.Path); err == nil && bytes.Equal(old, data) {
		res.Unchanged = true
		return res, nil
	}
	return res, replace(res.Path, data)
}

func download(ctx context.Context, opts Options) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, opts.URL, nil)
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	req.Header.Set("Accept", "text/plain")
	client := opts.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetch: GET %s: %s", opts.URL, res.Status)
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, opts.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("fetch: GET %s: %w", opts.URL, err)
	}
	if int64(len(data)) > opts.MaxBytes {
		return nil, fmt.Errorf("fetch: GET %s: the file is larger than %d bytes", opts.URL, opts.MaxBytes)
	}
	return data, nil
}

// validate parses the download and checks that it is a whole book: enough
// rules, a glossary, and an effective date to name its edition.
func validate(data []byte, opts Options) (*rules.Book, error) {
	book, err := rules.Parse(data, opts.URL, opts.Lang, opts.Langs.RulesWords())
	if err != nil {
		return nil, fmt.Errorf("fetch: the download is not a rules file: %w", err)
	}
	switch {
	case len(book.Rules()) < opts.MinRules:
		return nil, fmt.Errorf("fetch: %s has %d rules, fewer than %d: a truncated or wrong file", opts.URL, len(book.Rules()), opts.MinRules)
	case book.Complete() != nil:
		return nil, fmt.Errorf("fetch: %s: %w", opts.URL, book.Complete())
	case book.Date.IsZero():
		return nil, fmt.Errorf("fetch: %s has no effective date", opts.URL)
	}
	return book, nil
}

// notOlder refuses to replace a file with an older edition of the rules.
func notOlder(path string, book *rules.Book, opts Options) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return nil // nothing readable in place; anything valid is better
	}
	ob, err := rules.Parse(old, path, opts.Lang, opts.Langs.RulesWords())
	if err != nil || !ob.Date.After(book.Date) {
		return nil
	}
	return fmt.Errorf("fetch: the download is the %s edition, older than the %s edition in %s; nothing replaced", book.Edition(), ob.Edition(), path)
}

// replace writes data to a temporary file beside path and renames it over
// path, so the swap is atomic. The new file keeps the old one's mode.
func replace(path string, data []byte) (err error) {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("fetch: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("fetch: %w", err)
	}
	if err = tmp.Chmod(mode); err != nil {
		return fmt.Errorf("fetch: %w", err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("fetch: %w", err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("fetch: %w", err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("fetch: %w", err)
	}
	return nil
}
