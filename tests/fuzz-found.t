#!/bin/sh
# fuzz-found.t - inputs the fuzzers found (docs/reliability.md, "Bugs
# found"), through the real binary: each is rejected or reported with
# its reason, never a crash, garbage or a wrong model.
#
# tests/data/fuzz/yaml/reserved-names.yaml: a call followed directly by a
# digit (`s.length()9`, rewritten `$19`) and names of the checker's own
# namespace written by the user (`$0`, `$1`, `$null`) once read the
# opaque-value table out of bounds (printing garbage) or were taken for
# opaque values and null; each site is now unsupported with its reason.
. "$(dirname "$0")/lib.sh"


f=tests/data/fuzz/yaml/reserved-names.yaml
"$SUBSUME" check --no-timing "$f" >"$tmp/out" 2>"$tmp/err"
rc=$?
check $([ $rc = 0 ]; echo $?) "reserved-names: exit code 0 (got $rc)"
for m in "digit: M1" "dollar: M2" "null: M3"; do
	check $(grep -q "^$m unsupported: .*: .*" "$tmp/out"; echo $?) \
		"reserved-names: $m is unsupported, with a reason"
done
check $(grep -q "(null)" "$tmp/out"; [ $? = 1 ]; echo $?) \
	"reserved-names: no '(null)' in the output"
check $(LC_ALL=C grep -q '[^[:print:][:space:]]' "$tmp/out"; [ $? = 1 ]; echo $?) \
	"reserved-names: the output is printable text"
check $([ ! -s "$tmp/err" ]; echo $?) "reserved-names: nothing on stderr"

# tests/data/fuzz/major/dollar-name.log (fuzz_major, UBSan: index -1 of
# the opaque-value table): a name that starts with '$' but is not one
# of the checker's own ($1, $null), such as `$b` (a legal Java name),
# was taken for an opaque value anyway: '(null)' in the reason, and
# `killed by (null)=0`.  Every name starting with '$' is now reserved;
# such a site is unsupported, with the reason.
f=tests/data/fuzz/major/dollar-names.log
"$SUBSUME" check --no-timing "$f" >"$tmp/out" 2>"$tmp/err"
rc=$?
check $([ $rc = 0 ]; echo $?) "dollar-names: exit code 0 (got $rc)"
check $([ "$(grep -c "unsupported: .*reserved" "$tmp/out")" = 2 ]; echo $?) \
	"dollar-names: both sites unsupported, with the reason"
check $(grep -q "(null)" "$tmp/out"; [ $? = 1 ]; echo $?) \
	"dollar-names: no '(null)' in the output"

# tests/data/fuzz/yaml/dollar-in-ternary.yaml (fuzz_yaml, second campaign,
# binary of 97fcfdf, UBSan: index -1 in check/infer.c): the
# same fault as dollar-names.log, bug 6, reached through a YAML batch: a
# `$iii...` name inside a conditional expression.  Fixed by 48f23e2.
f=tests/data/fuzz/yaml/dollar-in-ternary.yaml
"$SUBSUME" check --no-timing "$f" >"$tmp/out" 2>"$tmp/err"
rc=$?
check $([ $rc = 0 ]; echo $?) "dollar-in-ternary: exit code 0 (got $rc)"
check $(grep -q "^site 1: y unsupported: .*reserved for opaque values" "$tmp/out"; echo $?) \
	"dollar-in-ternary: the mutant is unsupported, with the reason"
check $(grep -q "(null)" "$tmp/out"; [ $? = 1 ]; echo $?) \
	"dollar-in-ternary: no '(null)' in the output"

