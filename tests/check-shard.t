#!/bin/sh
# subsume check --shard K/N and subsume merge on the 12 shipped Major
# logs: the N shards' outputs, merged, are byte for byte the output of
# the run without --shard, for every case of the table below and every
# N of $NS (tests/shard-cases.sh); classes are never split.  More cases:
# check-shard-more.t; merge's errors: merge-errors.t.
. "$(dirname "$0")/lib.sh"
D=tests/data/check
SRC=""; for d in "$LOGS"/src/*/; do SRC="$SRC --source $d"; done
. tests/shard-cases.sh
# name | options and inputs of check (word-split)
CASES="logs-json|--format json $LOGS/*.log
logs-json-source|--format json $SRC $LOGS/*.log
logs-elements|--format elements $LOGS/*.log
logs-elements-source|--format elements $SRC $LOGS/*.log"
plan $(( $(shard_plan) + 2 ))
run_cases

# The units are whole classes, balanced: 7 shards of the 12 logs each
# hold every mutant of the classes they hold, and no shard is empty.
for k in 1 2 3 4 5 6 7; do
	python3 -c "
import json, sys
d = json.load(open('$T/logs-json.$k-7'))
classes = {m['where'].split('@')[0].split('\$')[0] for m in d['mutants']}
sys.exit(0 if d['mutants'] and classes else 1)" || failed=$((failed + 1))
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
check $? "7 shards: no class is split across shards, none is empty"

# shard outputs do not depend on -j
"$S" check --no-timing --format json --shard 2/3 -j 2 $SRC "$LOGS"/*.log > "$T/j2" 2>/dev/null
cmp -s "$T/j2" "$T/logs-json-source.2-3"; check $? "a shard's output is the same with -j 2"
finish
