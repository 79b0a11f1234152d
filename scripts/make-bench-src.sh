#!/bin/sh
# Build a benchmark for `subsume check --source`: the shipped Major logs
# with their Java sources, COPIES times (default: enough for at least
# 15,000 mutants).  Copy k of subject n lives in package pk.sn: its
# sources in OUT/src/pk/sn/, its log lines' classes renamed pk.sn.Class,
# so every copy is a program of its own; mutant ids renumbered 1..N.
#
#   scripts/make-bench-src.sh OUT [COPIES]
#
# Writes OUT/mutants.log and OUT/src/ (give `--source OUT/src`).
set -e
dir=${MAJOR_LOGS:-$(dirname "$0")/../../shared/data/major-logs}
out=$1
[ -n "$out" ] || { echo "usage: $0 OUT [COPIES]" >&2; exit 2; }
per=$(cat "$dir"/*.mutants.log | wc -l)
copies=${2:-$(( (15000 + per - 1) / per ))}
rm -rf "$out/src"
mkdir -p "$out/src"
k=1
while [ "$k" -le "$copies" ]; do
	n=1
	for log in "$dir"/*.mutants.log; do
		subject=$(basename "$log" .mutants.log)
		mkdir -p "$out/src/p$k/s$n"
		cp "$dir/src/$subject"/*.java "$out/src/p$k/s$n/"
		sed -E "s/^([0-9]+):([^:]*):([^:]*):([^:]*):/\\1:\\2:\\3:\\4:p$k.s$n./" "$log"
		n=$((n + 1))
	done
	k=$((k + 1))
done | awk '{ sub(/^[^:]*/, ++n); print }' > "$out/mutants.log"
