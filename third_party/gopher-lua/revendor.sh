#!/bin/sh
# Re-vendor github.com/yuin/gopher-lua as published, without its command and test scripts.
#
#   third_party/gopher-lua/revendor.sh          rebuild the tree from the module cache + patches/*.patch
#   third_party/gopher-lua/revendor.sh --check  fail when the tree differs from that (CI, before commit)
#   third_party/gopher-lua/revendor.sh --new NAME [PATH...]
#                                        record the tree's changes since the last patch (in
#                                        PATHs only, when given) as patches/NNN-NAME.patch
#
# The changes (PATCHES.md): cmd/glua (the stand-alone interpreter, which needs a line editor
# lacy does not use), CI files and the test suite's empty libs/ folders removed; then patches/*.patch in order. The pristine module
# comes from `go mod download`, so the tree is always "upstream as published, minus those
# files, plus the patch files".
set -eu
VERSION=v1.1.2
MODULE=github.com/yuin/gopher-lua
here=$(cd "$(dirname "$0")" && pwd)

src=$(go mod download -json "$MODULE@$VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -d "$src" ] || { echo "revendor: cannot download $MODULE@$VERSION" >&2; exit 1; }

build() {
	cp -R "$src"/. "$1"
	chmod -R u+w "$1"
	# The interpreter command and CI files: lacy needs the packages only.
	rm -rf "$1/.github" "$1/cmd" "$1/.travis.yml" "$1/.gitignore"
	# Empty folders kept only by .gitignore files, which git does not keep
	# in lacy's tree (so a fresh clone would differ from the rebuild).
	rm -rf "$1/_lua5.1-tests/libs"
	for p in "$here"/patches/*.patch; do
		[ -f "$p" ] || continue
		patch -s -p1 -d "$1" --no-backup-if-mismatch <"$p" || { echo "revendor: $p does not apply" >&2; exit 1; }
	done
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/tree"
build "$work/tree"
ours='patches PATCHES.md revendor.sh'

case "${1:-}" in
--check)
	for o in $ours; do cp -R "$here/$o" "$work/tree/"; done
	diff -r "$work/tree" "$here" >/dev/null || { echo "revendor: third_party/gopher-lua differs from upstream minus its command and CI files plus patches; record changes with --new NAME" >&2; diff -ru "$work/tree" "$here" | head -40 >&2; exit 1; }
	;;
--new)
	name=${2:?usage: revendor.sh --new NAME}
	mkdir -p "$here/patches"
	n=$(ls "$here/patches" | grep -c '\.patch$' || true)
	file=$(printf '%s/patches/%03d-%s.patch' "$here" $((n + 1)) "$name")
	mkdir "$work/a" "$work/b"
	cp -R "$work/tree"/. "$work/a"
	cp -R "$here"/. "$work/b"
	for o in $ours; do rm -rf "$work/b/$o"; done
	shift 2
	if [ $# -eq 0 ]; then
		(cd "$work" && diff -ruN a b) >"$file" || true
	else
		: >"$file"
		for path in "$@"; do
			(cd "$work" && diff -ruN "a/$path" "b/$path") >>"$file" || true
		done
	fi
	[ -s "$file" ] || { rm -f "$file"; echo "revendor: no changes to record" >&2; exit 1; }
	sed -i -E 's#^(---|\+\+\+) ([ab]/[^\t]*)\t.*#\1 \2#' "$file"
	echo "revendor: wrote $file"
	;;
"")
	for o in $ours; do [ -e "$here/$o" ] && cp -R "$here/$o" "$work/tree/"; done
	find "$here" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
	cp -R "$work/tree"/. "$here"
	;;
*)
	echo "usage: revendor.sh [--check | --new NAME]" >&2; exit 2
	;;
esac
