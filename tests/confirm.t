#!/bin/sh
# confirm.t - trust but verify: `--smt2 DIR` writes every unsat answer
# as a self-contained SMT-LIB 2 file named after its claim, `--confirm
# cvc5` re-checks each with a second solver, and planted faults (the
# test-only build/subsume-fault, prover/sem/fault.h) are caught: a wrong
# solver answer by cvc5 (exit 6), a wrong encoding by the evaluator
# (exit 4) and by the differential test of the encoding.
. "$(dirname "$0")/lib.sh"
FAULT=${SUBSUME_FAULT_BIN:-build/subsume-fault}
FDIFF=${SUBSUME_FAULT_DIFF:-build/fault/diff-smt}
plan 37
have_cvc5=1
command -v cvc5 >/dev/null 2>&1 || have_cvc5=0
count() { find "$1" -name '*.smt2' | wc -l; }
# The proofs a run needs at least (from its own summary line).
needed() { sed -n 's/.* \([0-9]*\) proofs needed.*/\1/p' "$1"; }

# --- export: files, names, contents; outputs unchanged
E=docs/example.yaml
"$S" prove --no-timing $E > "$T/plain.txt"
"$S" prove --no-timing --summary --smt2 "$T/ex" $E > "$T/ex.txt" 2> "$T/ex.err"
check $? "prove --smt2: exit 0"
cmp -s "$T/plain.txt" "$T/ex.txt"; check $? "prove --smt2: the output is unchanged"
nf=$(count "$T/ex"); nl=$(needed "$T/ex.err")
# every proof is an unsat answer, and example.yaml needs no more
[ "$nf" -gt 0 ] && [ "$nf" = "$nl" ]; check $? "one file per unsat answer ($nf files, $nl proofs needed)"
bad=$(ls "$T/ex" | grep -Ev '^[A-Za-z0-9][A-Za-z0-9._%-]*\.smt2$')
[ -z "$bad" ]; check $? "file names are safe for file systems${bad:+: $bad}"
f="$T/ex/example--lexp_%3C_rexp--int--equivalent-1.smt2"
[ ! -e "$f" ]; check $? "no file for a question answered by a witness (1 is killable)"
f=$(ls "$T/ex"/example--lexp_%3C_rexp--int--subsumes-* | head -1)
sed -n 2p "$f" | grep -q "^; claim: theory example (docs/example.yaml), target 'lexp < rexp', domain int: every input that kills mutant"
check $? "the claim is in a comment at the top"
grep -q '^(set-logic QF_BV)$' "$f" && grep -q '^(declare-fun a () (_ BitVec 32))$' "$f" &&
	grep -q '^(check-sat)$' "$f"
check $? "an int obligation: QF_BV, declarations, check-sat"
g=$(ls "$T/ex"/example--lexp_%3C_rexp--positive--* | head -1)
grep -q '^(set-logic ALL)$' "$g" && grep -q '^(declare-fun a () Int)$' "$g" &&
	! grep -q 'bv2int' "$g"
check $? "an unbounded-integer obligation: logic ALL, Int, no Z3-only bv2int"
grep -q '^; claim: .*(assuming a > 0 && b > 0)$' "$g"; check $? "the claim names the assumptions"
"$S" prove --no-timing --format json $E > "$T/plain.json"
"$S" prove --no-timing --format json --smt2 "$T/exj" $E > "$T/ex.json"
cmp -s "$T/plain.json" "$T/ex.json"; check $? "JSON output unchanged with --smt2"

# --- the same files whatever -j (names and contents)
L="theories/java-ror.yaml theories/java-aor.yaml theories/paper-relational.yaml"
"$S" prove --no-timing -j 1 --smt2 "$T/j1" $L > /dev/null
"$S" prove --no-timing -j 2 --smt2 "$T/j2" $L > /dev/null
diff -r "$T/j1" "$T/j2" > /dev/null && [ "$(count "$T/j1")" -gt 50 ]
check $? "prove: -j 1 and -j 2 write identical files ($(count "$T/j1"))"
"$S" check --no-timing -j 1 --smt2 "$T/c1" "$LOGS/triangle.mutants.log" "$LOGS/loops.mutants.log" > "$T/c1.txt"
check $? "check --smt2: exit 0"
"$S" check --no-timing -j 2 --smt2 "$T/c2" "$LOGS/triangle.mutants.log" "$LOGS/loops.mutants.log" > "$T/c2.txt"
"$S" check --no-timing "$LOGS/triangle.mutants.log" "$LOGS/loops.mutants.log" > "$T/c0.txt"
cmp -s "$T/c0.txt" "$T/c1.txt" && cmp -s "$T/c0.txt" "$T/c2.txt"; check $? "check --smt2: verdicts unchanged"
diff -r "$T/c1" "$T/c2" > /dev/null && [ "$(count "$T/c1")" -gt 0 ]
check $? "check: -j 1 and -j 2 write identical files ($(count "$T/c1"))"
ls "$T/c1" | grep -q '^triangle.mutants.log--Triangle%40classify' &&
	ls "$T/c1" | grep -q '^table--a_'
