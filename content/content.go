// Package content embeds the site's rule texts, guides, card data and scenarios.
package content

import "embed"

// FS holds content/{en,de,ja}/, content/scenarios/ and content/cards.json.
//
//go:embed en de ja scenarios cards.json
var FS embed.FS
