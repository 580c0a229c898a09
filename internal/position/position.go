// Package position writes a start position built by a reader as a short,
// URL-safe string and reads it back, so a position is a plain link:
// /en/play/custom?s=3.0.m1_p20.30_h.shock_b.mountain.t_p14.30_b.grizzly-bears.d1_k.s.shock.0.o2
//
// The string is a list of tokens joined by "_" (only letters, digits and
// "-", ".", "_", "~", which URLs carry unescaped):
//
//	3.0.m1[.1]          turn 3, player 0 is active, precombat main phase [, player 1 holds priority]
//	p20.30[.Ann]        the next player: 20 life, 30 cards in the library [, named Ann; A, B, C, D by default]
//	h.shock.forest~2    that player's hand: Shock and two Forests, in order
//	g.shock             that player's graveyard
//	m.r2.g1             that player's mana pool: {R}{R}{G} (colors w, u, b, r, g, c in this order)
//	b.forest.t.n3       a permanent that player controls: flags t tapped, s summoning sick,
//	                    d2 damage, c1 charge counter, a4 attached to permanent 4, f face down,
//	                    v1 attacking player 1, b4 blocking permanent 4, n3 three alike
//	k.s.shock.0.o2[.x3] a spell on the stack (bottom first), controlled by player 0, targeting object 2
//	k.a0.prodigal-pyromancer.1.p0.s5   activated ability 0 of permanent 5's card, targeting player 0
//	k.t0.goblin-arsonist.0.p1          triggered ability 0; without s its source has left
//
// Permanents are numbered 1, 2, … in the order written, stack objects
// after them; those numbers are the objects' ids in the game. Steps are
// written un, up, dr, m1, bc, da, db, fs, cd, ec, m2, en, cl.
//
// Decode checks the form and the limits below and returns an
// engine.Setup, which engine.Setup.Build checks against the rules
// (targets, abilities, attachments). Encode writes the canonical string of
// a setup, so every position has exactly one address.
package position

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgrules/site/rules/engine"
)

// Limits of a position. They keep an address short and a page quick.
const (
	MaxLen         = 1500 // characters of the whole string
	MinPlayers     = 2
	MaxPlayers     = 4
	MaxHand        = 15 // cards in a hand
	MaxGraveyard   = 30 // cards in a graveyard
	MaxLibrary     = 200
	MaxPermanents  = 16 // permanents a player controls
	MaxStack       = 8  // objects on the stack
	MaxCopies      = 20 // alike cards or permanents written once
	MinLife        = -99
	MaxLife        = 999
	MaxTurn        = 99
	MaxDamage      = 99
	MaxCounters    = 99
	MaxX           = 20
	MaxMana        = 99 // mana of one color in a pool
	MaxName        = 12 // characters of a player's name
	DefaultLife    = 20
	DefaultLibrary = 30
)

// Field is a number a position holds: its name (in errors and the
// builder's labels), its key (the builder's form field, and the flag
// letter in the string where it has one), its limits and its default.
// The codec, the builder's form and its templates all read these.
type Field struct {
	Name     string
	Key      string
	Min, Max int
	Default  int
}

// The fields of a position.
var (
	Turn     = Field{Name: "turn", Key: "t", Min: 1, Max: MaxTurn, Default: 1}
	Life     = Field{Name: "life", Key: "l", Min: MinLife, Max: MaxLife, Default: DefaultLife}
	Library  = Field{Name: "library", Key: "y", Min: 0, Max: MaxLibrary, Default: DefaultLibrary}
	Copies   = Field{Name: "copies", Key: "n", Min: 1, Max: MaxCopies, Default: 1}
	Damage   = Field{Name: "damage", Key: "d", Min: 0, Max: MaxDamage}
	Counters = Field{Name: "counters", Key: "c", Min: 0, Max: MaxCounters}
	X        = Field{Name: "x", Key: "x", Min: 0, Max: MaxX}
	Mana     = Field{Name: "mana", Key: "m", Min: 0, Max: MaxMana}
)

