// Command site serves the rules reference: rule texts in English, German and
// Japanese, embedded by default, or official files named with -rules.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/search"
	"github.com/mtgrules/site/internal/web"
	"github.com/mtgrules/site/locales"
	"github.com/mtgrules/site/static"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "site:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	addr := fs.String("addr", defaultAddr(), "listen address host:port (env ADDR, or PORT)")
	rulesSpec := fs.String("rules", os.Getenv("RULES"), "official rules files per language, e.g. en=/path/MagicCompRules.txt,de=/path/de.txt (env RULES)")
	baseURL := fs.String("base-url", os.Getenv("BASE_URL"), "public origin for canonical links, e.g. https://rules.example (env BASE_URL; default: the request's host)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	slog.SetDefault(log)

	start := time.Now()
	overrides, err := library.ParseOverrides(*rulesSpec)
	if err != nil {
		return err
	}
	lib, err := library.Load(overrides)
	if err != nil {
		return err
	}
	cat, err := locales.Load()
	if err != nil {
		return err
	}
	assets, err := static.Load()
	if err != nil {
		return err
	}
	idx := search.BuildAsync(lib.Books)
	defer idx.Close()
	go func() {
		began := time.Now()
		if _, err := idx.Wait(); err != nil {
			log.Error("search index failed; search answers 503", "err", err)
			return
		}
		log.Info("search index ready", "took", time.Since(began).Round(time.Millisecond))
	}()
	e := web.New(web.Config{Library: lib, Catalog: cat, Assets: assets, Search: idx, BaseURL: *baseURL})
	srv := &http.Server{
		Addr:              *addr,
		Handler:           e,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    96 << 10, // room for MaxQueryBytes in the request line
	}
	for lang, b := range lib.Books {
		log.Info("rules loaded", "lang", lang, "file", b.Source(), "rules", len(b.Rules()), "glossary", len(b.Glossary))
	}
	log.Info("listening", "addr", *addr, "startup", time.Since(start).Round(time.Millisecond))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
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
