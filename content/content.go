// Package content embeds the site's rule texts, guides, card data and scenarios.
package content

import "embed"

// FS holds content/{en,de,ja}/ and the 2008 renumbering table.
//
//go:embed en de ja renumbering-2008.tsv
var FS embed.FS
