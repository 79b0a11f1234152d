#!/bin/sh
# check-c-errors.t - bad C batches and C contracts are located errors
# with a caret (docs/check.md), exit status 3 for a batch (the other
# sites are checked), 3 for a bad --contracts file; nothing crashes.
. "$(dirname "$0")/lib.sh"

cat > "$T/bad.yaml" <<'Y'
language: c
sites:
  - name: jtype
    vars: { x: int, b: boolean }
    expr: "x >> 1"
    mutants: [ "x / 2" ]
  - name: ushr
    vars: { x: int }
    expr: "x >> 1"
    mutants: [ "x / 2", "x >>> 1" ]
  - name: ctx
    vars: { x: int }
    context: "(#) + f(a, b) >>> 2"
    expr: "x"
    mutants: [ "x + 1" ]
  - name: policy
    ub: trap
    expr: "x + 1 > x"
    mutants: [ "1" ]
  - name: jopt
    language: java
    ub: wrap
    expr: "x + 1 > x"
    mutants: [ "true" ]
  - name: good
    vars: { x: int }
    expr: "x >> 1"
    mutants: [ "x / 2" ]
Y
"$S" check --no-timing "$T/bad.yaml" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 3 ]; check $? "bad sites: exit 3 (got $rc)"
has "$T/err" "bad.yaml:4:24: error: 'boolean' is not a C type; did you mean 'bool'?"; check $? "Java's boolean in a C site: located, with a suggestion"
# the caret under column 24 of line 4
awk '/bad.yaml:4:24/ { getline; src = index($0, "boolean"); getline; exit !(src > 0 && index($0, "^") == src) }' "$T/err"; check $? "... with a caret under it"
has "$T/err" "bad.yaml:10:28: error: '>>>' is not an operator in c"; check $? "'>>>' in a C mutant: located at the operator"
# the context's f(a, b) is rewritten for the parser; the column is the source's
has "$T/err" "bad.yaml:13:29: error: '>>>' is not an operator in c"; check $? "'>>>' after a call in a context: the source column"
has "$T/err" "bad.yaml:17:9: error: unknown UB policy 'trap' (allowed: outcome, defined-only, wrap)"; check $? "unknown ub: located, allowed values listed"
has "$T/err" "bad.yaml:22:9: error: 'data-model', 'char' and 'ub' are options of 'language: c' (or c++)"; check $? "ub in a Java site: located"
[ "$(grep -c '' "$T/out" | head -1)" -gt 0 ] && grep -q "^good: good.1 killable: x >> 1 |==> x / 2" "$T/out"; check $? "the good site is still checked"
[ "$(grep -c '^jtype\|^ushr\|^ctx\|^policy\|^jopt' "$T/out")" = 0 ]; check $? "the bad sites are skipped whole"

printf 'language: cobol\nsites: []\n' > "$T/lang.yaml"
"$S" check --no-timing "$T/lang.yaml" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 3 ] && has "$T/err" "lang.yaml:1:11: error: unknown language 'cobol' (allowed: java, c, c++)"; check $? "unknown batch language: located, exit 3"
printf 'language: c\ndata-model: lp32\nsites: []\n' > "$T/dm.yaml"
"$S" check --no-timing "$T/dm.yaml" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 3 ] && has "$T/err" "dm.yaml:2:13: error: unknown data model 'lp32' (allowed: lp64, ilp32, llp64)"; check $? "unknown data model: located, exit 3"

# contracts
cat > "$T/ct.yaml" <<'Y'
contracts:
  - call: length()
    returns: size_t
  - call: abs(int x)
    assume: value >= 0
  - call: labs(long x)
    language: c
    value: "x >>> 1"
  - call: foo(bar x)
    language: c
    value: "x"
  - call: strlen(...)
    language: c
    returns: size_t
Y
"$S" check --contracts "$T/ct.yaml" --no-timing "$T/bad.yaml" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 3 ]; check $? "bad contracts: exit 3 (got $rc)"
has "$T/err" "ct.yaml:3:14: error: 'returns' and 'value' are keys of C contracts ('language: c')"; check $? "returns in a Java contract: located"
has "$T/err" "ct.yaml:4:11: error: 'abs(int x)' is not 'name()' or 'name(...)'"; check $? "parameters in a Java contract: located"
has "$T/err" "ct.yaml:8:15: error: '>>>' is not an operator in c"; check $? "Java syntax in a C contract's value: located"
has "$T/err" "ct.yaml:9:11: error: unknown C type 'bar'"; check $? "unknown parameter type: located"
# an argument that assigns (its tree: ++, op=, =; not <=, ==) is refused
# where a contract inlines the call (its text would be copied)
cat > "$T/args.yaml" <<'Y'
language: c
sites:
  - { name: inc, vars: { x: int }, expr: "abs(x++) > 0", mutants: [ "abs(x++) >= 0" ] }
  - { name: shl, vars: { x: int, y: int }, expr: "abs(x <<= y) > 0", mutants: [ "abs(x <<= y) >= 0" ] }
  - { name: le, vars: { x: int, y: int }, expr: "abs(x <= y) > 0", mutants: [ "abs(x <= y) >= 0" ] }
  - { name: eq, vars: { x: int, y: int }, expr: "abs(x == y ? x : y) > 0", mutants: [ "abs(x == y ? x : y) >= 0" ] }
Y
"$S" check --no-timing "$T/args.yaml" > "$T/out" 2> "$T/err"
for s in inc shl; do
	grep -q "^$s: $s.1 unsupported: .*: an argument of abs() assigns: " "$T/out"
	check $? "$s: an assigning argument of a contract's call: unsupported, said so"
done
for s in le eq; do
	grep -q "^$s: $s.1 killable: " "$T/out"; check $? "$s: an argument that compares does not assign: killable"
done
finish
