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

// The builder's form (all GET parameters, keys as position.PlayerKey,
// ZoneKey and StackKey write them; no two fields share a name):
//
//	n players, t turn, a active player, st step code
//	l<i> life, y<i> library size, nm<i> name, m<i><color> mana of player i
//	h<i>.<r>, g<i>.<r>  hand and graveyard row r of player i: a card name; with suffix n how many
//	b<i>.<r>  permanent row r of player i: its card name; with suffix n count,
//	          t tapped, s summoning sick, f face down, d damage, c charge counters,
//	          a attached to and w blocking ("<j>.<r>"), v attacking (a player)
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
	name, life, library string
	mana                [len(position.Colors)]string
	hand, grave         []formCard
	perms               []formPerm
}

type formCard struct{ name, count string }

type formPerm struct {
	name, count, damage, counters, attached, attacks, blocks string
	tapped, sick, faceDown                                   string // "1" when checked
}

type formStack struct{ name, kind, controller, target, source, x string }

// formField is one value of a row and its key's suffix: the one table
// both readForm and formValues use.
type formField struct {
	suffix string
	value  *string
}

func (c *formCard) fields() []formField {
	return []formField{{"", &c.name}, {position.Copies.Key, &c.count}}
}

func (p *formPerm) fields() []formField {
	return []formField{{"", &p.name}, {position.Copies.Key, &p.count}, {"t", &p.tapped}, {"s", &p.sick}, {"f", &p.faceDown},
		{position.Damage.Key, &p.damage}, {position.Counters.Key, &p.counters}, {"a", &p.attached}, {"v", &p.attacks}, {"w", &p.blocks}}
}

func (k *formStack) fields() []formField {
	return []formField{{"", &k.name}, {"k", &k.kind}, {"c", &k.controller}, {"g", &k.target}, {"s", &k.source}, {position.X.Key, &k.x}}
}

func (p *formPlayer) fields(i int) []formField {
	out := []formField{{position.PlayerKey(position.NameKey, i), &p.name}, {position.PlayerKey(position.Life.Key, i), &p.life},
		{position.PlayerKey(position.Library.Key, i), &p.library}}
	for c, color := range position.Colors {
		out = append(out, formField{position.ManaKey(i, color), &p.mana[c]})
	}
	return out
}

// readRows reads the rows key(0), key(1), … up to the first missing one,
// skipping rows without a name.
func readRows[T any](q url.Values, key func(r int) string, fields func(*T) []formField) []T {
	var out []T
	for r := range maxRows {
		k := key(r)
		if _, ok := q[k]; !ok {
			break
		}
		var row T
		for _, f := range fields(&row) {
			*f.value = q.Get(k + f.suffix)
		}
		if strings.TrimSpace(*fields(&row)[0].value) != "" {
			out = append(out, row)
		}
	}
	return out
}

// writeRows writes rows as readRows reads them.
func writeRows[T any](q url.Values, rows []T, key func(r int) string, fields func(*T) []formField) {
	for r := range rows {
		for _, f := range fields(&rows[r]) {
			if *f.value != "" {
				q.Set(key(r)+f.suffix, *f.value)
			}
		}
	}
}

func readForm(q url.Values) builderForm {
	f := builderForm{n: 2, step: engine.Main1, turn: q.Get(position.Turn.Key)}
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
		for _, fl := range p.fields(i) {
			*fl.value = q.Get(fl.suffix)
		}
		p.hand = readRows(q, zoneRow(position.HandKey, i), (*formCard).fields)
		p.grave = readRows(q, zoneRow(position.GraveyardKey, i), (*formCard).fields)
		p.perms = readRows(q, zoneRow(position.BattlefieldKey, i), (*formPerm).fields)
	}
	f.stack = readRows(q, func(r int) string { return position.StackKey(r, "") }, (*formStack).fields)
	return f
}

