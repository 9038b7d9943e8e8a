// Copyright (c) 2016 Uber Technologies, Inc.
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in
// all copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
// THE SOFTWARE.

package zapcore

import (
	"sync"

	"go.uber.org/zap/internal/color"
)

var (
	_unknownLevelColor = color.Red

	_levelToLowercaseColorString map[Level]string
	_levelToCapitalColorString   map[Level]string

	// The coloured strings are built by the first coloured level encoder
	// rather than at package initialisation, which every program that links
	// zap paid for, coloured output or not (lacy patch).
	_levelColorStringsOnce sync.Once
)

// _levelToColor is a function, not a map literal that every program start
// built (lacy patch); the first coloured level encoder calls it once.
func _levelToColor() map[Level]color.Color {
	return map[Level]color.Color{
		DebugLevel:  color.Magenta,
		InfoLevel:   color.Blue,
		WarnLevel:   color.Yellow,
		ErrorLevel:  color.Red,
		DPanicLevel: color.Red,
		PanicLevel:  color.Red,
		FatalLevel:  color.Red,
	}
}

func buildLevelColorStrings() {
	colors := _levelToColor()
	lower := make(map[Level]string, len(colors))
	capital := make(map[Level]string, len(colors))
	for level, color := range colors {
		lower[level] = color.Add(level.String())
		capital[level] = color.Add(level.CapitalString())
	}
	_levelToLowercaseColorString, _levelToCapitalColorString = lower, capital
}

func levelToLowercaseColorString() map[Level]string {
	_levelColorStringsOnce.Do(buildLevelColorStrings)
	return _levelToLowercaseColorString
}

func levelToCapitalColorString() map[Level]string {
	_levelColorStringsOnce.Do(buildLevelColorStrings)
	return _levelToCapitalColorString
}
