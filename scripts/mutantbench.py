#!/usr/bin/env python3
"""Measure `subsume check` on MutantBench, a public benchmark of 4,400 Java and C
mutants of which 1,416 people labelled equivalent by hand (van Hijfte and Oprescu,
2021; github.com/MutantBench/MutantBench).  A measurement, not a test: nothing in the
build or the test suite reads it.

    scripts/mutantbench.py ./subsume MUTANTBENCH_DIR [--out DIR] [-j N] [--rlimit N]
                           [--only java|c] [--skip PROGRAM]...

MUTANTBENCH_DIR is a checkout of the benchmark (its mutantbench/dataset.ttl and
programs/).  Each mutant there is a one-line diff against its program; this script
turns the changed part of the line into a mutation-testing-elements report
(schema version 2: a location and a replacement, the input PIT, Stryker and Mull
write), runs `subsume check --format json` on it with and without --method, and
compares the verdicts with the labels.

The location is the smallest span of the line that covers the change, starts and
ends at token boundaries and is balanced in brackets, for which subsume does not
answer "not a whole expression" or "a name": the report format requires a whole
expression or statement, and a diff does not say which.  The mutated program is the
same whichever span is chosen, so this only decides whether the mutant can be read.
Mutants whose diff is not one changed line are counted as not converted.

Writes DIR/report-{java,c}.json (the reports), DIR/verdicts-{expr,method}.json
and prints the tables.  Every `equivalent` verdict on a mutant labelled
non-equivalent is listed: each is a wrong label or a bug of ours, and must be
explained."""
import collections, json, os, re, subprocess, sys

TOKEN = re.compile(r'''\s+|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|[A-Za-z_$][\w$]*|'''
                   r'''\d[\w.]*|>>>=|<<=|>>=|>>>|->|\+\+|--|&&|\|\||[<>=!]=|<<|>>|'''
                   r'''[-+*/%&|^]=|.''')
OPEN, CLOSE = '([{', ')]}'


def dataset(root):
    text = open(os.path.join(root, 'mutantbench', 'dataset.ttl')).read()
    for mid, body in re.findall(r'<mb:mutant#(\w+)> a mb:Mutant ;(.*?)\.\n\n', text, re.S):
        prog = re.search(r'mb:program <mb:program#([^>]+)>', body).group(1)
        eq = re.search(r'mb:equivalence "(\w+)"', body).group(1) == 'true'
        op = re.search(r'mb:operator <mb:operator#([^>]+)>', body)
        diff = re.search(r'mb:difference """(.*?)"""', body, re.S).group(1)
        yield mid, prog, eq, op.group(1) if op else '?', diff


def one_line_change(diff):
    """(line, old, new) for a diff that replaces one line, else None."""
    hunks = re.findall(r'^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@$', diff, re.M)
    minus = [l[1:] for l in diff.split('\n') if l.startswith('-')]
    plus = [l[1:] for l in diff.split('\n') if l.startswith('+')]
    if len(hunks) != 1 or len(minus) != 1 or len(plus) != 1:
        return None
    return int(hunks[0]), minus[0], plus[0]


def boundaries(line):
    """Token starts and ends of line, and each token's bracket depth change."""
    cuts, depth, at = {0, len(line)}, [0], 0
    for m in TOKEN.finditer(line):
        cuts.update((m.start(), m.end()))
        t = m.group(0)
        at += (t in OPEN) - (t in CLOSE)
        depth.append(at)
    return sorted(cuts)


def balanced(s):
    d = 0
    for m in TOKEN.finditer(s):
        t = m.group(0)
        d += (t in OPEN) - (t in CLOSE)
        if d < 0:
            return False
    return d == 0


def candidates(old, new):
    """Spans (a, b) of old, smallest first, with the replacement for each."""
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    s = 0
    while s < min(len(old), len(new)) - p and old[-1 - s] == new[-1 - s]:
        s += 1
    lo, hi = p, len(old) - s
    cuts = boundaries(old)
    out = []
    for a in cuts:
        if a > lo:
            break
        for b in cuts:
            if b < hi or b <= a:
                continue
            span = old[a:b]
            if span != span.strip() or not balanced(span):
                continue
            rep = new[a:b + len(new) - len(old)]
            if not balanced(rep):
                continue
            out.append((b - a, a, b, rep))
    out.sort()
    return [(a, b, rep) for _, a, b, rep in out]


def language(prog):
    return 'java' if prog.endswith('.java') else 'c'


def report(mutants, sources, choice):
    files = {}
    for m in mutants:
        k = choice[m['id']]
        if k >= len(m['cands']):
            continue
        a, b, rep = m['cands'][k]
        f = files.setdefault(m['prog'], {'language': language(m['prog']),
                                          'source': sources[m['prog']], 'mutants': []})
        f['mutants'].append({
            'id': m['id'], 'mutatorName': m['op'], 'replacement': rep,
            'location': {'start': {'line': m['line'], 'column': a + 1},
                         'end': {'line': m['line'], 'column': b + 1}},
            'status': 'NoCoverage'})
    return {'schemaVersion': '2', 'thresholds': {'high': 80, 'low': 60}, 'files': files}


RLIMIT = []


