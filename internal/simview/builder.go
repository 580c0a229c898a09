package simview

import (
	"cmp"
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgrules/site/internal/examples"
	"github.com/mtgrules/site/internal/position"
	"github.com/mtgrules/site/internal/urls"
	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/rules/engine"
	"github.com/mtgrules/site/templates"
)

// Pool is the card pool the position builder offers, with every card's
// name in every language for looking names up.
type Pool struct {
	cards  map[string]engine.Card
	texts  examples.CardTexts
	byName map[string]string // folded name in any language, or id → id
	ids    []string
}

// NewPool indexes a card pool with the cards' texts.
func NewPool(cards map[string]engine.Card, texts examples.CardTexts) *Pool {
	p := &Pool{cards: cards, texts: texts, byName: map[string]string{}}
	for id := range cards {
		p.ids = append(p.ids, id)
		p.byName[fold(id)] = id
		for _, n := range texts[id].Name.ByLang {
			p.byName[fold(n)] = id
		}
	}
	slices.Sort(p.ids)
	return p
}

// Cards is the pool's cards by id.
func (p *Pool) Cards() map[string]engine.Card { return p.cards }

// fold makes a name comparable: no surrounding space or 《》, lower case.
func fold(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimSuffix(s, "》"), "《")
	return strings.ToLower(strings.TrimSpace(s))
}

// Lookup finds a card by its name in any language (or its id).
func (p *Pool) Lookup(name string) (string, bool) {
	id, ok := p.byName[fold(name)]
	return id, ok
}

// names lists the cards that pass keep by their names in lang, sorted.
func (p *Pool) names(lang string, keep func(engine.Card) bool) []string {
	var out []string
	for _, id := range p.ids {
		if keep(p.cards[id]) {
			out = append(out, p.texts.Name(id, lang))
		}
	}
	slices.Sort(out)
	return out
}

func isPermanentCard(c engine.Card) bool { return c.IsPermanentCard() }

// builderSteps are the steps a built position may start in: those in
// which players receive priority in every turn.
var builderSteps = []engine.Step{engine.Upkeep, engine.Draw, engine.Main1, engine.BeginCombat, engine.DeclareAttackers,
	engine.DeclareBlockers, engine.CombatDamage, engine.EndCombat, engine.Main2, engine.End}

// Form field names of the builder (all GET parameters):
//
//	n players, t turn, a active player, st step code
//	l<i> life and y<i> library size of player i
//	h<i> / hn<i>, g<i> / gn<i>  repeated: a card name and how many, in hand and graveyard
//	b<i>.<r>  permanent row r of player i: its card name; with suffix n count,
//	          t tapped, s summoning sick, d damage, c charge counters, a attached to ("<j>.<r>")
//	k<r>      stack row r (bottom first): a card name; with suffix k kind (s, a, t),
//	          c controller, g target ("p<j>", "b<j>.<r>", "k<r>"), s source ("b<j>.<r>"), x X
const maxRows = 40 // rows read per zone

// Blank rows the form offers below the filled ones.
const (
	blankCards = 2
	blankPerms = 2
	blankStack = 1
)

// builderForm is the form read back: each row as typed, ready to render
// again, plus the position it describes.
type builderForm struct {
	n, active int
	turn      string
	step      engine.Step
	players   [position.MaxPlayers]formPlayer
	stack     []formStack
}

type formPlayer struct {
	life, library string
	hand, grave   []formCard
	perms         []formPerm
}

type formCard struct{ name, count string }

type formPerm struct {
	name, count, damage, counters, attached string
	tapped, sick                            bool
}

type formStack struct{ name, kind, controller, target, source, x string }

