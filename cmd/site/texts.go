package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/mtgrules/site/content"
	"github.com/mtgrules/site/internal/diff"
	"github.com/mtgrules/site/internal/langs"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/internal/sources"
	"github.com/mtgrules/site/rules"
)

// runCheck loads rules files as the site would and exits: a file that
// does not parse or was cut short is named in the error.
func runCheck(args []string) error {
	fs := flag.NewFlagSet("site check", flag.ContinueOnError)
	rulesSpec := fs.String("rules", "", "rules files per language, as for the site (e.g. en=/srv/MagicCompRules.txt)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	lib, err := loadWith(*rulesSpec)
	if err != nil {
		return err
	}
	logLibrary(slog.Default(), lib)
	return nil
}

func loadWith(spec string) (*library.Library, error) {
	overrides, err := library.ParseOverrides(langs.Default, spec)
	if err != nil {
		return nil, err
	}
	return library.Load(library.Embedded(overrides))
}

// runSources writes content/sources.tsv: every paragraph of our texts (of
// -lang, or all) renders the official file -official; the other
// languages' rows stay as they are.
func runSources(args []string) error {
	fs := flag.NewFlagSet("site sources", flag.ContinueOnError)
	official := fs.String("official", "", "the official English rules file the texts now render")
	only := fs.String("lang", "", "the languages brought up to it, e.g. de,ja (default: every language)")
	out := fs.String("out", "content/sources.tsv", "the file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *official == "" {
		fs.Usage()
		return errors.New("sources needs -official FILE")
	}
	codes, err := languages(*only)
	if err != nil {
		return err
	}
	lib, err := loadWith("en=" + *official)
	if err != nil {
		return err
	}
	texts := map[string]*rules.Book{}
	for _, lang := range codes {
		data, err := content.FS.ReadFile(lang + "/rules.txt")
		if err != nil {
			return err
		}
		if texts[lang], err = rules.Parse(data, "content/"+lang+"/rules.txt", lang, langs.Default.RulesWords()); err != nil {
			return err
		}
	}
	built, err := sources.Build(lib.Official.Books[0], texts)
	if err != nil {
		return err
	}
	table := sources.Table{}
	if old, err := os.ReadFile(*out); err == nil {
		if table, err = sources.Parse(old); err != nil {
			return fmt.Errorf("%s: %w", *out, err)
		}
	}
	for lang, rows := range built {
		table[lang] = rows
	}
	var buf bytes.Buffer
	if err := table.Write(&buf); err != nil {
		return err
	}
	return os.WriteFile(*out, buf.Bytes(), 0o644)
}

// languages reads -lang: a list of the table's codes, or all of them.
func languages(spec string) ([]string, error) {
	if spec == "" {
		return langs.Default.Codes(), nil
	}
	codes := strings.Split(spec, ",")
	for _, c := range codes {
		if !langs.Default.Has(c) {
			return nil, fmt.Errorf("unknown language %q (have %s)", c, strings.Join(langs.Default.Codes(), ", "))
		}
	}
	return codes, nil
}

// errStale makes "site stale" exit 1 when a paragraph is outdated.
var errStale = errors.New("paragraphs are outdated")

// runStale prints, per language, every paragraph of our texts whose
// official text changed after the edition it renders, against the
// official English files -rules names; it returns errStale when there is
// one.
func runStale(args []string, w io.Writer) error {
	return stale(args, w, library.Embedded(nil))
}

// stale is runStale with our texts and their sources read from src.
func stale(args []string, w io.Writer, src library.Source) error {
	fs := flag.NewFlagSet("site stale", flag.ContinueOnError)
	rulesSpec := fs.String("rules", "", "the newer official English files, e.g. en=/srv/MagicCompRules-20260612.txt")
	only := fs.String("lang", "", "the languages to check, e.g. de (default: every language)")
	format := fs.String("format", "md", "md (Markdown) or tsv")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *format != "md" && *format != "tsv" {
		return fmt.Errorf("stale: -format %q: want md or tsv", *format)
	}
	codes, err := languages(*only)
	if err != nil {
		return err
	}
	theirs, err := loadWith(*rulesSpec)
	if err != nil {
		return err
	}
	if theirs.Official == nil {
		fs.Usage()
		return errors.New("stale needs -rules en=FILE: the newer official English text")
	}
	ours, err := library.Load(src)
	if err != nil {
		return err
	}
	newest := theirs.Official.Books[0]
	report := staleReport{w: w, md: *format == "md"}
	if !report.md {
		fmt.Fprintln(w, "lang\tnumber\tsource\tsince\told\tnew\tdiff")
	}
	for _, lang := range codes {
		if src := ours.SourceEdition(lang); newest.Edition() < src {
			return fmt.Errorf("%s is the %s edition, older than the %s text (%s)", newest.Source(), newest.Edition(), lang, src)
		}
		report.lang(lang, theirs.Official.Stale(ours.Books[lang], ours.Sources(lang)))
	}
	if report.count > 0 {
		return fmt.Errorf("%w: %d against %s", errStale, report.count, newest.Source())
	}
	return nil
}

// staleReport writes the outdated paragraphs as Markdown or TSV.
type staleReport struct {
	w     io.Writer
	md    bool
	count int
}

func (r *staleReport) lang(lang string, stale []*library.Outdated) {
	r.count += len(stale)
	if r.md {
		fmt.Fprintf(r.w, "# %s: %d outdated\n\n", lang, len(stale))
	}
	for _, d := range stale {
		old, now, changes := ruleText(d.Was), ruleText(d.Now), ""
		if d.Was != nil {
			changes = wordDiff(old, now, r.md)
		}
		if !r.md {
			fmt.Fprintf(r.w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", lang, d.Number, d.Source, d.Since.Edition(), tsvField(old), tsvField(now), tsvField(changes))
			continue
		}
		fmt.Fprintf(r.w, "## %s\n\nRenders %s; changed %s", d.Number, d.Source, d.Since.Edition())
		if d.RemovedIn != nil {
			fmt.Fprintf(r.w, "; removed %s", d.RemovedIn.Edition())
		}
		fmt.Fprint(r.w, ".\n\n")
		if d.Was != nil {
			fmt.Fprintf(r.w, "- old (%s): %s\n", d.Source, old)
		} else {
			fmt.Fprintf(r.w, "- old (%s): name that edition's file in -rules too to see it and the diff\n", d.Source)
		}
		if d.Now != nil {
			fmt.Fprintf(r.w, "- new: %s\n", now)
		}
		if d.Was != nil {
			fmt.Fprintf(r.w, "- diff: %s\n", changes)
		}
		fmt.Fprintln(r.w)
	}
}

// ruleText is a paragraph with its examples, "" for none.
func ruleText(r *rules.Rule) string {
	if r == nil {
		return ""
	}
	return strings.Join(append([]string{r.Text}, r.Examples...), " ")
}

// wordDiff marks what changed: ~~deleted~~ **inserted** in Markdown,
// [-deleted-]{+inserted+} otherwise.
func wordDiff(a, b string, md bool) string {
	marks := map[diff.Kind][2]string{diff.Delete: {"[-", "-]"}, diff.Insert: {"{+", "+}"}}
	if md {
		marks = map[diff.Kind][2]string{diff.Delete: {"~~", "~~"}, diff.Insert: {"**", "**"}}
	}
	var sb strings.Builder
	for _, op := range diff.Words(a, b) {
		m, ok := marks[op.Kind]
		if !ok || strings.TrimSpace(op.Text) == "" {
			sb.WriteString(op.Text)
			continue
		}
		sb.WriteString(m[0] + op.Text + m[1])
	}
	return sb.String()
}

func tsvField(s string) string {
	return strings.NewReplacer("\t", " ", "\n", " ").Replace(s)
}
