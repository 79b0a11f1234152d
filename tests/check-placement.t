#!/bin/sh
# subsume check --source: where each Major mutant of a log is placed in
# its source (check/source.h, lang/javasrc-match.c), a table of cases in
# tests/data/check-placement/cases.tsv: a source with markers @N@ where
# mutant N's occurrence starts, the log lines (Major's spelling of the
# original: javac's, not the source's), and per mutant its expected
# level (expression, statement, or log only with its reason).  Placed
# mutants must sit at their marker's column; no case warns but the bad
# inputs, each with its located warning.
S=${SUBSUME:-./subsume}
D=$(dirname "$0")/data/check-placement
T=${TMPDIR:-/tmp}/check-placement.$$
mkdir -p "$T"; trap 'rm -rf "$T"' EXIT
exec python3 - "$S" "$D/cases.tsv" "$T" <<'PY'
import json, os, re, subprocess, sys
subsume, table, tmp = sys.argv[1:4]
rows = [l.rstrip('\n').split('\t') for l in open(table) if l.strip() and not l.startswith('#')]
print("1..%d" % (2 * len(rows)))
n = 0
def ok(cond, what, why=''):
    global n
    n += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (n, what))
    if not cond and why:
        print("# " + str(why).replace('\n', '\n# '))
for k, (name, path, src, log, expect, warn) in enumerate(rows):
    d = os.path.join(tmp, str(k))
    os.makedirs(os.path.join(d, os.path.dirname(path)))
    text = src.replace('\\n', '\n')
    marks = {}   # id -> (line, column, byte offset)
    out = ''
    for piece in re.split(r'(@\d+@)', text):
        m = re.fullmatch(r'@(\d+)@', piece)
        if m:
            lines = out.split('\n')
            marks[m.group(1)] = (len(lines), len(lines[-1]) + 1, len(out.encode()))
        else:
            out += piece
    open(os.path.join(d, path), 'w').write(out)
    logf = os.path.join(d, 'mutants.log')
    lines = [re.sub(r'\{@(\d+)\}', lambda m: str(marks[m.group(1)][2]), l)
             for l in log.split(' ;; ')]
    open(logf, 'w').write('\n'.join(lines) + '\n')
    r = subprocess.run([subsume, 'check', '--no-timing', '--format', 'json',
                        '--source', d, logf], capture_output=True, text=True)
    try:
        ms = {x['id']: x for x in json.loads(r.stdout)['mutants']}
    except Exception as e:
        ok(False, name + ": placements", (r.returncode, r.stderr, e)); ok(False, name + ": warnings"); continue
    bad = []
    for e in expect.split(' ;; '):
        mid, want = e.split('=', 1)
        x = ms.get(mid)
        if x is None:
            bad.append((mid, 'missing')); continue
        if want.startswith('log:'):
            if x['level'] != 'log only' or want[4:] not in x['detail']:
                bad.append((mid, x['level'], x['detail']))
            continue
        level, _, at = want.partition('@')
        line, col, _ = marks[at or mid]
        if x['level'] != level or x.get('column') != col:
            bad.append((mid, 'want %s at column %d' % (level, col), x['level'], x.get('column'), x['detail']))
    ok(r.returncode in (0, 1) and not bad, name + ": placements", bad or r.stderr)
    if warn == '-':
        ok(r.stderr == '', name + ": no warning", r.stderr)
    else:
        ok(warn in r.stderr and re.search(r'^\S+:\d+(:\d+)?: warning: ', r.stderr, re.M) is not None,
           name + ": located warning", r.stderr)
PY