func readForm(q url.Values) builderForm {
	f := builderForm{n: 2, step: engine.Main1, turn: q.Get("t")}
	if n, err := strconv.Atoi(q.Get("n")); err == nil && n >= position.MinPlayers && n <= position.MaxPlayers {
		f.n = n
	}
	if a, err := strconv.Atoi(q.Get("a")); err == nil && a >= 0 && a < f.n {
		f.active = a
	}
	if st, ok := position.ParseStep(q.Get("st")); ok && slices.Contains(builderSteps, st) {
		f.step = st
	}
	for i := range position.MaxPlayers {
		p := &f.players[i]
		is := strconv.Itoa(i)
		p.life, p.library = q.Get("l"+is), q.Get("y"+is)
		p.hand = cardRows(q["h"+is], q["hn"+is])
		p.grave = cardRows(q["g"+is], q["gn"+is])
		for r := range maxRows {
			k := "b" + is + "." + strconv.Itoa(r)
			if _, ok := q[k]; !ok {
				break
			}
			if strings.TrimSpace(q.Get(k)) == "" {
				continue
			}
			p.perms = append(p.perms, formPerm{name: q.Get(k), count: q.Get(k + "n"), tapped: q.Get(k+"t") != "",
				sick: q.Get(k+"s") != "", damage: q.Get(k + "d"), counters: q.Get(k + "c"), attached: q.Get(k + "a")})
		}
	}
	for r := range maxRows {
		k := "k" + strconv.Itoa(r)
		if _, ok := q[k]; !ok {
			break
		}
		if strings.TrimSpace(q.Get(k)) == "" {
			continue
		}
		f.stack = append(f.stack, formStack{name: q.Get(k), kind: q.Get(k + "k"), controller: q.Get(k + "c"),
			target: q.Get(k + "g"), source: q.Get(k + "s"), x: q.Get(k + "x")})
	}
	return f
}

func cardRows(names, counts []string) []formCard {
	var out []formCard
	for i, n := range names {
		if i >= maxRows {
			break
		}
		if strings.TrimSpace(n) == "" {
			continue
		}
		c := ""
		if i < len(counts) {
			c = counts[i]
		}
		out = append(out, formCard{name: n, count: c})
	}
	return out
}

// ParseBuilder reads the builder's form into a position. When the form
// has problems it returns a localized message for each, naming the player,
// zone and line.
func (v View) ParseBuilder(q url.Values, pool *Pool) (engine.Setup, Problems) {
	f := readForm(q)
	return v.parseForm(f, pool)
}

// Problems are what is wrong with the builder's form: each in words, and
// the lines they are on ("h0.1" is player A's second hand line; "b1.0",
// "g0.0", "k2" likewise).
type Problems struct {
	Texts []string
	Lines map[string]bool
}

func (p *Problems) add(line, text string) {
	p.Texts = append(p.Texts, text)
	if line != "" {
		if p.Lines == nil {
			p.Lines = map[string]bool{}
		}
		p.Lines[line] = true
	}
}

// None reports whether the form is fine.
func (p Problems) None() bool { return len(p.Texts) == 0 }

