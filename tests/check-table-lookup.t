#!/bin/sh
# check-table-lookup.t - "redundant by table" answered from the shipped
# table (configs/check-table.yaml, compiled in) gives the same verdicts
# as proving every shape at run time, which `check --smt2` does (it
# exports the table's proofs, so it never looks them up).
cd "$(dirname "$0")/.." || exit 1
SUBSUME=${SUBSUME:-./subsume}
L=${MAJOR_LOGS:-../shared/data/major-logs}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..3"
# the shipped Major logs, and a batch of sites made for the table
T=tests/data/check/table.yaml
"$SUBSUME" check --no-timing --no-cache "$L"/*.log "$T" >"$tmp/shipped" 2>&1
"$SUBSUME" check --no-timing --smt2 "$tmp/smt2" "$L"/*.log "$T" >"$tmp/proven" 2>&1
n=$(grep -c "redundant by table" "$tmp/shipped")
if [ "$n" -gt 0 ]; then
	echo "ok 1 - $n verdicts redundant by table"
else
	echo "not ok 1 - no verdict redundant by table"
fi
grep -v '^ \|^summary\|^$' "$tmp/shipped" >"$tmp/s"
grep -v '^ \|^summary\|^$\|^smt2:' "$tmp/proven" >"$tmp/p"
if [ -s "$tmp/s" ] && cmp -s "$tmp/s" "$tmp/p"; then
	echo "ok 2 - every verdict the same, shipped or proven ($(wc -l <"$tmp/s") mutants)"
else
	echo "not ok 2 - verdicts differ between the shipped table and proving"
	diff "$tmp/s" "$tmp/p" | head -20 | sed 's/^/# /'
fi
if ls "$tmp/smt2" | grep -q "table"; then
	echo "ok 3 - the proving run exported the table's obligations"
else
	echo "not ok 3 - no table obligation exported by --smt2"
	ls "$tmp/smt2" | head -5 | sed 's/^/# /'
fi
