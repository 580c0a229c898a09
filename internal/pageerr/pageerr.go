// Package pageerr is the error a page model or handler fails with: an
// HTTP status, the message to show and links that may help. The web
// package renders it in the reader's language.
package pageerr

import (
	"net/http"

	"github.com/mtgrules/site/locales/msg"
	"github.com/mtgrules/site/templates"
)

// Error is a failed request.
type Error struct {
	Status      int
	ID          msg.Key // the message shown
	Message     string  // already localized; overrides ID when set
	Suggestions []templates.Link
}

// New is a failed request with a status and a message.
func New(status int, id msg.Key) *Error { return &Error{Status: status, ID: id} }

func (e *Error) Error() string { return http.StatusText(e.Status) + ": " + e.ID.String() }