func (v View) parseForm(f builderForm, pool *Pool) (engine.Setup, Problems) {
	var errs Problems
	st := engine.Setup{Turn: 1, Active: f.active, Step: f.step}
	if t := number(f.turn, 1); t == nil || *t < 1 || *t > position.MaxTurn {
		errs.add("", v.numberErr(v.T(msg.BuildTurn), 1, position.MaxTurn))
	} else {
		st.Turn = *t
	}
	cards := pool.Cards()
	// Each battlefield row's first permanent id, and each stack row's id.
	rowID := map[string]int{}
	rowN := map[string]int{} // permanents in each battlefield row
	for i := range f.n {
		p := f.players[i]
		name := position.Names[i]
		life := number(p.life, position.DefaultLife)
		if life == nil || *life < position.MinLife || *life > position.MaxLife {
			errs.add("", v.numberErr(v.format(msg.BuildLifeOf, map[string]any{"Player": name}), position.MinLife, position.MaxLife))
			life = new(int)
		}
		lib := number(p.library, position.DefaultLibrary)
		if lib == nil || *lib < 0 || *lib > position.MaxLibrary {
			errs.add("", v.numberErr(v.format(msg.BuildLibraryOf, map[string]any{"Player": name}), 0, position.MaxLibrary))
			lib = new(int)
		}
		sp := engine.SetupPlayer{Name: name, Life: life, LibrarySize: *lib}
		zone := func(rows []formCard, field string, where, whereAll msg.Key, limit int) []string {
			var ids []string
			for r, row := range rows {
				line := field + strconv.Itoa(i) + "." + strconv.Itoa(r)
				w := v.format(where, map[string]any{"Player": name, "Row": r + 1})
				id, ok := pool.Lookup(row.name)
				if !ok {
					errs.add(line, v.format(msg.BuildErrNoCard, map[string]any{"Where": w, "Name": clipName(row.name)}))
					continue
				}
				n := number(row.count, 1)
				if n == nil || *n < 1 || *n > position.MaxCopies {
					errs.add(line, v.numberErr(w, 1, position.MaxCopies))
					continue
				}
				for range *n {
					ids = append(ids, id)
				}
			}
			if len(ids) > limit {
				errs.add("", v.plural(msg.BuildErrTooManyCards, limit, map[string]any{"Where": v.format(whereAll, map[string]any{"Player": name}), "Max": limit}))
			}
			return ids
		}
		sp.Hand = zone(p.hand, "h", msg.BuildWhereHand, msg.BuildWhereHandAll, position.MaxHand)
		sp.Graveyard = zone(p.grave, "g", msg.BuildWhereGraveyard, msg.BuildWhereGraveyardAll, position.MaxGraveyard)
		st.Players = append(st.Players, sp)
		count := 0
		for r, row := range p.perms {
			line := "b" + strconv.Itoa(i) + "." + strconv.Itoa(r)
			w := v.format(msg.BuildWhereBattlefield, map[string]any{"Player": name, "Row": r + 1})
			id, ok := pool.Lookup(row.name)
			if !ok {
				errs.add(line, v.format(msg.BuildErrNoCard, map[string]any{"Where": w, "Name": clipName(row.name)}))
				continue
			}
			c := cards[id]
			if !c.IsPermanentCard() {
				errs.add(line, v.format(msg.BuildErrNotPermanent, map[string]any{"Where": w, "Name": v.runningName(id)}))
				continue
			}
			n := number(row.count, 1)
			dmg := number(row.damage, 0)
			ctr := number(row.counters, 0)
			switch {
			case n == nil || *n < 1 || *n > position.MaxCopies:
				errs.add(line, v.numberErr(w, 1, position.MaxCopies))
				continue
			case dmg == nil || *dmg < 0 || *dmg > position.MaxDamage:
				errs.add(line, v.numberErr(w+" · "+v.T(msg.BuildDamage), 0, position.MaxDamage))
				continue
			case ctr == nil || *ctr < 0 || *ctr > position.MaxCounters:
				errs.add(line, v.numberErr(w+" · "+v.T(msg.BuildCounters), 0, position.MaxCounters))
				continue
			}
			key := "b" + strconv.Itoa(i) + "." + strconv.Itoa(r)
			rowID[key], rowN[key] = len(st.Battlefield)+1, *n
			for range *n {
				perm := engine.SetupPermanent{ID: len(st.Battlefield) + 1, Card: id, Controller: i, Tapped: row.tapped, Sick: row.sick, Damage: *dmg}
				if *ctr > 0 {
					perm.Counters = map[string]int{"charge": *ctr}
				}
				st.Battlefield = append(st.Battlefield, perm)
			}
			count += *n
		}
		if count > position.MaxPermanents {
			errs.add("", v.format(msg.BuildErrTooManyPermanents, map[string]any{"Player": name, "Max": position.MaxPermanents}))
		}
	}
	// Attachments name rows, which now have ids.
	for i := range f.n {
		for r, row := range f.players[i].perms {
			key := "b" + strconv.Itoa(i) + "." + strconv.Itoa(r)
			first, ok := rowID[key]
			if !ok || row.attached == "" {
				continue
			}
			to, ok := rowID["b"+row.attached]
			if !ok {
				errs.add(key, v.format(msg.BuildErrAttached, map[string]any{"Where": v.format(msg.BuildWhereBattlefield, map[string]any{"Player": position.Names[i], "Row": r + 1})}))
				continue
			}
			for j := first; j < first+rowN[key]; j++ {
				st.Battlefield[j-1].AttachedTo = to
			}
		}
	}
	for r, row := range f.stack {
		line := "k" + strconv.Itoa(r)
		w := v.format(msg.BuildWhereStack, map[string]any{"Row": r + 1})
		id, ok := pool.Lookup(row.name)
		if !ok {
			errs.add(line, v.format(msg.BuildErrNoCard, map[string]any{"Where": w, "Name": clipName(row.name)}))
			continue
		}
		c := cards[id]
		o := engine.SetupStackObject{Card: id, Kind: engine.KindSpell}
		switch row.kind {
		case "a":
			o.Kind, o.Ability = engine.KindAbility, slices.IndexFunc(c.Abilities, func(a engine.Ability) bool { return !a.Mana })
			if o.Ability < 0 {
				errs.add(line, v.format(msg.BuildErrNoAbility, map[string]any{"Where": w, "Name": v.runningName(id)}))
				continue
			}
		case "t":
			o.Kind = engine.KindTrigger
			if len(c.Triggers) == 0 {
				errs.add(line, v.format(msg.BuildErrNoTrigger, map[string]any{"Where": w, "Name": v.runningName(id)}))
				continue
			}
		default:
			if c.Is("land") {
				errs.add(line, v.format(msg.BuildErrLandSpell, map[string]any{"Where": w, "Name": v.runningName(id)}))
				continue
			}
		}
		ctrl, err := strconv.Atoi(row.controller)
		if err != nil || ctrl < 0 || ctrl >= f.n {
			ctrl = f.active
		}
		o.Controller = ctrl
		switch t := row.target; {
		case t == "":
		case strings.HasPrefix(t, "p"):
			j, err := strconv.Atoi(t[1:])
			if err != nil || j < 0 || j >= f.n {
				errs.add(line, v.format(msg.BuildErrTarget, map[string]any{"Where": w}))
				continue
			}
			o.Targets = []engine.Target{engine.PlayerTarget(j)}
		default:
			to, ok := rowID[t]
			if !ok {
				errs.add(line, v.format(msg.BuildErrTarget, map[string]any{"Where": w}))
				continue
			}
			o.Targets = []engine.Target{engine.ObjectTarget(to)}
		}
		if row.source != "" && o.Kind != engine.KindSpell {
			src, ok := rowID[row.source]
			if !ok || !strings.HasPrefix(row.source, "b") || st.Battlefield[src-1].Card != id {
				errs.add(line, v.format(msg.BuildErrSource, map[string]any{"Where": w, "Name": v.runningName(id)}))
				continue
			}
			o.Source = src
		}
		x := number(row.x, 0)
		if x == nil || *x < 0 || *x > position.MaxX {
			errs.add(line, v.numberErr(w+" · X", 0, position.MaxX))
			continue
		}
		o.X = *x
		if len(st.Stack) == position.MaxStack {
			errs.add(line, v.format(msg.BuildErrTooManyStack, map[string]any{"Max": position.MaxStack}))
			break
		}
		o.ID = len(st.Battlefield) + len(st.Stack) + 1
		rowID["k"+strconv.Itoa(r)] = o.ID
		st.Stack = append(st.Stack, o)
	}
	if !errs.None() {
		return st, errs
	}
	if _, err := st.Build(cards); err != nil {
		line := ""
		var se *engine.SetupError
		if errors.As(err, &se) && se.Zone == engine.ZoneStack && se.Item >= 0 {
			line = "k" + strconv.Itoa(se.Item) // every stack line became an object, in order
		}
		errs.add(line, v.SetupError(err))
	}
	return st, errs
}