def run(sub, path, method, jobs):
    args = [sub, 'check', '--no-timing', '-j', str(jobs), '--format', 'json'] + RLIMIT
    if method:
        args.append('--method')
    p = subprocess.run(args + [path], capture_output=True, text=True)
    if not p.stdout.strip():
        sys.exit(f'{" ".join(args)} {path}: no output (exit {p.returncode}): {p.stderr[:2000]}')
    return {x['id']: x for x in json.loads(p.stdout)['mutants']}


LOCATION = ('not a whole expression', 'is a name (', 'its location is empty')


def placed(v):
    return not (v['verdict'] == 'unsupported' and any(w in v['detail'] for w in LOCATION))


def main():
    argv = sys.argv[1:]
    def take(name):
        """The values of every `name VALUE` in argv, removed from it."""
        got = []
        while name in argv:
            i = argv.index(name); got.append(argv[i + 1]); del argv[i:i + 2]
        return got
    out = (take('--out') or ['mutantbench-out'])[-1]
    jobs = int((take('-j') or [2])[-1])
    # a smaller solver limit per query: faster, more unknown
    RLIMIT[:] = ['--rlimit', take('--rlimit')[-1]] if '--rlimit' in argv else []
    skip = set(take('--skip'))  # programs left out (say why when reporting)
    langs = tuple(take('--only')[-1:]) or ('java', 'c')
    sub, root = argv
    os.makedirs(out, exist_ok=True)
    sources, mutants, skipped = {}, [], collections.Counter()
    for mid, prog, eq, op, diff in dataset(root):
        path = os.path.join(root, 'programs', prog)
        if prog not in sources:
            sources[prog] = open(path, encoding='utf-8', errors='replace').read()
        ch = one_line_change(diff)
        lines = sources[prog].split('\n')
        if not ch or ch[0] > len(lines) or lines[ch[0] - 1].rstrip() != ch[1].rstrip():
            skipped[(language(prog), eq)] += 1
            continue
        line, old, new = ch
        src = lines[line - 1]
        cands = candidates(src, new.rstrip() + src[len(src.rstrip()):])
        if not cands:
            skipped[(language(prog), eq)] += 1
            continue
        mutants.append({'id': mid, 'prog': prog, 'eq': eq, 'op': op, 'line': line,
                        'cands': cands})
    mutants = [m for m in mutants if language(m['prog']) in langs and m['prog'] not in skip]
    final = {}
    for lang in langs:
        ms = [m for m in mutants if language(m['prog']) == lang]
        choice = {m['id']: 0 for m in ms}
        todo = list(ms)
        # expression level first: it places mutants as --method does, and is fast
        while todo:
            path = os.path.join(out, f'report-{lang}.json')
            json.dump(report(todo, sources, choice), open(path, 'w'), indent=1)
            got = run(sub, path, False, jobs)
            nxt = []
            for m in todo:
                v = got.get(m['id'])
                if v and not placed(v) and choice[m['id']] + 1 < len(m['cands']):
                    choice[m['id']] += 1
                    nxt.append(m)
            todo = nxt
        path = os.path.join(out, f'report-{lang}.json')
        json.dump(report(ms, sources, choice), open(path, 'w'), indent=1)
        for method in (False, True):
            got = run(sub, path, method, jobs)
            for m in ms:
                final.setdefault(method, {})[m['id']] = (m, got.get(m['id']))
    for method in (False, True):
        name = 'method' if method else 'expr'
        json.dump({k: {'label': 'equivalent' if m['eq'] else 'killable',
                       'program': m['prog'], 'verdict': v['verdict'] if v else None,
                       'detail': v['detail'] if v else None}
                   for k, (m, v) in sorted(final[method].items())},
                  open(os.path.join(out, f'verdicts-{name}.json'), 'w'), indent=1)
    keys = ['equivalent', 'duplicate', 'subsumed', 'redundant', 'killable', 'unknown',
            'unsupported']
    print(f'MutantBench: {len(mutants) + sum(skipped.values())} mutants, '
          f'{len(mutants)} converted ({sum(skipped.values())} not one changed line)')
    for lang in langs:
        for eq in (True, False):
            lab = 'labelled equivalent' if eq else 'labelled killable'
            n = sum(1 for m in mutants if language(m['prog']) == lang and m['eq'] == eq)
            print(f'\n{lang}, {lab}: {n} converted, {skipped[(lang, eq)]} not')
            print('| | ' + ' | '.join(keys) + ' |')
            print('|---' * (len(keys) + 1) + '|')
            for method in (False, True):
                c = collections.Counter(v['verdict'] if v else 'missing'
                                        for m, v in final[method].values()
                                        if language(m['prog']) == lang and m['eq'] == eq)
                print(f'| {"--method" if method else "expression"} | ' +
                      ' | '.join(str(c[k]) for k in keys) + ' |')
    print('\nequivalent verdicts on mutants labelled killable (each a wrong label or a bug):')
    for method in (False, True):
        for k, (m, v) in sorted(final[method].items()):
            if v and v['verdict'] == 'equivalent' and not m['eq']:
                a, b, rep = m['cands'][0]
                print(f'  {"method" if method else "expr"} {k[:12]} {m["prog"]}:{m["line"]}: '
                      f'{v["original"]!r} -> {v["mutant"]!r}: {v["detail"][:200]}')


if __name__ == '__main__':
    main()
