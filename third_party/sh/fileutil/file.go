// Copyright (c) 2016, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

// Package fileutil allows inspecting shell files, such as detecting whether a
// file may be shell or extracting its shebang.
package fileutil

import (
	"bytes"
	"io/fs"
	"strings"
)

// lacy patch: Shebang and CouldBeScript2 match by hand what were two regular
// expressions compiled at package initialisation, which every program
// linking the interpreter paid for at start-up (about 100 allocations) even
// when it never looked at a shebang. The expressions were:
//
//	shebang:   ^#![ \t]*/(usr/)?bin/(env[ \t]+)?(sh|dash|bash|mksh|bats|zsh)(\s|$)
//	extension: \.(sh|bash|mksh|bats|zsh)$
//
// (file_lacy_test.go checks the two against them.)

// shebangShells are the shells Shebang recognises.
var shebangShells = [...]string{"sh", "dash", "bash", "mksh", "bats", "zsh"}

// isShellExt reports whether name ends in .sh, .bash, .mksh, .bats or .zsh.
func isShellExt(name string) bool {
	switch name[strings.LastIndexByte(name, '.')+1:] {
	case "sh", "bash", "mksh", "bats", "zsh":
		return strings.Contains(name, ".")
	}
	return false
}

// trimBlanks drops leading spaces and tabs.
func trimBlanks(bs []byte) []byte {
	return bytes.TrimLeft(bs, " \t")
}

// TODO: consider removing HasShebang in favor of Shebang in v4

// HasShebang reports whether bs begins with a valid shell shebang.
// It supports variations with /usr and env.
func HasShebang(bs []byte) bool {
	return Shebang(bs) != ""
}

// Shebang parses a "#!" sequence from the beginning of the input bytes,
// and returns the shell that it points to.
//
// For instance, it returns "sh" for "#!/bin/sh",
// and "bash" for "#!/usr/bin/env bash".
func Shebang(bs []byte) string {
	rest, ok := bytes.CutPrefix(bs, []byte("#!"))
	if !ok {
		return ""
	}
	if rest, ok = bytes.CutPrefix(trimBlanks(rest), []byte("/")); !ok {
		return ""
	}
	rest, _ = bytes.CutPrefix(rest, []byte("usr/"))
	if rest, ok = bytes.CutPrefix(rest, []byte("bin/")); !ok {
		return ""
	}
	if args, ok := bytes.CutPrefix(rest, []byte("env")); ok && len(args) > 0 && (args[0] == ' ' || args[0] == '\t') {
		rest = trimBlanks(args)
	}
	for _, sh := range shebangShells {
		if after, ok := bytes.CutPrefix(rest, []byte(sh)); ok {
			if len(after) == 0 || strings.IndexByte("\t\n\f\r ", after[0]) >= 0 {
				return sh
			}
			return ""
		}
	}
	return ""
}

// ScriptConfidence defines how likely a file is to be a shell script,
// from complete certainty that it is not one to complete certainty that
// it is one.
type ScriptConfidence int

const (
	// ConfNotScript describes files which are definitely not shell scripts,
	// such as non-regular files or files with a non-shell extension.
	ConfNotScript ScriptConfidence = iota

	// ConfIfShebang describes files which might be shell scripts, depending
	// on the shebang line in the file's contents. Since [CouldBeScript] only
	// works on [fs.FileInfo], the answer in this case can't be final.
	ConfIfShebang

	// ConfIsScript describes files which are definitely shell scripts,
	// which are regular files with a valid shell extension.
	ConfIsScript
)

// CouldBeScript is a shortcut for CouldBeScript2(fs.FileInfoToDirEntry(info)).
//
// Deprecated: prefer [CouldBeScript2], which usually requires fewer syscalls.
func CouldBeScript(info fs.FileInfo) ScriptConfidence {
	return CouldBeScript2(fs.FileInfoToDirEntry(info))
}

// CouldBeScript2 reports how likely a directory entry is to be a shell script.
// It discards directories and other non-regular files like symbolic links,
// filenames beginning with '.', and files with non-shell extensions.
func CouldBeScript2(entry fs.DirEntry) ScriptConfidence {
	name := entry.Name()
	switch {
	case name[0] == '.':
		return ConfNotScript // '.' prefix (hidden file)
	case !entry.Type().IsRegular():
		return ConfNotScript // dir, symlink, named pipes, etc
	case isShellExt(name):
		return ConfIsScript // shell extension
	case strings.IndexByte(name, '.') > 0:
		return ConfNotScript // non-shell extension
	default:
		return ConfIfShebang // no extension; read and look for a shebang
	}
}