# tests/data/fuzz/major/new-then-digit.log and object-then-number.log
# (fuzz_major, third campaign, UBSan: index 22 in check/infer.c, index
# -737418241 in check/refs.c): an object expression directly followed
# by a digit, `new Integer(x)3`, was rewritten `$13`, another opaque
# value's name or none at all: `(null)=-16` in a killing input, reads
# out of bounds.  Such a mutant is now unsupported, with the reason.
# The fuzzer's object-then-number.log also opens a string literal that
# never closes (`+"Integer(2) |==> ...`): since the Major reader reads
# literals in the code fields, that line is malformed (located at its
# quote, exit 3); object-then-number-unquoted.log is the same line
# without the stray quote, which still reaches the object rewrite.
"$SUBSUME" check --no-timing tests/data/fuzz/major/object-then-number.log >"$tmp/out" 2>"$tmp/err"
rc=$?
check $([ $rc = 3 ]; echo $?) "object-then-number: an unterminated literal, exit code 3 (got $rc)"
check $(grep -q "object-then-number.log:1:62: error: malformed Major log line: unterminated literal" "$tmp/err"; echo $?) \
	"object-then-number: the malformed line located at its quote"
for b in new-then-digit object-then-number-unquoted; do
	f=tests/data/fuzz/major/$b.log
	"$SUBSUME" check --no-timing "$f" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check $([ $rc = 0 ]; echo $?) "$b: exit code 0 (got $rc)"
	check $(LC_ALL=C grep -q "unsupported: .*a name or number directly after an object expression" "$tmp/out"; echo $?) \
		"$b: the mutant is unsupported, with the reason"
	check $(grep -q "(null)" "$tmp/out"; [ $? = 1 ]; echo $?) \
		"$b: no '(null)' in the output"
done

# tests/data/fuzz/yaml/deref-then-digit.yaml (found reading bug 7's fix):
# the C dereference path had the same gap, `*f(x)3` read as `$13`:
# `(null)=-13` in a killing input.  Now unsupported, with the reason.
f=tests/data/fuzz/yaml/deref-then-digit.yaml
"$SUBSUME" check --no-timing "$f" >"$tmp/out" 2>"$tmp/err"
rc=$?
check $([ $rc = 0 ]; echo $?) "deref-then-digit: exit code 0 (got $rc)"
check $(grep -q "^d: d.1 unsupported: .*a name or number directly after a call or field access" "$tmp/out"; echo $?) \
	"deref-then-digit: the mutant is unsupported, with the reason"
check $(grep -q "(null)" "$tmp/out"; [ $? = 1 ]; echo $?) \
	"deref-then-digit: no '(null)' in the output"

# tests/data/fuzz/expr/unary-chain: printing `+-+-...` looked at how
# each operand starts by printing it whole, at every level: time doubled
# with every unary + or -, hours for 40 of them.  A target of 40 must be
# proven (and printed) well within the time limit.
chain=$(printf -- '-+%.0s' $(seq 20))
printf 'targets:\n  - expr: "%sa"\n    domains: int\n    operators: [AODU]\n' \
	"$chain" >"$tmp/chain.yaml"
timeout "${LIMITS_SECONDS:-60}" "$SUBSUME" prove --no-timing "$tmp/chain.yaml" \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
check $([ $rc = 0 ]; echo $?) "unary chain of 40: proven within the limit (exit $rc)"
check $(grep -q "AODU(exp)  *+-+" "$tmp/out"; echo $?) \
	"unary chain of 40: the mutant is printed"

# tests/data/fuzz/expr/underscores (fuzz_expr, a 2 s hang under ASan):
# the lexer looked ahead over a run of underscores in a number at every
# underscore of the run, quadratic in its length: 24,000 of them took
# 1.4 s under ASan; a million would take many minutes.  A target with a
# literal of a million underscores between two digits (Java allows any
# number, JLS 3.10.1) must load and be proven well within the limit.
us=$(head -c 1000000 /dev/zero | tr '\0' _)
printf 'targets:\n  - expr: "a + 1%s2"\n    domains: int\n    operators: [AORB]\n' \
	"$us" >"$tmp/us.yaml"
timeout "${LIMITS_SECONDS:-60}" "$SUBSUME" prove --no-timing "$tmp/us.yaml" \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
check $([ $rc = 0 ]; echo $?) "a literal with a million underscores: proven within the limit (exit $rc)"
check $(grep -q "AORB(-)  *a - 12" "$tmp/out"; echo $?) \
	"a literal with a million underscores: its value is 12"

finish
