// Package content embeds the site's rule texts, guides, card data and scenarios.
package content

import "embed"

// FS holds content/{en,de,ja}/, the glossary's alignment across languages,
// the 2008 renumbering table, the card pool and the worked examples
// (scenarios/*.json).
//
//go:embed en de ja glossary.tsv renumbering-2008.tsv cards.json scenarios/*.json
var FS embed.FS