// values writes the form as readForm reads it.
func (f builderForm) values() url.Values {
	q := url.Values{}
	q.Set("n", strconv.Itoa(f.n))
	q.Set(position.Turn.Key, f.turn)
	q.Set("a", strconv.Itoa(f.active))
	q.Set("st", position.StepCode(f.step))
	for i := range f.n {
		p := &f.players[i]
		for _, fl := range p.fields(i) {
			if *fl.value != "" {
				q.Set(fl.suffix, *fl.value)
			}
		}
		writeRows(q, p.hand, zoneRow(position.HandKey, i), (*formCard).fields)
		writeRows(q, p.grave, zoneRow(position.GraveyardKey, i), (*formCard).fields)
		writeRows(q, p.perms, zoneRow(position.BattlefieldKey, i), (*formPerm).fields)
	}
	writeRows(q, f.stack, func(r int) string { return position.StackKey(r, "") }, (*formStack).fields)
	return q
}

// zoneRow is the key of row r of player i's zone, as readRows and
// writeRows take it.
func zoneRow(zone string, i int) func(r int) string {
	return func(r int) string { return position.ZoneKey(zone, i, r, "") }
}

// ParseBuilder reads the builder's form into a position. When the form
// has problems it returns a localized message for each, naming the player,
// zone and line.
func (v View) ParseBuilder(q url.Values, pool *Pool) (engine.Setup, Problems) {
	f := readForm(q)
	return v.parseForm(f, pool)
}

// Problems are what is wrong with the builder's form: each in words, and
// the lines they are on, each named by the form key of its card name
// ("h0.1" is player A's second hand line; "b1.0", "g0.0", "k2" likewise).
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

// formReader turns the form into a position, collecting its problems.
type formReader struct {
	v     View
	f     builderForm
	pool  *Pool
	st    engine.Setup
	errs  Problems
	rowID map[string]int // each battlefield row's first permanent id ("0.2"), each stack row's id ("k1")
	rowN  map[string]int // permanents in each battlefield row
}

func (v View) parseForm(f builderForm, pool *Pool) (engine.Setup, Problems) {
	r := &formReader{v: v, f: f, pool: pool, st: engine.Setup{Turn: 1, Active: f.active, Step: f.step}, rowID: map[string]int{}, rowN: map[string]int{}}
	r.st.Turn = r.number(f.turn, position.Turn, "", v.T(msg.BuildTurn))
	for i := range f.n {
		r.player(i)
	}
	for i := range f.n {
		r.links(i)
	}
	for k, row := range f.stack {
		r.stackRow(k, row)
	}
	if !r.errs.None() {
		return r.st, r.errs
	}
	if _, err := r.st.Build(pool.Cards()); err != nil {
		line := ""
		var se *engine.SetupError
		if errors.As(err, &se) && se.Zone == engine.ZoneStack && se.Item >= 0 {
			line = position.StackKey(se.Item, "") // every stack line became an object, in order
		}
		r.errs.add(line, v.SetupError(err))
	}
	return r.st, r.errs
}

// number reads field f as typed; a problem names where and the limits.
func (r *formReader) number(s string, f position.Field, line, where string) int {
	n, ok := f.Parse(s)
	if !ok {
		r.errs.add(line, r.v.numberErr(where, f.Min, f.Max))
		return f.Default
	}
	return n
}

// card looks a row's card up; a problem names where.
func (r *formReader) card(name, line, where string) (string, bool) {
	id, ok := r.pool.Lookup(name)
	if !ok {
		r.errs.add(line, r.v.format(msg.BuildErrNoCard, map[string]any{"Where": where, "Name": clipName(name)}))
	}
	return id, ok
}

// name is player i's name as typed, or the default.
func (r *formReader) name(i int) string {
	if n := strings.TrimSpace(r.f.players[i].name); n != "" {
		return n
	}
	return position.Names[i]
}

