// Command site serves the rules reference: rule texts in English, German and
// Japanese, embedded by default, or official files named with -rules.
//
// "site fetch -url URL -out PATH" downloads the newest official rules file,
// checks it, and swaps it in for the file at PATH; SIGHUP makes a running
// site load its rules files again, keeping the old ones on any error.
// "site health" asks a running site whether it is ready (for containers).
// "site check", "site sources" and "site stale" keep the texts current
// (see texts.go).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/clientip"
	"github.com/mtgrules/site/internal/connlimit"
	"github.com/mtgrules/site/internal/edge"
	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/fetch"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/refusal"
	"github.com/mtgrules/site/internal/reload"
	"github.com/mtgrules/site/internal/web"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/static"
)

func main() {
	var err error
	switch {
	case len(os.Args) > 1 && os.Args[1] == "fetch":
		err = runFetch(os.Args[2:])
	case len(os.Args) > 1 && os.Args[1] == "health":
		err = runHealth(os.Args[2:])
	case len(os.Args) > 1 && os.Args[1] == "check":
		err = runCheck(os.Args[2:])
	case len(os.Args) > 1 && os.Args[1] == "sources":
		err = runSources(os.Args[2:])
	case len(os.Args) > 1 && os.Args[1] == "stale":
		err = runStale(os.Args[2:], os.Stdout)
	default:
		err = run(os.Args[1:])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "site:", err)
		os.Exit(1)
	}
}

// runHealth asks a running site whether it is ready: the container's
// health check, in an image with no shell or curl.
func runHealth(args []string) error {
	fs := flag.NewFlagSet("site health", flag.ContinueOnError)
	url := fs.String("url", "http://127.0.0.1:8080/readyz", "the readiness URL to ask")
	if err := fs.Parse(args); err != nil {
		return err
	}
	client := http.Client{Timeout: 3 * time.Second}
	res, err := client.Get(*url)
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", *url, res.Status)
	}
	return nil
}

// runFetch downloads, validates and swaps in an official rules file.
func runFetch(args []string) error {
	fs := flag.NewFlagSet("site fetch", flag.ContinueOnError)
	url := fs.String("url", os.Getenv("RULES_URL"), "URL of the official rules text file (env RULES_URL; default: the newest text file linked from -page)")
	page := fs.String("page", fetch.RulesPage, "the official rules page, read when -url is not given")
	out := fs.String("out", "", "the rules file to replace, or a directory of editions to add it to")
	lang := fs.String("lang", langs.Default.Fallback().Code, "language of the file")
	minRules := fs.Int("min-rules", 100, "fewer rules than this means a broken download")
	timeout := fs.Duration("timeout", fetch.DefaultTimeout, "give up after this long, whatever the server does")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		fs.Usage()
		return errors.New("fetch needs -out")
	}
	if !langs.Default.Has(*lang) {
		return fmt.Errorf("fetch: unknown language %q", *lang)
	}
	res, err := fetch.Fetch(context.Background(), fetch.Options{URL: *url, Page: *page, Out: *out, Lang: *lang, MinRules: *minRules, Timeout: *timeout})
	if err != nil {
		return err
	}
	state := "written"
	if res.Unchanged {
		state = "unchanged"
	}
	slog.Info("rules file "+state, "file", res.Path, "edition", res.Edition, "rules", res.Rules, "glossary", res.Terms)
	return nil
}