// In reports whether n is within the field's limits.
func (f Field) In(n int) bool { return n >= f.Min && n <= f.Max }

// MinText and MaxText are the limits as the form's min and max attributes.
func (f Field) MinText() string { return strconv.Itoa(f.Min) }

// MaxText: see MinText.
func (f Field) MaxText() string { return strconv.Itoa(f.Max) }

// Parse reads the field as typed in the builder's form: empty is the
// default; ok is false for anything but a whole number within the limits.
func (f Field) Parse(s string) (n int, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return f.Default, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && len(s) <= 7 && f.In(n)
}

// Print writes n as the string and the form write it.
func (f Field) Print(n int) string { return strconv.Itoa(n) }

// Colors are the mana pool's colors in the order they are written.
var Colors = [...]string{"w", "u", "b", "r", "g", "c"}

// Form keys of the builder: the game's fields are named by their key
// alone ("t"); a player's by key and seat ("l0" is A's life, "m0r" A's
// red mana); a row of a player's hand, battlefield or graveyard by the
// zone's key, "<seat>.<row>" and a suffix ("b0.2d" is the damage of A's
// third battlefield row, "h1.0n" the count of B's first hand row); a
// stack row's by "k<row>" and a suffix. Every field has its own name.

// NameKey is the form key of the players' names ("nm0" is A's).
const NameKey = "nm"

// The form keys of a player's zones with rows.
const (
	HandKey        = "h"
	BattlefieldKey = "b"
	GraveyardKey   = "g"
)

// PlayerKey is the form key of player i's field with this key.
func PlayerKey(key string, i int) string { return key + strconv.Itoa(i) }

// ManaKey is the form key of player i's mana of color c.
func ManaKey(i int, c string) string { return Mana.Key + strconv.Itoa(i) + c }

// RowKey names row r of player i ("0.2"), as the form's selects of
// permanents name a battlefield row.
func RowKey(i, r int) string { return strconv.Itoa(i) + "." + strconv.Itoa(r) }

// ZoneKey is the form key of a field of row r of player i's zone (HandKey,
// BattlefieldKey or GraveyardKey).
func ZoneKey(zone string, i, r int, suffix string) string { return zone + RowKey(i, r) + suffix }

// StackKey is the form key of a field of stack row r.
func StackKey(r int, suffix string) string { return "k" + strconv.Itoa(r) + suffix }

// Names are the players' default names, in seat order.
var Names = [MaxPlayers]string{"A", "B", "C", "D"}

