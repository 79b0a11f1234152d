#!/usr/bin/env python3
# check-cmethod.t - C sites judged in their function (`subsume check
# --method` on a YAML batch whose C sites name source, function and
# line; lang/csrc.h, check/cmethod.c; issue 15).
#
# tests/data/check-cmethod/fun.c and batch.yaml: a comparison whose
# change the function hides (max), a dead store to a local, a guard that
# makes a mutant equivalent, a loop whose mutants differ only after 20
# iterations, mutants that introduce undefined behaviour (or do not,
# behind a guard), globals written by a void function, short arithmetic,
# and a call (not modelled: the mutant keeps its expression-level
# verdict with the reason).  Nothing expected is written in: every
# method-level verdict is checked against the real compilers.  The
# original file and each mutated one (the mutant's text spliced in at
# the site's line) are compiled by gcc and by clang with
# -fsanitize=undefined -fno-sanitize-recover=all with a driver that runs
# each input in a forked child ("U" when the sanitizer stops it, UB
# being what either compiler reports), and
#   - every printed killing input (arguments and globals, as the tool
#     printed them) must give the original and the mutant different
#     outcomes, the original's being the one the tool describes;
#   - every mutant called equivalent in its function must give the
#     original's outcome on a grid of boundary and random inputs (and on
#     every input, for an unsigned char parameter);
#   - a mutant whose note says "equivalent up to 8 loop iterations" must
#     be killable by some input (it is never called equivalent), and
#     with --unroll 30 it is killed at method level, its input verified.
# And the rules: the method level proves more equivalences than the
# expression level on this batch; without --method no method-level
# text; the keys are checked (C only, all three, a line number).
import json, os, random, re, subprocess, sys, tempfile

from tap import S, done, ok, stop

D = "tests/data/check-cmethod"
SRC = D + "/fun.c"
BATCH = D + "/batch.yaml"
T = tempfile.mkdtemp(prefix="check-cmethod.")
CTYPES = {"int": 32, "short": 16, "unsigned char": 8, "unsigned": 32,
          "long": 64, "signed char": 8, "char": 8}


def run(args):
    p = subprocess.run([S, "check", "--no-timing", "--format", "json"] + args,
                       capture_output=True, text=True)
    try:
        return p.returncode, json.loads(p.stdout)["mutants"], p.stderr
    except (ValueError, KeyError):
        return p.returncode, None, p.stderr


def signatures(text):
    """function -> (return type, [(type, name)]); the globals [(type, name)]."""
    funcs, globs = {}, []
    for m in re.finditer(r"^(\w+(?: \w+)?) (\w+)\(([^)]*)\)\n\{", text, re.M):
        ps = [tuple(p.strip().rsplit(" ", 1)) for p in m.group(3).split(",")
              if p.strip() and p.strip() != "void"]
        funcs[m.group(2)] = (m.group(1), ps)
    for m in re.finditer(r"^(int|long|unsigned|short) (\w+);", text, re.M):
        globs.append((m.group(1), m.group(2)))
    return funcs, globs


def sites(path):
    """site name -> (function, line, original) from the batch."""
    out, cur = {}, None
    for l in open(path):
        m = re.match(r"\s*- name: (\w+)", l)
        if m:
            cur = m.group(1)
            out[cur] = {}
        m = re.match(r"\s*(function|line|expr): (.*)", l)
        if m and cur:
            v = m.group(2).strip().strip('"')
            out[cur][m.group(1)] = int(v) if m.group(1) == "line" else v
    return out


text = open(SRC).read()
FUNCS, GLOBS = signatures(text)
SITES = sites(BATCH)


def mutated(site, mutant):
    """fun.c with the mutant spliced in at the site's line."""
    s = SITES[site]
    lines = text.split("\n")
    i = s["line"] - 1
    orig = s["expr"]
    if mutant == "<NO-OP>":
        assert orig.endswith(";") and orig in lines[i]
        lines[i] = lines[i].replace(orig, ";", 1)
    else:
        o = orig.rstrip(";")
        assert o in lines[i], (site, o)
        lines[i] = lines[i].replace(o, "(" + mutant + ")", 1)
    return "\n".join(lines)


