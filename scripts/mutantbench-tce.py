#!/usr/bin/env python3
"""Trivial Compiler Equivalence on MutantBench's C mutants, beside subsume's verdicts.

    scripts/mutantbench-tce.py MUTANTBENCH_DIR VERDICTS_DIR [--cc gcc] [--flags -O3]
                               [-j N] [--out FILE] [--before OLD_VERDICTS_DIR]
                               [--cache FILE]

TCE (Papadakis et al., ICSE 2015) compiles the original program and each mutant
with an optimising compiler and calls the mutant equivalent when the object
files are byte-identical.  A compiler is not a proof (clang -O3 deletes a
function that writes through an uninitialised pointer, and its mutants with
it), so this is a comparison, not a verdict: for every mutant the compiler calls
equivalent and `subsume check --method` does not prove, the table gives
subsume's verdict and its reason, grouped.

MUTANTBENCH_DIR is a checkout of the benchmark (mutantbench/dataset.ttl and
programs/); VERDICTS_DIR the --out folder of scripts/mutantbench.py (its
verdicts-method.json and verdicts-expr.json).  Every C mutant's diff is applied
(also those of more than one line, which the report format cannot hold: they are
counted as "not converted").  A program the compiler cannot compile (a missing
header) is listed as such.  Then the labelled-equivalent mutants by subsume's
verdict and reason at method and at expression level, beside those of an earlier
run (--before, its --out folder).  --cache FILE keeps the compiler's outcomes
(JSON) and reads them on a later run with the same compiler and flags.  Writes the tables (Markdown) to --out or
stdout.
"""
import collections, concurrent.futures, hashlib, importlib.util, json, os, re
import subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('mb', os.path.join(HERE, 'mutantbench.py'))
mb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mb)


def apply(src, diff):
    """src with diff's hunks applied (each: removed lines, then added), or None."""
    lines = src.split('\n')
    out, at = [], 0
    for h in re.split(r'^(?=@@ )', diff, flags=re.M):
        m = re.match(r'@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@\n', h)
        if not m:
            continue
        start = int(m.group(1)) - 1
        body = h[m.end():].split('\n')
        minus = [l[1:] for l in body if l.startswith('-')]
        plus = [l[1:] for l in body if l.startswith('+')]
        if start < at or [l.rstrip() for l in lines[start:start + len(minus)]] != \
                [l.rstrip() for l in minus]:
            return None
        out += lines[at:start] + plus
        at = start + len(minus)
    return '\n'.join(out + lines[at:])


def compile_digest(cc, flags, name, text, incdir):
    """The SHA-256 of the object file of text (as file name), or None."""
    with tempfile.TemporaryDirectory() as d:
        open(os.path.join(d, name), 'w', encoding='utf-8', errors='replace').write(text)
        p = subprocess.run([cc] + flags + ['-w', '-I', incdir, '-c', name, '-o', 'x.o'],
                           cwd=d, capture_output=True, text=True)
        if p.returncode:
            return None
        return hashlib.sha256(open(os.path.join(d, 'x.o'), 'rb').read()).hexdigest()


def compile_all(cc, flags, jobs, sources, todo, incdir):
    """Each mutant's TCE outcome: same, differs, no-compile (its program),
    mutant-no-compile, no-apply."""
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        orig = dict(zip(sources, ex.map(lambda p: compile_digest(cc, flags, p, sources[p],
                                                                 incdir), sources)))
        def one(t):
            mid, prog, eq, diff = t
            if orig[prog] is None:
                return 'no-compile'
            text = apply(sources[prog], diff)
            if text is None:
                return 'no-apply'
            d = compile_digest(cc, flags, prog, text, incdir)
            return 'mutant-no-compile' if d is None else ('same' if d == orig[prog] else 'differs')
        return dict(zip((t[0] for t in todo), ex.map(one, todo)))


