#!/bin/sh
# subsume check --shard K/N and subsume merge: the N shards' outputs,
# merged, are byte for byte the output of the run without --shard, for
# every case of the table below and every N of $NS; bad merges are
# errors (exit 3) that write nothing.
S=${SUBSUME:-./subsume}
LOGS=${MAJOR_LOGS:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data/major-logs}
[ -d "$LOGS" ] || LOGS=/work/shared/data/major-logs
D=$(dirname "$0")/data/check
T=${TMPDIR:-/tmp}/check-shard.$$
mkdir -p "$T"; trap 'rm -rf "$T"' EXIT
n=0; fail=0
ok() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
SRC=""; for d in "$LOGS"/src/*/; do SRC="$SRC --source $d"; done
E=$D/elements-in
NS="1 2 3 7"
# name | options and inputs of check (word-split)
CASES="logs-json|--format json $LOGS/*.log
logs-json-source|--format json $SRC $LOGS/*.log
logs-elements|--format elements $LOGS/*.log
logs-elements-source|--format elements $SRC $LOGS/*.log
method-source|--format json --method --source $LOGS/src/casts --source $LOGS/src/triangle $LOGS/casts.mutants.log $LOGS/triangle.mutants.log
reports-elements|--format elements $E/stryker.json $E/pit.json
kills-elements|--format elements --kills $T/kill.csv $LOGS/casts.mutants.log
yaml-json|--format json $D/c.yaml $D/table.yaml
malformed-json|--format json $D/malformed.log $LOGS/max.mutants.log"
ncases=$(printf '%s\n' "$CASES" | wc -l)
echo "1..$(( ncases * (1 + $(echo $NS | wc -w)) + 17 ))"
# a kill file for casts.mutants.log's 12 mutants
{ echo "MutantNo,[FAIL | TIME | EXC | LIVE]"
  for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	case $((i % 3)) in 0) echo "$i,FAIL";; 1) echo "$i,LIVE";; 2) echo "$i,TIME";; esac
  done; } > "$T/kill.csv"

printf '%s\n' "$CASES" > "$T/cases"
while IFS='|' read -r name args; do
	# shellcheck disable=SC2086
	"$S" check --no-timing $args > "$T/$name.whole" 2> "$T/$name.err"
	rc=$?
	[ -s "$T/$name.whole" ] && [ $rc -le 3 ]
	ok $? "$name: the whole run writes its output (exit $rc)"
	for N in $NS; do
		k=1
		while [ $k -le "$N" ]; do
			# shellcheck disable=SC2086
			"$S" check --no-timing --shard $k/$N $args > "$T/$name.$k-$N" 2>/dev/null &
			k=$((k+1))
		done
		wait
		k=1; set --
		while [ $k -le "$N" ]; do set -- "$@" "$T/$name.$k-$N"; k=$((k+1)); done
		"$S" merge -o "$T/$name.merged-$N" "$@" 2> "$T/$name.merr-$N" &&
			cmp -s "$T/$name.whole" "$T/$name.merged-$N"
		ok $? "$name: $N shards merged are the whole run's output"
	done
done < "$T/cases"

# The units are whole classes, balanced: 7 shards of the 12 logs each
# hold every mutant of the classes they hold, and no shard is empty.
for k in 1 2 3 4 5 6 7; do
	python3 -c "
import json, sys
d = json.load(open('$T/logs-json.$k-7'))
classes = {m['where'].split('@')[0].split('\$')[0] for m in d['mutants']}
sys.exit(0 if d['mutants'] and classes else 1)" || fail=1
done
python3 -c "
import json
seen = {}
for k in range(1, 8):
    d = json.load(open('$T/logs-json.%d-7' % k))
    for m in d['mutants']:
        c = m['where'].split('@')[0].split('\$')[0]
        assert seen.setdefault(c, k) == k, (c, k, seen[c])
"
ok $? "7 shards: no class is split across shards, none is empty"

# --- errors ----------------------------------------------------------------
J=$T/logs-json
merr() { # expected-exit expected-message args...
	want=$1 msg=$2; shift 2
	echo keep > "$T/out"
	"$S" merge -o "$T/out" "$@" > "$T/stdout" 2> "$T/stderr"
	rc=$?
	[ $rc = "$want" ] && grep -qF -- "$msg" "$T/stderr" &&
		[ "$(cat "$T/out")" = keep ] && [ ! -s "$T/stdout" ]
}
merr 3 "missing 3/3" "$J.1-3" "$J.2-3"; ok $? "a missing shard: exit 3, named, nothing written"
merr 3 "given twice" "$J.1-3" "$J.1-3" "$J.2-3"; ok $? "a shard given twice: exit 3"
merr 3 "not shards of one run" "$J.1-2" "$J.2-3"; ok $? "shards of different N: exit 3"
merr 3 "not shards of one run" "$J.1-2" "$T/logs-json-source.2-2"; ok $? "shards of different options: exit 3"
merr 3 "not shards of one run" "$J.1-2" "$T/logs-elements.2-2"; ok $? "a json and an elements shard: exit 3"
"$S" check --no-timing --format json --shard 2/2 "$LOGS/max.mutants.log" > "$T/other.2-2"
merr 3 "not shards of one run" "$J.1-2" "$T/other.2-2"; ok $? "shards of different inputs: exit 3"
merr 3 "no \"shard\" member" "$J.whole"; ok $? "a whole run's output is not a shard: exit 3"
"$S" check --no-timing --shard 1/1 "$LOGS/max.mutants.log" > "$T/text.1-1"
merr 3 "text and csv outputs cannot be merged" "$T/text.1-1"; ok $? "a text shard: exit 3, says why"
head -c 300 "$J.1-2" > "$T/cut.1-2"
merr 3 "cut.1-2:" "$T/cut.1-2" "$J.2-2"; ok $? "a cut shard: a located error, exit 3"
merr 5 "cannot read" "$T/none.json"; ok $? "an unreadable shard: exit 5"
"$S" merge > /dev/null 2>&1; [ $? = 2 ]; ok $? "merge without shards: usage error"
for bad in 0/3 4/3 3 a/b 1/0 2/; do
	"$S" check --shard "$bad" "$LOGS/max.mutants.log" > "$T/bad.out" 2> "$T/bad.err"
	[ $? = 2 ] && grep -qF -- "--shard $bad" "$T/bad.err" && [ ! -s "$T/bad.out" ] || break
done
ok $? "--shard 0/3 4/3 3 a/b 1/0 2/: usage errors"
# a report's statuses are test results: their JSON summary is not merged
"$S" check --no-timing --format json --shard 1/1 "$E/stryker.json" > "$T/st.1-1" 2>/dev/null
merr 3 "merge the shards' --format elements outputs" "$T/st.1-1"; ok $? "JSON shards with test results: exit 3, says what to do"
# each shard reads the whole log: no kill-file row is "not in the logs"
"$S" check --no-timing --format elements --kills "$T/kill.csv" --shard 2/3 \
	"$LOGS/casts.mutants.log" > /dev/null 2> "$T/kills.err"
[ ! -s "$T/kills.err" ]; ok $? "--kills with --shard: no warning about the other shards' rows"
# shard outputs do not depend on -j
"$S" check --no-timing --format json --shard 2/3 -j 2 $SRC "$LOGS"/*.log > "$T/j2" 2>/dev/null
cmp -s "$T/j2" "$T/logs-json-source.2-3"; ok $? "a shard's output is the same with -j 2"
"$S" merge "$J.2-3" "$J.3-3" "$J.1-3" | cmp -s - "$J.whole"; ok $? "shards in any order, to stdout"
exit $fail
