#!/bin/sh
# junit.sh: the JUnit 5 console launcher's standalone jar at a pinned
# version, for `subsume check --tests DIR` (prover/check/testgen.h:
# each test written is verified with it) and tests/check-tests.t, fetched
# once by Maven into .deps/m2 (git-ignored), its SHA-256 checked.
#
#   sh scripts/junit.sh          fetch it (nothing to do when present)
#   sh scripts/junit.sh path     print its path (exit 1 when absent)
#
# subsume finds it there (beside the binary), or takes --junit JAR or
# $SUBSUME_JUNIT.  Needs mvn (scripts/deps.sh installs Debian's maven).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
M2=$ROOT/.deps/m2
V=1.11.4
REL=org/junit/platform/junit-platform-console-standalone/$V/junit-platform-console-standalone-$V.jar
SUM=b016ef6b1c3454d6d7c2c88ce081dabf289699686af6622d6e4e2e1b54b4a2fc
JAR=$M2/$REL

check() { echo "$SUM  $JAR" | sha256sum -c --quiet - >/dev/null 2>&1; }

case ${1:-fetch} in
path)
	[ -f "$JAR" ] || exit 1
	echo "$JAR"
	;;
fetch)
	[ -f "$JAR" ] && check && exit 0
	command -v mvn >/dev/null 2>&1 || {
		echo "junit.sh: mvn is needed (run make deps as root, or apt-get install maven)" >&2
		exit 1
	}
	mkdir -p "$M2"
	mvn -B -q -Dstyle.color=never -Dmaven.repo.local="$M2" \
		dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:$V \
		-Dtransitive=false >&2 || {
		echo "junit.sh: fetching junit-platform-console-standalone $V failed" >&2
		exit 1
	}
	check || { echo "junit.sh: $JAR: SHA-256 differs from the pinned one" >&2; exit 1; }
	echo "junit.sh: junit-platform-console-standalone $V (sha256 ok) in .deps/m2"
	;;
*)
	echo "usage: junit.sh [fetch | path]" >&2
	exit 2
	;;
esac