def driver():
    """main(): per stdin line `f v1 .. vk g1 .. gm`, fork, set the
    globals, call f, print `R ret g1 .. gm` (ret `-` for void), or `U`
    when the child does not exit normally (a sanitizer's stop)."""
    d = ["#include <stdio.h>", "#include <string.h>", "#include <unistd.h>",
         "#include <sys/wait.h>", "static long long v[32];",
         "static void show(void) {"]
    for t, g in GLOBS:
        d.append('\tprintf(" %%lld", (long long)%s);' % g)
    d += ['\tprintf("\\n");', "}", "int main(void) {", "\tchar f[64];",
          '\twhile (scanf("%63s", f) == 1) {']
    for fn, (rt, ps) in FUNCS.items():
        n = len(ps) + len(GLOBS)
        d.append('\t\tif (!strcmp(f, "%s")) {' % fn)
        d.append("\t\t\tfor (int i = 0; i < %d; i++) if (scanf(\"%%lld\", &v[i]) != 1) return 2;" % n)
        d.append("\t\t\tfflush(stdout);\n\t\t\tpid_t p = fork();\n\t\t\tif (!p) {")
        for k, (t, g) in enumerate(GLOBS):
            d.append("\t\t\t\t%s = (%s)v[%d];" % (g, t, len(ps) + k))
        args = ", ".join("(%s)v[%d]" % (t, k) for k, (t, _) in enumerate(ps))
        if rt == "void":
            d.append('\t\t\t\t%s(%s);\n\t\t\t\tprintf("R -");' % (fn, args))
        else:
            d.append('\t\t\t\tprintf("R %%lld", (long long)%s(%s));' % (fn, args))
        d.append("\t\t\t\tshow();\n\t\t\t\tfflush(stdout);\n\t\t\t\t_exit(0);\n\t\t\t}")
        d.append("\t\t\tint st = 0;\n\t\t\twaitpid(p, &st, 0);")
        d.append('\t\t\tif (!WIFEXITED(st) || WEXITSTATUS(st)) printf("U\\n");')
        d.append("\t\t\tcontinue;\n\t\t}")
    d += ["\t\treturn 3;", "\t}", "\tfflush(stdout);", "\treturn 0;", "}"]
    return "\n".join(d) + "\n"


BUILT = {}


def build(key, source):
    """Compile source with the driver by gcc and clang (UBSan)."""
    if key in BUILT:
        return BUILT[key]
    c = os.path.join(T, key + ".c")
    with open(c, "w") as f:
        f.write(source + "\n" + driver())
    exes = []
    for cc in ("gcc", "clang"):
        exe = os.path.join(T, key + "." + cc)
        p = subprocess.run([cc, "-O0", "-w", "-fsanitize=undefined",
                            "-fno-sanitize-recover=all", "-o", exe, c],
                           capture_output=True, text=True)
        if p.returncode:
            print("# %s %s: %s" % (cc, key, p.stderr[:300]))
            exes = None
            break
        exes.append(exe)
    BUILT[key] = exes
    return exes


BAD_COMPILERS = []


def outcomes(exes, fn, inputs):
    """The outcome of each input (a list of numbers) on both compilers:
    U if either reports UB, else their common result."""
    stdin = "".join("%s %s\n" % (fn, " ".join(str(v) for v in i)) for i in inputs)
    res = []
    for exe in exes:
        p = subprocess.run([exe], input=stdin, capture_output=True, text=True)
        res.append(p.stdout.split("\n")[:len(inputs)])
    out = []
    for g, c in zip(*res):
        if g != c and "U" not in (g, c):
            BAD_COMPILERS.append((fn, g, c))
        out.append("U" if "U" in (g, c) else g)
    return out


def wrap(t, v):
    bits = CTYPES[t]
    v &= (1 << bits) - 1
    if not t.startswith("unsigned") and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def grid(fn, n=300):
    """Boundary values of each parameter's and global's type, and random
    ones; for a single unsigned char parameter, all 256."""
    _, ps = FUNCS[fn]
    types = [t for t, _ in ps] + [t for t, _ in GLOBS]
    if len(ps) == 1 and ps[0][0] == "unsigned char":
        return [[v] + [0] * len(GLOBS) for v in range(256)]
    rnd = random.Random(15)
    pool = [0, 1, -1, 2, -2, 3, -3, 20, 21, 100, 1000000, 1000001, -1000000,
            -1000001, 32767, -32768, 65535, 2147483647, -2147483648,
            4294967295]
    rows = []
    for k in range(n):
        rows.append([wrap(t, rnd.choice(pool) if k % 3 else
                          rnd.getrandbits(64)) for t in types])
    return rows


