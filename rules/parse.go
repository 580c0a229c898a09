package rules

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ParseError names the file and line where a rules text is malformed.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

const space = `[\s\x{3000}]`

var (
	sectionRe = regexp.MustCompile(`^([1-9])\.` + space + `+(\S.*)$`)
	topRe     = regexp.MustCompile(`^([1-9]\d\d)\.` + space + `+(\S.*)$`)
	ruleRe    = regexp.MustCompile(`^([1-9]\d\d\.\d+)\.?` + space + `+(\S.*)$`)
	subruleRe = regexp.MustCompile(`^([1-9]\d\d\.\d+[a-z])\.?` + space + `+(\S.*)$`)
)

// Words are what the parts of a rules text are recognized by, in every
// language a text may be written in.
type Words struct {
	Contents, Glossary, Credits []string   // headings, each a line of its own: "Glossary"
	Example                     []string   // what an example paragraph starts with: "Example:"
	Effective                   []string   // words of the line with the effective date: "effective as of"
	Dates                       []DateForm // how that line writes its date, besides "2025-11-14"
}

// Parse reads a rules text in the official Comprehensive Rules layout,
// whose headings, example paragraphs and effective date are recognized by
// words. name is used in error messages; lang is stored on the book.
// Encodings and line ends are detected (see Decode). A file that does not
// follow the layout is rejected with a *ParseError naming the line.
func Parse(data []byte, name, lang string, words Words) (*Book, error) {
	text, err := Decode(data)
	if err != nil {
		return nil, &ParseError{File: name, Msg: err.Error()}
	}
	p := &parser{
		book:     &Book{Lang: lang, rules: map[string]*Rule{}, terms: map[string]*Term{}, source: name},
		name:     name,
		contents: set(words.Contents), glossary: set(words.Glossary), credits: set(words.Credits),
		examples: words.Example, effective: words.Effective, dates: words.Dates,
	}
	if err := p.run(strings.Split(text, "\n")); err != nil {
		return nil, err
	}
	return p.book, nil
}

type mode int

const (
	modeFront mode = iota // title, effective date, introduction, contents
	modeBody              // sections and rules
	modeGlossary
	modeCredits
)