def main():
    argv = sys.argv[1:]
    def take(name, default):
        if name in argv:
            i = argv.index(name); v = argv[i + 1]; del argv[i:i + 2]; return v
        return default
    cc = take('--cc', 'gcc')
    flags = take('--flags', '-O3').split()
    jobs = int(take('-j', '1'))
    out = take('--out', None)
    bdir = take('--before', None)
    cache = take('--cache', None)  # the compilers' outcomes, kept for a later run
    root, vdir = argv
    verdicts = {k: json.load(open(os.path.join(vdir, f'verdicts-{k}.json')))
                for k in ('method', 'expr')}
    before = {k: json.load(open(os.path.join(bdir, f'verdicts-{k}.json')))
              for k in ('method', 'expr')} if bdir else None
    # headers some programs include but no system has (Profit.c's conio.h):
    # empty, so the program compiles when it uses none of their functions
    incdir = tempfile.mkdtemp()
    open(os.path.join(incdir, 'conio.h'), 'w').close()
    sources, todo = {}, []
    for mid, prog, eq, op, diff in mb.dataset(root):
        if mb.language(prog) != 'c':
            continue
        if prog not in sources:
            sources[prog] = open(os.path.join(root, 'programs', prog), encoding='utf-8',
                                 errors='replace').read()
        todo.append((mid, prog, eq, diff))
    saved = None
    if cache and os.path.exists(cache):
        saved = json.load(open(cache))
        if saved.get('tool') != [cc] + flags:
            saved = None
    if saved:
        tce = saved['tce']
    else:
        tce = compile_all(cc, flags, jobs, sources, todo, incdir)
        if cache:
            json.dump({'tool': [cc] + flags, 'tce': tce}, open(cache, 'w'), indent=0)
    orig = {p: None for p in sources if all(tce[t[0]] == 'no-compile'
                                            for t in todo if t[1] == p)}
    os.remove(os.path.join(incdir, 'conio.h'))
    os.rmdir(incdir)
    w = []
    tool = f'{cc} {" ".join(flags)}'
    w.append(f'# Trivial Compiler Equivalence ({tool}) and subsume on MutantBench C\n')
    bad = sorted(p for p, d in orig.items() if d is None)
    if bad:
        w.append(f'Programs {tool} cannot compile (their mutants are not judged by it): '
                 + ', '.join(bad) + '\n')
    for eq in (True, False):
        ids = [t for t in todo if t[2] == eq]
        c = collections.Counter(tce[t[0]] for t in ids)
        w.append(f'\nlabelled {"equivalent" if eq else "killable"}: {len(ids)} mutants; '
                 f'{tool} calls {c["same"]} equivalent (identical object code), '
                 f'{c["differs"]} different, {c["no-compile"] + c["mutant-no-compile"]} '
                 f'not compiled, {c["no-apply"]} whose diff does not apply\n')
        both = collections.Counter()
        for t in ids:
            v = verdicts['method'].get(t[0])
            ours = v['verdict'] == 'equivalent' if v else False
            both[(tce[t[0]] == 'same', ours)] += 1
        w.append(f'| | subsume --method equivalent | not |\n|---|---|---|\n'
                 f'| {tool} identical | {both[(True, True)]} | {both[(True, False)]} |\n'
                 f'| {tool} different or not compiled | {both[(False, True)]} | '
                 f'{both[(False, False)]} |\n')
    # every labelled-equivalent mutant the compiler calls equivalent and we do not
    rows, why = [], collections.Counter()
    for mid, prog, eq, diff in todo:
        if tce[mid] != 'same':
            continue
        v = verdicts['method'].get(mid)
        if v and v['verdict'] == 'equivalent':
            continue
        if not v:
            reason = 'not converted: the diff is not one changed line'
            verdict = '-'
        else:
            verdict = v['verdict']
            d = v['detail'] or ''
            m = re.search(r'method level: (.*)\]$', d)
            reason = m.group(1) if m else d
            if re.match(r'in \w+ at ', reason):  # judged in its function
                reason = d[:d.index(' [')] + ' (' + reason + ')' if ' [' in d else d
        ch = mb.one_line_change(diff)
        what = f'{ch[1].strip()} -> {ch[2].strip()}' if ch else '(several lines)'
        line = ch[0] if ch else ''
        rows.append((prog, line, mid[:12], 'equivalent' if eq else 'killable', verdict,
                     what, reason))
        why[group(verdict, reason)] += 1
    w.append(f'\n## The {len(rows)} mutants {tool} calls equivalent and subsume --method '
             f'does not prove, by reason\n\n| mutants | verdict: reason |\n|---|---|\n')
    for r, n in why.most_common():
        w.append(f'| {n} | {r} |\n')
    w.append('\n## Each of them\n\n| program:line | mutant | label | subsume --method | '
             'change | reason |\n|---|---|---|---|---|---|\n')
    for prog, line, mid, lab, verdict, what, reason in sorted(rows):
        cell = lambda s: s.replace('|', '\\|').replace('\n', ' ')
        w.append(f'| {prog}:{line} | {mid} | {lab} | {verdict} | `{cell(what)}` | '
                 f'{cell(reason)[:300]} |\n')
    # the labelled-equivalent mutants by verdict and reason, at both
    # levels, before (--before DIR, an earlier run's verdicts) and now
    for level in ('method', 'expr'):
        now = reasons(verdicts[level], level)
        old = reasons(before[level], level) if before else collections.Counter()
        w.append(f'\n## Labelled-equivalent mutants at {"method" if level == "method" else "expression"}'
                 f' level by verdict and reason' + (' (before, after)' if before else '') +
                 '\n\n| ' + ('before | ' if before else '') + 'after | verdict: reason |\n|---|' +
                 ('---|' if before else '') + '---|\n')
        for r in sorted(set(now) | set(old), key=lambda r: (-now[r], -old[r], r)):
            w.append('| ' + (f'{old[r]} | ' if before else '') + f'{now[r]} | {r} |\n')
    text = ''.join(w)
    if out:
        open(out, 'w').write(text)
    else:
        sys.stdout.write(text)


def reasons(vs, level):
    """The labelled-equivalent mutants of vs counted by group() of their
    verdict and reason at level ('method': the detail's method-level part)."""
    c = collections.Counter()
    for v in vs.values():
        if v['label'] != 'equivalent' or not v['verdict']:
            continue
        d = v['detail'] or ''
        m = re.search(r'method level: (.*)\]$', d) if level == 'method' else None
        r = m.group(1) if m else re.sub(r' \[expression level: .*\]$', '', d)
        if m and re.match(r'in \w+ at ', r) and ' [' in d:  # judged in its function
            r = d[:d.index(' [')]
        c['proven equivalent' if v['verdict'] == 'equivalent'
          else group(v['verdict'], r)] += 1
    return c


def group(verdict, reason):
    """A reason without its names and numbers, to count alike reasons together."""
    r = re.sub(r'`[^`]*`', '`X`', reason)
    r = re.sub(r'^[\w.]+\.c:\d+:\d+(-\d+:\d+)? ', '', r)
    r = re.sub(r'\b(in \w+ at )?\w+\.c:\d+:\d+', 'F:L', r)
    r = re.sub(r'(undefined behaviour|killed by) .*', lambda m: 'killed by an input' +
               (' (undefined behaviour)' if 'undefined behaviour' in r else ''), r)
    r = re.sub(r'\b[0-9a-f]{40}\b', 'M', r)
    r = re.sub(r'\b\w+ and \w+ may point', 'X and Y may point', r)
    r = re.sub(r'\d+', 'N', r)
    return f'{verdict}: {r[:160]}'


if __name__ == '__main__':
    main()