// number reads a whole number; empty means def, nil means not a number.
func number(s string, def int) *int {
	s = strings.TrimSpace(s)
	if s == "" {
		return &def
	}
	n, err := strconv.Atoi(s)
	if err != nil || len(s) > 7 {
		return nil
	}
	return &n
}

func clipName(s string) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

func (v View) numberErr(where string, lo, hi int) string {
	return v.format(msg.BuildErrNumber, map[string]any{"Where": where, "Min": lo, "Max": hi})
}

var setupReasonIDs = map[engine.SetupReason]msg.Key{
	engine.SetupPlayerCount: msg.SetupPlayerCount, engine.SetupUnknownCard: msg.SetupUnknownCard, engine.SetupLife: msg.SetupLife,
	engine.SetupLibrarySize: msg.SetupLibrarySize, engine.SetupActive: msg.SetupActive, engine.SetupPriority: msg.SetupPriority,
	engine.SetupStep: msg.SetupStep, engine.SetupTurn: msg.SetupTurn, engine.SetupID: msg.SetupID, engine.SetupRange: msg.SetupRange,
	engine.SetupController: msg.SetupController, engine.SetupFaceDown: msg.SetupFaceDown, engine.SetupAttachedTo: msg.SetupAttachedTo,
	engine.SetupStackKind: msg.SetupStackKind, engine.SetupNotASpell: msg.SetupNotASpell, engine.SetupNoSuchAbility: msg.SetupNoSuchAbility,
	engine.SetupSource: msg.SetupSource, engine.SetupTargetCount: msg.SetupTargetCount, engine.SetupIllegalTarget: msg.SetupIllegalTarget,
	engine.SetupX: msg.SetupX, engine.SetupPlayerName: msg.SetupPlayerName, engine.SetupPool: msg.SetupPool,
	engine.SetupHiddenCardUsed: msg.SetupUnknownCard,
}