type parser struct {
	book    *Book
	name    string
	mode    mode
	section *Section
	last    *Rule // the paragraph continuation lines and examples attach to
	example bool  // last paragraph was an example
	term    *Term
	para    *[]string // the front-matter or credits paragraph being built
	wrap    wrapped   // the paragraph wrapped lines are being joined to
	// bodyStart is the first section heading seen in the contents; the body
	// starts where it appears again.
	bodyStart   string
	inContents  bool
	sawContents bool
	// The words the parts are recognized by (see Parse).
	contents, glossary, credits map[string]bool
	examples, effective         []string
	dates                       []DateForm
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return &ParseError{File: p.name, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// MaxLineBytes bounds a line of a rules file: the longest line of any
// official or translated file is under 5,000 bytes, so a longer one is a
// file that is no rules text, refused before it costs any work.
const MaxLineBytes = 64 << 10

func (p *parser) run(lines []string) error {
	for i, raw := range lines {
		n := i + 1
		if err := plausible(raw); err != nil {
			return p.errorf(n, "%s: no rules file has such a line", err)
		}
		line := strings.TrimRightFunc(raw, unicode.IsSpace)
		line = strings.TrimLeft(line, " \t\u3000")
		if err := p.line(n, line); err != nil {
			return err
		}
	}
	p.wrap.flush()
	return p.finish()
}

// plausible says what is wrong with a line no rules file has: one longer
// than MaxLineBytes, or one with control characters other than a tab.
func plausible(line string) error {
	if len(line) > MaxLineBytes {
		return fmt.Errorf("the line is %d bytes long, more than %d", len(line), MaxLineBytes)
	}
	for _, r := range line {
		if r != '\t' && (r < 0x20 || r == 0x7f) {
			return fmt.Errorf("the line has the control character %U", r)
		}
	}
	return nil
}

func (p *parser) line(n int, line string) error {
	if line == "" {
		p.blank()
		return nil
	}
	switch p.mode {
	case modeFront:
		return p.front(n, line)
	case modeGlossary:
		if p.credits[line] {
			p.mode, p.book.creditsHeading = modeCredits, true
			p.term = nil
			return nil
		}
		p.glossaryLine(n, line)
		return nil
	case modeCredits:
		p.appendPara(&p.book.Credits, line)
		return nil
	}
	return p.bodyLine(n, line)
}

// blank ends the current paragraph.
func (p *parser) blank() {
	p.wrap.flush()
	p.term = nil
	p.para = nil
}

func (p *parser) front(n int, line string) error {
	switch {
	case p.book.Title == "":
		p.book.Title = line
		return nil
	case p.book.Effective == "" && hasAny(line, p.effective):
		p.book.Effective = line
		p.book.Date, _ = ParseEffective(line, p.dates)
		return nil
	case p.contents[line]:
		p.inContents, p.sawContents = true, true
		return nil
	}
	if m := sectionRe.FindStringSubmatch(line); m != nil {
		if !p.sawContents || (p.bodyStart != "" && line == p.bodyStart) {
			p.mode = modeBody
			return p.bodyLine(n, line)
		}
		if p.bodyStart == "" {
			p.bodyStart = line
		}
		return nil
	}
	if p.inContents {
		// Contents entries: rule titles ("100. General"), Glossary, Credits.
		if m := topRe.FindStringSubmatch(line); m != nil {
			p.book.listed = append(p.book.listed, m[1])
		}
		return nil
	}
	if topRe.MatchString(line) || ruleRe.MatchString(line) || subruleRe.MatchString(line) {
		return p.bodyLine(n, line) // a rule before any section heading: an error
	}
	p.appendPara(&p.book.Intro, line)
	return nil
}

func (p *parser) appendPara(dst *[]string, line string) {
	if p.para == dst && len(*dst) > 0 {
		p.wrap.join(&(*dst)[len(*dst)-1], line)
		return
	}
	p.wrap.flush() // before append moves the paragraph it joins to
	*dst = append(*dst, line)
	p.para = dst
}

func (p *parser) bodyLine(n int, line string) error {
	if p.glossary[line] {
		p.mode = modeGlossary
		p.last = nil
		return nil
	}
	if p.credits[line] {
		p.mode, p.book.creditsHeading = modeCredits, true
		p.last = nil
		return nil
	}
	if m := subruleRe.FindStringSubmatch(line); m != nil {
		return p.addRule(n, m[1], m[2])
	}
	if m := ruleRe.FindStringSubmatch(line); m != nil {
		return p.addRule(n, m[1], m[2])
	}
	if m := topRe.FindStringSubmatch(line); m != nil {
		return p.addRule(n, m[1], m[2])
	}
	if m := sectionRe.FindStringSubmatch(line); m != nil {
		num := int(m[1][0] - '0')
		for _, s := range p.book.Sections {
			if s.Number == num {
				return p.errorf(n, "section %d appears twice", num)
			}
		}
		p.section = &Section{Number: num, Title: m[2]}
		p.book.Sections = append(p.book.Sections, p.section)
		p.last = nil
		return nil
	}
	for _, prefix := range p.examples {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			if p.last == nil {
				return p.errorf(n, "example outside a rule: %q", clip(line))
			}
			p.wrap.flush() // before append moves the example it joins to
			p.last.Examples = append(p.last.Examples, strings.TrimSpace(rest))
			p.example = true
			return nil
		}
	}
	if p.last == nil {
		return p.errorf(n, "text outside a rule: %q", clip(line))
	}
	// A wrapped line continues the paragraph above it.
	if p.example {
		ex := p.last.Examples
		p.wrap.join(&ex[len(ex)-1], line)
	} else {
		p.wrap.join(&p.last.Text, line)
	}
	return nil
}

func (p *parser) addRule(n int, number, text string) error {
	if p.section == nil {
		return p.errorf(n, "rule %s comes before any section heading", number)
	}
	if _, dup := p.book.rules[number]; dup {
		return p.errorf(n, "rule %s appears twice", number)
	}
	r := &Rule{Number: number, Text: text, Section: p.section, Line: n, index: len(p.book.order)}
	if parent := Parent(number); parent != "" {
		pr, ok := p.book.rules[parent]
		if !ok {
			return p.errorf(n, "rule %s has no parent rule %s above it", number, parent)
		}
		r.Parent = pr
		pr.Children = append(pr.Children, r)
	} else {
		if want := int(number[0] - '0'); want != p.section.Number {
			return p.errorf(n, "rule %s is in section %d", number, p.section.Number)
		}
		p.section.Rules = append(p.section.Rules, r)
	}
	p.book.rules[number] = r
	p.book.order = append(p.book.order, r)
	p.last, p.example = r, false
	return nil
}

func (p *parser) glossaryLine(n int, line string) {
	if p.term == nil {
		t := &Term{Name: line, Slug: Slug(line), Line: n}
		// Two entries with the same slug keep distinct URLs.
		for base, i := t.Slug, 2; p.book.terms[t.Slug] != nil; i++ {
			t.Slug = fmt.Sprintf("%s-%d", base, i)
		}
		p.book.terms[t.Slug] = t
		p.book.Glossary = append(p.book.Glossary, t)
		p.term = t
		return
	}
	p.term.Definition = append(p.term.Definition, line)
}

func (p *parser) finish() error {
	switch {
	case p.book.Title == "":
		return p.errorf(0, "the file is empty")
	case len(p.book.order) == 0:
		return p.errorf(0, "no numbered rules found (is this a Comprehensive Rules text file?)")
	}
	for _, t := range p.book.Glossary {
		if len(t.Definition) == 0 {
			return p.errorf(t.Line, "glossary term %q has no definition", clip(t.Name))
		}
	}
	return nil
}

// wrapped joins the wrapped lines of one paragraph in a buffer and
// writes the paragraph back once when it ends (flush), so a paragraph
// costs its length, not its length times its lines.
type wrapped struct {
	dst *string // the paragraph being joined; nil when none
	buf strings.Builder
}

// join appends a wrapped line to the paragraph *dst; Japanese text joins
// without a space.
func (w *wrapped) join(dst *string, line string) {
	if w.dst != dst {
		w.flush()
		w.dst = dst
		w.buf.WriteString(*dst)
	}
	if w.buf.Len() > 0 {
		last, _ := utf8.DecodeLastRuneInString(w.buf.String())
		first, _ := utf8.DecodeRuneInString(line)
		if !isCJK(last) && !isCJK(first) {
			w.buf.WriteByte(' ')
		}
	}
	w.buf.WriteString(line)
}

// flush writes the joined paragraph back; it must run before anything
// moves the paragraph (an append to its slice) and at the end.
func (w *wrapped) flush() {
	if w.dst != nil {
		*w.dst = w.buf.String()
		w.dst = nil
		w.buf.Reset()
	}
}

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) || (r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef)
}

func hasAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func set(words []string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// clip shortens a line for an error message.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// Slug turns a glossary term into a URL segment: lower case, words joined
// by hyphens, letters of every script kept.
func Slug(term string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(term) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	return b.String()
}
