// Package content embeds the site's rule texts, guides, card data and scenarios.
package content

import "embed"

// FS holds each language's texts in {lang}/ (the rules, and the card
// names and worked examples' narration: cards.json, scenarios/*.json), the
// glossary's alignment across languages, the 2008 renumbering table, the
// official edition each paragraph renders (sources.tsv), the
// card pool and the worked examples' positions and moves (cards.json,
// scenarios/*.json), which carry no human text, and each language's moved
// glossary slugs (terms/moved-{lang}.tsv); the examples' learning order
// (examples.tsv) and each language's names of its groups
// ({lang}/example-groups.json).
//
//go:embed */rules.txt */cards.json */scenarios/*.json */example-groups.json examples.tsv glossary.tsv renumbering-2008.tsv sources.tsv cards.json scenarios/*.json terms/moved-*.tsv
var FS embed.FS