// SetupError explains why the rules refuse a position (an
// *engine.SetupError or a *position.Error), naming where.
func (v View) SetupError(err error) string {
	var pe *position.Error
	if errors.As(err, &pe) {
		return v.positionError(pe)
	}
	var se *engine.SetupError
	if !errors.As(err, &se) {
		return v.T(msg.PosErrSyntaxAll)
	}
	where := v.T(msg.BuildWhereGame)
	switch {
	case se.Zone == engine.ZoneStack && se.Item >= 0:
		where = v.format(msg.BuildWhereStack, map[string]any{"Row": se.Item + 1})
	case se.Zone == engine.ZoneBattlefield && se.Item >= 0:
		where = v.format(msg.BuildWherePermanent, map[string]any{"Row": se.Item + 1})
	case se.Player >= 0 && se.Player < position.MaxPlayers:
		where = v.format(msg.BuildWherePlayer, map[string]any{"Player": position.Names[se.Player]})
	}
	reason := v.T(cmp.Or(setupReasonIDs[se.Reason], msg.SetupRange))
	return v.format(msg.BuildErrRules, map[string]any{"Where": where, "Reason": reason})
}

var fieldIDs = map[string]msg.Key{"life": msg.BuildLife, "turn": msg.BuildTurn, "damage": msg.BuildDamage, "counters": msg.BuildCounters, "copies": msg.BuildCount}

