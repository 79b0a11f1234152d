#!/usr/bin/env python3
# check-method-cache.t - the method-level proof cache (check/mcache.h)
# never changes an answer.
#
# A program of three packages: p1 holds tests/data/check-method's Meth
# and Rel and the shipped subject max, p2 the same files again (every
# method's question repeated: answered from the cache), p3 variants of
# Meth and Rel that differ from p1 only in lines no mutant touches (a
# return value, an initial value, a field's or a local's type), so that
# a cache key missing any of these would hand p3 p1's answers.  The log
# is the three copies of each log with the classes renamed.  The whole
# output (--no-timing) with the cache, at -j 1 and -j 2, must be
# byte-identical to the output without it (--no-cache), and the timing
# line must show the cache answering (p2's methods at least) and not
# answering without it.  The variants must change some verdict (else
# they would not test the key).
import os, re, shutil, subprocess, tempfile

from tap import LOGS, S, done, ok

D = "tests/data/check-method"
T = tempfile.mkdtemp(prefix="check-method-cache.")
SRC = os.path.join(T, "src")

# (source file, log, changes for p3: (old line, new line, the method
# changed) triples)
SUBJECTS = [
    (D + "/src/Meth.java", D + "/meth.mutants.log",
     [("        return 2;\n", "        return 1;\n", "guard"),  # t > 3 now dead
      ("        return a;\n    }\n\n    int check",
       "        return q;\n    }\n\n    int check", "divide"),
      ("        int s = 0;\n        for (int i = 0; i < 3;",
       "        int s = 1;\n        for (int i = 0; i < 3;", "fixedLoop"),
      ("    int total;\n", "    long total;\n", "accumulate")]),  # its field
    (D + "/src/Rel.java", D + "/rel.mutants.log",
     [("    byte hits;\n", "    short hits;\n", "count"),
      ("        int s = 0;\n", "        long s = 0;\n", "twice"),
      ("        return s;\n", "        return (int) s + 1;\n", "twice")]),
    (LOGS + "/src/max/Max.java", LOGS + "/max.mutants.log", []),
]

log = []
for k in (1, 2, 3):
    os.makedirs(os.path.join(SRC, "p%d" % k))
    for src, lg, changes in SUBJECTS:
        text = open(src).read()
        if k == 3:
            for old, new, _ in changes:
                assert old in text, old
                text = text.replace(old, new, 1)
        open(os.path.join(SRC, "p%d" % k, os.path.basename(src)), "w").write(text)
        for line in open(lg):
            f = line.split(":", 4)
            f[4] = "p%d.%s" % (k, f[4])
            log.append(":".join(f))
LOG = os.path.join(T, "mutants.log")
with open(LOG, "w") as f:
    for i, line in enumerate(log, 1):
        f.write("%d:%s" % (i, line.split(":", 1)[1]))


def run(*args):
    p = subprocess.run([S, "check", "--source", SRC, "--method"] + list(args) + [LOG],
                       capture_output=True, text=True)
    return p.returncode, p.stdout


rc0, ref = run("--no-timing", "--no-cache", "-j", "1")
ok(rc0 == 0 and "in its method" in ref, "without the cache: %d lines, exit 0" %
   len(ref.splitlines()))


def verdict(out, pkg, cls, ident):
    """The verdict line of the mutant of p<pkg>.<cls> with the id its
    shipped log gives it (ids are renumbered in order)."""
    n = 0
    for k in (1, 2, 3):
        for src, lg, _ in SUBJECTS:
            for line in open(lg):
                n += 1
                if k == pkg and os.path.basename(src) == cls + ".java" and \
                        line.split(":", 1)[0] == ident:
                    m = re.search(r"^p%d\.%s@\S+ %d (\w+)" % (pkg, cls, n), out, re.M)
                    return m and m.group(1)
    return None


diff = [(c, i) for c, lg in (("Meth", D + "/meth.mutants.log"), ("Rel", D + "/rel.mutants.log"))
        for i in [l.split(":", 1)[0] for l in open(lg)]
        if verdict(ref, 1, c, i) != verdict(ref, 3, c, i)]

same = [(c, i) for c, lg in (("Meth", D + "/meth.mutants.log"), ("Rel", D + "/rel.mutants.log"))
        for i in [l.split(":", 1)[0] for l in open(lg)]
        if verdict(ref, 1, c, i) == verdict(ref, 2, c, i) is not None]
ok(len(diff) >= 2 and len(same) == 19 + 12,
   "the variants in p3 change %d verdicts (%s); the copy in p2 none" %
   (len(diff), ", ".join("%s %s" % x for x in diff)))

for j in ("1", "2"):
    rc, out = run("--no-timing", "-j", j)
    ok(rc == rc0 and out == ref, "with the cache, -j %s: the same output byte for byte" % j)


def cached(out):
    m = re.search(r"method level: (\d+) methods modelled \((\d+) answered from the cache\)", out)
    return m and (int(m.group(1)), int(m.group(2)))


_, a = run("-j", "2")
_, b = run("-j", "2", "--no-cache")
ca, cb = cached(a), cached(b)
per_copy = ca and ca[0] // 3
# from the cache: p2's methods and p3's that no change touches (every
# method changed is modelled)
touched = len({m for _, _, ch in SUBJECTS for _, _, m in ch})
ok(ca and cb and ca[0] == cb[0] and ca[0] % 3 == 0 and cb[1] == 0 and
   ca[1] == 2 * per_copy - touched and "left the cache" not in a,
   "the timing line: %s methods modelled; from the cache %s (p2's %s and p3's %s "
   "unchanged), without it %s; no method left the cache's answers" %
   (ca and ca[0], ca and ca[1], per_copy, per_copy - touched, cb and cb[1]))
ok(re.search(r"at most [0-9.]+ ms \(\w+ at \S+:\d+\); solver [0-9.]+ ms, "
             r"[0-9.]+% of the workers' time \(2 x [0-9.]+ ms\)", a),
   "the timing line: the longest method, the solver's share of the workers' time")
p = subprocess.run([S, "check", "--format", "json", "--source", SRC, "--method", LOG],
                   capture_output=True, text=True)
m = re.search(r'"method_time": \{"methods": (\d+), "from_cache": (\d+), "left_cache": 0, '
              r'"mean_ms": [0-9.]+, "max_ms": [0-9.]+, "max_method": "[^"]+", "solver_ms": [0-9.]+, '
              r'"solver_share": [0-9.]+\}', p.stdout)
ok(m and ca and int(m.group(1)) == ca[0] and int(m.group(2)) == ca[1],
   "--format json: the summary's method_time says the same")
_, nt = run("--no-timing")
ok("method level:" not in "\n".join(l for l in nt.splitlines() if not l.startswith("p")),
   "--no-timing: no method timing line")

shutil.rmtree(T)
done()