func run(args []string) error {
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	addr := fs.String("addr", defaultAddr(), "listen address host:port (env ADDR, or PORT)")
	rulesSpec := fs.String("rules", os.Getenv("RULES"), "official rules files per language, one per edition or a directory of them, e.g. en=/path/MagicCompRules.txt,de=/path/de.txt or en=2025.txt,en=2026.txt or en=/srv/rules/en/ (env RULES)")
	baseURL := fs.String("base-url", os.Getenv("BASE_URL"), "public origin for canonical links, sitemaps and linked posts, e.g. https://rules.example (env BASE_URL; default: the listening address, with a warning)")
	cacheMB := fs.Int("cache-mb", web.DefaultCacheBytes>>20, "response cache size in MB; 0 turns it off")
	trusted := fs.String("trusted-proxies", os.Getenv("TRUSTED_PROXIES"), "networks (CIDR) of the proxies in front of the site whose X-Forwarded-For names the client, e.g. 10.0.0.0/8,2001:db8::/48 (env TRUSTED_PROXIES); none: the connection's address is the client's")
	maxConns := fs.Int("max-conns", 0, "open connections at most; 0: three quarters of the file descriptors allowed, at most 10,000")
	perAddr := fs.Int("conns-per-addr", 64, "open connections per client address at most (trusted proxies excepted); 0: no bound")
	memLimit := fs.Int("mem-limit-mb", defaultMemLimitMB(), "soft memory limit in MB (GOMEMLIMIT): the garbage collector works harder near it; 0: none (default: 90% of the container's memory, else 1024)")
	refresh := fs.Duration("refresh", 0, "look for a new edition this often (e.g. 24h) on -refresh-page, add it to the English -rules file or directory and reload; 0 turns it off")
	refreshPage := fs.String("refresh-page", fetch.RulesPage, "the official rules page -refresh reads")
	if err := fs.Parse(args); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	slog.SetDefault(log)
	local := localURL(*addr)
	if *baseURL == "" {
		*baseURL = local
		log.Warn("no -base-url: absolute links name the listening address; set the public origin in production", "base_url", local)
	}
	setMemoryLimit(log, fs, *memLimit)
	proxies, err := clientip.Parse(*trusted)
	if err != nil {
		return err
	}
	refusals := refusal.New(log)

	start := time.Now()
	overrides, err := library.ParseOverrides(langs.Default, *rulesSpec)
	if err != nil {
		return err
	}
	official := langs.Default.Fallback().Code // the language of the official rules page
	if *refresh > 0 && len(overrides[official]) == 0 {
		return fmt.Errorf("-refresh needs -rules %s=FILE or %s=DIR: the file it keeps current", official, official)
	}
	cat, err := locales.Load(langs.Default, locales.Files)
	if err != nil {
		return err
	}
	assets, err := static.Load()
	if err != nil {
		return err
	}
	exs, err := examples.Load(langs.Default, content.FS)
	if err != nil {
		return err
	}
	site, err := reload.New(web.Config{
		Catalog: cat, Assets: assets, Examples: exs, BaseURL: strings.TrimSuffix(*baseURL, "/"),
		CacheBytes: int64(max(*cacheMB, 0)) << 20, Proxies: proxies, Guards: web.NewGuards(refusals, false),
	}, library.Embedded(overrides))
	if err != nil {
		return err
	}
	defer site.Close()
	go func() {
		began := time.Now()
		if _, err := site.Search().Wait(); err != nil {
			log.Error("search index failed; search answers 503", "err", err)
			return
		}
		log.Info("search index ready", "took", time.Since(began).Round(time.Millisecond))
	}()
	limits := edge.Limits{
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    96 << 10, // room for MaxQueryBytes in the request line
		MaxConns:          *maxConns,
		ConnsPerAddr:      *perAddr,
	}
	if limits.MaxConns <= 0 {
		limits.MaxConns = connlimit.DefaultMax(openFiles())
	}
	ln, err := edge.Listen(*addr, limits, proxies, refusals)
	if err != nil {
		return err
	}
	srv := edge.New(site, limits, refusals)
	logLibrary(log, site.Library())
	log.Info("listening on "+local, "addr", *addr, "startup", time.Since(start).Round(time.Millisecond), "max_conns", limits.MaxConns)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *refresh > 0 {
		out := overrides[official][len(overrides[official])-1]
		go keepCurrent(ctx, log, *refresh, time.Minute, func(ctx context.Context) (fetch.Result, error) {
			return fetch.Fetch(ctx, fetch.Options{Page: *refreshPage, Out: out})
		}, func() error {
			reloadRules(log, site)
			return nil
		})
	}
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	for serving := true; serving; {
		select {
		case err := <-errc:
			return err
		case <-hup:
			reloadRules(log, site)
		case <-ctx.Done():
			serving = false
		}
	}
	log.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// reloadRules loads the rules files again ("site fetch" then SIGHUP); the
// new ones serve once loaded and indexed, the old ones stay on any error.
func reloadRules(log *slog.Logger, site *reload.Handler) {
	began := time.Now()
	if err := site.Reload(); err != nil {
		log.Error("reload failed; still serving the previous rules", "err", err)
		return
	}
	logLibrary(log, site.Library())
	log.Info("reloaded", "took", time.Since(began).Round(time.Millisecond))
}

// logLibrary logs every loaded edition.
func logLibrary(log *slog.Logger, lib *library.Library) {
	for lang, eds := range lib.Editions {
		for i, b := range eds {
			log.Info("rules loaded", "lang", lang, "edition", b.Edition(), "default", i == 0, "file", b.Source(), "rules", len(b.Rules()), "glossary", len(b.Glossary))
		}
	}
}

// localURL is the URL to open for a listen address: ":8080" is
// http://localhost:8080.
func localURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

func defaultAddr() string {
	if a := os.Getenv("ADDR"); a != "" {
		return a
	}
	if p := os.Getenv("PORT"); p != "" {
		return ":" + p
	}
	return ":8080"
}
