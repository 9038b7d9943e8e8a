// Package memprofile writes a heap profile of an idle shell when built with
// the lacymemprofile tag; see memprofile.go. Without the tag it is empty.
package memprofile
