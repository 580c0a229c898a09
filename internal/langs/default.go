package langs

import "github.com/mtgrules/site/rules"

// Default is the site's table: English, the fallback, then German and
// Japanese.
var Default = must(New(english, german, japanese))

func must(t *Table, err error) *Table {
	if err != nil {
		panic(err)
	}
	return t
}

var english = Lang{
	Code:           "en",
	Name:           "English",
	OGLocale:       "en_US",
	Search:         English,
	DateLayout:     "2 January 2006",
	Comma:          ", ",
	PluralSuffixes: []string{"s"},
	EverydayWords:  []string{"as though", "becomes", "case", "if", "unless"},
	RulesWords: rules.Words{
		Contents: []string{"Contents"}, Glossary: []string{"Glossary"}, Credits: []string{"Credits"},
		Example: []string{"Example:"}, Effective: []string{"effective as of"},
		Dates: []rules.DateForm{{Layout: "January 2, 2006"}},
	},
	RefWords: rules.RefWords{Before: []string{"comprehensive rules", "comprehensive rule", "CR", "rules", "rule", "R."}},
}

// germanMonths are the months' names in German; austrianMonths, as
// Austria writes them, differ in January.
var (
	germanMonths   = []string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"}
	austrianMonths = append([]string{"Jänner"}, germanMonths[1:]...)
)

var german = Lang{
	Code:           "de",
	Name:           "Deutsch",
	OGLocale:       "de_DE",
	Search:         German,
	DateLayout:     "2. January 2006",
	Months:         germanMonths,
	Comma:          ", ",
	PluralSuffixes: []string{"en", "n"},
	EverydayWords:  []string{"als ob", "außer", "fall", "falls", "rolle", "standard", "werden"},
	RulesWords: rules.Words{
		Contents: []string{"Inhalt", "Inhaltsverzeichnis"}, Glossary: []string{"Glossar"}, Credits: []string{"Mitwirkende", "Impressum"},
		Example: []string{"Beispiel:"}, Effective: []string{"gelten ab", "gilt ab", "gültig ab"},
		Dates: []rules.DateForm{{Layout: "2. January 2006", Months: austrianMonths}},
	},
	RefWords: rules.RefWords{Before: []string{"Regeln", "Regel", "Rl."}},
}

var japanese = Lang{
	Code:          "ja",
	Name:          "日本語",
	OGLocale:      "ja_JP",
	Search:        Japanese,
	DateLayout:    "2006年1月2日",
	CardQuotes:    [2]string{"《", "》"},
	Comma:         "、",
	CommasOnly:    true,
	Unspaced:      true,
	EverydayWords: []string{"if", "かのように", "なる", "～しないかぎり"},
	RulesWords: rules.Words{
		Contents: []string{"目次"}, Glossary: []string{"用語集"}, Credits: []string{"クレジット"},
		Example: []string{"例：", "例:"}, Effective: []string{"有効", "発効", "施行"},
	},
	RefWords: rules.RefWords{Before: []string{"総合ルール", "ルール", "規則"}, After: []string{"項"}},
}
