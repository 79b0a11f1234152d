#!/usr/bin/env python3
"""Compare `subsume check --source --method` with the shipped subjects' ground truth
(the gt files of ../shared/data/major-logs/src/*/gt) and count verdicts per level on every
shipped log, with and without --method.

    scripts/gt-compare.py ./subsume ../shared/data/major-logs

Ground truth: one class per line, mutant ids, 0 the original (see the logs' README); a
gt file covers only some of a log's mutants, and only those are compared.  Proven classes:
an equivalent mutant joins 0, a duplicate joins the mutant it names."""
import json, subprocess, sys, os, collections
sub, d = sys.argv[1], sys.argv[2]
def run(name, method):
    args = [sub, 'check', '--format', 'json', '--source', f'{d}/src/{name}']
    if method: args.append('--method')
    p = subprocess.run(args + [f'{d}/{name}.mutants.log'], capture_output=True, text=True)
    return json.loads(p.stdout)
names = sorted(f[:-len('.mutants.log')] for f in os.listdir(d) if f.endswith('.mutants.log'))
tot = {False: collections.Counter(), True: collections.Counter()}
moved = collections.Counter()
for n in names:
    r0, r1 = run(n, False), run(n, True)
    for m in (False, True):
        for x in (r1 if m else r0)['mutants']:
            tot[m][x['verdict']] += 1
    for a, b in zip(r0['mutants'], r1['mutants']):
        if a['verdict'] != b['verdict']:
            moved[(a['verdict'], b['verdict'])] += 1
keys = ['equivalent', 'duplicate', 'subsumed', 'redundant', 'killable', 'unknown', 'unsupported']
print('| | ' + ' | '.join(keys) + ' |'); print('|---' * (len(keys) + 1) + '|')
for m in (False, True):
    print('| ' + ('--source --method' if m else '--source') + ' | ' + ' | '.join(str(tot[m][k]) for k in keys) + ' |')
print('\nverdicts that --method changes (from -> to: count):')
for (a, b), c in sorted(moved.items()): print(f'  {a} -> {b}: {c}')
for n in names:
    gt = f'{d}/src/{n}/gt'
    if not os.path.exists(gt): continue
    cls = {}
    for i, line in enumerate(open(gt)):
        for t in line.split(): cls[t] = i
    r = run(n, True)
    ms = {x['id']: x for x in r['mutants']}
    # proven classes: equivalent -> '0'; duplicate of M -> M's class
    parent = {}
    def find(a):
        while parent.get(a, a) != a: a = parent[a]
        return a
    for x in r['mutants']:
        if x['verdict'] == 'equivalent': parent[find(x['id'])] = find('0')
        elif x['verdict'] == 'duplicate' and x['by']: parent[find(x['id'])] = find(x['by'])
    ids = ['0'] + [x['id'] for x in r['mutants'] if x['id'] in cls]  # the gt covers only some mutants
    print(f'\n{n}: ground truth over {len(cls)-1} of {len(r["mutants"])} mutants, {len(set(cls.values()))} classes')
    for i, a in enumerate(ids):
        for b in ids[i+1:]:
            g = cls.get(a) is not None and cls.get(a) == cls.get(b)
            p = find(a) == find(b)
            if g != p:
                def desc(k):
                    if k == '0': return '0 (original)'
                    x = ms[k]; return f"{k} [{x['original']} |==> {x['mutant']}: {x['verdict']}{' of ' + x['by'] if x['by'] else ''}, {x['level']}]"
                print(f"  {'gt same, not proven' if g else 'proven same, gt different'}: {desc(a)} ~ {desc(b)}")
