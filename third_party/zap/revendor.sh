#!/bin/sh
# Re-vendor go.uber.org/zap as published, without its HTTP level handler.
#
#   third_party/zap/revendor.sh          rebuild the tree from the module cache
#   third_party/zap/revendor.sh --check  fail when the tree differs from that (CI, before commit)
#
# The only change is a deletion (PATCHES.md): http_handler.go and its test, so that a program
# logging with zap does not link net/http (and crypto/tls). The pristine module comes from
# `go mod download`, so the tree is always "upstream as published, minus those files".
set -eu
VERSION=v1.28.0
MODULE=go.uber.org/zap
here=$(cd "$(dirname "$0")" && pwd)

src=$(go mod download -json "$MODULE@$VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -d "$src" ] || { echo "revendor: cannot download $MODULE@$VERSION" >&2; exit 1; }

build() {
	cp -R "$src"/. "$1"
	chmod -R u+w "$1"
	# Nested modules (benchmarks, exp) and CI files: lacy needs the packages only.
	rm -rf "$1/.github" "$1/benchmarks" "$1/exp" "$1/.codecov.yml" "$1/.golangci.yml" "$1/.readme.tmpl"
	rm -f "$1/http_handler.go" "$1/http_handler_test.go"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/tree"
build "$work/tree"
ours='PATCHES.md revendor.sh'

case "${1:-}" in
--check)
	for o in $ours; do cp -R "$here/$o" "$work/tree/"; done
	diff -r "$work/tree" "$here" >/dev/null || { echo "revendor: third_party/zap differs from upstream minus the HTTP handler" >&2; diff -ru "$work/tree" "$here" | head -40 >&2; exit 1; }
	;;
"")
	for o in $ours; do [ -e "$here/$o" ] && cp -R "$here/$o" "$work/tree/"; done
	find "$here" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
	cp -R "$work/tree"/. "$here"
	;;
*)
	echo "usage: revendor.sh [--check]" >&2; exit 2
	;;
esac
