#!/bin/sh
# check-fatal.t - bounded failure (issue 33): nothing one group does
# (out of memory, a solver error) loses another group's verdict.  The
# test build's planted faults (sem/fault.h, build/subsume-fault; the
# production binary has no such hook) make the solver set-up of the
# site with a variable named boom fail: a Z3 error (z3-error:boom) or an
# allocation that fails (oom:boom).  Each row: the fault, -j, the output
# format, the cause the failed group's verdicts name.  Asserted: the
# other sites' verdicts are the bytes of the same run without the fault,
# the failed site's mutants are unknown with the reason, the summary
# counts them by cause and the group cut short, the exit status is 8;
# and the run without a fault exits 0 with no cause counts (the summary
# of a run without budget or memory unknowns is as before).  At method
# level (method-oom:VAR, method-fatal:VAR) the cut group's mutants keep
# the verdicts of the level above (below).
. "$(dirname "$0")/lib.sh"
FAULT=${SUBSUME_FAULT_BIN:-build/subsume-fault}
D=tests/data/check-fatal
[ -x "$FAULT" ] || skip_all "no test build at $FAULT (make $FAULT)"
# The oom fault asks malloc for half the address space: a sanitizer
# build's allocator must answer NULL, as the C library's does.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1
export ASAN_OPTIONS

# fault | -j | format | cause of the cut group's reason
while IFS='|' read -r fault j fmt cause; do
	[ -n "$fault" ] || continue
	tag="$fault -j $j $fmt"
	"$FAULT" check --no-timing -j "$j" --format "$fmt" "$D/groups.yaml" \
		>"$T/ref.$fmt" 2>"$T/ref.err"
	check $? "$tag: without the fault, exit 0"
	SUBSUME_FAULT=$fault "$FAULT" check --no-timing -j "$j" --format "$fmt" \
		"$D/groups.yaml" >"$T/cut.$fmt" 2>"$T/cut.err"
	ok_rc=$?
	[ $ok_rc = 8 ]; check $? "$tag: exit 8 (a group cut short), got $ok_rc"
	has "$T/cut.err" "warning: cut: $cause: "
	check $? "$tag: a warning names the group and the cause"
	case $fmt in
	text)
		# the verdict lines of the other sites, byte for byte
		grep -v '^cut: ' "$T/ref.text" | sed -n '/^$/q;p' >"$T/ref.others"
		grep -v '^cut: ' "$T/cut.text" | sed -n '/^$/q;p' >"$T/cut.others"
		[ -s "$T/ref.others" ] && cmp -s "$T/ref.others" "$T/cut.others"
		check $? "$tag: the other sites' lines are the run's without the fault"
		[ "$(grep -c "^cut: M[0-9]* unknown: .*: $cause: .*(its group was cut short; the others went on)\$" "$T/cut.text")" = 3 ]
		check $? "$tag: the cut site's 3 mutants unknown with the cause"
		if [ "$cause" = memory ]; then want="0 budget, 3 memory, 0 other"; else want="0 budget, 0 memory, 3 other"; fi
		has "$T/cut.text" "unknown by cause: $want; 1 group cut short by a fatal error of its own"
		check $? "$tag: the summary counts the cause and the group"
		! has "$T/ref.text" "unknown by cause"
		check $? "$tag: without the fault, no cause line"
		;;
	json)
		python3 - "$T/ref.json" "$T/cut.json" "$cause" <<'PY' 2>"$T/py.err"
import json, sys
ref, cut = (json.load(open(f)) for f in sys.argv[1:3])
cause = sys.argv[3]
rm = [m for m in ref['mutants'] if m['where'] != 'cut']
cm = [m for m in cut['mutants'] if m['where'] != 'cut']
assert rm and rm == cm, (rm, cm)
bad = [m for m in cut['mutants'] if m['where'] == 'cut']
assert len(bad) == 3, bad
for m in bad:
    assert m['verdict'] == 'unknown' and m['by'] is None, m
    assert m['detail'].startswith(cause + ': '), m
    assert m['detail'].endswith('(its group was cut short; the others went on)'), m
s, r = cut['summary'], ref['summary']
assert s['verdicts']['unknown'] == 3, s
mem = 3 if cause == 'memory' else 0
assert s['unknown_by_cause'] == {'budget': 0, 'memory': mem, 'other': 3 - mem}, s
assert s['groups_cut_short'] == 1, s
assert 'unknown_by_cause' not in r and 'groups_cut_short' not in r, r
assert r['verdicts']['unknown'] == 0, r
PY
		check $? "$tag: others' verdicts identical, the cut site unknown ($cause), summary counts $(tail -n 1 "$T/py.err")"
		;;
	esac
