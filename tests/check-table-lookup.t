#!/bin/sh
# check-table-lookup.t - "redundant by table" answered from the shipped
# table (configs/check-table.yaml, compiled in) gives the same verdicts
# as proving every shape at run time, which `check --smt2` does (it
# exports the table's proofs, so it never looks them up).
. "$(dirname "$0")/lib.sh"
need_logs
plan 3
# the shipped Major logs, and a batch of sites made for the table
TABLE=tests/data/check/table.yaml
"$S" check --no-timing --no-cache "$LOGS"/*.log "$TABLE" >"$T/shipped" 2>&1
rc1=$?
"$S" check --no-timing --smt2 "$T/smt2" "$LOGS"/*.log "$TABLE" >"$T/proven" 2>&1
rc2=$?
k=$(grep -c "redundant by table" "$T/shipped")
[ "$k" -gt 0 ]; check $? "$k verdicts redundant by table"
# every line but the summary a verdict: `WHERE: ID VERDICT: ...`
verdicts='^[^ ].*: [^ ]* \(equivalent\|duplicate\|subsumed\|redundant\|killable\|unknown\|unsupported\)\( [a-z]* [^ ]*\)\?: '
grep -v '^ \|^summary\|^$' "$T/shipped" >"$T/s"
grep -v '^ \|^summary\|^$\|^smt2:' "$T/proven" >"$T/p"
lines=$(wc -l <"$T/s")
[ "$rc1" = 0 ] && [ "$rc2" = 0 ] && [ "$lines" -gt 0 ] &&
	! grep -v "$verdicts" "$T/s" | grep -q . && cmp -s "$T/s" "$T/p"
if ! check $? "every verdict the same, shipped or proven ($lines mutants, exit $rc1 and $rc2)"; then
	grep -v "$verdicts" "$T/s" | head -5 | sed 's/^/# not a verdict: /'
	diff "$T/s" "$T/p" | head -20 | sed 's/^/# /'
fi
ls "$T/smt2" 2>/dev/null | grep -q "table"
if ! check $? "the proving run exported the table's obligations"; then
	ls "$T/smt2" 2>&1 | head -5 | sed 's/^/# /'
fi
finish