func (r *formReader) player(i int) {
	v, p, name := r.v, r.f.players[i], r.name(i)
	who := map[string]any{"Player": name}
	if !position.ValidName(name) || slices.ContainsFunc(r.st.Players, func(o engine.SetupPlayer) bool { return o.Name == name }) {
		r.errs.add("", v.format(msg.BuildErrName, map[string]any{"Where": v.format(msg.BuildWherePlayer, who), "Max": position.MaxName}))
	}
	life := r.number(p.life, position.Life, "", v.format(msg.BuildLifeOf, who))
	lib := r.number(p.library, position.Library, "", v.format(msg.BuildLibraryOf, who))
	sp := engine.SetupPlayer{Name: name, Life: &life, LibrarySize: lib}
	for c, color := range position.Colors {
		n := r.number(p.mana[c], position.Mana, "", v.format(msg.BuildWhereMana, who)+" · "+strings.ToUpper(color))
		sp.Pool += strings.Repeat(strings.ToUpper(color), n)
	}
	sp.Hand = r.cards(i, p.hand, position.HandKey, msg.BuildWhereHand, msg.BuildWhereHandAll, position.MaxHand)
	sp.Graveyard = r.cards(i, p.grave, position.GraveyardKey, msg.BuildWhereGraveyard, msg.BuildWhereGraveyardAll, position.MaxGraveyard)
	r.st.Players = append(r.st.Players, sp)
	count := 0
	for k, row := range p.perms {
		count += r.permanent(i, k, row)
	}
	if count > position.MaxPermanents {
		r.errs.add("", v.format(msg.BuildErrTooManyPermanents, map[string]any{"Player": name, "Max": position.MaxPermanents}))
	}
}

// cards reads the rows of a hand or graveyard.
func (r *formReader) cards(i int, rows []formCard, zone string, where, whereAll msg.Key, limit int) []string {
	var ids []string
	for k, row := range rows {
		line := position.ZoneKey(zone, i, k, "")
		w := r.v.format(where, map[string]any{"Player": r.name(i), "Row": k + 1})
		id, ok := r.card(row.name, line, w)
		if !ok {
			continue
		}
		for range r.number(row.count, position.Copies, line, w) {
			ids = append(ids, id)
		}
	}
	if len(ids) > limit {
		r.errs.add("", r.v.plural(msg.BuildErrTooManyCards, limit, map[string]any{"Where": r.v.format(whereAll, map[string]any{"Player": r.name(i)}), "Max": limit}))
	}
	return ids
}

// permanent reads battlefield row k of player i and reports how many
// permanents it holds.
func (r *formReader) permanent(i, k int, row formPerm) int {
	v, key := r.v, position.RowKey(i, k)
	line := position.ZoneKey(position.BattlefieldKey, i, k, "")
	w := v.format(msg.BuildWhereBattlefield, map[string]any{"Player": r.name(i), "Row": k + 1})
	id, ok := r.card(row.name, line, w)
	if !ok {
		return 0
	}
	if !r.pool.cards[id].IsPermanentCard() {
		r.errs.add(line, v.format(msg.BuildErrNotPermanent, map[string]any{"Where": w, "Name": v.runningName(id)}))
		return 0
	}
	before := len(r.errs.Texts)
	n := r.number(row.count, position.Copies, line, w)
	dmg := r.number(row.damage, position.Damage, line, w+" · "+v.T(msg.BuildDamage))
	ctr := r.number(row.counters, position.Counters, line, w+" · "+v.T(msg.BuildCounters))
	if len(r.errs.Texts) > before {
		return 0
	}
	r.rowID[key], r.rowN[key] = len(r.st.Battlefield)+1, n
	for range n {
		perm := engine.SetupPermanent{ID: len(r.st.Battlefield) + 1, Card: id, Controller: i, Tapped: row.tapped != "",
			Sick: row.sick != "", FaceDown: row.faceDown != "", Damage: dmg}
		if ctr > 0 {
			perm.Counters = map[string]int{"charge": ctr}
		}
		if j, err := strconv.Atoi(row.attacks); err == nil && j >= 0 && j < r.f.n {
			perm.Attacking = &j
		}
		r.st.Battlefield = append(r.st.Battlefield, perm)
	}
	return n
}

