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
	EverydayWords:  []string{"case", "general", "independent", "modified", "move", "placed", "removed"},
	EverydayPhrases: []string{
		"locked in", "much room", "instant speed", "sorcery speed", "colored background",
		"double that", "lend support", "to support", "to reach", "only role", "that role",
		"that status", "this status", "of status", "the option", "an option", "options available",
		"payment options", "the options are", "two options", "of options", "given options", "listed options",
		"match the", "match every", "to match", "they match", "now match", "longer match", "abilities match",
		"limited to", "targeting requirements", "deckbuilding requirements", "only requirements",
		"rules and restrictions", "any restrictions", "protect that", "protect the emperor", "protect the permanent",
		"protects a permanent",
		// card names the rules cite
		"day of judgment", "search party captain", "ambush party", "exchange of words", "kodama's reach",
		"reach through mists", "aether storm", "artifact ward", "mammoth harness", "body double", "wall of",
	},
	QuotedWords: []string{"as though", "becomes", "if", "instead", "unless"},
	QuestionWords: []string{
		// Snowball already drops what, which, who, whom, when, where, why, how,
		// do, does, did, is, are, a, the, it, there, cannot, can't, ….
		"can", "could", "would", "should", "will", "shall", "may", "might",
		"whose", "whats", "whos", "hows", "wheres", "whens", "much", "many",
		"happen", "happens", "happened", "happening",
		"mean", "means", "meant", "work", "works", "exactly", "actually",
		"possible", "anything", "something", "someone", "anyone", "somebody", "anybody",
	},
	Synonyms: map[string][]string{
		"get": {"receive"}, "gets": {"receives"}, "got": {"received"}, "getting": {"receiving"},
		"gone": {"left"}, "zero": {"0"},
	},
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
	EverydayWords:  []string{"entfernt", "fall", "rolle", "standard", "unabhängig"},
	EverydayPhrases: []string{
		"wirken sich", "wirken wie", "wirken auf", "wirken in", "wirken weiterhin", "wirken überall",
		"wirken normalerweise", "wirken genauso", "wirken kumulativ", "wirken zusammen", "wirken nicht mit",
		"wirken aus", "wirken fortlaufende", "wirken ersatzeffekte", "wirken verhinderungseffekte",
		"gibst du erst preis", "zu diesem ereignis passen", "tag der abrechnung", "mauer der omen",
		"reise in andere welten",
	},
	QuotedWords: []string{"als ob", "außer", "falls", "lösen", "mithilfe", "stattdessen", "werden"},
	QuestionWords: []string{
		// Snowball already drops was, wie, wo, welche(r/s), kann, können, muss,
		// der, die, das, ein(e), man, ….
		"wer", "wen", "wem", "wessen", "wann", "warum", "wieso", "weshalb", "weswegen",
		"woher", "wohin", "womit", "wofür", "worauf", "wodurch", "wozu", "wovon", "woran",
		"passiert", "passieren", "geschieht", "geschehen", "funktioniert", "funktionieren",
		"bedeutet", "bedeuten", "darf", "dürfen", "darfst", "kannst", "könnten", "konnte", "viele", "viel",
		"tun", "tut", "braucht", "brauchen", "brauche",
		"nachdem", "bevor", "sobald", "falls", // Snowball's English list has after, before, once, if
		"eigentlich", "genau", "überhaupt", "denn", "mal", "bitte", "möglich", "jemand", "irgendwas",
	},
	Synonyms: map[string][]string{
		"bekommt": {"erhält"}, "bekommen": {"erhalten"}, "bekomme": {"erhalte"}, "kriegt": {"erhält"},
		"null": {"0"},
		// names players used before the printed ones (issue 23)
		"saga": {"sage"}, "sagas": {"sagen"}, "kapitelmarke": {"sagenmarke"}, "kapitelmarken": {"sagenmarken"},
		"geschwindigkeit": {"tempo"}, "höchstgeschwindigkeit": {"maximaltempo"},
		"modular": {"bausteine"}, "monstrosität": {"monstrum"},
		"phasing": {"instabilität"}, "ausphasen": {"destabilisieren"}, "einphasen": {"stabilisieren"},
		"ausgephast": {"destabilisiert"}, "eingephast": {"stabilisiert"}, "nachleben": {"seelenwandlung"},
	},
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
	EverydayWords: []string{"対応する"},
	EverydayPhrases: []string{
		"鉱山", "山羊", "真夜", "夜魔", "約束", "収束", "基本的", "総量から引く",
		"た状態で", "る状態で", "た状態に", "る状態に", "い状態で", "い状態に",
	},
	QuotedWords: []string{"if", "かのように", "代わりに", "なる", "～しないかぎり"},
	Synonyms: map[string][]string{
		// two-player wording; the rules say "all players" (117.4)
		"両方": {"すべて"},
	},
	QuestionWords: []string{
		// kanji question words, and 場合 ("if", "in case")
		"何", "誰", "何故", "如何", "場合",
		// verbs of asking ("what happens")
		"起こりますか", "起きますか", "起こります", "起きます", "起こった", "起きた", "起こる", "起きる",
	},
	RulesWords: rules.Words{
		Contents: []string{"目次"}, Glossary: []string{"用語集"}, Credits: []string{"クレジット"},
		Example: []string{"例：", "例:"}, Effective: []string{"有効", "発効", "施行"},
	},
	RefWords: rules.RefWords{Before: []string{"総合ルール", "ルール", "規則"}, After: []string{"項"}},
}