func (v View) positionError(e *position.Error) string {
	data := map[string]any{"Part": e.Token, "Text": e.Text, "Limit": e.Limit}
	if e.Player >= 0 && e.Player < position.MaxPlayers {
		data["Player"] = position.Names[e.Player]
	}
	switch e.Code {
	case position.ErrTooLong:
		return v.format(msg.PosErrTooLong, data)
	case position.ErrPlayers:
		return v.format(msg.PosErrPlayers, map[string]any{"Min": position.MinPlayers, "Max": position.MaxPlayers})
	case position.ErrTooMany:
		id := map[string]msg.Key{engine.ZoneHand: msg.BuildWhereHandAll, engine.ZoneGraveyard: msg.BuildWhereGraveyardAll,
			engine.ZoneLibrary: msg.BuildWhereLibraryAll, engine.ZoneBattlefield: msg.BuildWhereBattlefieldAll, engine.ZoneStack: msg.BuildWhereStackAll}[e.Zone]
		data["Where"] = v.format(cmp.Or(id, msg.BuildWhereGame), data)
		return v.format(msg.PosErrTooMany, data)
	case position.ErrRange:
		if id := fieldIDs[e.Field]; id != 0 {
			data["Field"] = v.T(id)
		} else {
			data["Field"] = "X"
		}
		return v.format(msg.PosErrRange, data)
	case position.ErrUnknown:
		return v.format(msg.PosErrUnknown, data)
	case position.ErrObject:
		return v.format(msg.PosErrObject, data)
	case position.ErrNoPlayer, position.ErrStackLast:
		return v.format(msg.PosErrOrder, data)
	}
	if e.Token == 0 {
		return v.T(msg.PosErrSyntaxAll)
	}
	return v.format(msg.PosErrSyntax, data)
}

// BuilderValues writes a position as the builder's form values, with card
// names in the view's language, so that a built position can be changed.
func (v View) BuilderValues(st engine.Setup, pool *Pool) url.Values {
	q := url.Values{}
	name := func(id string) string {
		if _, ok := pool.cards[id]; ok {
			return pool.texts.Name(id, v.Lang)
		}
		return id
	}
	q.Set("n", strconv.Itoa(len(st.Players)))
	q.Set("t", strconv.Itoa(st.Turn))
	q.Set("a", strconv.Itoa(st.Active))
	q.Set("st", position.StepCode(st.Step))
	rowKey := map[int]string{} // permanent id → its row
	next := 0
	for i, p := range st.Players {
		is := strconv.Itoa(i)
		life := position.DefaultLife
		if p.Life != nil {
			life = *p.Life
		}
		q.Set("l"+is, strconv.Itoa(life))
		q.Set("y"+is, strconv.Itoa(p.LibrarySize))
		for _, z := range []struct {
			f    string
			list []string
		}{{"h", p.Hand}, {"g", p.Graveyard}} {
			for j := 0; j < len(z.list); {
				n := 1
				for j+n < len(z.list) && z.list[j+n] == z.list[j] {
					n++
				}
				q.Add(z.f+is, name(z.list[j]))
				q.Add(z.f+"n"+is, strconv.Itoa(n))
				j += n
			}
		}
		r := 0
		for next < len(st.Battlefield) && st.Battlefield[next].Controller == i {
			perm := st.Battlefield[next]
			n := 1
			for next+n < len(st.Battlefield) && sameRow(st.Battlefield[next+n], perm) {
				n++
			}
			k := "b" + is + "." + strconv.Itoa(r)
			for j := range n {
				rowKey[st.Battlefield[next+j].ID] = is + "." + strconv.Itoa(r)
			}
			q.Set(k, name(perm.Card))
			q.Set(k+"n", strconv.Itoa(n))
			if perm.Tapped {
				q.Set(k+"t", "1")
			}
			if perm.Sick {
				q.Set(k+"s", "1")
			}
			if perm.Damage > 0 {
				q.Set(k+"d", strconv.Itoa(perm.Damage))
			}
			if c := perm.Counters["charge"]; c > 0 {
				q.Set(k+"c", strconv.Itoa(c))
			}
			next += n
			r++
		}
	}
	for _, perm := range st.Battlefield {
		if perm.AttachedTo != 0 {
			q.Set("b"+rowKey[perm.ID]+"a", rowKey[perm.AttachedTo])
		}
	}
	for r, o := range st.Stack {
		k := "k" + strconv.Itoa(r)
		q.Set(k, name(o.Card))
		q.Set(k+"k", map[engine.StackKind]string{engine.KindSpell: "s", engine.KindAbility: "a", engine.KindTrigger: "t"}[o.Kind])
		q.Set(k+"c", strconv.Itoa(o.Controller))
		for _, t := range o.Targets {
			switch {
			case t.IsPlayer():
				q.Set(k+"g", "p"+strconv.Itoa(t.Player))
			case rowKey[t.Object] != "":
				q.Set(k+"g", "b"+rowKey[t.Object])
			default:
				for j, below := range st.Stack[:r] {
					if below.ID == t.Object {
						q.Set(k+"g", "k"+strconv.Itoa(j))
					}
				}
			}
		}
		if o.Source != 0 && rowKey[o.Source] != "" {
			q.Set(k+"s", "b"+rowKey[o.Source])
		}
		if o.X > 0 {
			q.Set(k+"x", strconv.Itoa(o.X))
		}
	}
	return q
}

