#!/bin/sh
# subsume check: verdicts on the shipped Major logs and the YAML batch.
# Every expected verdict below was verified by hand (reasoning in the
# comments); the tool computes them.
. "$(dirname "$0")/lib.sh"
# The shipped logs live in shared/, beside the checkout (as in CI).
D=tests/data/check
plan 32

"$S" check --no-timing "$LOGS/triangle.mutants.log" > "$T/tri" 2> "$T/tri.err"; check $? "triangle log: exit 0"
# trian + 1: trian*1 and trian/1 are both trian (same outcome: duplicates);
# trian%1 is 0, differs from trian+1 unless trian = -1, while trian*1 and
# trian-1 differ from trian+1 on every input: kills(30) is a strict subset.
has "$T/tri" "10: 33 duplicate of 31: trian + 1 |==> trian / 1"; check $? "trian / 1 duplicate of trian * 1"
has "$T/tri" "10: 31 subsumed by 30:"; check $? "trian % 1 subsumes trian * 1"
has "$T/tri" "10: 32 subsumed by 30:"; check $? "trian % 1 subsumes trian - 1"
# a <= 0 -> a < 0 differs only at a = 0.
has "$T/tri" "6: 11 killable: a <= 0 |==> a < 0 (ROR): killed by a=0"; check $? "a <= 0 -> a < 0 killed by a=0"
# return deletion is control flow outside the expression.
has "$T/tri" "7: 23 unsupported: return INVALID;"; check $? "return deletion unsupported"
has "$T/tri" "summary: 120 mutants in"; check $? "triangle summary counts 120 mutants"

# max: a > b to != (kills a < b), >= (kills a = b), false (kills a > b):
# pairwise disjoint kill sets, all three in the ROR minimal set of >.
"$S" check --no-timing "$LOGS/max.mutants.log" > "$T/max"
[ "$(grep -c ' killable: a > b' "$T/max")" = 3 ]; check $? "max: the three ROR mutants are killable"

# the two seeds/003 cases
"$S" check --no-timing "$D/emiw.yaml" > "$T/emiw"; check $? "YAML batch: exit 0"
has "$T/emiw" "M2 equivalent: c >= 'a' && c <= 'z' |==> c >= 'a' == c <= 'z'"; check $? "isLower && -> == equivalent over char"
has "$T/emiw" "M3 equivalent: s.length() == 0 |==> s.length() <= 0"; check $? "length() == 0 -> <= 0 equivalent with the contract"
"$S" check --no-timing --contracts none "$D/emiw.yaml" > "$T/emiw0"
grep -q "M3 killable: .* killed by s.length()=-" "$T/emiw0"; check $? "... killable with a negative length() without contracts"
"$S" check --no-timing --contracts configs/contracts.yaml "$D/emiw.yaml" | cmp -s - "$T/emiw"; check $? "configs/contracts.yaml gives the built-in defaults' verdicts"
# context (#) > n with 0 <= x < 100, n > 0: x-1 is killed at n in {x-1, x},
# x*1 only at n = x: C2 subsumes C1; x/1 = x*1.
has "$T/emiw" "C1 subsumed by C2"; check $? "context: x - 1 subsumed by x * 1"
has "$T/emiw" "C3 duplicate of C2"; check $? "context: x / 1 duplicate of x * 1"

# malformed lines: reported with file:line:column, the rest checked
"$S" check --no-timing "$D/malformed.log" > "$T/mal" 2> "$T/mal.err"; [ $? = 3 ]; check $? "malformed lines: exit 3"
has "$T/mal.err" "malformed.log:2:1: error: malformed Major log line: too few"; check $? "line 2 reported"
has "$T/mal.err" "malformed.log:4:50: error: malformed Major log line: the line number is not a number"; check $? "line 4 reported"
has "$T/mal.err" "malformed.log:5:52: error: malformed Major log line: no ' |==> '"; check $? "line 5 reported"
[ "$(grep -c 'Max@max' "$T/mal")" = 4 ]; check $? "the 4 good lines (7- and 8-field) are checked"
has "$T/mal" "summary: 4 mutants in 2 sites, 3 malformed input lines skipped"; check $? "the summary counts the 3 malformed lines"
"$S" check --no-timing --format csv "$D/malformed.log" > /dev/null 2> "$T/malc.err"; [ $? = 3 ]; check $? "csv: exit 3"
has "$T/malc.err" "3 malformed input lines or batch errors skipped"; check $? "csv (no summary): the count on stderr"

# With the timing (and only then) the summary names the slowest groups:
# at most 10, slowest first, each a group of the input.
"$S" check --format json "$LOGS/triangle.mutants.log" | python3 -c '
import json, sys
d = json.load(sys.stdin)
sl = d["summary"]["slowest_groups"]
wh = {m["where"] for m in d["mutants"]}
ms = [g["ms"] for g in sl]
assert 0 < len(sl) <= 10 and ms == sorted(ms, reverse=True), sl
assert all(g["where"] in wh and g["mutants"] > 0 for g in sl), sl'; check $? "json: slowest_groups, at most 10, slowest first, groups of the log"
"$S" check "$LOGS/triangle.mutants.log" | sed -n '/^  slowest groups:/,$p' | grep -c ' ms  Triangle@classify' | grep -qx 10; check $? "text: 10 slowest groups listed"
! grep -q "slowest" "$T/tri" && ! "$S" check --no-timing --format json "$LOGS/max.mutants.log" | grep -q slowest_groups; check $? "--no-timing: no slowest groups"
has "$T/mal" "3: 6 killable: a > b |==> false"; check $? "8-field line (offset) parsed"

# -j gives the same output; json and csv
# Verdicts are proofs and equal for any -j; a witness may come from a
# solver with another history, so the killing inputs are cut off.
"$S" check --no-timing -j 3 "$LOGS/triangle.mutants.log" | sed 's/killed by .*//' > "$T/tri3"
sed 's/killed by .*//' "$T/tri" | cmp -s - "$T/tri3"; check $? "-j 3 verdicts equal -j 1"
"$S" check --no-timing --format json "$LOGS/triangle.mutants.log" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d["mutants"])==120 and d["summary"]["mutants"]==120' ; check $? "json parses, 120 mutants"
"$S" check --no-timing --format csv "$LOGS/triangle.mutants.log" | python3 -c 'import csv,sys; r=list(csv.reader(sys.stdin)); assert len(r)==121 and r[0][5]=="verdict"'; check $? "csv: header and 120 rows"
# the summary's per-operator table has one row per operator name: sites
# of a batch that name no operator share the row "-" (it once had a row
# per mutant), and its counts add up to the mutants.
"$S" check --no-timing "$D/table.yaml" > "$T/tab"
[ "$(grep -c '^    -  ' "$T/tab")" = 1 ]; check $? "one per-operator row for mutants without an operator"
total=$(sed -n 's/^summary: \([0-9]*\) mutants.*/\1/p' "$T/tab")
sum=$(grep '^    -  ' "$T/tab" | awk '{s=0; for (i=2;i<=NF;i++) s+=$i; print s}')
[ -n "$total" ] && [ "$sum" = "$total" ]; check $? "that row counts every mutant ($sum of $total)"
finish
