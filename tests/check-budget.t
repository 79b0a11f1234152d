#!/bin/sh
# check-budget.t - runs that finish (issue 33): the concrete search's
# grid is bounded whatever the number of variables, so a condition of
# 16 opaque calls (tests/data/check-budget/calls16.yaml, like
# commons-lang's DateUtils.isSameLocalTime) is checked under an address
# space limit (prlimit --as; it used to allocate 3^16 x 16 values:
# 5.5 GB, "fatal: out of memory").  Memory, not time, is asserted.
# And the per-site budget (--budget): proofs kept, questions past it
# unknown with the reason, the same bytes at any -j.
. "$(dirname "$0")/lib.sh"
D=tests/data/check-budget
AS=${BUDGET_AS:-300000000}

if ! command -v prlimit >/dev/null; then
	skip_all "prlimit not installed"
fi

# --- the grid: 16 calls under a 300 MB address space ----------------------
# A sanitizer build (CI's clang ASan+UBSan suite) reserves terabytes of
# address space for its shadow memory and cannot start under any such
# limit: there the memory assertion is skipped (the plain build makes
# it) and the run's verdicts are still checked below.
if prlimit --as="$AS" "$S" --help >/dev/null 2>&1; then
	prlimit --as="$AS" "$S" check --no-timing --format json "$D/calls16.yaml" \
		>"$T/c16.json" 2>"$T/c16.err"
	check $? "16 calls: exit 0 under prlimit --as=$AS"
else
	"$S" check --no-timing --format json "$D/calls16.yaml" >"$T/c16.json" 2>"$T/c16.err"
	rc=$?
	skip "16 calls under prlimit --as=$AS: this binary cannot start under an address-space limit (a sanitizer build); exit $rc without it"
	[ $rc = 0 ] || failed=$((failed + 1))
fi
[ ! -s "$T/c16.err" ]; check $? "16 calls: nothing on stderr"
# Every mutant decided; each '<=' or '>=' of one conjunct killable by an
# input where that conjunct's calls differ (re-run by the evaluator
# before it is printed).
python3 -c "
import json, re
d = json.load(open('$T/c16.json'))
ms = d['mutants']
assert len(ms) == len(re.findall(r'id: M', open('$D/calls16.yaml').read())), len(ms)
orig = ms[0]['original'].split(' && ')
for x in ms:
    assert x['verdict'] not in ('unknown', 'unsupported'), x
    mut = x['mutant'].split(' && ')
    diff = [i for i in range(min(len(orig), len(mut))) if orig[i] != mut[i]]
    if len(mut) != len(orig) or len(diff) != 1 or not re.search('[<>]=', mut[diff[0]]):
        continue
    k = diff[0] + 1
    assert x['verdict'] == 'killable', x
    w = dict(re.findall(r'([ab]\.get\(\d+\))=(-?\d+)', x['detail']))
    assert w.get('a.get(%d)' % k, '0') != w.get('b.get(%d)' % k, '0'), x
" 2>"$T/py.err"
check $? "16 calls: every mutant decided, ROR ones killed where their conjunct differs $(tail -n 1 "$T/py.err")"

# --- the budget: proofs of 64-bit multiplication and division --------------
# The same sites with no budget (--budget 0), the default and a budget too
# small for any question (1 unit): the proofs stay proofs under the
# default; with 1 unit every equivalence question is unknown at once,
# with the reason, the killable ones (concrete evidence) stay killable,
# and the run says so in its exit status.
L=$D/long-div.yaml
"$S" check --no-timing --format json --budget 0 "$L" >"$T/b0.json" 2>&1
check $? "--budget 0: exit 0"
"$S" check --no-timing --format json "$L" >"$T/bd.json" 2>&1
check $? "default budget: exit 0"
"$S" check --no-timing --format json --budget 1 "$L" >"$T/b1.json" 2>"$T/b1.err"
ok $([ $? = 1 ]; echo $?) "--budget 1: exit 1 (some verdicts unknown)"
python3 -c "
import json
v = lambda f: {x['id']: x for x in json.load(open(f))['mutants']}
b0, bd, b1 = v('$T/b0.json'), v('$T/bd.json'), v('$T/b1.json')
proven = [k for k in b0 if b0[k]['verdict'] == 'equivalent']
assert proven, 'no proof to cut'
for k in b0:
    assert bd[k]['verdict'] == b0[k]['verdict'], (k, bd[k], b0[k])
    if k in proven:
        assert b1[k]['verdict'] == 'unknown', b1[k]
        assert 'budget: the 1 resource units of its site are spent (--budget)' in b1[k]['detail'], b1[k]
    else:
        assert b1[k]['verdict'] == b0[k]['verdict'] == 'killable', (b1[k], b0[k])
" 2>"$T/py.err"
check $? "proofs kept by the default budget, unknown (budget) with 1 unit, killable ones kept $(tail -n 1 "$T/py.err")"
"$S" check --no-timing -j 2 --format json --budget 1 "$L" "$D/calls16.yaml" >"$T/j2.json" 2>/dev/null
"$S" check --no-timing -j 1 --format json --budget 1 "$L" "$D/calls16.yaml" >"$T/j1.json" 2>/dev/null
cmp -s "$T/j1.json" "$T/j2.json"; check $? "--budget 1: -j 1 and -j 2 give the same bytes"