done <<'ROWS'
z3-error:boom|1|text|solver error
z3-error:boom|2|json|solver error
oom:boom|1|json|memory
oom:boom|2|text|memory
ROWS

# --- at method level (--method): a fault in the method level's solver ------
# set-up of f in classes A and B (the same method: B's group waits for
# A's method cache entry, which A gives up when it is cut, and claims it
# again): their mutants keep the verdicts of the level above with the
# cause in their note; class Other's verdicts, and g's, are the bytes of
# the run without the fault; -j 1 and -j 2 the same bytes.
M=$D/method
FABS=$(cd "$(dirname "$FAULT")" && pwd)/$(basename "$FAULT")
(cd "$M" && "$FABS" check --no-timing --method --source src --format json mutants.log) \
	>"$T/mref.json" 2>/dev/null
(cd "$M" && "$FABS" check --no-timing --source src --format json mutants.log) \
	>"$T/mexpr.json" 2>/dev/null
for fault in method-oom:boom method-fatal:boom; do
	for j in 1 2; do
		(cd "$M" && SUBSUME_FAULT=$fault "$FABS" check -j $j --no-timing \
			--method --source src --format json mutants.log) >"$T/m$j.json" 2>"$T/m$j.err"
		rc=$?
		[ $rc = 8 ]; check $? "$fault -j $j --method: exit 8, got $rc"
	done
	cmp -s "$T/m1.json" "$T/m2.json"
	check $? "$fault --method: -j 1 and -j 2 the same bytes"
	[ "$(grep -c "warning: p\.[AB]@f(int,int):4: .* (at method level: its mutants keep the verdicts of the level above; the run goes on)" "$T/m2.err")" = 2 ]
	check $? "$fault --method: a warning for each of A's and B's f"
	cause=${fault%%:*}; cause=${cause#method-}; [ "$cause" = oom ] && cause=memory
	python3 - "$T/mref.json" "$T/mexpr.json" "$T/m2.json" "$cause" <<'PY' 2>"$T/py.err"
import json, sys
ref, expr, cut = (json.load(open(f)) for f in sys.argv[1:4])
cause = sys.argv[4]
hit = lambda m: m['where'].split('@')[0] in ('p.A', 'p.B') and '@f(' in m['where']
keep = [(r, c) for r, c in zip(ref['mutants'], cut['mutants']) if not hit(r)]
assert len(keep) == 6 and all(r == c for r, c in keep), keep
n = 0
for e, c in zip(expr['mutants'], cut['mutants']):
    if not hit(c):
        continue
    n += 1
    # the expression level's verdict and reason, the cause in the note
    assert (c['verdict'], c['by'], c['level']) == (e['verdict'], e['by'], e['level']), (e, c)
    assert e['detail'].endswith(']'), e
    assert c['detail'].startswith(e['detail'][:-1] + '; method level: cut short: ' + cause + ': '), (e, c)
    assert c['detail'].endswith('(its group was cut short; the others went on)]'), c
assert n == 6, n
assert cut['summary']['groups_cut_short'] == 2, cut['summary']
assert 'groups_cut_short' not in ref['summary'], ref['summary']
PY
	check $? "$fault --method: A's and B's f keep their expression-level verdicts, the others as without the fault $(tail -n 1 "$T/py.err")"
done

# --- shards: the causes and the groups cut short add up in merge -----------
# two batches (each one shard's unit), each with its group cut short
cp "$D/groups.yaml" "$T/second.yaml"
for k in 1 2; do
	SUBSUME_FAULT=oom:boom "$FAULT" check --no-timing --format json \
		--shard $k/2 "$D/groups.yaml" "$T/second.yaml" >"$T/s$k.json" 2>/dev/null
	rc=$?
	[ $rc = 8 ]; check $? "--shard $k/2: exit 8, got $rc"
done
SUBSUME_FAULT=oom:boom "$FAULT" check --no-timing --format json \
	"$D/groups.yaml" "$T/second.yaml" >"$T/whole.json" 2>/dev/null
"$FAULT" merge "$T/s1.json" "$T/s2.json" >"$T/merged.json" &&
	cmp -s "$T/merged.json" "$T/whole.json" &&
	has "$T/merged.json" '"unknown_by_cause": {"budget": 0, "memory": 6, "other": 0}, "groups_cut_short": 2'
check $? "merge of the shards: the unsharded run's bytes, 6 memory unknowns, 2 groups cut short"

# --- the production binary has no hook ------------------------------------
SUBSUME_FAULT=oom:boom "$S" check --no-timing "$D/groups.yaml" >"$T/prod.text" 2>"$T/prod.err"
check $? "the production binary ignores SUBSUME_FAULT: exit 0"
! has "$T/prod.text" "cut short"
check $? "the production binary: no group cut short"

# --- a budget's unknowns are counted by cause ------------------------------
"$S" check --no-timing --format json --budget 1 tests/data/check-budget/long-div.yaml \
	>"$T/b1.json" 2>/dev/null
rc=$?
python3 - "$T/b1.json" <<'PY' 2>"$T/py.err"
import json, sys
d = json.load(open(sys.argv[1]))
s = d['summary']
unk = [m for m in d['mutants'] if m['verdict'] == 'unknown']
pre = 'the solver could not decide equivalence: '
reason = lambda d: d[len(pre):] if d.startswith(pre) else d
budget = sum(reason(m['detail']).startswith('budget:') for m in unk)
assert budget > 0, unk
assert s['unknown_by_cause'] == {'budget': budget, 'memory': 0, 'other': len(unk) - budget}, s
assert s['groups_cut_short'] == 0, s
PY
check $? "--budget 1: the summary counts the budget's unknowns (exit $rc) $(tail -n 1 "$T/py.err")"
[ $rc = 1 ]; check $? "--budget 1: exit 1 (unknowns, nothing cut short)"

# --- real memory: a site past an address-space limit ----------------------
# heavy.yaml's middle site needs over 400 MB with no budget and no limit
# per question; under prlimit --as=300 MB its solver runs out of memory.
# The run completes (no "fatal"), the small sites' lines are those of
# the run without the limit, the heavy site's mutants are either what
# they are without the limit or unknown with a memory reason, and the
# summary counts them.  Without the limit the heavy site runs for
# minutes: its time limit (10 s a question) makes it unknown there, so
# the reference exits 0 or 1, whatever the machine's load.  A sanitizer build cannot start under an
# address-space limit (tests/check-budget.t): skipped there.
H=$D/heavy.yaml
HOPTS="--no-timing --budget 0 --rlimit 0 --timeout 10000"
AS=${FATAL_AS:-300000000}
if ! command -v prlimit >/dev/null; then
	skip "prlimit not installed"
elif ! prlimit --as="$AS" "$S" --help >/dev/null 2>&1; then
	skip "prlimit --as=$AS: this binary cannot start under an address-space limit (a sanitizer build)"
else
	"$S" check $HOPTS --format json "$H" >"$T/h.json" 2>"$T/h.err"
	hrc=$?
	prlimit --as="$AS" "$S" check $HOPTS --format json "$H" >"$T/hl.json" 2>"$T/hl.err"
	lrc=$?
	python3 - "$T/h.json" "$T/hl.json" "$hrc" "$lrc" <<'PY' 2>"$T/py.err"
import json, sys
ref, lim = (json.load(open(f)) for f in sys.argv[1:3])
hrc, lrc = int(sys.argv[3]), int(sys.argv[4])
assert hrc in (0, 1), ('without the limit', hrc)
assert lrc in (1, 8), ('under the limit', lrc)
small = lambda d: [m for m in d['mutants'] if m['where'] != 'heavy']
assert small(ref) and small(ref) == small(lim)
pre = 'the solver could not decide equivalence: '
mem = 0
for r, l in zip(ref['mutants'], lim['mutants']):
    if r['where'] != 'heavy' or r == l:
        continue
    d = l['detail'][len(pre):] if l['detail'].startswith(pre) else l['detail']
    assert l['verdict'] == 'unknown' and d.startswith('memory: '), l
    mem += 1
assert mem > 0, 'nothing ran out of memory under the limit'
s = lim['summary']
assert s['unknown_by_cause']['memory'] == mem, s
assert s['groups_cut_short'] == (1 if lrc == 8 else 0), s
PY
	check $? "prlimit --as=$AS: completes (exit $lrc), the heavy site's unknowns are memory ones, the others as without the limit $(tail -n 1 "$T/py.err")"
	! grep -q "fatal" "$T/hl.err"
	check $? "prlimit --as=$AS: no fatal error"
fi

finish
