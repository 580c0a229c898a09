// Package msg names every message of the site's message files (those of
// the fallback language, see package langs) as a constant, so a message
// the code asks for is checked by the compiler: Key has no conversion from
// a string literal. keys.go is generated from those files; a test in
// package locales fails when it is stale.
package msg

import "strconv"

//go:generate go run gen.go

// Key is a message ID; the zero Key names no message.
type Key uint16

// String is the key's ID in the message files.
func (k Key) String() string {
	if k > 0 && int(k) <= len(names) {
		return names[k-1]
	}
	return "msg.Key(" + strconv.Itoa(int(k)) + ")"
}

// All lists every key, in ID order.
func All() []Key {
	out := make([]Key, len(names))
	for i := range out {
		out[i] = Key(i + 1)
	}
	return out
}
