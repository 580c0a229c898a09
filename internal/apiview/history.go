package apiview

import (
	"github.com/mtgrules/site/internal/diff"
	"github.com/mtgrules/site/internal/library"
	"github.com/mtgrules/site/rules"
)

// History is the answer of /api/{lang}/rules/{num}/history: each loaded
// edition that changed the rule or its subrules, newest first.
type History struct {
	Lang     string   `json:"lang"`
	Rule     string   `json:"rule"`
	Editions []string `json:"editions"` // every edition the history is told from, newest first
	// Official says the editions are the official English ones the
	// language's own text follows.
	Official bool          `json:"official"`
	Changes  []HistoryStep `json:"changes"`
}

// HistoryStep is what one edition changed against the one before it.
type HistoryStep struct {
	From  string       `json:"from"`
	To    string       `json:"to"`
	Rules []RuleChange `json:"rules"`
}

// RuleChange is one rule an edition added, removed or changed.
type RuleChange struct {
	Number string     `json:"number"`
	Change string     `json:"change"` // "added", "removed" or "changed"
	Diff   [][]DiffOp `json:"diff"`   // the text, then each example
}

// DiffOp is a run of words both editions share ("equal"), or only the
// newer ("insert") or the older ("delete") has.
type DiffOp struct {
	Op   string `json:"op"`
	Text string `json:"text"`
}

// HistoryOf tells rule num's history in lang from eds (newest first, see
// library.History); compare diffs two editions.
func HistoryOf(lang, num string, eds []*rules.Book, official bool, compare func(from, to *rules.Book) *library.Comparison) History {
	h := History{Lang: lang, Rule: num, Official: official, Editions: []string{}, Changes: []HistoryStep{}}
	for i, to := range eds {
		h.Editions = append(h.Editions, to.Edition())
		if i+1 == len(eds) {
			break
		}
		from := eds[i+1]
		c := compare(from, to).Within(num)
		step := HistoryStep{From: from.Edition(), To: to.Edition()}
		for _, part := range []struct {
			kind    string
			changes []library.Change
		}{{"added", c.Added}, {"removed", c.Removed}, {"changed", c.Changed}} {
			for _, ch := range part.changes {
				step.Rules = append(step.Rules, RuleChange{Number: ch.Number, Change: part.kind, Diff: diffOps(ch.Paras)})
			}
		}
		if len(step.Rules) > 0 {
			h.Changes = append(h.Changes, step)
		}
	}
	return h
}

var opNames = map[diff.Kind]string{diff.Equal: "equal", diff.Insert: "insert", diff.Delete: "delete"}

func diffOps(paras [][]diff.Op) [][]DiffOp {
	out := make([][]DiffOp, len(paras))
	for i, ops := range paras {
		out[i] = make([]DiffOp, len(ops))
		for j, op := range ops {
			out[i][j] = DiffOp{Op: opNames[op.Kind], Text: op.Text}
		}
	}
	return out
}