# --- a remainder of doubles: not bit-blasted under a budget ----------------
# (tests/data/check-budget/double-rem.yaml): each mutant killed by the
# pool, its pair questions unknown with the reason, under a 600 MB
# address space (it used to take 1.7 GB); the reason only with a budget.
if prlimit --as=600000000 "$S" --help >/dev/null 2>&1; then
	prlimit --as=600000000 "$S" check --no-timing --format json "$D/double-rem.yaml" \
		>"$T/rem.json" 2>"$T/rem.err"
	check $? "double remainder: exit 0 under prlimit --as=600000000"
else
	"$S" check --no-timing --format json "$D/double-rem.yaml" >"$T/rem.json" 2>"$T/rem.err"
	rc=$?
	skip "double remainder under prlimit: a sanitizer build; exit $rc without it"
	[ $rc = 0 ] || failed=$((failed + 1))
fi
python3 - "$T/rem.json" <<'PY' 2>"$T/py.err"
import json, sys
ms = json.load(open(sys.argv[1]))['mutants']
assert len(ms) == 5, ms
for m in ms:
    assert m['verdict'] == 'killable', m
    assert 'unknown (budget: a remainder (%) of doubles is not asked' in m['detail'], m
PY
check $? "double remainder: every mutant killable, its pair questions unknown with the reason $(tail -n 1 "$T/py.err")"

# --- a method of 5,000 statements and a site of 200 calls -----------------
# (issue 33's "bad input"): each finishes with bounded memory, at
# expression and method level.  The method: 5,000 statements
# `s += x * K` (K = 1..7 in turn) and 20 mutants `x * K` to `x + K`;
# each changes the final s by (1 - K) * x + K, wherever it is, so at
# method level two of them are duplicates exactly when their K is the
# same (and none is equivalent; some may be subsumed by others):
# asserted from K, not from a past run.
# The site: a condition summing 200 calls, each of its mutants
# unsupported with the reason (the model's limit of 16 calls).
python3 - "$T" <<'PY'
import os, sys
t = sys.argv[1]
os.makedirs(t + '/big/p', exist_ok=True)
src = ['package p;', 'public class Big {', '  static int g(int x) {', '    int s = 0;']
src += ['    s += x * %d;' % (i % 7 + 1) for i in range(5000)]
src += ['    if (s > 10) return s;', '    return -s;', '  }',
        '  static int f(java.util.List<Integer> a) {',
        '    if (' + ' + '.join('a.get(%d)' % i for i in range(200)) + ' > 0)',
        '      return 1;', '    return 0;', '  }', '}']
open(t + '/big/p/Big.java', 'w').write('\n'.join(src) + '\n')
log = []
for i in range(20):
    k = i % 7 + 1
    log.append('%d:AOR:*(int,int):+(int,int):p.Big@g(int):%d:x * %d |==> x + %d'
               % (len(log) + 1, 5 + i, k, k))
calls = ' + '.join('a.get(%d)' % i for i in range(200))
for op in ('>=', '!='):
    log.append('%d:ROR:>(int,int):%s(int,int):p.Big@f(java.util.List):%d:%s > 0 |==> %s %s 0'
               % (len(log) + 1, op, 5010, calls, calls, op))
open(t + '/big.log', 'w').write('\n'.join(log) + '\n')
PY
BIG_AS=${BIG_AS:-1000000000}
for lv in "" --method; do
	tag="5,000 statements, 200 calls${lv:+ $lv}"
	if prlimit --as="$BIG_AS" "$S" --help >/dev/null 2>&1; then
		prlimit --as="$BIG_AS" "$S" check --no-timing $lv --format json \
			--source "$T/big" "$T/big.log" >"$T/big.json" 2>"$T/big.err"
		check $? "$tag: exit 0 under prlimit --as=$BIG_AS"
	else
		"$S" check --no-timing $lv --format json --source "$T/big" "$T/big.log" \
			>"$T/big.json" 2>"$T/big.err"
		rc=$?
		skip "$tag under prlimit: a sanitizer build; exit $rc without it"
		[ $rc = 0 ] || failed=$((failed + 1))
	fi
	python3 - "$T/big.json" "$lv" <<'PY' 2>"$T/py.err"
import json, re, sys
d = json.load(open(sys.argv[1]))
method = sys.argv[2] == '--method'
ms = d['mutants']
assert len(ms) == 22, len(ms)
k = {m['id']: int(re.search(r'x \* (\d+)', m['original']).group(1)) for m in ms if m['operator'] == 'AOR'}
for m in ms:
    if m['operator'] == 'ROR':
        assert m['verdict'] == 'unsupported' and '16' in m['detail'], m
        continue
    assert m['verdict'] in ('killable', 'duplicate', 'subsumed'), m
    if method:
        assert m['level'] == 'method', m
    if method and m['verdict'] == 'duplicate':
        assert k[m['by']] == k[m['id']], m
    if m['verdict'] == 'subsumed':
        assert method, m
if method:
    # one mutant of each K is not a duplicate: 7 of 20
    firsts = [m for m in ms if m['operator'] == 'AOR' and m['verdict'] != 'duplicate']
    assert len(firsts) == 7 and len({k[m['id']] for m in firsts}) == 7, firsts
PY
	check $? "$tag: every mutant decided (method level: duplicates exactly when K is the same) $(tail -n 1 "$T/py.err")"
done

finish
