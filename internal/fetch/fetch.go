// Package fetch downloads an official Comprehensive Rules text file, checks
// that it parses into a complete book, and only then swaps it in for the
// file the site loads, atomically: a reader of the old file never sees a
// half-written one, and a bad download leaves the old file untouched.
package fetch

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/rules"
)

// Options say what to download and where to put it.
type Options struct {
	// URL is the official text file; when empty, the newest text file
	// linked from Page.
	URL  string
	Page string // the official rules page; RulesPage when empty
	// Out is the file to replace, or a directory of editions (as the
	// site's -rules lang=/dir/ loads), which gains the file
	// MagicCompRules-{edition}.txt.
	Out string
	// Langs are the languages a rules file may be in; langs.Default when
	// nil.
	Langs    *langs.Table
	Lang     string // language of the file; the fallback language when empty
	MinRules int    // fewer rules and subrules than this is a broken download; 100 when 0
	MaxBytes int64  // larger bodies are refused; 32 MiB when 0
	// Timeout bounds the whole fetch, from reading the rules page to the
	// file in place; 2 minutes when 0.
	Timeout time.Duration

	// loopback lets the package's tests fetch from httptest servers,
	// which listen on a loopback address; no caller can weaken the guard.
	loopback bool
}

// DefaultTimeout bounds a fetch unless Options say otherwise.
const DefaultTimeout = 2 * time.Minute

// Result describes the file now in place.
type Result struct {
	Path      string // the file written (or left as it was)
	Edition   string // "2025-11-14"
	Rules     int    // rules and subrules
	Terms     int    // glossary entries
	Unchanged bool   // the file in place already had these bytes
}

// Fetch downloads opts.URL (or the newest file linked from opts.Page),
// validates it and swaps it in, all within opts.Timeout. It connects only
// to public addresses (see newClient) and reads at most opts.MaxBytes.
func Fetch(ctx context.Context, opts Options) (Result, error) {
	if opts.Out == "" {
		return Result{}, errors.New("fetch: an output path is needed")
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
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(opts.Timeout, DefaultTimeout))
	defer cancel()
	client := newClient(opts.loopback)
	defer client.CloseIdleConnections()
	if opts.URL == "" {
		found, err := discover(ctx, client, cmp.Or(opts.Page, RulesPage))
		if err != nil {
			return Result{}, err
		}
		opts.URL = found
	}
	data, err := download(ctx, client, opts)
	if err != nil {
		return Result{}, err
	}
	book, err := validate(data, opts, time.Now())
	if err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("fetch: %s: %w", opts.URL, context.Cause(ctx))
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

// webURL refuses an address a fetch does not follow: only http and https.
func webURL(raw string) error {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return err
	case u.Scheme != "http" && u.Scheme != "https" || u.Host == "":
		return fmt.Errorf("%q is not an http or https address", raw)
	}
	return nil
}

// get requests raw with client, which must answer 200.
func get(ctx context.Context, client *http.Client, raw, accept string) (*http.Response, error) {
	if err := webURL(raw); err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	req.Header.Set("Accept", accept)
	res, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	if res.StatusCode != http.StatusOK {
		res.Body.Close()
		return nil, fmt.Errorf("fetch: GET %s: %s", raw, res.Status)
	}
	return res, nil
}

func download(ctx context.Context, client *http.Client, opts Options) ([]byte, error) {
	res, err := get(ctx, client, opts.URL, "text/plain")
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
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
// rules, a glossary, and an effective date to name its edition, no later
// than the day after now (a later one would hide every real edition).
func validate(data []byte, opts Options, now time.Time) (*rules.Book, error) {
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
	case book.Date.After(latestEdition(now)):
		return nil, fmt.Errorf("fetch: %s is effective as of %s, after tomorrow: not a real edition", opts.URL, book.Edition())
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
	if err != nil || !ob.Date.After(book.Date) || ob.Date.After(latestEdition(time.Now())) {
		return nil // a file dated after tomorrow blocks no real edition
	}
	return fmt.Errorf("fetch: the download is the %s edition, older than the %s edition in %s; nothing replaced", book.Edition(), ob.Edition(), path)
}

// latestEdition is the last effective date a real edition can have at
// now: tomorrow (UTC), as a new edition may be published a day before it
// takes effect in a time zone ahead.
func latestEdition(now time.Time) time.Time {
	y, m, d := now.UTC().Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC)
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
