#!/bin/sh
# scripts/placement.sh [PROJECT_DIR...]: how many Major mutants of real
# logs `subsume check --source` places in their source, by level
# (expression, statement, log only), and why the others stay "log only"
# (each reason with its count).  A PROJECT_DIR holds mutants.log and
# src/main/java (default: the commons-codec and commons-cli folders of
# shared/data/real).  Placement does not depend on the solver: it runs
# with a tiny solver budget (--rlimit 1000 --timeout 200), seconds per
# log.  Prints figures; asserts nothing (make bench runs it).
set -eu
BIN=${SUBSUME:-./subsume}
REAL=${REAL:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data/real}
[ $# -gt 0 ] || set -- "$REAL"/commons-codec-1.10 "$REAL"/commons-cli-1.4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for d in "$@"; do
	if [ ! -f "$d/mutants.log" ] || [ ! -d "$d/src/main/java" ]; then
		echo "$d: no mutants.log and src/main/java (skipped)"
		continue
	fi
	rc=0
	"$BIN" check -j 2 --rlimit 1000 --timeout 200 --no-timing \
		--source "$d/src/main/java" "$d/mutants.log" >"$tmp/out" 2>"$tmp/err" || rc=$?
	[ $rc -le 3 ] || { cat "$tmp/err" >&2; exit $rc; }
	total=$(sed -n 's/^summary: \([0-9]*\) mutants.*/\1/p' "$tmp/out")
	levels=$(sed -n 's/.*(--source): //p' "$tmp/out")
	logonly=$(echo "$levels" | sed -n 's/.* \([0-9]*\) from the log only.*/\1/p')
	pct=$(awk -v a="${logonly:-0}" -v b="${total:-0}" 'BEGIN { if (b) printf "%.2f", 100 * a / b; else print "-" }')
	echo "$(basename "$d"): $total mutants: $levels; log only: $pct%"
	# the reasons, file names, lines and quoted texts taken out
	grep -o 'checked from the log only: [^]]*' "$tmp/out" |
		sed -e 's/^checked from the log only: //' \
		    -e "s/'[^']*'/'X'/g" \
		    -e 's/[^ ]*\.java:[0-9]*/FILE:LINE/g' \
		    -e 's/[^ ]*\.java/FILE/g' \
		    -e 's/[0-9][0-9]*/N/g' \
		    -e 's/class [^ ]*/class C/' |
		sort | uniq -c | sort -rn | sed 's/^/  /'
done
