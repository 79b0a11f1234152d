#!/bin/sh
# subsume merge's errors (cmd/merge.c): every row of the table is a
# merge that must fail with its exit status and message, print nothing
# on stdout and leave -o FILE as it was; and check --shard's bad values.
. "$(dirname "$0")/lib.sh"
E=tests/data/check/elements-in
set -- "$LOGS/casts.mutants.log" "$LOGS/max.mutants.log" "$LOGS/triangle.mutants.log"
# the shards the table uses: j.K-N (json), e.K-N (elements), s.K-N
# (json, --source), o.K-N (json, other input), t.1-1 (text), st.1-1
# (json with a report's statuses), w (a whole run's json)
for N in 2 3; do
	for k in $(seq 1 $N); do
		"$S" check --no-timing --format json --shard $k/$N "$@" > "$T/j.$k-$N" 2>/dev/null &
	done
	wait
done
"$S" check --no-timing --format elements --shard 2/2 "$@" > "$T/e.2-2" 2>/dev/null
"$S" check --no-timing --format json --source "$LOGS/src/max" --shard 2/2 "$@" > "$T/s.2-2" 2>/dev/null
"$S" check --no-timing --format json --shard 2/2 "$LOGS/max.mutants.log" > "$T/o.2-2" 2>/dev/null
"$S" check --no-timing --shard 1/1 "$LOGS/max.mutants.log" > "$T/t.1-1" 2>/dev/null
"$S" check --no-timing --format json --shard 1/1 "$E/stryker.json" > "$T/st.1-1" 2>/dev/null
"$S" check --no-timing --format json "$@" > "$T/w" 2>/dev/null
head -c 300 "$T/j.1-2" > "$T/cut.1-2"
sed 's/"shard": 1, "of": 2/"shard": 0, "of": 2/' "$T/j.1-2" > "$T/zero.1-2"
# exit | message | shards (in $T)
TABLE='3|missing 3/3|j.1-3 j.2-3
3|given twice|j.1-3 j.1-3 j.2-3
3|not shards of one run|j.1-2 j.2-3
3|not shards of one run|j.1-2 s.2-2
3|not shards of one run|j.1-2 e.2-2
3|not shards of one run|j.1-2 o.2-2
3|no "shard" member|w
3|text and csv outputs cannot be merged|t.1-1
3|merge the shards'"'"' --format elements outputs instead|st.1-1
3|cut.1-2:|cut.1-2 j.2-2
3|shard 0 of 2 does not exist|zero.1-2 j.2-2
5|cannot read|none.json'
plan $(( $(printf '%s\n' "$TABLE" | wc -l) + 4 ))
printf '%s\n' "$TABLE" > "$T/table"
while IFS='|' read -r want msg shards; do
	set --
	for f in $shards; do set -- "$@" "$T/$f"; done
	echo keep > "$T/out"
	"$S" merge -o "$T/out" "$@" > "$T/stdout" 2> "$T/stderr"
	rc=$?
	[ $rc = "$want" ] && grep -qF -- "$msg" "$T/stderr" &&
		[ "$(cat "$T/out")" = keep ] && [ ! -s "$T/stdout" ]
	check $? "merge $shards: exit $want, '$msg', nothing written (got $rc: $(head -1 "$T/stderr"))"
done < "$T/table"
"$S" merge > /dev/null 2>&1; [ $? = 2 ]; check $? "merge without shards: usage error"
for bad in 0/3 4/3 3 a/b 1/0 2/; do
	"$S" check --shard "$bad" "$LOGS/max.mutants.log" > "$T/bad.out" 2> "$T/bad.err"
	[ $? = 2 ] && grep -qF -- "--shard $bad" "$T/bad.err" && [ ! -s "$T/bad.out" ] || break
done
check $? "--shard 0/3 4/3 3 a/b 1/0 2/: usage errors"
"$S" merge "$T/j.2-3" "$T/j.3-3" "$T/j.1-3" | cmp -s - "$T/w"
check $? "shards in any order, to stdout: the whole run's output"
"$S" merge -o "$T/out" "$T/j.1-2" "$T/j.2-2" && cmp -s "$T/out" "$T/w"
check $? "-o FILE: the whole run's output"
finish
