#!/bin/sh
# subsume check --shard K/N and subsume merge on the 12 shipped Major
# logs: the N shards' outputs, merged, are byte for byte the output of
# the run without --shard, for every case of the table below and every
# N of $NS (tests/shard-cases.sh); classes are never split.  More cases:
# check-shard-more.t; merge's errors: merge-errors.t.
S=${SUBSUME:-./subsume}
LOGS=${MAJOR_LOGS:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data/major-logs}
D=$(dirname "$0")/data/check
T=${TMPDIR:-/tmp}/check-shard.$$
mkdir -p "$T"; trap 'rm -rf "$T"' EXIT
n=0; fail=0
ok() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
SRC=""; for d in "$LOGS"/src/*/; do SRC="$SRC --source $d"; done
. "$(dirname "$0")/shard-cases.sh"
# name | options and inputs of check (word-split)
CASES="logs-json|--format json $LOGS/*.log
logs-json-source|--format json $SRC $LOGS/*.log
logs-elements|--format elements $LOGS/*.log
logs-elements-source|--format elements $SRC $LOGS/*.log"
echo "1..$(( $(shard_plan) + 2 ))"
run_cases

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

# shard outputs do not depend on -j
"$S" check --no-timing --format json --shard 2/3 -j 2 $SRC "$LOGS"/*.log > "$T/j2" 2>/dev/null
cmp -s "$T/j2" "$T/logs-json-source.2-3"; ok $? "a shard's output is the same with -j 2"
exit $fail