// ValidName reports whether a player's name can be written in a
// position: 1 to MaxName ASCII letters, digits and hyphens.
func ValidName(s string) bool {
	if s == "" || len(s) > MaxName {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// Code names what is wrong with a position string.
type Code string

// Error codes.
const (
	ErrTooLong   Code = "too_long"   // longer than MaxLen
	ErrSyntax    Code = "syntax"     // a token that cannot be read
	ErrPlayers   Code = "players"    // fewer than MinPlayers or more than MaxPlayers
	ErrTooMany   Code = "too_many"   // more than Limit items in Zone
	ErrRange     Code = "range"      // a number out of its range (Field)
	ErrNoPlayer  Code = "no_player"  // a zone before the first player
	ErrUnknown   Code = "unknown"    // a card the pool lacks
	ErrStackLast Code = "stack_last" // a player after the stack
	ErrObject    Code = "object"     // a number that names no permanent or object below
	ErrName      Code = "name"       // a player's name that cannot be written, or another player's
)

// Error says what is wrong with a position string and where.
type Error struct {
	Code   Code
	Token  int    // 1-based index of the token, 0 for the whole string
	Text   string // the token (clipped), or the card id for ErrUnknown
	Player int    // the player the token belongs to, -1 for none
	Zone   string // engine.ZoneHand, … for ErrTooMany
	Field  string // "life", "turn", "damage", … for ErrRange
	Limit  int    // the limit that was passed
}

func (e *Error) Error() string {
	return fmt.Sprintf("position: %s at token %d (%q) player %d %s%s limit %d", e.Code, e.Token, e.Text, e.Player, e.Zone, e.Field, e.Limit)
}

// ErrNotEncodable is returned by Encode for a setup no string can hold
// (named library cards, other counters, several targets).
var ErrNotEncodable = errors.New("position: setup cannot be written as a string")

var stepCodes = [...]string{"un", "up", "dr", "m1", "bc", "da", "db", "fs", "cd", "ec", "m2", "en", "cl"}

// StepCode is the short code of a step ("m1").
func StepCode(s engine.Step) string {
	if s < 0 || int(s) >= len(stepCodes) {
		return ""
	}
	return stepCodes[s]
}

// ParseStep reads a step code.
func ParseStep(code string) (engine.Step, bool) {
	for i, c := range stepCodes {
		if c == code {
			return engine.Step(i), true
		}
	}
	return 0, false
}

func clip(s string) string {
	if r := []rune(s); len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}

// num reads a canonical decimal integer (no sign, no leading zeros).
func num(s string) (int, bool) {
	if s == "" || len(s) > 6 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// signed reads a canonical integer that may be negative.
func signed(s string) (int, bool) {
	if strings.HasPrefix(s, "-") {
		n, ok := num(s[1:])
		return -n, ok && n != 0
	}
	return num(s)
}

// decoder reads a position string token by token.
type decoder struct {
	toks    []string
	cards   map[string]engine.Card
	st      engine.Setup
	i       int   // the token being read
	cur     int   // the player whose zones follow, -1 before the first
	stack   bool  // a stack token was read
	perms   []int // permanents per player so far, for the limit
	permTok []int // the token of each permanent
}

// Decode reads a position string. cards is the card pool; a card it lacks
// is an error here, so that the reader learns which token names it.
func Decode(s string, cards map[string]engine.Card) (engine.Setup, error) {
	if len(s) > MaxLen {
		return engine.Setup{}, &Error{Code: ErrTooLong, Player: -1, Limit: MaxLen}
	}
	d := &decoder{toks: strings.Split(s, "_"), cards: cards, cur: -1}
	if err := d.game(strings.Split(d.toks[0], ".")); err != nil {
		return d.st, err
	}
	for d.i = 1; d.i < len(d.toks); d.i++ {
		if err := d.token(strings.Split(d.toks[d.i], ".")); err != nil {
			return d.st, err
		}
	}
	d.i, d.cur = -1, -1
	if len(d.st.Players) < MinPlayers {
		return d.st, d.fail(ErrPlayers, func(e *Error) { e.Limit = MinPlayers })
	}
	for i, p := range d.st.Battlefield {
		if p.AttachedTo > len(d.st.Battlefield) || p.Blocking > len(d.st.Battlefield) ||
			(p.Attacking != nil && *p.Attacking >= len(d.st.Players)) {
			d.i, d.cur, d.stack = d.permTok[i], p.Controller, false
			return d.st, d.fail(ErrObject, nil)
		}
	}
	return d.st, nil
}

// fail is the error at the current token (none when d.i < 0), with more
// said by more.
func (d *decoder) fail(code Code, more func(*Error)) *Error {
	e := &Error{Code: code, Player: d.cur}
	if d.stack {
		e.Player = -1
	}
	if d.i >= 0 {
		e.Token, e.Text = d.i+1, clip(d.toks[d.i])
	}
	if more != nil {
		more(e)
	}
	return e
}

func (d *decoder) syntax() error { return d.fail(ErrSyntax, nil) }

func (d *decoder) outOfRange(f Field) error {
	return d.fail(ErrRange, func(e *Error) { e.Field, e.Limit = f.Name, f.Max })
}

func (d *decoder) tooMany(zone string, limit int) error {
	return d.fail(ErrTooMany, func(e *Error) { e.Zone, e.Limit = zone, limit })
}

func (d *decoder) known(id string) error {
	if _, ok := d.cards[id]; !ok {
		return d.fail(ErrUnknown, func(e *Error) { e.Text = clip(id) })
	}
	return nil
}

// number reads a flag's number, 1 or more, within f's limits.
func (d *decoder) number(s string, f Field) (int, error) {
	n, ok := num(s)
	if !ok || n == 0 {
		return 0, d.syntax()
	}
	if !f.In(n) {
		return 0, d.outOfRange(f)
	}
	return n, nil
}

// game reads the first token: turn.active.step[.priority].
func (d *decoder) game(g []string) error {
	if len(g) < 3 || len(g) > 4 {
		return d.syntax()
	}
	turn, ok1 := num(g[0])
	active, ok2 := num(g[1])
	step, ok3 := ParseStep(g[2])
	if !ok1 || !ok2 || !ok3 {
		return d.syntax()
	}
	if !Turn.In(turn) {
		return d.outOfRange(Turn)
	}
	d.st.Turn, d.st.Active, d.st.Step = turn, active, step
	if len(g) == 4 {
		p, ok := num(g[3])
		if !ok {
			return d.syntax()
		}
		d.st.Priority = &p
	}
	return nil
}

// token reads one token after the game's.
func (d *decoder) token(f []string) error {
	if f[0] == "k" {
		d.stack = true
		return d.stackObject(f[1:])
	}
	if d.stack {
		return d.fail(ErrStackLast, nil)
	}
	if len(f[0]) > 1 && f[0][0] == 'p' {
		return d.player(f)
	}
	if d.cur < 0 {
		if f[0] == "h" || f[0] == "g" || f[0] == "m" || f[0] == "b" {
			return d.fail(ErrNoPlayer, nil)
		}
		return d.syntax()
	}
	p := &d.st.Players[d.cur]
	switch f[0] {
	case "h":
		return d.cardList(f[1:], engine.ZoneHand, MaxHand, &p.Hand)
	case "g":
		return d.cardList(f[1:], engine.ZoneGraveyard, MaxGraveyard, &p.Graveyard)
	case "m":
		return d.pool(f[1:], p)
	case "b":
		return d.permanent(f[1:])
	}
	return d.syntax()
}

// player reads p<life>.<library>[.<name>].
func (d *decoder) player(f []string) error {
	if len(d.st.Players) == MaxPlayers {
		return d.fail(ErrPlayers, func(e *Error) { e.Player, e.Limit = -1, MaxPlayers })
	}
	d.cur = len(d.st.Players)
	if len(f) < 2 || len(f) > 3 {
		return d.syntax()
	}
	life, ok1 := signed(f[0][1:])
	lib, ok2 := num(f[1])
	if !ok1 || !ok2 {
		return d.syntax()
	}
	if !Life.In(life) {
		return d.outOfRange(Life)
	}
	if lib > MaxLibrary {
		return d.tooMany(engine.ZoneLibrary, MaxLibrary)
	}
	name := Names[d.cur]
	if len(f) == 3 {
		if name = f[2]; !ValidName(name) || name == Names[d.cur] {
			return d.fail(ErrName, nil)
		}
	}
	for _, o := range d.st.Players {
		if o.Name == name {
			return d.fail(ErrName, nil)
		}
	}
	d.st.Players = append(d.st.Players, engine.SetupPlayer{Name: name, Life: &life, LibrarySize: lib})
	d.perms = append(d.perms, 0)
	return nil
}

// cardList reads a hand or graveyard: card ids, "~n" for n alike.
func (d *decoder) cardList(f []string, zone string, limit int, list *[]string) error {
	if len(f) == 0 || *list != nil {
		return d.syntax()
	}
	for _, c := range f {
		id, n := c, 1
		if a, b, ok := strings.Cut(c, "~"); ok {
			var err error
			if n, err = d.number(b, Copies); err != nil {
				return err
			}
			if n < 2 {
				return d.syntax()
			}
			id = a
		}
		if id == "" {
			return d.syntax()
		}
		if err := d.known(id); err != nil {
			return err
		}
		if len(*list)+n > limit {
			return d.tooMany(zone, limit)
		}
		for range n {
			*list = append(*list, id)
		}
	}
	return nil
}

// pool reads a mana pool: a color letter and its amount per field, in
// the order of Colors.
func (d *decoder) pool(f []string, p *engine.SetupPlayer) error {
	if len(f) == 0 || p.Pool != "" {
		return d.syntax()
	}
	next := 0
	for _, fl := range f {
		if fl == "" {
			return d.syntax()
		}
		c := slices.Index(Colors[next:], fl[:1])
		if c < 0 {
			return d.syntax()
		}
		next += c + 1
		n, err := d.number(fl[1:], Mana)
		if err != nil {
			return err
		}
		p.Pool += strings.Repeat(strings.ToUpper(fl[:1]), n)
	}
	return nil
}

// permanent reads b.<card>[.flags]: see the package comment.
func (d *decoder) permanent(f []string) error {
	if len(f) == 0 {
		return d.syntax()
	}
	if err := d.known(f[0]); err != nil {
		return err
	}
	perm := engine.SetupPermanent{Card: f[0], Controller: d.cur}
	copies := 1
	seen := ""
	for _, fl := range f[1:] {
		if fl == "" || strings.ContainsRune(seen, rune(fl[0])) {
			return d.syntax()
		}
		seen += fl[:1]
		var err error
		switch fl[0] {
		case 't':
			perm.Tapped = fl == "t"
		case 's':
			perm.Sick = fl == "s"
		case 'f':
			perm.FaceDown = fl == "f"
		case 'd':
			perm.Damage, err = d.number(fl[1:], Damage)
		case 'c':
			var n int
			if n, err = d.number(fl[1:], Counters); err == nil {
				perm.Counters = map[string]int{"charge": n}
			}
		case 'a':
			perm.AttachedTo, err = d.number(fl[1:], Field{Name: "object", Min: 1, Max: math.MaxInt32})
		case 'b':
			perm.Blocking, err = d.number(fl[1:], Field{Name: "object", Min: 1, Max: math.MaxInt32})
		case 'v':
			n, ok := num(fl[1:])
			if !ok {
				return d.syntax()
			}
			perm.Attacking = &n
		case 'n':
			if copies, err = d.number(fl[1:], Copies); err == nil && copies < 2 {
				return d.syntax()
			}
		default:
			return d.syntax()
		}
		if err != nil {
			return err
		}
		if len(fl) > 1 && strings.ContainsRune("tsf", rune(fl[0])) {
			return d.syntax() // t, s and f stand alone
		}
	}
	if d.perms[d.cur]+copies > MaxPermanents {
		return d.tooMany(engine.ZoneBattlefield, MaxPermanents)
	}
	d.perms[d.cur] += copies
	for range copies {
		p := perm
		p.ID = len(d.st.Battlefield) + 1
		if perm.Counters != nil {
			p.Counters = map[string]int{"charge": perm.Counters["charge"]}
		}
		d.st.Battlefield = append(d.st.Battlefield, p)
		d.permTok = append(d.permTok, d.i)
	}
	return nil
}

// stackObject reads k.<kind>.<card>.<controller>[.flags]: see the
// package comment.
func (d *decoder) stackObject(f []string) error {
	if len(d.st.Stack) == MaxStack {
		return d.tooMany(engine.ZoneStack, MaxStack)
	}
	if len(f) < 3 {
		return d.syntax()
	}
	var o engine.SetupStackObject
	switch k := f[0]; {
	case k == "s":
		o.Kind = engine.KindSpell
	case len(k) > 1 && (k[0] == 'a' || k[0] == 't'):
		n, ok := num(k[1:])
		if !ok {
			return d.syntax()
		}
		o.Kind, o.Ability = engine.KindAbility, n
		if k[0] == 't' {
			o.Kind = engine.KindTrigger
		}
	default:
		return d.syntax()
	}
	if err := d.known(f[1]); err != nil {
		return err
	}
	o.Card = f[1]
	c, ok := num(f[2])
	if !ok {
		return d.syntax()
	}
	o.Controller = c
	seen := ""
	for _, fl := range f[3:] {
		if fl == "" || strings.ContainsRune(seen, rune(fl[0])) || !strings.ContainsRune("poxs", rune(fl[0])) {
			return d.syntax()
		}
		seen += fl[:1]
		n, ok := num(fl[1:])
		if !ok {
			return d.syntax()
		}
		objects := len(d.st.Battlefield)
		switch fl[0] {
		case 'p', 'o':
			if strings.ContainsAny(seen[:len(seen)-1], "po") {
				return d.syntax()
			}
			if fl[0] == 'p' {
				o.Targets = []engine.Target{engine.PlayerTarget(n)}
				continue
			}
			objects += len(d.st.Stack)
			o.Targets = []engine.Target{engine.ObjectTarget(n)}
		case 'x':
			if n == 0 {
				return d.syntax()
			}
			if !X.In(n) {
				return d.outOfRange(X)
			}
			o.X = n
			continue
		case 's':
			o.Source = n
		}
		if n == 0 || n > objects {
			return d.fail(ErrObject, nil)
		}
	}
	o.ID = len(d.st.Battlefield) + len(d.st.Stack) + 1
	d.st.Stack = append(d.st.Stack, o)
	return nil
}

// Encode writes a setup as its canonical string. The setup must have the
// shape Decode gives: permanents numbered 1… in order and grouped by
// controller, stack objects numbered after them, only charge counters,
// no named library cards.
func Encode(st engine.Setup) (string, error) {
	var b strings.Builder
	b.WriteString(strconv.Itoa(st.Turn) + "." + strconv.Itoa(st.Active) + "." + StepCode(st.Step))
	if st.Priority != nil {
		b.WriteString("." + strconv.Itoa(*st.Priority))
	}
	if len(st.Players) > MaxPlayers || st.SkipFirstDraw || st.TurnLimit != 0 {
		return "", ErrNotEncodable
	}
	next := 0 // index into the battlefield
	for i, p := range st.Players {
		if len(p.Library) > 0 || (p.Name != Names[i] && !ValidName(p.Name)) {
			return "", ErrNotEncodable
		}
		life := DefaultLife
		if p.Life != nil {
			life = *p.Life
		}
		b.WriteString("_p" + Life.Print(life) + "." + Library.Print(p.LibrarySize))
		if p.Name != Names[i] {
			b.WriteString("." + p.Name)
		}
		writeCards(&b, "h", p.Hand)
		writeCards(&b, "g", p.Graveyard)
		if err := writePool(&b, p.Pool); err != nil {
			return "", err
		}
		for next < len(st.Battlefield) && st.Battlefield[next].Controller == i {
			perm := st.Battlefield[next]
			if perm.ID != next+1 || !onlyCharge(perm.Counters) {
				return "", ErrNotEncodable
			}
			n := 1
			for next+n < len(st.Battlefield) && n < MaxCopies && Alike(st.Battlefield[next+n], perm) && st.Battlefield[next+n].ID == next+n+1 {
				n++
			}
			writePermanent(&b, perm, n)
			next += n
		}
	}
	if next != len(st.Battlefield) {
		return "", ErrNotEncodable // not grouped by controller in seat order
	}
	for i, o := range st.Stack {
		if o.ID != len(st.Battlefield)+i+1 || len(o.Targets) > 1 {
			return "", ErrNotEncodable
		}
		b.WriteString("_k.")
		switch o.Kind {
		case engine.KindSpell:
			b.WriteString("s")
		case engine.KindAbility:
			b.WriteString("a" + strconv.Itoa(o.Ability))
		case engine.KindTrigger:
			b.WriteString("t" + strconv.Itoa(o.Ability))
		default:
			return "", ErrNotEncodable
		}
		b.WriteString("." + o.Card + "." + strconv.Itoa(o.Controller))
		for _, t := range o.Targets {
			if t.IsPlayer() {
				b.WriteString(".p" + strconv.Itoa(t.Player))
			} else {
				b.WriteString(".o" + strconv.Itoa(t.Object))
			}
		}
		if o.X > 0 {
			b.WriteString("." + X.Key + X.Print(o.X))
		}
		if o.Source > 0 {
			b.WriteString(".s" + strconv.Itoa(o.Source))
		}
	}
	return b.String(), nil
}

// writePermanent writes n alike permanents with their flags in canonical order.
func writePermanent(b *strings.Builder, perm engine.SetupPermanent, n int) {
	b.WriteString("_b." + perm.Card)
	flag := func(on bool, s string) {
		if on {
			b.WriteString("." + s)
		}
	}
	flag(perm.Tapped, "t")
	flag(perm.Sick, "s")
	flag(perm.FaceDown, "f")
	flag(perm.Damage > 0, Damage.Key+Damage.Print(perm.Damage))
	flag(perm.Counters["charge"] > 0, Counters.Key+Counters.Print(perm.Counters["charge"]))
	flag(perm.AttachedTo > 0, "a"+strconv.Itoa(perm.AttachedTo))
	flag(perm.Attacking != nil, "v"+strconv.Itoa(ptrOr(perm.Attacking)))
	flag(perm.Blocking > 0, "b"+strconv.Itoa(perm.Blocking))
	flag(n > 1, Copies.Key+Copies.Print(n))
}

func ptrOr(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// writePool writes a mana pool as an m token; ParseMana's forms are read.
func writePool(b *strings.Builder, pool string) error {
	if pool == "" {
		return nil
	}
	m, err := engine.ParseMana(pool)
	if err != nil {
		return ErrNotEncodable
	}
	b.WriteString("_m")
	for i, n := range PoolAmounts(m) {
		if n > MaxMana {
			return ErrNotEncodable
		}
		if n > 0 {
			b.WriteString("." + Colors[i] + Mana.Print(n))
		}
	}
	return nil
}

// PoolAmounts is a pool's mana per color, in the order of Colors.
func PoolAmounts(m engine.Mana) [len(Colors)]int {
	return [...]int{int(m.W), int(m.U), int(m.B), int(m.R), int(m.G), int(m.C)}
}

func writeCards(b *strings.Builder, tag string, cards []string) {
	if len(cards) == 0 {
		return
	}
	b.WriteString("_" + tag)
	for i := 0; i < len(cards); {
		n := 1
		for i+n < len(cards) && cards[i+n] == cards[i] && n < MaxCopies {
			n++
		}
		b.WriteString("." + cards[i])
		if n > 1 {
			b.WriteString("~" + Copies.Print(n))
		}
		i += n
	}
}

func onlyCharge(m map[string]int) bool {
	for k, v := range m {
		if k != "charge" || v < 0 {
			return false
		}
	}
	return true
}

// Alike reports whether two permanents differ only in their ids.
func Alike(a, b engine.SetupPermanent) bool {
	return a.Card == b.Card && a.Controller == b.Controller && a.Tapped == b.Tapped && a.Sick == b.Sick &&
		a.Damage == b.Damage && a.AttachedTo == b.AttachedTo && a.FaceDown == b.FaceDown &&
		a.Counters["charge"] == b.Counters["charge"] && ptrOr(a.Attacking) == ptrOr(b.Attacking) && a.Blocking == b.Blocking
}

// Default is the builder's empty position: two players with 20 life and
// 30 cards in their libraries, turn 1, A's precombat main phase.
func Default() engine.Setup {
	st := engine.Setup{Turn: 1, Step: engine.Main1}
	for i := range 2 {
		life := DefaultLife
		st.Players = append(st.Players, engine.SetupPlayer{Name: Names[i], Life: &life, LibrarySize: DefaultLibrary})
	}
	return st
}
