#!/bin/sh
# subsume check --source over more source files than it keeps parsed
# (check/source.c keeps 128 and closes the least recently used): a log
# that visits 144 files, then visits them all again, gets the same
# verdicts the second time as the first (files closed meanwhile are
# parsed again), and the same as each copy's subject checked alone.
. "$(dirname "$0")/lib.sh"
need_logs
plan 4
MAJOR_LOGS=$LOGS sh scripts/make-bench-src.sh "$T/b" 12
files=$(find "$T/b/src" -name '*.java' | wc -l)
per=$(wc -l < "$T/b/mutants.log")
# the log twice: the second half revisits every file
cat "$T/b/mutants.log" "$T/b/mutants.log" > "$T/twice.log"
"$S" check -j 2 --no-timing --source "$T/b/src" "$T/twice.log" > "$T/out" 2> "$T/err"
rc=$?
[ "$rc" -le 1 ] && [ "$files" -gt 128 ]
check $? "$files source files (more than 128 kept parsed), $((per * 2)) mutants checked (exit $rc)"
grep -v '^$' "$T/out" | grep -v '^summary\|^ \|^  ' > "$T/v"
head -n "$per" "$T/v" > "$T/first"; tail -n "$per" "$T/v" > "$T/second"
cmp -s "$T/first" "$T/second"
check $? "the second visit of every file gives the verdicts of the first"
# each copy as its subject alone: the same verdicts once the package,
# the mutant ids and the source directory are taken out
norm() {
	sed 's/p[0-9]*\.s[0-9]*\.//g; s#[^ `]*/\([A-Za-z0-9_]*\.java\)#\1#g' |
	sed 's/: [0-9]* \(equivalent\|duplicate\|subsumed\|redundant\|killable\|unknown\|unsupported\)/: ID \1/; s/\(as\|of\|by\|kills\) [0-9][0-9]*\([;: ]\)/\1 N\2/g'
}
: > "$T/alone"
for log in "$LOGS"/*.mutants.log; do
	s=$(basename "$log" .mutants.log)
	"$S" check --no-timing --source "$LOGS/src/$s" "$log" 2>/dev/null |
		grep -v '^$' | grep -v '^summary\|^ \|^  ' | norm >> "$T/alone"
done
norm < "$T/first" | sort | uniq -c | awk '{ $1 = $1 / 12; print }' > "$T/copies"
sort "$T/alone" | uniq -c | awk '{ $1 = $1; print }' > "$T/alone.c"
cmp -s "$T/copies" "$T/alone.c"
check $? "each of the 12 copies gets the verdicts of its subject checked alone"
! grep -q 'warning' "$T/err"
check $? "no warning: every file found and parsed"
finish
