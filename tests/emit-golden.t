#!/bin/sh
# Golden files for the emitters (tables, graphs, MML, report) on a small
# theory of the tests' own, tests/data/emit/small.yaml.  The goldens in
# tests/golden/emit/ were made by the tool and checked by hand against
# `subsume prove`; regenerate them with
#     UPDATE_GOLDEN=1 SUBSUME=./subsume sh tests/emit-golden.t
# and review the diff.  The line naming the Z3 version is left out of the
# comparison (the results are what must not change).
. "$(dirname "$0")/lib.sh"
theory=tests/data/emit/small.yaml
golden=tests/golden/emit

# Compare two files, ignoring the Z3 version line; show a diff as TAP
# comments on failure.
same() {
	grep -v 'Z3 version:' "$1" > "$tmp/a" 2>/dev/null
	grep -v 'Z3 version:' "$2" > "$tmp/b" 2>/dev/null
	if [ -f "$1" ] && [ -f "$2" ] && cmp -s "$tmp/a" "$tmp/b"; then
		ok "$3"
	else
		not_ok "$3"
		diff -u "$tmp/a" "$tmp/b" 2>&1 | head -40 | sed 's/^/# /'
	fi
}

plan 15
$SUBSUME tables -o "$tmp/tables" "$theory" > "$tmp/tables.out" 2>&1
check $? "tables: exit status 0"
$SUBSUME graphs -o "$tmp/graphs" "$theory" > "$tmp/graphs.out" 2>&1
check $? "graphs: exit status 0"
$SUBSUME export --mml "$theory" > "$tmp/small.mml" 2> "$tmp/small.mml.stderr"
check $? "export --mml: exit status 0"
$SUBSUME report --format markdown "$theory" > "$tmp/small.md" 2>&1
check $? "report: exit status 0"

if [ -n "$UPDATE_GOLDEN" ]; then
	rm -rf "$golden"
	mkdir -p "$golden"
	cp -r "$tmp/tables" "$tmp/graphs" "$tmp/small.mml" \
		"$tmp/small.mml.stderr" "$tmp/small.md" "$golden/"
	echo "# goldens written to $golden: review them"
fi

same "$golden/tables/subsume_tables.h" "$tmp/tables/subsume_tables.h" \
	"subsume_tables.h matches the golden file"
same "$golden/tables/subsume_tables.c" "$tmp/tables/subsume_tables.c" \
	"subsume_tables.c matches the golden file"
(cd "$golden/graphs" && ls) > "$tmp/want.ls" 2>/dev/null
(cd "$tmp/graphs" && ls) > "$tmp/got.ls"
same "$tmp/want.ls" "$tmp/got.ls" "graphs: the same file names"
bad=0
for f in "$golden"/graphs/*.dot; do
	cmp -s "$f" "$tmp/graphs/$(basename "$f")" || {
		bad=1
		diff -u "$f" "$tmp/graphs/$(basename "$f")" 2>&1 | head -20 |
			sed 's/^/# /'
	}
done
check $bad "graphs: every DOT file matches its golden file"
same "$golden/small.mml" "$tmp/small.mml" "MML matches the golden file"
same "$golden/small.mml.stderr" "$tmp/small.mml.stderr" \
	"MML: what was left out (stderr) matches the golden file"
same "$golden/small.md" "$tmp/small.md" "report matches the golden file"

# Byte-for-byte determinism: again, on three threads.
$SUBSUME tables -j3 -o "$tmp/tables2" "$theory" > /dev/null 2>&1 &&
	$SUBSUME graphs -j3 -o "$tmp/graphs2" "$theory" > /dev/null 2>&1 &&
	diff -r "$tmp/tables" "$tmp/tables2" > /dev/null &&
	diff -r "$tmp/graphs" "$tmp/graphs2" > /dev/null
check $? "tables and graphs are the same on a second run with -j3"

# prove --tables DIR --graphs DIR: the same files from prove's own proof
# (make run and tests/library.t prove the library once for all three).
$SUBSUME prove --no-timing --format json --tables "$tmp/tables3" \
	--graphs "$tmp/graphs3" "$theory" > "$tmp/p.json" 2>&1
check $? "prove --tables --graphs: exit status 0"
diff -r "$tmp/tables" "$tmp/tables3" > /dev/null &&
	diff -r "$tmp/graphs" "$tmp/graphs3" > /dev/null
check $? "prove --tables --graphs writes the files of tables and graphs"
# all or nothing: a --graphs path that is a file fails the run, and
# --tables writes nothing either
: > "$tmp/afile"
$SUBSUME prove --no-timing --tables "$tmp/tables4" --graphs "$tmp/afile" \
	"$theory" > /dev/null 2> "$tmp/err"
rc=$?
[ $rc = 5 ] && [ ! -e "$tmp/tables4/subsume_tables.c" ]
check $? "prove --graphs into a file: exit 5, no table written (exit $rc: $(head -1 "$tmp/err"))"
finish