// links resolves the rows player i's permanents name (attached to,
// blocking), which have ids once every row is read.
func (r *formReader) links(i int) {
	for k, row := range r.f.players[i].perms {
		key := position.RowKey(i, k)
		first, ok := r.rowID[key]
		if !ok {
			continue
		}
		w := r.v.format(msg.BuildWhereBattlefield, map[string]any{"Player": r.name(i), "Row": k + 1})
		for _, l := range []struct {
			row string
			set func(p *engine.SetupPermanent, id int)
			err msg.Key
		}{
			{row.attached, func(p *engine.SetupPermanent, id int) { p.AttachedTo = id }, msg.BuildErrAttached},
			{row.blocks, func(p *engine.SetupPermanent, id int) { p.Blocking = id }, msg.BuildErrBlocks},
		} {
			if l.row == "" {
				continue
			}
			to, ok := r.rowID[l.row]
			if !ok {
				r.errs.add(position.ZoneKey(position.BattlefieldKey, i, k, ""), r.v.format(l.err, map[string]any{"Where": w}))
				continue
			}
			for j := first; j < first+r.rowN[key]; j++ {
				l.set(&r.st.Battlefield[j-1], to)
			}
		}
	}
}

// stackRow reads stack row k.
func (r *formReader) stackRow(k int, row formStack) {
	v := r.v
	line := position.StackKey(k, "")
	w := v.format(msg.BuildWhereStack, map[string]any{"Row": k + 1})
	id, ok := r.card(row.name, line, w)
	if !ok {
		return
	}
	c := r.pool.cards[id]
	o := engine.SetupStackObject{Card: id, Kind: engine.KindSpell}
	fail := func(id msg.Key, data map[string]any) {
		data["Where"] = w
		r.errs.add(line, v.format(id, data))
	}
	switch row.kind {
	case "a":
		o.Kind, o.Ability = engine.KindAbility, slices.IndexFunc(c.Abilities, func(a engine.Ability) bool { return !a.Mana })
		if o.Ability < 0 {
			fail(msg.BuildErrNoAbility, map[string]any{"Name": v.runningName(id)})
			return
		}
	case "t":
		o.Kind = engine.KindTrigger
		if len(c.Triggers) == 0 {
			fail(msg.BuildErrNoTrigger, map[string]any{"Name": v.runningName(id)})
			return
		}
	default:
		if c.Is("land") {
			fail(msg.BuildErrLandSpell, map[string]any{"Name": v.runningName(id)})
			return
		}
	}
	o.Controller = controllerOr(row.controller, r.f)
	switch t := row.target; {
	case t == "":
	case strings.HasPrefix(t, "p"):
		j, err := strconv.Atoi(t[1:])
		if err != nil || j < 0 || j >= r.f.n {
			fail(msg.BuildErrTarget, map[string]any{})
			return
		}
		o.Targets = []engine.Target{engine.PlayerTarget(j)}
	default:
		to, ok := r.rowID[strings.TrimPrefix(t, "b")]
		if strings.HasPrefix(t, "k") {
			to, ok = r.rowID[t]
		}
		if !ok {
			fail(msg.BuildErrTarget, map[string]any{})
			return
		}
		o.Targets = []engine.Target{engine.ObjectTarget(to)}
	}
	if row.source != "" && o.Kind != engine.KindSpell {
		src, ok := r.rowID[strings.TrimPrefix(row.source, "b")]
		if !ok || !strings.HasPrefix(row.source, "b") || r.st.Battlefield[src-1].Card != id {
			fail(msg.BuildErrSource, map[string]any{"Name": v.runningName(id)})
			return
		}
		o.Source = src
	}
	before := len(r.errs.Texts)
	if o.X = r.number(row.x, position.X, line, w+" · X"); len(r.errs.Texts) > before {
		return
	}
	if len(r.st.Stack) == position.MaxStack {
		r.errs.add(line, v.format(msg.BuildErrTooManyStack, map[string]any{"Max": position.MaxStack}))
		return
	}
	o.ID = len(r.st.Battlefield) + len(r.st.Stack) + 1
	r.rowID[line] = o.ID
	r.st.Stack = append(r.st.Stack, o)
}

