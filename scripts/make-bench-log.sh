#!/bin/sh
# Build a benchmark log for `subsume check`: the shipped Major logs
# concatenated COPIES times (default: enough for at least 10,000
# mutants), mutant ids renumbered 1..N.
#
#   scripts/make-bench-log.sh [OUT [COPIES]]     (OUT default: stdout)
set -e
dir=${MAJOR_LOGS:-$(dirname "$0")/../../shared/data/major-logs}
out=${1:--}
per=$(cat "$dir"/*.mutants.log | wc -l)
copies=${2:-$(( (10000 + per - 1) / per ))}
gen() {
	i=0
	while [ "$i" -lt "$copies" ]; do
		cat "$dir"/*.mutants.log
		i=$((i + 1))
	done | awk '{ sub(/^[^:]*/, ++n); print }'
}
if [ "$out" = - ]; then gen; else gen > "$out"; fi
