#!/bin/sh
# install.t - `make install DESTDIR=... PREFIX=/usr` puts the binary,
# the manual page and the built-in configuration where the README says,
# the installed binary runs, and `make uninstall` removes exactly those
# files (a file of someone else's in the same folders stays).
. "$(dirname "$0")/lib.sh"
SUBSUME=${SUBSUME:-$PWD/subsume}


D=$tmp/root
# Install the binary under test (no rebuild), with this tree's files.
mk() { make --no-print-directory -s "$@" DESTDIR="$D" PREFIX=/usr \
	INSTALL_BIN="$SUBSUME" >"$tmp/make.out" 2>&1; }

mk install
check $? "make install DESTDIR=... PREFIX=/usr"
[ -x "$D/usr/bin/subsume" ]
check $? "the binary: \$(PREFIX)/bin/subsume, executable"
cmp -s "$D/usr/share/man/man1/subsume.1" docs/subsume.1
check $? "the manual page: \$(PREFIX)/share/man/man1/subsume.1"
cmp -s "$D/usr/share/subsume/operators.yaml" configs/operators.yaml &&
	cmp -s "$D/usr/share/subsume/c-operators.yaml" configs/c-operators.yaml &&
	cmp -s "$D/usr/share/subsume/contracts.yaml" configs/contracts.yaml
check $? "the built-in configuration: \$(PREFIX)/share/subsume/{operators,c-operators,contracts}.yaml"
found=$(cd "$D" && find . -type f | sort | tr '\n' ' ')
want="./usr/bin/subsume ./usr/share/man/man1/subsume.1 ./usr/share/subsume/c-operators.yaml ./usr/share/subsume/contracts.yaml ./usr/share/subsume/operators.yaml "
[ "$found" = "$want" ]
check $? "nothing else installed (got: $found)"
"$D/usr/bin/subsume" --version >"$tmp/v1" 2>&1 && "$SUBSUME" --version >"$tmp/v2" &&
	cmp -s "$tmp/v1" "$tmp/v2" && grep -q '^subsume ' "$tmp/v1"
check $? "the installed binary runs: $(cat "$tmp/v1")"
# The built-in operators are compiled in: the installed copy is for
# reference only, the installed binary proves without it.
printf 'targets:\n  - { expr: "a < b", domains: int, operators: [ROR] }\n' >"$tmp/t.yaml"
rm "$D/usr/share/subsume/operators.yaml"
"$D/usr/bin/subsume" prove --no-timing "$tmp/t.yaml" >"$tmp/p1" 2>&1 &&
	"$SUBSUME" prove --no-timing "$tmp/t.yaml" >"$tmp/p2" 2>&1 &&
	cmp -s "$tmp/p1" "$tmp/p2"
check $? "the installed binary proves without the installed configuration"
mk install

echo mine >"$D/usr/bin/other-tool"
mk uninstall
check $? "make uninstall"
for f in usr/bin/subsume usr/share/man/man1/subsume.1 \
	usr/share/subsume/operators.yaml usr/share/subsume/contracts.yaml \
	usr/share/subsume; do
	[ ! -e "$D/$f" ]
	check $? "uninstall removed /$f"
done
[ -f "$D/usr/bin/other-tool" ]
check $? "uninstall left other files alone"

finish
