#!/bin/sh
# subsume check --shard K/N and subsume merge beyond the 12 logs
# (check-shard.t): --method, report inputs, --kills, YAML batches,
# malformed lines; merged shards are byte for byte the whole run's
# output (tests/shard-cases.sh).
. "$(dirname "$0")/lib.sh"
D=tests/data/check
E=$D/elements-in
. tests/shard-cases.sh
# name | options and inputs of check (word-split)
CASES="method-source|--format json --method --source $LOGS/src/casts --source $LOGS/src/triangle $LOGS/casts.mutants.log $LOGS/triangle.mutants.log
reports-elements|--format elements $E/stryker.json $E/pit.json
kills-elements|--format elements --kills $T/kill.csv $LOGS/casts.mutants.log
yaml-json|--format json $D/c.yaml $D/table.yaml
malformed-json|--format json $D/malformed.log $LOGS/max.mutants.log"
plan $(( $(shard_plan) + 1 ))
# a kill file for casts.mutants.log's 12 mutants
{ echo "MutantNo,[FAIL | TIME | EXC | LIVE]"
  for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	case $((i % 3)) in 0) echo "$i,FAIL";; 1) echo "$i,LIVE";; 2) echo "$i,TIME";; esac
  done; } > "$T/kill.csv"
run_cases
# each shard reads the whole log: no kill-file row is "not in the logs"
"$S" check --no-timing --format elements --kills "$T/kill.csv" --shard 2/3 \
	"$LOGS/casts.mutants.log" > /dev/null 2> "$T/kills.err"
[ ! -s "$T/kills.err" ]; check $? "--kills with --shard: no warning about the other shards' rows"
finish