KILL = re.compile(r"killed by (\w+)\(([^)]*)\)(?: with global ([^:]*))?: "
                  r"the original (returns normally|returns ([-\d]+)|has "
                  r"undefined behaviour)")


def kill_input(detail):
    """(function, input row, described original outcome) of a detail."""
    m = KILL.search(detail)
    if not m:
        return None
    fn = m.group(1)
    vals = dict(kv.split("=") for kv in m.group(2).split(", ") if kv)
    if m.group(3):
        vals.update(kv.split("=") for kv in m.group(3).split(", "))
    num = lambda s: int(s.rstrip("uUlL"))
    row = [num(vals.get(n, "0")) for _, n in FUNCS[fn][1]] + \
          [num(vals.get(n, "0")) for _, n in GLOBS]
    desc = m.group(4)
    return fn, row, ("U" if desc.startswith("has") else
                     desc if desc == "returns normally" else m.group(5))


def site_of(r):
    return r["where"]


def check_kills(res, label):
    n = bad = 0
    ub_kills = 0
    for r in res:
        if "[method level: in " not in r["detail"] and not (
                "method level: killed by" in r["detail"]):
            continue
        k = kill_input(r["detail"])
        if not k:
            continue
        fn, row, desc = k
        site = site_of(r)
        o = build("orig", text)
        m = build("m_" + r["id"].replace(".", "_"), mutated(site, r["mutant"]))
        if not o or not m:
            bad += 1
            continue
        oo = outcomes(o, fn, [row])[0]
        mo = outcomes(m, fn, [row])[0]
        n += 1
        described = (oo == "U") if desc == "U" else \
            (oo.startswith("R -") if desc == "returns normally"
             else oo.split()[:2] == ["R", desc])
        if oo == mo or not described:
            bad += 1
            print("# %s %s: input %s: original %s (tool: %s), mutant %s"
                  % (label, r["id"], row, oo, desc, mo))
        ub_kills += (oo == "U") != (mo == "U")
    return n, bad, ub_kills


if not all(subprocess.run(["sh", "-c", "command -v " + c], capture_output=True).returncode == 0
           for c in ("gcc", "clang")):
    ok(False, "gcc and clang are installed (scripts/deps.sh)")
    stop()

rc, res, err = run(["--method", BATCH])
ok(rc == 0 and res is not None and
   {site_of(r) for r in res} == set(SITES),
   "check --method reads the batch without --source, every site (exit %d)"
   % rc)
if res is None:
    stop()

# killing inputs, re-run by the compilers
n, bad, ub_kills = check_kills(res, "kill")
ok(n >= 8 and bad == 0, "every method-level killing input (%d) tells the "
   "compiled original and mutant apart, the original as described (%d bad)"
   % (n, bad))
ok(ub_kills >= 1, "some killing inputs (%d) are undefined behaviour in "
   "exactly one of them (ub: outcome), as UBSan sees it" % ub_kills)

# equivalences, re-run on grids
eq = [r for r in res if r["verdict"] == "equivalent" and
      "equivalent in its method" in r["detail"]]
bad = checked = 0
for r in eq:
    site = site_of(r)
    fn = SITES[site]["function"]
    o = build("orig", text)
    m = build("m_" + r["id"].replace(".", "_"), mutated(site, r["mutant"]))
    g = grid(fn)
    a, b = outcomes(o, fn, g), outcomes(m, fn, g)
    checked += len(g)
    diff = [(row, x, y) for row, x, y in zip(g, a, b) if x != y]
    if diff:
        bad += 1
        print("# %s: %s differs: %s" % (r["id"], r["mutant"], diff[:2]))
ok(len(eq) >= 5 and bad == 0, "every mutant equivalent in its function "
   "(%d) has the original's outcome on %d grid runs (%d differ)"
   % (len(eq), checked, bad))
ok(not BAD_COMPILERS, "gcc and clang agree where neither reports UB (%s)"
   % BAD_COMPILERS[:2])

# the expression level proves fewer of them
rc0, res0, _ = run([BATCH])
eq0 = {r["id"] for r in res0 or [] if r["verdict"] == "equivalent"}
gained = [r["id"] for r in eq if r["id"] not in eq0]
ok(res0 is not None and len(gained) >= 3 and
   not any("method level" in r["detail"] for r in res0),
   "without --method no method-level text, and %d of the %d method-level "
   "equivalences are not proven at expression level (%s)"
   % (len(gained), len(eq), ", ".join(gained)))

