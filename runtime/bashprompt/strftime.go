package bashprompt

import (
	"strconv"
	"strings"
	"time"
)

// Strftime formats t with the common strftime(3) conversions, for \D{…}
// and HISTTIMEFORMAT. An unknown conversion is kept as written.
func Strftime(f string, t time.Time) string {
	var b strings.Builder
	two := func(n int) {
		if n < 10 {
			b.WriteByte('0')
		}
		b.WriteString(strconv.Itoa(n))
	}
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 == len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		switch f[i] {
		case '%':
			b.WriteByte('%')
		case 'a':
			b.WriteString(t.Format("Mon"))
		case 'A':
			b.WriteString(t.Format("Monday"))
		case 'b', 'h':
			b.WriteString(t.Format("Jan"))
		case 'B':
			b.WriteString(t.Format("January"))
		case 'c':
			b.WriteString(t.Format("Mon Jan  2 15:04:05 2006"))
		case 'C':
			two(t.Year() / 100)
		case 'd':
			two(t.Day())
		case 'D':
			b.WriteString(t.Format("01/02/06"))
		case 'e':
			b.WriteString(t.Format("_2"))
		case 'F':
			b.WriteString(t.Format("2006-01-02"))
		case 'H':
			two(t.Hour())
		case 'I':
			h := t.Hour() % 12
			if h == 0 {
				h = 12
			}
			two(h)
		case 'j':
			b.WriteString(t.Format("002"))
		case 'k':
			b.WriteString(t.Format("15")) // close enough: bash pads with a space
		case 'm':
			two(int(t.Month()))
		case 'M':
			two(t.Minute())
		case 'n':
			b.WriteByte('\n')
		case 'p':
			b.WriteString(t.Format("PM"))
		case 'r':
			b.WriteString(t.Format("03:04:05 PM"))
		case 'R':
			b.WriteString(t.Format("15:04"))
		case 's':
			b.WriteString(strconv.FormatInt(t.Unix(), 10))
		case 'S':
			two(t.Second())
		case 't':
			b.WriteByte('\t')
		case 'T', 'X':
			b.WriteString(t.Format("15:04:05"))
		case 'u':
			wd := int(t.Weekday())
			if wd == 0 {
				wd = 7
			}
			b.WriteString(strconv.Itoa(wd))
		case 'w':
			b.WriteString(strconv.Itoa(int(t.Weekday())))
		case 'x':
			b.WriteString(t.Format("01/02/06"))
		case 'y':
			two(t.Year() % 100)
		case 'Y':
			b.WriteString(strconv.Itoa(t.Year()))
		case 'z':
			b.WriteString(t.Format("-0700"))
		case 'Z':
			b.WriteString(t.Format("MST"))
		default:
			b.WriteByte('%')
			b.WriteByte(f[i])
		}
	}
	return b.String()
}
