#!/bin/sh
# check-dredd.t - dredd's mutation-info file as input (check/dredd.h):
# tests/data/dredd/calc.json is written as dredd writes it (protobuf's
# JSON of its MutationInfo, every field printed) for calc.c; each
# mutant's replacement comes from its kind and action, and its verdict
# from facts about calc.c: x + 0 -> x - 0 and -> x (the LHS) are
# equivalent, x < lo -> x <= lo is equivalent only in clamp (both
# return lo when x == lo), u >= 0 -> u > 0 is killed by u = 0.  A
# mutation-testing-elements report shaped as Mull writes it (operator
# mutants located at the operator token) reads with the C++ profile.  A bad part (a group, an instance, a file)
# is a located error and left out, the rest is judged, exit status 3 (as
# a malformed line of a Major log); a file that is no dredd info at all
# is refused whole (exit 3), an absent one is exit 5.
. "$(dirname "$0")/lib.sh"

D=tests/data/dredd
$S check --no-timing $D/calc.json > "$T/out" 2>&1
check $? "check calc.json: exit status 0"
has "$T/out" "calc.c:5:10: 2 equivalent: x + 0 |==> x - 0 (replaceBinaryOperator:ReplaceWithSub)"
check $? "ReplaceWithSub: x - 0, equivalent"
has "$T/out" "calc.c:5:10: 3 equivalent: x + 0 |==> x (replaceBinaryOperator:ReplaceWithLHS)"
check $? "ReplaceWithLHS: the left operand, equivalent"
has "$T/out" "5 killable: x |==> -(x) (replaceExpr:InsertMinus)"
check $? "InsertMinus: -(x), killable"
has "$T/out" "0 killable: x < lo |==> x <= lo"
check $? "x <= lo killable as an expression"
has "$T/out" "7 killable: u >= 0 |==> u > 0 (replaceBinaryOperator:ReplaceWithGT) [language c: data-model: lp64, char: signed, ub: outcome]: killed by u=0u"
check $? "u > 0 killed by u=0u, with the C profile"
has "$T/out" "summary: 9 mutants in 4 sites"
check $? "all 9 mutants read"

$S check --no-timing --method $D/calc.json > "$T/m" 2>&1
check $? "check --method calc.json: exit status 0"
has "$T/m" "0 equivalent: x < lo |==> x <= lo (replaceBinaryOperator:ReplaceWithLE)"
check $? "--method: x <= lo equivalent in clamp"
has "$T/m" "6 duplicate of 4: x |==> 0 (replaceExpr:ReplaceWithZeroInt)"
check $? "--method: return 0 duplicates return x * 0"

$S check --no-timing --format json $D/calc.json > "$T/j" 2>&1
check_eval "jq -e '[.mutants[] | select(.verdict == \"equivalent\")] | length == 2' '$T/j' >/dev/null" \
	"--format json: 2 equivalents"

# bad FILE WHERE MESSAGE N: exit 3, the error located, and the N other
# mutants still judged (only the bad part is left out)
bad() {
	$S check --no-timing $D/$1.json > "$T/e" 2>&1
	rc=$?
	[ $rc = 3 ] && has "$T/e" "$D/$1.json:$2: error: $3" &&
		has "$T/e" "summary: $4 mutants in"
	check $? "$1.json: exit 3, error at $2: $3; the $4 others judged"
	[ $rc = 3 ] || sed 's/^/# /' "$T/e"
}
bad bad-action 48:21 'unknown action "ReplaceWithSpaceship"' 8
bad bad-range 70:18 '"exprEnd" is on line 99, after the end of calc.c' 6
bad bad-dup 174:25 'mutationId 2 is given twice' 8
bad bad-source 4:16 'cannot read the source missing.c' 0
printf '{"infoForFiles": 3}\n' > "$T/root.json"
$S check "$T/root.json" > "$T/e" 2>&1
rc=$?
[ $rc = 3 ] && has "$T/e" "root.json:1:18: error: \"infoForFiles\" must be an array, not a number"
check $? "infoForFiles not an array: exit 3, located"
# clang's byte columns after a character of two bytes (utf8.c: an é in
# a comment before x * 1)
$S check --no-timing $D/utf8.json > "$T/u" 2>&1
check $? "utf8.json: exit status 0"
has "$T/u" "0 equivalent: x * 1 |==> x (replaceBinaryOperator:ReplaceWithLHS)" &&
	has "$T/u" "1 killable: x * 1 |==> x + 1"
check $? "byte columns after a 2-byte character find x * 1"
bad bad-utf8 12:20 '"exprStart" (column 20 of line 1 of utf8.c) is inside a UTF-8 character' 0
$S check $T/none.json > "$T/e" 2>&1
check_eval '[ $? = 5 ]' "an absent file: exit 5"

# A report shaped as Mull's elements reporter writes it
# (rust/mull-reporters/src/elements_reporter.rs: schema "1.7", every file
# "cpp", the location of an operator mutant its operator token alone,
# begin to end of token, the replacement the new operator): read with
# the C++ profile, each operator mutant judged as its whole expression.
python3 - "$T/mull.json" <<'PY'
import json, sys
src = open("tests/data/dredd/calc.c").read()
def m(ident, mut, repl, status, l, c, el, ec):
    return {"id": ident, "mutatorName": mut, "replacement": repl,
            "location": {"start": {"line": l, "column": c},
                         "end": {"line": el, "column": ec}},
            "status": status}
rep = {"schemaVersion": "1.7", "thresholds": {"high": 80, "low": 60},
       "files": {"calc.c": {"language": "cpp", "source": src, "mutants": [
           m("cxx_add_to_sub:calc.c:5:12", "cxx_add_to_sub", "-",
             "Survived", 5, 12, 5, 13),
           m("cxx_ge_to_gt:calc.c:10:12", "cxx_ge_to_gt", ">", "Killed",
             10, 12, 10, 14),
           m("cxx_lt_to_ge:calc.c:3:9", "cxx_lt_to_ge", ">=", "Killed",
             3, 9, 3, 10)]}}}
json.dump(rep, open(sys.argv[1], "w"))
PY
$S check --no-timing "$T/mull.json" > "$T/mo" 2>&1
check $? "a Mull-shaped report: exit status 0"
has "$T/mo" "cxx_add_to_sub:calc.c:5:12 equivalent: x + 0 |==> x - 0 (cxx_add_to_sub) [language c++:"
check $? "Mull's + -> - at the operator: x + 0 -> x - 0, equivalent (C++ profile)"
has "$T/mo" "cxx_ge_to_gt:calc.c:10:12 killable: u >= 0 |==> u > 0 (cxx_ge_to_gt) [language c++:"
check $? "Mull's >= -> > at the operator: u >= 0 -> u > 0, killable"
has "$T/mo" "cxx_lt_to_ge:calc.c:3:9 killable: x < lo |==> x >= lo"
check $? "Mull's < -> >= at the operator: killable"
$S check --no-timing --format elements "$T/mull.json" > "$T/mw" 2>&1
check_eval "jq -e '.files[\"calc.c\"].mutants[0] | .location.start.column == 12 and .location.end.column == 13 and .replacement == \"-\" and .status == \"Ignored\"' '$T/mw' >/dev/null" \
	"--format elements writes Mull's location and replacement back unchanged (the equivalent one Ignored)"
sed 's/^/# /' "$T/mo" | head -4
finish
