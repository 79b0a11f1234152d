#!/bin/sh
# grammar.sh DIR: a tree-sitter grammar, at its pinned version, from
# the npm registry, into DIR (named NAME-VERSION: .deps/tree-sitter-java-
# 0.20.2 or .deps/tree-sitter-c-0.20.6) (parser.c, tree_sitter/parser.h and
# its LICENSE).  The tarball's SHA-256 is checked before anything is
# unpacked; DIR appears only when complete.  The grammar is never
# committed: make runs this when DIR/parser.c is missing.
#
# Pinned: tree-sitter-java 0.20.2 (prover/lang/javasrc.c) and
# tree-sitter-c 0.20.6 (prover/lang/csrc.c), whose generated
# src/parser.c are of language version 14 (no external scanner), which
# Debian 12's libtree-sitter (0.20.7, versions 13 and 14) accepts; newer
# grammars may not be.
set -eu
dir=$1
case $(basename "$dir") in
tree-sitter-java-0.20.2)
	NAME=tree-sitter-java
	VERSION=0.20.2
	SHA256=0d867548504a225adec1acdd4dd953236a2c05fa15b4a1326920cd105c3516b5
	;;
tree-sitter-c-0.20.6)
	NAME=tree-sitter-c
	VERSION=0.20.6
	SHA256=03ce5dc0deac54b152150ccf51c73246fd25349765adb68f73baf0d7da0d7909
	;;
*)
	echo "grammar.sh: $dir: not a pinned grammar" >&2
	exit 1
	;;
esac
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