check $? "check: files for sites (log, site) and for table shapes"

# --- confirmation
if [ $have_cvc5 = 1 ]; then
	"$S" prove --no-timing --confirm cvc5 -j 2 $E > "$T/cf.txt" 2> "$T/cf.err"
	check $? "prove --confirm cvc5: exit 0"
	grep -qx "confirm: cvc5 confirmed $nf of $nf proofs (0 unknown, 0 disagreements)" "$T/cf.err"
	check $? "every proof confirmed ($(tail -1 "$T/cf.err"))"
	cmp -s "$T/plain.txt" "$T/cf.txt"; check $? "prove --confirm: the output is unchanged"
	nc=$(count "$T/c1")
	"$S" check --no-timing --confirm cvc5 "$LOGS/triangle.mutants.log" "$LOGS/loops.mutants.log" > /dev/null 2> "$T/ccf.err"
	[ $? = 0 ] && grep -qx "confirm: cvc5 confirmed $nc of $nc proofs (0 unknown, 0 disagreements)" "$T/ccf.err"
	check $? "check --confirm cvc5: all $nc confirmed"
	[ "$(cvc5 --lang=smt2 "$f")" = unsat ]; check $? "cvc5 reads an exported file alone: unsat"
else
	for i in 1 2 3 4 5; do skip "cvc5 is not installed"; done
fi

# --- a second solver's unknown is reported, never a confirmation
mkdir -p "$T/bin"
printf '#!/bin/sh\ncase "$1" in --version) echo fake;; *) echo unknown;; esac\n' > "$T/bin/cvc5"
chmod +x "$T/bin/cvc5"
PATH="$T/bin:$PATH" "$S" prove --no-timing --confirm cvc5 $E > /dev/null 2> "$T/unk.err"
rc=$?
[ $rc = 1 ] && grep -qx "confirm: cvc5 confirmed 0 of $nf proofs ($nf unknown, 0 disagreements)" "$T/unk.err" &&
	grep -q "could not confirm .*(unknown: unknown): theory example" "$T/unk.err" &&
	kept=$(sed -n 's/.*the proofs not confirmed are kept in //p' "$T/unk.err") &&
	[ "$(count "$kept")" = "$nf" ] && rm -rf "$kept"
check $? "cvc5 unknown: reported, not counted, exit 1 (got $rc)"
PATH="$T/nowhere" "$S" prove --confirm cvc5 $E > "$T/none.txt" 2> "$T/none.err"
rc=$?
[ $rc = 5 ] && [ ! -s "$T/none.txt" ] && grep -q "cannot run 'cvc5'" "$T/none.err"
check $? "no cvc5: exit 5 before proving (got $rc)"
"$S" prove --confirm z3 $E > /dev/null 2>&1; [ $? = 2 ]; check $? "--confirm z3: usage error"

# --- planted faults: each caught by a guard
cat > "$T/shift.yaml" <<'EOF'
theory: shift
targets:
  - name: shift twice
    expr: (a << 16) << 16
    domains: [int]
    mutants:
      - { label: "zero", expr: "0" }
EOF
SUBSUME_FAULT=java-shift-mask-15 "$S" prove --no-timing "$T/shift.yaml" > "$T/sh0.txt"
[ $? = 0 ] && grep -q "zero .* equivalent" "$T/sh0.txt"
check $? "the release binary ignores SUBSUME_FAULT: (a << 16) << 16 == 0 proven"
SUBSUME_FAULT=java-shift-mask-15 "$FAULT" prove --no-timing "$T/shift.yaml" > /dev/null 2> "$T/sh.err"
rc=$?
[ $rc = 4 ] && grep -q "internal error: Z3 claims different outcomes for .*shift.yaml .* but the concrete evaluator does not confirm it" "$T/sh.err"
check $? "shift mask 15 planted in the encoding: the evaluator stops the run, exit 4 (got $rc)"
# the shift targets only (DIFF_SMT_ONLY; the whole differential test is
# tests/diff-smt.t): with the fault and, the same targets, without it
SUBSUME_FAULT=java-shift-mask-15 DIFF_SMT_ONLY="<<" "$FDIFF" > "$T/fd.out"
rc=$?
[ $rc != 0 ] && grep -q "^not ok .*a << b in int" "$T/fd.out"
check $? "shift mask 15: the differential test fails ($(grep -c '^not ok' "$T/fd.out") failures)"
DIFF_SMT_ONLY="<<" "$FDIFF" > "$T/fd0.out"; check $? "the differential test passes on the same build without the fault"

