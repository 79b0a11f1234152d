#!/bin/sh
# pit.sh: PIT (pitest) through Maven at pinned versions, every download
# in .deps/m2 (git-ignored), so that once fetched it works offline.
#
#   sh scripts/pit.sh fetch
#       fetch everything online (Maven checks each file's SHA-1 from
#       Central, -C), check the SHA-256 of the PIT and JUnit jars below,
#       and mark .deps/m2 complete for these pom.xml files: later runs
#       pass -o (offline); a changed pom.xml fetches again
#   sh scripts/pit.sh plugin
#       build integrations/pitest/ (subsume-pitest) into .deps/m2
#   sh scripts/pit.sh run [--plugin] PROJECT [MAVEN-ARGS...]
#       compile the Maven project PROJECT and run PIT on it (its pom
#       pins PIT and its mutators); PIT's report is left in
#       PROJECT/target/pit-reports/mutations.xml.  --plugin turns on the
#       project's profile `subsume` (the filter on PIT's classpath; give
#       -Dsubsume.path=BINARY among MAVEN-ARGS, else subsume on PATH)
#
# Pinned (tests/data/pit/*/pom.xml, integrations/pitest/pom.xml):
# pitest-maven 1.30.2 (the EQUIVALENT status came with 1.25; 1.30 runs
# on Java 11 and later), pitest-junit5-plugin 1.2.3, JUnit 5.11.4.
# Needs mvn and a JDK (scripts/deps.sh installs Debian's maven).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
M2=$ROOT/.deps/m2
# the mark of a complete fetch, named after the poms that say what to fetch
MARK=$M2/.fetched-$(cat "$ROOT/integrations/pitest/pom.xml" \
	"$ROOT"/tests/data/pit/*/pom.xml | sha256sum | cut -c1-16)
MVN="mvn -B -q -Dstyle.color=never -Dmaven.repo.local=$M2"

# The jars whose SHA-256 is pinned (Maven checks SHA-1 only)
sums() {
	cat <<'SUMS'
8f142c43e6f5f2d26baae4f317fc6c37a4b4b765b30481f21db721b89f15ee81  org/pitest/pitest/1.30.2/pitest-1.30.2.jar
775ccf7d2d99f5fa99baecd3fa9fd84fecf14132d63cfef22ff81e409d73a34c  org/pitest/pitest-entry/1.30.2/pitest-entry-1.30.2.jar
f6c833d78377edf968c77215100604f2f17a7c895182c88b95a4a1fbc317272d  org/pitest/pitest-maven/1.30.2/pitest-maven-1.30.2.jar
d3e2fcc8db5fd52c0c4ac2fe0d937e64da3df39b657093a1581b5fd463f9be64  org/pitest/pitest-junit5-plugin/1.2.3/pitest-junit5-plugin-1.2.3.jar
cdf8ac59f3fad774ca738ad03890950eeb91833ef0e8908753177edd26f1581c  org/junit/jupiter/junit-jupiter-engine/5.11.4/junit-jupiter-engine-5.11.4.jar
ab83ef9e51ac4597d59d26b4b58812129550e2f579a404c8af7d09f5ce5b4293  org/junit/jupiter/junit-jupiter-api/5.11.4/junit-jupiter-api-5.11.4.jar
d7430bd029e7fcced53ee445e4d2d1a8a1e043ea4c4df43b6335a857f79761ae  org/junit/platform/junit-platform-launcher/1.11.4/junit-platform-launcher-1.11.4.jar
SUMS
}

offline() { [ -f "$MARK" ] && echo -o || echo -C; }

command -v mvn >/dev/null 2>&1 || {
	echo "pit.sh: mvn is needed (run make deps as root, or apt-get install maven)" >&2
	exit 1
}

case ${1:-} in
fetch)
	[ -f "$MARK" ] && exit 0
	mkdir -p "$M2"
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/pit-fetch.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	# the plugin's build, and one PIT run with and without it (every
	# artifact either needs), on a copy of the smallest sample
	$MVN -C -f "$ROOT/integrations/pitest/pom.xml" install >"$tmp/log" 2>&1 || {
		cat "$tmp/log" >&2; echo "pit.sh: fetch: building the plugin failed" >&2; exit 1; }
	cp -r "$ROOT/tests/data/pit/numbers" "$tmp/p"
	rm -rf "$tmp/p/target"
	$MVN -C -f "$tmp/p/pom.xml" -Psubsume -Dsubsume.path=/nonexistent \
		test-compile org.pitest:pitest-maven:mutationCoverage >"$tmp/log" 2>&1 || {
		cat "$tmp/log" >&2; echo "pit.sh: fetch: PIT failed" >&2; exit 1; }
	(cd "$M2" && sums | sha256sum -c --quiet -) || {
		echo "pit.sh: fetch: a pinned jar's SHA-256 differs" >&2; exit 1; }
	touch "$MARK"
	echo "pit.sh: PIT 1.30.2, pitest-junit5-plugin 1.2.3, JUnit 5.11.4 (sha256 ok) in .deps/m2"
	;;
plugin)
	$MVN $(offline) -f "$ROOT/integrations/pitest/pom.xml" install
	;;
run)
	shift
	profile=
	if [ "${1:-}" = --plugin ]; then profile=-Psubsume; shift; fi
	[ $# -ge 1 ] || { echo "usage: pit.sh run [--plugin] PROJECT [MAVEN-ARGS...]" >&2; exit 2; }
	project=$1
	shift
	rm -rf "$project/target/pit-reports"
	$MVN $(offline) -f "$project/pom.xml" $profile test-compile \
		org.pitest:pitest-maven:mutationCoverage "$@"
	;;
*)
	sed -n '2,/^set -eu/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
	exit 2
	;;
esac
