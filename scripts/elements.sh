#!/bin/sh
# elements.sh DIR: the report viewer's npm packages, at their pinned
# versions, from the npm registry, into DIR (never committed):
#
#   DIR/mutation-testing-elements-3.9.0/mutation-test-elements.js
#       the <mutation-test-report-app> web component, one bundled script
#       (make compiles it into the binary for `check --format html`)
#   DIR/mutation-testing-report-schema-3.8.4/mutation-testing-report-schema.json
#       the report's JSON schema, version 2 (tests/check-elements.t
#       validates `check --format elements` against it)
#
# each with its LICENSE (Apache-2.0).  Every tarball's SHA-256 is checked
# before anything is unpacked; a folder appears only when complete.
set -eu
dir=$1
fetch() { # NAME VERSION SHA256 FILE-IN-PACKAGE
	out=$dir/$1-$2
	[ -f "$out/$(basename "$4")" ] && return 0
	command -v npm >/dev/null 2>&1 || {
		echo "elements.sh: npm is needed to fetch $1@$2" \
		     "(run make deps as root, or apt-get install npm)" >&2
		return 1
	}
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/elements.XXXXXX")
	(cd "$tmp" && npm pack --silent "$1@$2" >/dev/null 2>npm.err) || {
		cat "$tmp/npm.err" >&2
		echo "elements.sh: npm pack $1@$2 failed" >&2
		rm -rf "$tmp"
		return 1
	}
	got=$(sha256sum "$tmp/$1-$2.tgz" | cut -d' ' -f1)
	if [ "$got" != "$3" ]; then
		echo "elements.sh: $1-$2.tgz: SHA-256 $got, expected $3" >&2
		rm -rf "$tmp"
		return 1
	fi
	tar -xzf "$tmp/$1-$2.tgz" -C "$tmp" "package/$4" package/LICENSE
	mkdir -p "$tmp/out" "$dir"
	cp "$tmp/package/$4" "$tmp/package/LICENSE" "$tmp/out/"
	rm -rf "$out.new"
	cp -r "$tmp/out" "$out.new"
	mv "$out.new" "$out"
	rm -rf "$tmp"
	echo "elements.sh: $1@$2 (sha256 ok) in $out"
}
fetch mutation-testing-elements 3.9.0 \
	e4c3a603e57a827d680ec37261d069a4357cdf006e42b00c25587e1078ed016b \
	dist/mutation-test-elements.js
fetch mutation-testing-report-schema 3.8.4 \
	8cbd38548cff2991c8740ad4996455e97cd932ac48df8533a0f1fa80a7f32ab3 \
	src/mutation-testing-report-schema.json
