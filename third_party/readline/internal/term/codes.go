package term

// Terminal control sequences.
const (
	NewlineReturn = "\r\n"

	ClearLineAfter   = "\x1b[0K"
	ClearLineBefore  = "\x1b[1K"
	ClearLine        = "\x1b[2K"
	ClearScreenBelow = "\x1b[0J"
	ClearScreen      = "\x1b[2J" // Clears screen, preserving scroll buffer
	ClearDisplay     = "\x1b[3J" // Clears screen fully, wipes the scroll buffer

	CursorTopLeft    = "\x1b[H"
	SaveCursorPos    = "\x1b7"
	RestoreCursorPos = "\x1b8"
	HideCursor       = "\x1b[?25l"
	ShowCursor       = "\x1b[?25h"

	BracketedPasteStart = "\x1b[?2004h"
	BracketedPasteEnd   = "\x1b[?2004l"
)

// Some core keys needed by some stuff.
var (
	ArrowUp    = "\x1b[A" // ^[[A (literals, which cost nothing at program start)
	ArrowDown  = "\x1b[B" // ^[[B
	ArrowRight = "\x1b[C" // ^[[C
	ArrowLeft  = "\x1b[D" // ^[[D
)
