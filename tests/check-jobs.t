#!/bin/sh
# subsume check: the output does not depend on the number of workers.
# -j 1 and -j 2 must write byte-identical text and JSON on every shipped
# Major log and on the benchmark log (the shipped logs concatenated,
# scripts/make-bench-log.sh), with and without the proof cache.
. "$(dirname "$0")/lib.sh"
set -- "$LOGS"/*.mutants.log
plan $(( $# * 2 + 3 ))
for f in "$@"; do
	b=$(basename "$f" .log)
	"$S" check --no-timing -j 1 "$f" > "$T/$b.1" 2>&1
	"$S" check --no-timing -j 2 "$f" > "$T/$b.2" 2>&1
	cmp -s "$T/$b.1" "$T/$b.2"; check $? "$b: -j 1 and -j 2 write the same text"
	"$S" check --no-timing --format json -j 1 "$f" > "$T/$b.j1" 2>&1
	"$S" check --no-timing --format json -j 2 "$f" > "$T/$b.j2" 2>&1
	cmp -s "$T/$b.j1" "$T/$b.j2"; check $? "$b: -j 1 and -j 2 write the same JSON"
done
MAJOR_LOGS=$LOGS sh scripts/make-bench-log.sh "$T/bench.log"
[ "$(wc -l < "$T/bench.log")" -ge 10000 ]; check $? "benchmark log has 10,000 mutants or more"
"$S" check --no-timing -j 1 "$T/bench.log" > "$T/bench.1" 2>&1
"$S" check --no-timing -j 2 "$T/bench.log" > "$T/bench.2" 2>&1
cmp -s "$T/bench.1" "$T/bench.2"; check $? "benchmark log: -j 1 and -j 2 write the same text"
"$S" check --no-timing --no-cache -j 1 "$@" > "$T/all.1" 2>&1
"$S" check --no-timing --no-cache -j 2 "$@" > "$T/all.2" 2>&1
cmp -s "$T/all.1" "$T/all.2"; check $? "all shipped logs, --no-cache: -j 1 and -j 2 write the same text"
finish
