package templates

// OfflinePage offers to save the page's language for reading offline.
// The {progress}, {edition} and {size} in its messages are filled in by
// the script that saves.
type OfflinePage struct {
	Page
	Edition string // the edition a save keeps now: "Edition of 17 April 2026"
	// The messages the script shows while it saves and after.
	Saving, Ready, Removed, Failed, Unsupported string
}

// OfflineUnavailablePage stands in, offline, for a page that needs the
// server or was not saved; its links lead to the saved pages.
type OfflineUnavailablePage struct {
	Page
	Saved []Link // the contents and the glossary
	Save  Link   // the page that saves the rules
}
