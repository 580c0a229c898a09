package rules

import (
	"bytes"
	"errors"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Decode turns a rules file into UTF-8 text with "\n" line ends. It detects
// a UTF-8 or UTF-16 byte-order mark, UTF-16 without one (by where its line
// ends fall), falls back to Windows-1252 when the bytes are not valid UTF-8,
// and accepts LF, CRLF, lone CR and the "\r\r\n" line ends some copies of
// the official files have.
func Decode(data []byte) (string, error) {
	var s string
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		s = string(data[3:])
		if !utf8.ValidString(s) {
			return "", errors.New("the file starts with a UTF-8 byte-order mark but is not valid UTF-8")
		}
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		s = decodeUTF16(data[2:], false)
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		s = decodeUTF16(data[2:], true)
	case utf8.Valid(data):
		s = string(data)
	default:
		s = decodeWindows1252(data)
	}
	if strings.IndexByte(s, 0) >= 0 {
		bigEndian, ok := sniffUTF16(data)
		if !ok {
			return "", errors.New("the file contains NUL bytes (a binary file, or UTF-16 without a byte-order mark)")
		}
		s = decodeUTF16(data, bigEndian)
	}
	s = strings.TrimPrefix(s, "\uFEFF") // a second mark some converters leave
	return normalizeLineEnds(s), nil
}

// sniffUTF16 recognises UTF-16 without a byte-order mark by its line ends:
// every "\n" falls on a code unit whose other byte is zero, and only on one
// side. Any script's text has line ends, so this works beyond ASCII.
func sniffUTF16(b []byte) (bigEndian, ok bool) {
	if len(b) < 2 || len(b)%2 != 0 {
		return false, false
	}
	var le, be int
	for i := 0; i+1 < len(b); i += 2 {
		switch {
		case b[i] == '\n' && b[i+1] == 0:
			le++
		case b[i] == 0 && b[i+1] == '\n':
			be++
		}
	}
	switch {
	case le > 0 && be == 0:
		return false, true
	case be > 0 && le == 0:
		return true, true
	}
	return false, false
}

// normalizeLineEnds turns every line end into "\n". "\r\r\n" is one line
// end when (nearly) every line has it, as in copies that were converted
// twice; elsewhere it is a line end followed by a blank line, as before the
// section headings of the files with lone CR line ends.
func normalizeLineEnds(s string) string {
	cr := strings.Count(s, "\r")
	if cr == 0 {
		return s
	}
	crcrlf := strings.Count(s, "\r\r\n")
	// Line ends, counting "\r\r\n" as one: every "\n", and every CR
	// that is not part of "\r\n" or "\r\r\n".
	ends := strings.Count(s, "\n") + cr - strings.Count(s, "\r\n") - crcrlf
	if crcrlf*2 > ends {
		s = strings.ReplaceAll(s, "\r\r\n", "\n")
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

func decodeUTF16(b []byte, bigEndian bool) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		if bigEndian {
			u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			u[i] = uint16(b[2*i+1])<<8 | uint16(b[2*i])
		}
	}
	return string(utf16.Decode(u))
}

// cp1252 maps the bytes 0x80–0x9F, where Windows-1252 differs from Latin-1.
var cp1252 = [32]rune{
	'€', '\uFFFD', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\uFFFD', 'Ž', '\uFFFD',
	'\uFFFD', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\uFFFD', 'ž', 'Ÿ',
}

func decodeWindows1252(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/8)
	for _, c := range b {
		switch {
		case c < 0x80:
			sb.WriteByte(c)
		case c < 0xA0:
			sb.WriteRune(cp1252[c-0x80])
		default:
			sb.WriteRune(rune(c))
		}
	}
	return sb.String()
}