# the loop bound: never equivalent, killable, and killed with --unroll 30
bounded = [r for r in res if "equivalent up to 8 loop iterations" in r["detail"]]
real = 0
for r in bounded:
    site = site_of(r)
    fn = SITES[site]["function"]
    g = grid(fn)
    a = outcomes(build("orig", text), fn, g)
    b = outcomes(build("m_" + r["id"].replace(".", "_"),
                       mutated(site, r["mutant"])), fn, g)
    real += any(x != y for x, y in zip(a, b))
ok(len(bounded) >= 1 and real == len(bounded) and
   not any(r["verdict"] == "equivalent" for r in bounded),
   "mutants equivalent only up to the bound (%d) are not called equivalent,"
   " and the compilers kill each (%d)" % (len(bounded), real))
rc30, res30, _ = run(["--method", "--unroll", "30", BATCH])
ids = {r["id"] for r in bounded}
k30 = [r for r in res30 or [] if r["id"] in ids and r["verdict"] == "killable"
       and "[method level: in " in r["detail"]]
n30, bad30, _ = check_kills(k30, "unroll30")
ok(len(k30) == len(ids) and n30 == len(ids) and bad30 == 0,
   "with --unroll 30 each is killed in its function, the input verified "
   "(%d of %d)" % (n30, len(ids)))

# not modelled: the call
calls = [r for r in res if site_of(r) == "call"]
ok(calls and all("not modelled:" in r["detail"] and "outside the method "
                 "model" in r["detail"] for r in calls),
   "a call leaves the mutant at expression level, with the reason")

# the keys
def batch_err(body):
    p = os.path.join(T, "bad.yaml")
    with open(p, "w") as f:
        f.write(body)
    q = subprocess.run([S, "check", "--method", p], capture_output=True,
                       text=True)
    return q.returncode, q.stderr
site = ('  - source: %s\n    function: max\n    expr: "a > b"\n'
        '    mutants: ["a >= b"]\n' % os.path.abspath(SRC))
rc1, e1 = batch_err("sites:\n" + site + "    line: 8\n")
rc2, e2 = batch_err("language: c\nsites:\n" + site)
rc3, e3 = batch_err("language: c\nsites:\n" + site + "    line: x\n")
ok(rc1 and "needs 'language: c'" in e1 and rc2 and "together" in e2 and
   rc3 and "a line number" in e3,
   "source/function/line: C only, all three, a line number (errors at the "
   "key)")
rc4, e4 = batch_err("language: c\nsites:\n" + site.replace("max", "nosuch", 1)
                    + "    line: 8\n")
q = subprocess.run([S, "check", "--no-timing", "--method",
                    os.path.join(T, "bad.yaml")], capture_output=True, text=True)
ok("not modelled: no function nosuch" in q.stdout,
   "a function not in the file: the reason in the note")

# a file nested too deeply for the builder's recursion: a reason, no crash
deep = os.path.join(T, "deep.c")
with open(deep, "w") as f:
    f.write("int deep(int x)\n{\n" + "{" * 3000 + "x++;" + "}" * 3000 +
            "\nreturn x;\n}\n")
with open(os.path.join(T, "deep.yaml"), "w") as f:
    f.write('language: c\nsites:\n  - source: deep.c\n    function: deep\n'
            '    line: 4\n    expr: "x"\n    mutants: ["x + 1"]\n')
q = subprocess.run([S, "check", "--no-timing", "--method",
                    os.path.join(T, "deep.yaml")], capture_output=True, text=True)
ok(q.returncode == 0 and "not modelled:" in q.stdout and
   "nested deeper than 1000" in q.stdout,
   "a function nested 3000 deep: not modelled, with the reason")

# docs/check.md's example is the tool's output
q = subprocess.run([S, "check", "--no-timing", "--method", BATCH],
                   capture_output=True, text=True)
doc = open("docs/check.md").read()
blk = doc.split("$ subsume check --no-timing --method " + BATCH + "\n", 1)
shown = [l for l in blk[1].split("```")[0].split("\n")
         if l and l != "..."] if len(blk) == 2 else []
ok(len(shown) >= 3 and all(l in q.stdout.split("\n") for l in shown),
   "docs/check.md: the C function example (%d lines) is the tool's output"
   % len(shown))

subprocess.run(["rm", "-rf", T])
done()