// controllerOr reads a stack row's controller; the active player when
// it names none.
func controllerOr(s string, f builderForm) int {
	if c, err := strconv.Atoi(s); err == nil && c >= 0 && c < f.n {
		return c
	}
	return f.active
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
	engine.SetupHiddenCardUsed: msg.SetupUnknownCard, engine.SetupCombatStep: msg.SetupCombatStep,
	engine.SetupAttacker: msg.SetupAttacker, engine.SetupBlocker: msg.SetupBlocker,
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
	reason := v.format(cmp.Or(setupReasonIDs[se.Reason], msg.SetupRange), map[string]any{"Reason": v.Reason(se.Illegal)})
	return v.format(msg.BuildErrRules, map[string]any{"Where": where, "Reason": reason})
}

var fieldIDs = map[string]msg.Key{position.Life.Name: msg.BuildLife, position.Turn.Name: msg.BuildTurn, position.Damage.Name: msg.BuildDamage,
	position.Counters.Name: msg.BuildCounters, position.Copies.Name: msg.BuildCount, position.Mana.Name: msg.BuildMana}

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
	case position.ErrName:
		data["Limit"] = position.MaxName
		return v.format(msg.PosErrName, data)
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
	name := func(id string) string {
		if _, ok := pool.cards[id]; ok {
			return pool.texts.Name(id, v.Lang)
		}
		return id
	}
	f := builderForm{n: len(st.Players), turn: position.Turn.Print(st.Turn), active: st.Active, step: st.Step}
	rowKey := map[int]string{} // permanent id → its row
	next := 0
	for i, sp := range st.Players {
		p := &f.players[i]
		if sp.Name != position.Names[i] {
			p.name = sp.Name
		}
		life := position.DefaultLife
		if sp.Life != nil {
			life = *sp.Life
		}
		p.life, p.library = position.Life.Print(life), position.Library.Print(sp.LibrarySize)
		if m, err := engine.ParseMana(sp.Pool); err == nil {
			for c, n := range position.PoolAmounts(m) {
				if n > 0 {
					p.mana[c] = position.Mana.Print(n)
				}
			}
		}
		p.hand, p.grave = formCards(sp.Hand, name), formCards(sp.Graveyard, name)
		for next < len(st.Battlefield) && st.Battlefield[next].Controller == i {
			perm := st.Battlefield[next]
			n := 1
			for next+n < len(st.Battlefield) && position.Alike(st.Battlefield[next+n], perm) {
				n++
			}
			for j := range n {
				rowKey[st.Battlefield[next+j].ID] = position.RowKey(i, len(p.perms))
			}
			row := formPerm{name: name(perm.Card), count: position.Copies.Print(n), tapped: check(perm.Tapped), sick: check(perm.Sick), faceDown: check(perm.FaceDown)}
			if perm.Damage > 0 {
				row.damage = position.Damage.Print(perm.Damage)
			}
			if c := perm.Counters["charge"]; c > 0 {
				row.counters = position.Counters.Print(c)
			}
			if perm.Attacking != nil {
				row.attacks = strconv.Itoa(*perm.Attacking)
			}
			p.perms = append(p.perms, row)
			next += n
		}
	}
	for _, perm := range st.Battlefield {
		row := rowKey[perm.ID]
		i, k := rowIndex(row)
		if i < 0 {
			continue
		}
		if perm.AttachedTo != 0 {
			f.players[i].perms[k].attached = rowKey[perm.AttachedTo]
		}
		if perm.Blocking != 0 {
			f.players[i].perms[k].blocks = rowKey[perm.Blocking]
		}
	}
	for r, o := range st.Stack {
		row := formStack{name: name(o.Card), controller: strconv.Itoa(o.Controller),
			kind: map[engine.StackKind]string{engine.KindSpell: "s", engine.KindAbility: "a", engine.KindTrigger: "t"}[o.Kind]}
		for _, t := range o.Targets {
			switch {
			case t.IsPlayer():
				row.target = "p" + strconv.Itoa(t.Player)
			case rowKey[t.Object] != "":
				row.target = "b" + rowKey[t.Object]
			default:
				for j, below := range st.Stack[:r] {
					if below.ID == t.Object {
						row.target = position.StackKey(j, "")
					}
				}
			}
		}
		if o.Source != 0 && rowKey[o.Source] != "" {
			row.source = "b" + rowKey[o.Source]
		}
		if o.X > 0 {
			row.x = position.X.Print(o.X)
		}
		f.stack = append(f.stack, row)
	}
	return f.values()
}