// sameRow reports whether two permanents can share a form row.
func sameRow(a, b engine.SetupPermanent) bool {
	return a.Card == b.Card && a.Controller == b.Controller && a.Tapped == b.Tapped && a.Sick == b.Sick &&
		a.Damage == b.Damage && a.AttachedTo == b.AttachedTo && a.Counters["charge"] == b.Counters["charge"]
}

// BuilderPage is the builder's form filled in with q (as submitted, or
// from BuilderValues), with the problems found and, when the position is
// valid, its address.
func (v View) BuilderPage(q url.Values, pool *Pool, errs Problems, preview string) templates.BuilderPage {
	f := readForm(q)
	page := templates.BuilderPage{
		Heading: v.T(msg.BuildHeading), Lead: v.T(msg.BuildLead), Action: urls.Builder(v.Lang, ""),
		Errors: errs.Texts, Turn: cmp.Or(f.turn, "1"), Preview: preview,
		CardNames:      pool.names(v.Lang, func(engine.Card) bool { return true }),
		PermanentNames: pool.names(v.Lang, isPermanentCard),
		Limits: v.format(msg.BuildLimits, map[string]any{"Hand": position.MaxHand, "Permanents": position.MaxPermanents,
			"Graveyard": position.MaxGraveyard, "Library": position.MaxLibrary, "Stack": position.MaxStack}),
	}
	for n := position.MinPlayers; n <= position.MaxPlayers; n++ {
		page.Count = append(page.Count, templates.Option{Value: strconv.Itoa(n), Label: v.plural(msg.BuildPlayers, n, map[string]any{"Count": n}), Selected: n == f.n})
	}
	players := func(sel int) []templates.Option {
		var out []templates.Option
		for i := range f.n {
			out = append(out, templates.Option{Value: strconv.Itoa(i), Label: position.Names[i], Selected: i == sel})
		}
		return out
	}
	page.Active = players(f.active)
	for _, st := range builderSteps {
		page.Step = append(page.Step, templates.Option{Value: position.StepCode(st), Label: v.StepName(st), Selected: st == f.step})
	}
	// The permanents the selects can name: every filled battlefield row.
	var permOpts []templates.Option
	for i := range f.n {
		for r, row := range f.players[i].perms {
			label := position.Names[i] + ": " + clipName(row.name)
			if id, ok := pool.Lookup(row.name); ok {
				label = position.Names[i] + ": " + v.runningName(id)
			}
			if n := number(row.count, 1); n != nil && *n > 1 {
				label += " ×" + strconv.Itoa(*n)
			}
			permOpts = append(permOpts, templates.Option{Value: strconv.Itoa(i) + "." + strconv.Itoa(r), Label: label})
		}
	}
	choose := func(opts []templates.Option, prefix, sel, none string) []templates.Option {
		out := []templates.Option{{Value: "", Label: none, Selected: sel == ""}}
		for _, o := range opts {
			o.Value = prefix + o.Value
			o.Selected = o.Value == sel
			out = append(out, o)
		}
		return out
	}
	for i := range f.n {
		p := f.players[i]
		bp := templates.BuilderPlayer{Index: i, Name: position.Names[i], Legend: v.format(msg.BuildPlayer, map[string]any{"Player": position.Names[i]}),
			Life: cmp.Or(p.life, strconv.Itoa(position.DefaultLife)), Library: cmp.Or(p.library, strconv.Itoa(position.DefaultLibrary))}
		is := strconv.Itoa(i) + "."
		for r, c := range p.hand {
			bp.Hand = append(bp.Hand, templates.BuilderCardRow{Name: c.name, Count: c.count, Error: errs.Lines["h"+is+strconv.Itoa(r)]})
		}
		for r, c := range p.grave {
			bp.Graveyard = append(bp.Graveyard, templates.BuilderCardRow{Name: c.name, Count: c.count, Error: errs.Lines["g"+is+strconv.Itoa(r)]})
		}
		for range blankCards {
			bp.Hand = append(bp.Hand, templates.BuilderCardRow{})
		}
		bp.Graveyard = append(bp.Graveyard, templates.BuilderCardRow{})
		for r, row := range p.perms {
			self := strconv.Itoa(i) + "." + strconv.Itoa(r)
			others := slices.DeleteFunc(slices.Clone(permOpts), func(o templates.Option) bool { return o.Value == self })
			bp.Battlefield = append(bp.Battlefield, templates.BuilderPermRow{Name: row.name, Count: row.count, Tapped: row.tapped,
				Sick: row.sick, Damage: row.damage, Counters: row.counters, Attached: choose(others, "", row.attached, v.T(msg.BuildNothing)),
				Error: errs.Lines["b"+self]})
		}
		for range blankPerms {
			bp.Battlefield = append(bp.Battlefield, templates.BuilderPermRow{Attached: choose(permOpts, "", "", v.T(msg.BuildNothing))})
		}
		page.Players = append(page.Players, bp)
	}
	kinds := func(sel string) []templates.Option {
		return []templates.Option{
			{Value: "s", Label: v.T(msg.SimKindSpell), Selected: sel != "a" && sel != "t"},
			{Value: "a", Label: v.T(msg.SimKindAbility), Selected: sel == "a"},
			{Value: "t", Label: v.T(msg.SimKindTrigger), Selected: sel == "t"},
		}
	}
	var playerOpts []templates.Option
	for i := range f.n {
		playerOpts = append(playerOpts, templates.Option{Value: strconv.Itoa(i), Label: position.Names[i]})
	}
	rows := append(slices.Clone(f.stack), make([]formStack, blankStack)...)
	for r, row := range rows {
		targets := choose(playerOpts, "p", row.target, v.T(msg.BuildNoTarget))
		targets = append(targets, choose(permOpts, "b", row.target, "")[1:]...)
		for j, below := range f.stack[:min(r, len(f.stack))] {
			val := "k" + strconv.Itoa(j)
			label := v.format(msg.BuildWhereStack, map[string]any{"Row": j + 1}) + ": " + clipName(below.name)
			if id, ok := pool.Lookup(below.name); ok {
				label = v.format(msg.BuildWhereStack, map[string]any{"Row": j + 1}) + ": " + v.runningName(id)
			}
			targets = append(targets, templates.Option{Value: val, Label: label, Selected: row.target == val})
		}
		ctrl, err := strconv.Atoi(row.controller)
		if err != nil || ctrl < 0 || ctrl >= f.n {
			ctrl = f.active
		}
		page.Stack = append(page.Stack, templates.BuilderStackRow{Name: row.name, Kinds: kinds(row.kind), Control: players(ctrl),
			Targets: targets, Sources: choose(permOpts, "b", row.source, v.T(msg.BuildSourceGone)), X: row.x, Error: errs.Lines["k"+strconv.Itoa(r)]})
	}
	return page
}