SUBSUME_FAULT=z3-unsat "$FAULT" prove --no-timing --naive $E > "$T/z.txt"
[ $? = 0 ] && grep -q "ROR(>) .* equivalent" "$T/z.txt"
check $? "Z3 answering unsat planted: without --confirm the false proofs pass (ROR(>) 'equivalent')"
if [ $have_cvc5 = 1 ]; then
	SUBSUME_FAULT=z3-unsat "$FAULT" prove --no-timing --naive --smt2 "$T/z" --confirm cvc5 $E > "$T/zc.txt" 2> "$T/zc.err"
	rc=$?
	[ $rc = 6 ]; check $? "... with --confirm cvc5: exit 6 (got $rc)"
	zf="$T/z/example--lexp_%3C_rexp--int--equivalent-1.smt2"
	grep -qF "subsume: cvc5 disagrees: it answers sat on $zf, where Z3 proved: theory example (docs/example.yaml), target 'lexp < rexp', domain int: mutant 1 ROR(>) \`a > b\` is equivalent: no input kills it" "$T/zc.err"
	check $? "... the disagreement names the obligation's file and claim"
	[ -f "$zf" ] && [ "$(cvc5 --lang=smt2 "$zf")" = sat ]; check $? "... and that file is sat for cvc5"
	grep -q "^confirm: cvc5 confirmed [0-9]* of [0-9]* proofs (0 unknown, [1-9][0-9]* disagreements)$" "$T/zc.err"
	check $? "... the summary counts the disagreements"
	SUBSUME_FAULT=z3-unsat "$FAULT" prove --no-timing --naive --confirm cvc5 $E > /dev/null 2> "$T/zt.err"
	kept=$(sed -n 's/.*the proofs not confirmed are kept in //p' "$T/zt.err")
	nd=$(sed -n 's/.*(0 unknown, \([0-9]*\) disagreements)$/\1/p' "$T/zt.err")
	[ -n "$kept" ] && [ -f "$kept/example--lexp_%3C_rexp--int--equivalent-1.smt2" ] &&
		[ "$(count "$kept")" = "$nd" ]
	check $? "... without --smt2, the $nd refuted files are kept in a temporary folder"
	[ -n "$kept" ] && rm -rf "$kept"
else
	for i in 1 2 3 4 5; do skip "cvc5 is not installed"; done
fi
# --- the analyses of claims with an extra assumption (expect: ... assume:)
C=tests/data/claims/small.yaml
"$S" prove --no-timing --smt2 "$T/cl" $C > /dev/null
ncl=$(count "$T/cl"); na=$(ls "$T/cl" | grep -c -- '--assuming_')
# one name part per assumption and domain: b == 0 (small), a == b, a > b (both)
parts=$(ls "$T/cl" | grep -o -- '--[a-z]*--assuming_[^-]*' | sort -u | wc -l)
[ "$na" -gt 0 ] && [ "$parts" = 5 ] && [ "$na" -lt "$ncl" ]
check $? "prove --smt2 exports the claims' own analyses ($na of $ncl files, $parts assumption x domain)"
g=$(ls "$T/cl"/*--small--assuming_b_%3D%3D_0--* | head -1)
sed -n 2p "$g" | grep -q "^; claim: theory claims-small .*, domain small: .*(assuming a >= -3 .* && b == 0) \[the analysis of a claim assuming b == 0\]$"
check $? "an exported claim obligation names the claim's assumption"
if [ $have_cvc5 = 1 ]; then
	"$S" prove --no-timing --confirm cvc5 $C > /dev/null 2> "$T/clc.err"
	grep -qx "confirm: cvc5 confirmed $ncl of $ncl proofs (0 unknown, 0 disagreements)" "$T/clc.err"
	check $? "--confirm cvc5 confirms them too ($(tail -1 "$T/clc.err"))"
	# planted: Z3 answers unsat to everything; cvc5 must catch false
	# proofs in the claims' own analyses as well
	SUBSUME_FAULT=z3-unsat "$FAULT" prove --no-timing --naive --smt2 "$T/clz" --confirm cvc5 $C > /dev/null 2> "$T/clz.err"
	rc=$?
	[ $rc = 6 ] && grep -q "cvc5 disagrees: it answers sat on $T/clz/[^ ]*--assuming_.*\[the analysis of a claim assuming " "$T/clz.err"
	check $? "Z3 answering unsat planted: cvc5 refutes a claim analysis' false proof (exit $rc)"
else
	for i in 1 2; do skip "cvc5 is not installed"; done
fi
finish