// check is a checkbox's value.
func check(on bool) string {
	if on {
		return "1"
	}
	return ""
}

// rowIndex reads a battlefield row's key ("0.2"); -1 when it is none.
func rowIndex(key string) (player, row int) {
	a, b, ok := strings.Cut(key, ".")
	i, err1 := strconv.Atoi(a)
	k, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return -1, -1
	}
	return i, k
}

// formCards writes a hand or graveyard as rows of alike cards.
func formCards(ids []string, name func(string) string) []formCard {
	var out []formCard
	for j := 0; j < len(ids); {
		n := 1
		for j+n < len(ids) && ids[j+n] == ids[j] {
			n++
		}
		out = append(out, formCard{name: name(ids[j]), count: position.Copies.Print(n)})
		j += n
	}
	return out
}

// BuilderPage is the builder's form filled in with q (as submitted, or
// from BuilderValues), with the problems found and, when the position is
// valid, its address.
func (v View) BuilderPage(q url.Values, pool *Pool, errs Problems, preview string) templates.BuilderPage {
	f := readForm(q)
	page := templates.BuilderPage{
		Heading: v.T(msg.BuildHeading), Lead: v.T(msg.BuildLead), Action: urls.Builder(v.Lang, ""),
		Errors: errs.Texts, Turn: cmp.Or(f.turn, position.Turn.Print(position.Turn.Default)), Preview: preview,
		CardNames:      pool.names(v.Lang, func(engine.Card) bool { return true }),
		PermanentNames: pool.names(v.Lang, isPermanentCard),
		Limits: v.format(msg.BuildLimits, map[string]any{"Hand": position.MaxHand, "Permanents": position.MaxPermanents,
			"Graveyard": position.MaxGraveyard, "Library": position.MaxLibrary, "Stack": position.MaxStack}),
	}
	for n := position.MinPlayers; n <= position.MaxPlayers; n++ {
		page.Count = append(page.Count, templates.Option{Value: strconv.Itoa(n), Label: v.plural(msg.BuildPlayers, n, map[string]any{"Count": n}), Selected: n == f.n})
	}
	names := make([]string, f.n)
	for i := range f.n {
		names[i] = cmp.Or(strings.TrimSpace(f.players[i].name), position.Names[i])
	}
	players := func(sel int) []templates.Option {
		var out []templates.Option
		for i := range f.n {
			out = append(out, templates.Option{Value: strconv.Itoa(i), Label: names[i], Selected: i == sel})
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
			label := names[i] + ": " + clipName(row.name)
			if id, ok := pool.Lookup(row.name); ok {
				label = names[i] + ": " + v.runningName(id)
			}
			if n, ok := position.Copies.Parse(row.count); ok && n > 1 {
				label += " ×" + strconv.Itoa(n)
			}
			permOpts = append(permOpts, templates.Option{Value: position.RowKey(i, r), Label: label})
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
	var playerOpts []templates.Option
	for i := range f.n {
		playerOpts = append(playerOpts, templates.Option{Value: strconv.Itoa(i), Label: names[i]})
	}
	for i := range f.n {
		p := f.players[i]
		bp := templates.BuilderPlayer{Index: i, Name: names[i], NameValue: p.name, Placeholder: position.Names[i],
			Legend: v.format(msg.BuildPlayer, map[string]any{"Player": names[i]}),
			Life:   cmp.Or(p.life, position.Life.Print(position.Life.Default)), Library: cmp.Or(p.library, position.Library.Print(position.Library.Default))}
		for c, color := range position.Colors {
			bp.Mana = append(bp.Mana, templates.BuilderMana{Key: position.ManaKey(i, color), Symbol: "{" + strings.ToUpper(color) + "}", Value: p.mana[c]})
		}
		for r, c := range p.hand {
			bp.Hand = append(bp.Hand, templates.BuilderCardRow{Name: c.name, Count: c.count, Error: errs.Lines[position.ZoneKey(position.HandKey, i, r, "")]})
		}
		for r, c := range p.grave {
			bp.Graveyard = append(bp.Graveyard, templates.BuilderCardRow{Name: c.name, Count: c.count, Error: errs.Lines[position.ZoneKey(position.GraveyardKey, i, r, "")]})
		}
		for range blankCards {
			bp.Hand = append(bp.Hand, templates.BuilderCardRow{})
		}
		bp.Graveyard = append(bp.Graveyard, templates.BuilderCardRow{})
		others := func(self string) []templates.Option {
			return slices.DeleteFunc(slices.Clone(permOpts), func(o templates.Option) bool { return o.Value == self })
		}
		defenders := slices.DeleteFunc(slices.Clone(playerOpts), func(o templates.Option) bool { return o.Value == strconv.Itoa(i) })
		for r, row := range p.perms {
			self := position.RowKey(i, r)
			bp.Battlefield = append(bp.Battlefield, templates.BuilderPermRow{Name: row.name, Count: row.count, Tapped: row.tapped != "",
				Sick: row.sick != "", FaceDown: row.faceDown != "", Damage: row.damage, Counters: row.counters,
				Attached: choose(others(self), "", row.attached, v.T(msg.BuildNothing)),
				Attacks:  choose(defenders, "", row.attacks, v.T(msg.BuildNoAttack)),
				Blocks:   choose(others(self), "", row.blocks, v.T(msg.BuildNoBlock)),
				Error:    errs.Lines[position.ZoneKey(position.BattlefieldKey, i, r, "")]})
		}
		for range blankPerms {
			bp.Battlefield = append(bp.Battlefield, templates.BuilderPermRow{Attached: choose(permOpts, "", "", v.T(msg.BuildNothing)),
				Attacks: choose(defenders, "", "", v.T(msg.BuildNoAttack)), Blocks: choose(permOpts, "", "", v.T(msg.BuildNoBlock))})
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
	rows := append(slices.Clone(f.stack), make([]formStack, blankStack)...)
	for r, row := range rows {
		targets := choose(playerOpts, "p", row.target, v.T(msg.BuildNoTarget))
		targets = append(targets, choose(permOpts, "b", row.target, "")[1:]...)
		for j, below := range f.stack[:min(r, len(f.stack))] {
			val := position.StackKey(j, "")
			label := v.format(msg.BuildWhereStack, map[string]any{"Row": j + 1}) + ": " + clipName(below.name)
			if id, ok := pool.Lookup(below.name); ok {
				label = v.format(msg.BuildWhereStack, map[string]any{"Row": j + 1}) + ": " + v.runningName(id)
			}
			targets = append(targets, templates.Option{Value: val, Label: label, Selected: row.target == val})
		}
		page.Stack = append(page.Stack, templates.BuilderStackRow{Name: row.name, Kinds: kinds(row.kind), Control: players(controllerOr(row.controller, f)),
			Targets: targets, Sources: choose(permOpts, "b", row.source, v.T(msg.BuildSourceGone)), X: row.x, Error: errs.Lines[position.StackKey(r, "")]})
	}
	return page
}
