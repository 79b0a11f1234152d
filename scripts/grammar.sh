#!/bin/sh
# grammar.sh DIR: the tree-sitter-java grammar, at its pinned version,
# from the npm registry, into DIR (parser.c, tree_sitter/parser.h and
# its LICENSE).  The tarball's SHA-256 is checked before anything is
# unpacked; DIR appears only when complete.  The grammar is never
# committed: make runs this when DIR/parser.c is missing.
#
# Pinned: tree-sitter-java 0.20.2, whose generated src/parser.c is of
# language version 14 (no external scanner), which Debian 12's
# libtree-sitter (0.20.7, versions 13 and 14) accepts; newer grammars
# may not be.
set -eu
NAME=tree-sitter-java
VERSION=0.20.2
SHA256=0d867548504a225adec1acdd4dd953236a2c05fa15b4a1326920cd105c3516b5
dir=$1
[ -f "$dir/parser.c" ] && exit 0
command -v npm >/dev/null 2>&1 || {
	echo "grammar.sh: npm is needed to fetch $NAME@$VERSION" \
	     "(run make deps as root, or apt-get install npm)" >&2
	exit 1
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/grammar.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "$NAME@$VERSION" >/dev/null 2>npm.err) || {
	cat "$tmp/npm.err" >&2
	echo "grammar.sh: npm pack $NAME@$VERSION failed" >&2
	exit 1
}
tgz=$tmp/$NAME-$VERSION.tgz
got=$(sha256sum "$tgz" | cut -d' ' -f1)
if [ "$got" != "$SHA256" ]; then
	echo "grammar.sh: $NAME-$VERSION.tgz: SHA-256 $got, expected $SHA256" >&2
	exit 1
fi
tar -xzf "$tgz" -C "$tmp" package/src/parser.c \
	package/src/tree_sitter/parser.h package/LICENSE
grep -q '^#define LANGUAGE_VERSION 14$' "$tmp/package/src/parser.c" || {
	echo "grammar.sh: $NAME $VERSION: not language version 14" >&2
	exit 1
}
mkdir -p "$tmp/out/tree_sitter" "$(dirname "$dir")"
cp "$tmp/package/src/parser.c" "$tmp/package/LICENSE" "$tmp/out/"
cp "$tmp/package/src/tree_sitter/parser.h" "$tmp/out/tree_sitter/"
rm -rf "$dir.new"
cp -r "$tmp/out" "$dir.new"
mv "$dir.new" "$dir"
echo "grammar.sh: $NAME@$VERSION (sha256 ok) in $dir"
