#!/bin/sh
# subsume check --source: Major mutants at their exact occurrence, judged
# in their enclosing expression with the declared types of the variables
# (check/source.h, lang/javasrc.h), the fallback to the log on bad
# sources, and the log-only rules without sources.
#
# Expected facts are derived, never written in: occurrences from Major's
# own mutated sources (shared/data/major-logs/src/*/mutants/N) and from
# the source text; equivalences by brute force over the variable's whole
# domain (char) or a wide sample with Java's int semantics.
# tests/data/check-source/src/Occ.java and occ.mutants.log are written
# for this test (Major's format and numbering order, see source.h).
. "$(dirname "$0")/lib.sh"
D=tests/data/check-source
# py FILE.json 'python code with d (the JSON) and m (mutants by id)'
py() { f=$1; shift; python3 -c "
import json, sys
d = json.load(open('$f'))
m = {x['id']: x for x in d['mutants']}
$1
"; }
plan 36

# --- the written subject --------------------------------------------------
"$S" check --no-timing --format json --source "$D/src" "$D/occ.mutants.log" \
	> "$T/occ.json" 2> "$T/occ.err"; check $? "Occ: exit 0"
[ ! -s "$T/occ.err" ]; check $? "Occ: no warnings"
py "$T/occ.json" "assert all(x['level'] == 'expression' for x in d['mutants'])"
check $? "Occ: every mutant placed in its enclosing expression"

# Exact occurrences: line 5 holds 'i % 2' and '2' twice.  Major logs each
# occurrence's mutants together, in source order: the k-th run of a text's
# mutations is its k-th occurrence, whose column the source text gives.
py "$T/occ.json" "
line = open('$D/src/Occ.java').read().split('\n')[4]
def cols(t):
    r, i = [], line.find(t)
    while i >= 0:
        r.append(i + 1); i = line.find(t, i + 1)
    return r
# '2' as a token: not inside another number
two = [c for c in cols('2') if not line[c-2].isdigit() and not line[c].isdigit()]
assert len(two) == 2 and len(cols('i % 2')) == 2
want = {'1': two[0], '2': two[0], '10': two[1], '11': two[1]}
for k in range(3, 7): want[str(k)] = cols('i % 2')[0]
for k in range(12, 16): want[str(k)] = cols('i % 2')[1]
for k, c in want.items():
    assert m[k]['column'] == c, (k, m[k]['column'], c)
"
check $? "line 5: each mutant at its own occurrence of '2' and 'i % 2'"
py "$T/occ.json" "
assert m['1']['expression'] == 'i % 2 < n' and m['10']['expression'] == 'i % 2'
assert 'an if condition' in m['1']['detail'] and 'an array index' in m['10']['detail']
"
check $? "line 5: the condition and the array index are two sites"
py "$T/occ.json" "
for x in d['mutants']:
    if x['by']:
        y = m[x['by']]
        assert (y['where'], y['expression']) == (x['where'], x['expression']), x
first, second = set(map(str, range(1, 10))), set(map(str, range(10, 16)))
for x in d['mutants']:
    if x['by']:
        assert not ({x['id'], x['by']} & first and {x['id'], x['by']} & second), x
"
check $? "relations only within one enclosing expression, never across occurrences"

# Literal mutants in their expression: 2 -> -2 in 'x % 2 == 0' and in
# 'i % 2 < n' is equivalent iff no int x tells x % 2 from x % -2 (Java's
# remainder: the dividend's sign); 2 -> 0 throws (killable).
cat > "$T/jrem.py" <<'EOF'
def jrem(a, b):
    r = abs(a) % abs(b)
    return -r if a < 0 else r
xs = list(range(-70000, 70000)) + [2**31 - 1, -2**31, 2**31 - 2, -2**31 + 1]
EOF
py "$T/occ.json" "
exec(open('$T/jrem.py').read())
eq_even = all((jrem(x, 2) == 0) == (jrem(x, -2) == 0) for x in xs)
eq_lt = all((jrem(i, 2) < n) == (jrem(i, -2) < n) for i in xs[::97] for n in range(-3, 4))
assert eq_even and eq_lt
assert m['24']['verdict'] == 'equivalent' and m['2']['verdict'] == 'equivalent'
assert m['11']['verdict'] == 'equivalent'
assert m['23']['verdict'] in ('killable', 'subsumed') and m['1']['verdict'] in ('killable', 'subsumed')
"
check $? "LVR 2 -> -2 equivalent in its expression (brute force agrees), 2 -> 0 not"
"$S" check --no-timing --format json "$D/occ.mutants.log" > "$T/occ-log.json"
py "$T/occ-log.json" "
assert m['24']['verdict'] == 'killable' and 'any input' in m['24']['detail']
assert 'level' not in m['24']
"
check $? "without --source the literal alone is killable by any input"
# x % 2 == 1 (29: 0 -> 1) against x * 2 == 0 (25): the tool's subsumption
# holds on every sampled input.
py "$T/occ.json" "
exec(open('$T/jrem.py').read())
def wrap(v): return (v + 2**31) % 2**32 - 2**31
o = lambda x: jrem(x, 2) == 0
k25 = {x for x in xs if (wrap(x * 2) == 0) != o(x)}
k29 = {x for x in xs if (jrem(x, 2) == 1) != o(x)}
assert m['29']['verdict'] == 'subsumed' and m['29']['by'] == '25'
assert k25 and k25 < k29
"
check $? "cross-operator subsumption in 'x % 2 == 0' (29 by 25) agrees with brute force"

# Declared types: c is a char (Major's signature says int).
py "$T/occ.json" "
import re
cs = range(0, 65536)
for k, mut in (('19', lambda c: c >= -1), ('22', lambda c: True), ('21', lambda c: c == 0)):
    equiv = all(mut(c) == (c >= 0) for c in cs)
    assert (m[k]['verdict'] == 'equivalent') == equiv, k
for x in d['mutants']:
    if x['where'].startswith('Occ@nonNegative'):
        for w in re.findall(r\"c='([^']*)'\", x['detail']):
            assert re.fullmatch(r'\\\\u[0-9a-f]{4}|.', w), w
"
check $? "char c: equivalences as brute force over 0..65535 says, witnesses are chars"
py "$T/occ-log.json" "
import re
w = re.search(r'killed by c=(-?[0-9]+)', m['22']['detail'])
assert m['22']['verdict'] == 'killable' and w and int(w.group(1)) < 0
"
check $? "without --source c is an int: c >= 0 -> true killed by a negative c"

# A String is a reference: s + (i + 1) is a concatenation, not a sum: an
# opaque String (issue 12), so i + 1 -> i - 1 in it changes the String
# (i + 1 != i - 1 for every int): killable, never related to anything,
# and s is never given a number.
py "$T/occ.json" "
import re
x = m['34']
assert x['verdict'] == 'killable' and not x['by'], x
assert not re.search(r'\\bs=-?[0-9]', x['detail']), x
"
check $? "String s: a concatenation is an opaque String, not an int sum"

# Path conditions (Paths.java): each method run by a Python copy of it,
# original against mutant, on every x (and y) in a range, loops cut at
# 1000 iterations (an outcome of its own).  A proven equivalence must
# hold for the whole method; the conditions used must be the sound ones.
"$S" check --no-timing --format json --source "$D/src" "$D/paths.mutants.log" \
	> "$T/paths.json"; check $? "Paths: exit 0"
cat > "$T/paths.py" <<'EOF'
muts = {'<': lambda x: x < 0, '>': lambda x: x > 0, 'true': lambda x: True,
        None: lambda x: x != 0}
def sign(x, t):
    if x >= 0: return 1 if t(x) else 0
    return -1
def shifted(x, t):
    if x >= 0:
        x = x - 1000
        return 1 if t(x) else 0
    return -1
def loop(x, t):
    if x >= 0:
        for _ in range(1000):
            if t(x): return 1
            x -= 1
        return 'runs on'
    return -1
def branches(x, y, t):
    if x < 0 or y < 0: return 0
    elif y != 0: return x if t(x) else y
    return 2
R = range(-1500, 1500)
kill = {}
for base, f in ((1, lambda t: any(sign(x, t) != sign(x, muts[None]) for x in R)),
                (4, lambda t: any(shifted(x, t) != shifted(x, muts[None]) for x in R)),
                (7, lambda t: any(loop(x, t) != loop(x, muts[None]) for x in range(-5, 50))),
                (10, lambda t: any(branches(x, y, t) != branches(x, y, muts[None])
                                   for x in range(-20, 20) for y in range(-20, 20)))):
    for k, op in enumerate(('<', '>', 'true')):
        kill[str(base + k)] = f(muts[op])
EOF
py "$T/paths.json" "
exec(open('$T/paths.py').read())
for k, killable in kill.items():
    assert not (m[k]['verdict'] == 'equivalent' and killable), (k, m[k]['verdict'])
# where the branch condition holds, x != 0 and x > 0 agree: equivalent
assert all((x != 0) == (x > 0) for x in R if x >= 0)
assert m['2']['verdict'] == 'equivalent' and m['11']['verdict'] == 'equivalent'
"
check $? "no equivalence the method-level brute force refutes; the ones the branch condition gives"
py "$T/paths.json" "
assert 'path condition \`(x >= 0)\`' in m['2']['detail']
assert 'path condition' not in m['5']['detail'], 'x is reassigned before the mutant'
assert 'path condition' not in m['8']['detail'], 'x changes on the loop back edge'
assert 'path condition \`(y != 0) && !(x < 0) && !(y < 0)\`' in m['11']['detail']
"
check $? "the path conditions used: then and else-if branches; none after a reassignment or in a loop"

# One enclosing expression, an EVR of an Object to null (a reference, in
# the model since issue 12; a mutant refused alone beside others is in
# tests/check-constructs.t) beside two numeric mutants: every verdict and
# claim holds on every sampled input (Java int arithmetic wraps).
"$S" check --no-timing --format json --source "$D/src" "$D/refs.mutants.log" > "$T/refs.json"
py "$T/refs.json" "
import re
assert all(m[k]['verdict'] != 'unsupported' for k in ('1', '2', '3'))
w = lambda v: (v + 2**31) % 2**32 - 2**31
f = {'0': lambda o, i: o is None or i + 1 > 2, '2': lambda o, i: o is None or i > 2,
     '3': lambda o, i: o is None or w(i - 1) > 2, '1': lambda o, i: True}
f['0'] = lambda o, i: o is None or w(i + 1) > 2
wi = re.search(r'i=(-?[0-9]+)', m['1']['detail'])
o1 = None if 'o=null' in m['1']['detail'] else 1
assert m['1']['verdict'] == 'killable' and 'o!=null' in m['1']['detail']
assert f['1'](o1, int(wi.group(1))) != f['0'](o1, int(wi.group(1))), m['1']
ins = [(o, i) for o in (None, 1) for i in list(range(-50, 50)) + [2**31 - 1, -2**31]]
k = {x: {v for v in ins if f[x](*v) != f['0'](*v)} for x in ('2', '3')}
for x in ('2', '3'):
    y = m[x]
    if y['verdict'] == 'subsumed':
        assert k[y['by']] <= k[x], (x, y['by'])
    if y['verdict'] == 'duplicate':
        assert k[y['by']] == k[x]
assert k['2'] and k['3']
"
check $? "a mutant out of the model is refused alone; the others' claims hold"
py "$T/refs.json" "
import re
assert m['4']['verdict'] == 'killable'
assert re.search(r'killed by r\.next\(\)(!=|=)null', m['4']['detail']), m['4']['detail']
assert not re.search(r'r\.next\(\)=-?[0-9]', m['4']['detail'])
"
check $? "a call compared with null is a reference in the witness: null or non-null, never a number"

# --- the summary and every verdict say the level ------------------------------
"$S" check --no-timing --source "$D/src" "$D/occ.mutants.log" > "$T/occ.txt"
has "$T/occ.txt" "verdicts are at the level of each mutant's enclosing expression (--source): 34 in their enclosing expression"
check $? "text summary states the level"
[ "$(grep -c '\[expression level: in `' "$T/occ.txt")" = 34 ]
check $? "every verdict names its enclosing expression"
py "$T/occ.json" "assert d['summary']['level']['verdicts_at'] == 'enclosing expression'"
check $? "json summary states the level"
"$S" check --no-timing -j 2 --source "$D/src" "$D/occ.mutants.log" | sed 's/killed by .*//' > "$T/occ2.txt"
sed 's/killed by .*//' "$T/occ.txt" | cmp -s - "$T/occ2.txt"; check $? "-j 2 gives the same verdicts"

# --- bad input: stale line, ambiguous occurrence, no source, no parse -------
mkdir -p "$T/stale" "$T/bad"
sed 's/if (i % 2 < n)/if (i % 3 < n)/' "$D/src/Occ.java" > "$T/stale/Occ.java"
"$S" check --no-timing --format json --source "$T/stale" "$D/occ.mutants.log" \
	> "$T/stale.json" 2> "$T/stale.err"; check $? "stale source: exit 0"
has "$T/stale.err" "$T/stale/Occ.java:5:1: warning: the source line does not contain the logged original 'i % 2 < n'"
check $? "stale line: located warning"
has "$T/stale.err" "    5 |         if (i % 3 < n) return a[i % 2];"; check $? "... showing the line"
py "$T/stale.json" "
for k in range(1, 16):
    x = m[str(k)]
    assert x['level'] == 'log only' and 'checked from the log only' in x['detail'], x
    assert x['by'] is None or int(x['by']) in range(7, 10) and k in range(7, 10), x
for k in ('19', '24'): assert m[k]['level'] == 'expression'
"
check $? "stale line's mutants fall back with the reason, no cross-occurrence relation; others placed"
printf '%s\n' "1:LVR:POS:0:Occ@pick(int[],int,int):5:2 |==> 0" \
	"2:LVR:POS:NEG:Occ@pick(int[],int,int):5:2 |==> -2" > "$T/amb.log"
"$S" check --no-timing --format json --source "$D/src" "$T/amb.log" > "$T/amb.json"
py "$T/amb.json" "
for x in d['mutants']:
    assert x['level'] == 'log only' and \"'2' occurs 2 times\" in x['detail'] and x['by'] is None, x
"
check $? "one run of mutants for two occurrences: ambiguous, kept apart"
printf '%s\n' "1:LVR:0:POS:Nope@f():3:0 |==> 1" > "$T/nope.log"
"$S" check --no-timing --source "$D/src" "$T/nope.log" > "$T/nope.txt" 2> "$T/nope.err"
has "$T/nope.err" "nope.log:1: warning: no source file for class Nope under the --source directories"
check $? "missing class: located warning"
has "$T/nope.txt" "[checked from the log only: no source file for class Nope]"; check $? "... reason in the verdict"
printf 'public class Occ {\n  static int pick(int[] a, int i, int n) {\n    if (i %% 2 < n return 0;\n  }\n}\n' > "$T/bad/Occ.java"
"$S" check --no-timing --source "$T/bad" "$D/occ.mutants.log" > "$T/bad.txt" 2> "$T/bad.err"
check $? "unparsable source: exit 0"
has "$T/bad.err" "$T/bad/Occ.java:3:" && has "$T/bad.err" "warning: syntax error"; check $? "... located warning"
[ "$(grep -c 'checked from the log only: .* does not parse' "$T/bad.txt")" = 34 ]; check $? "... every mutant falls back"

# --- the shipped logs with the sources they came from -----------------------
: > "$T/all.err"; rc=0
for f in "$LOGS"/*.mutants.log; do
	b=$(basename "$f" .mutants.log)
	"$S" check --no-timing --format json --source "$LOGS/src/$b" "$f" \
		> "$T/$b.json" 2>> "$T/all.err" || rc=1
done
[ $rc = 0 ] && [ ! -s "$T/all.err" ]; check $? "shipped logs with their sources: exit 0, no warnings"
for f in "$LOGS"/*.mutants.log; do
	b=$(basename "$f" .mutants.log)
	py "$T/$b.json" "assert all(x['level'] in ('expression', 'statement') for x in d['mutants'])" || rc=1
done
[ $rc = 0 ]; check $? "every shipped mutant located in its source"
# Major's own mutated sources tell where each mutant is: the text before
# the occurrence and after it are unchanged, the mutant text in between.
cat > "$T/occ.py" <<'EOF'
import glob, json, os, sys
logs, tmp = sys.argv[1], sys.argv[2]
checked = 0
sq = lambda s: ''.join(s.split())
for j in glob.glob(tmp + '/*.json'):
    b = os.path.basename(j)[:-5]
    if not os.path.isdir(f'{logs}/src/{b}/mutants'):
        continue
    d = json.load(open(j))
    for x in d['mutants']:
        if x['level'] != 'expression' or x['mutant'] == '<NO-OP>':
            continue
        ms = glob.glob(f"{logs}/src/{b}/mutants/{x['id']}/*.java")
        if len(ms) != 1:
            continue
        orig = open(f'{logs}/src/{b}/' + os.path.basename(ms[0])).read().split('\n')
        mut = open(ms[0]).read().split('\n')
        ln = int(x['where'].rsplit(':', 1)[1]) - 1
        if len(orig) != len(mut) or orig[:ln] + orig[ln+1:] != mut[:ln] + mut[ln+1:]:
            continue  # a mutant spanning lines: not checked here
        line, c = orig[ln], x['column'] - 1
        e, need = c, len(sq(x['original']))
        while need and e < len(line):
            need -= not line[e].isspace(); e += 1
        pre, post = line[:c], line[e:]
        mline = mut[ln]
        assert not need and sq(line[c:e]) == sq(x['original']), (b, x['id'])
        assert mline.startswith(pre) and mline.endswith(post), (b, x['id'], line, mline)
        mid = sq(mline[len(pre):len(mline) - len(post)])
        # Major writes a negative literal in parentheses: (-1)
        assert mid in (sq(x['mutant']), '(' + sq(x['mutant']) + ')'), (b, x['id'], mid)
        checked += 1
assert checked >= 200, checked
print('# occurrences checked against Major\'s mutated sources:', checked)
EOF
python3 "$T/occ.py" "$LOGS" "$T"; check $? "every placed occurrence agrees with Major's mutated source"

# --- without --source: no relation across occurrences, none on bare sites ---
"$S" check --no-timing --format json "$LOGS/triangle.mutants.log" > "$T/tri-log.json"
py "$T/tri-log.json" "
for k in ('9', '10', '13', '14', '18', '19'):
    assert m[k]['by'] is None, m[k]
"
check $? "triangle line 6: the three '0's' mutants are not related (log only)"
rc=0
for f in "$LOGS"/*.mutants.log; do
	"$S" check --no-timing --format json "$f" > "$T/log.json"
	py "$T/log.json" "
import re
for x in d['mutants']:
    if re.fullmatch(r\"-?[A-Za-z0-9_.']+\", x['original']):
        assert x['verdict'] not in ('duplicate', 'subsumed'), x
" || rc=1
done
[ $rc = 0 ]; check $? "no shipped log claims a relation on a bare literal or variable site"
finish
