package rules

import (
	"bytes"
	"errors"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Decode turns a rules file into UTF-8 text with "\n" line ends. It detects
// a UTF-8 or UTF-16 byte-order mark, falls back to Windows-1252 when the
// bytes are not valid UTF-8, and accepts CRLF, lone CR and the "\r\r\n"
// line ends some copies of the official files have.
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
		return "", errors.New("the file contains NUL bytes (a binary file, or UTF-16 without a byte-order mark)")
	}
	return normalizeLineEnds(s), nil
}

func normalizeLineEnds(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	// "\r\r\n" on (nearly) every line is one line end; elsewhere it marks a
	// blank line before a heading, which the lone-CR rule below yields.
	if lines := strings.Count(s, "\n"); lines > 0 && strings.Count(s, "\r\r\n")*2 > lines {
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
